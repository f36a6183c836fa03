extension Rect {
    /// The indices of `rects` to keep when some are one thing found twice, surest first: each is
    /// dropped if it overlaps a surer kept one by more than `overlap` (intersection over union) or
    /// lies more than `containment` inside it (intersection over the smaller).
    ///
    /// ```swift
    /// let kept = Rect.indicesWithoutDuplicates(boxes, confidences: scores, overlap: 0.5, containment: 0.8)
    /// ```
    public static func indicesWithoutDuplicates(_ rects: [Rect], confidences: [Double], overlap: Double,
                                                containment: Double) -> [Int] {
        var kept: [Int] = []
        for index in rects.indices.sorted(by: { confidences[$0] > confidences[$1] }) {
            let rect = rects[index]
            let isDuplicate = kept.contains { other in
                guard let shared = rect.intersection(rects[other])?.area, shared > 0 else { return false }
                let union = rect.area + rects[other].area - shared
                let smaller = min(rect.area, rects[other].area)
                return shared / union > overlap || shared / smaller > containment
            }
            if !isDuplicate { kept.append(index) }
        }
        return kept
    }
}
