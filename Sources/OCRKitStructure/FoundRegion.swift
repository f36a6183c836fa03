import OCRKit

/// A region the layout model found, as OCRKit names it, normalised like the page's boxes.
struct FoundRegion: Hashable {
    var kind: Region.Kind
    var box: Rect
    var confidence: Double

    /// The model's labels as OCRKit's kinds: a reference (a bibliography's entry) is text, an
    /// equation a formula, a figure's or a table's caption a caption.
    static func kind(of label: String) -> Region.Kind {
        switch label {
        case "title": .title
        case "figure": .figure
        case "figure_caption", "table_caption": .caption
        case "table": .table
        case "header": .header
        case "footer": .footer
        case "equation": .formula
        default: .text
        }
    }

    /// The model's detections in `width` x `height` pixels as regions.
    static func regions(from detections: [LayoutDetection], width: Int, height: Int) -> [FoundRegion] {
        detections.map { detection in
            FoundRegion(kind: kind(of: detection.label),
                        box: Rect(x: detection.box.minX / Double(width), y: detection.box.minY / Double(height),
                                  width: detection.box.width / Double(width), height: detection.box.height / Double(height)),
                        confidence: detection.score)
        }
    }

    /// The regions, one a place: anything lying mostly inside a table (a smaller table too) is
    /// the table's; where two others cover the same place (each over half of the other), the
    /// surer is kept.
    static func resolved(_ regions: [FoundRegion]) -> [FoundRegion] {
        let tables = regions.filter { $0.kind == .table }
        let outsideTables = regions.filter { region in
            !tables.contains { table in table != region && table.box.area >= region.box.area && region.box.share(inside: table.box) > 0.5 }
        }
        let kept = Rect.indicesWithoutDuplicates(outsideTables.map(\.box), confidences: outsideTables.map(\.confidence),
                                                 overlap: 0.5, containment: 1.01)
        return kept.sorted().map { outsideTables[$0] }
    }
}

extension Rect {
    /// How much of this rectangle lies inside `other`, as a fraction of its own area.
    func share(inside other: Rect) -> Double {
        guard area > 0, let shared = intersection(other) else { return 0 }
        return shared.area / area
    }
}
