/// Lines two engines read in one place on a page: the lines of each that overlap one another,
/// directly or through others (a line one engine read whole may be two pieces in the other's).
struct LineRegion: Equatable {
    /// Indices into the first engine's lines, rising.
    var first: [Int] = []
    /// Indices into the second engine's lines, rising.
    var second: [Int] = []

    /// Every line of both, each in one region: regions holding first lines in the first's order,
    /// then those of the second's lines alone, in the second's order.
    static func matching(_ first: [Line], _ second: [Line]) -> [LineRegion] {
        var parents = Array(0..<(first.count + second.count))
        func root(_ index: Int) -> Int {
            var index = index
            while parents[index] != index {
                parents[index] = parents[parents[index]]
                index = parents[index]
            }
            return index
        }
        for (i, line) in first.enumerated() {
            for (j, other) in second.enumerated() where line.isOnSameLine(as: other) {
                parents[root(first.count + j)] = root(i)
            }
        }
        var regions: [LineRegion] = [], regionOfRoot: [Int: Int] = [:]
        for index in parents.indices {
            let region = regionOfRoot[root(index)] ?? {
                regions.append(LineRegion())
                regionOfRoot[root(index)] = regions.count - 1
                return regions.count - 1
            }()
            if index < first.count {
                regions[region].first.append(index)
            } else {
                regions[region].second.append(index - first.count)
            }
        }
        return regions
    }
}
