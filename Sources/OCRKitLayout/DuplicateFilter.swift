import OCRKit

/// Removes lines an engine reported twice: overlapping by more than the options' intersection
/// over union, or lying mostly inside another. The more confident of each pair is kept.
enum DuplicateFilter {
    static func indicesToKeep(_ rects: [Rect], confidences: [Double], options: LayoutOptions) -> [Int] {
        var kept: [Int] = []
        for index in rects.indices.sorted(by: { confidences[$0] > confidences[$1] }) {
            let rect = rects[index]
            let isDuplicate = kept.contains { other in
                guard let overlap = rect.intersection(rects[other])?.area, overlap > 0 else { return false }
                let union = rect.area + rects[other].area - overlap
                let smaller = min(rect.area, rects[other].area)
                return overlap / union > options.duplicateOverlap || overlap / smaller > options.duplicateContainment
            }
            if !isDuplicate { kept.append(index) }
        }
        return kept.sorted()
    }
}
