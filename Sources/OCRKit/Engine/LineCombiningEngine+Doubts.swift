/// Reading again only the lines an engine doubts: on a clean scan where Tesseract saw every line
/// and is sure of most, PP-OCR's recogniser reads the others where Tesseract found them, and its
/// detector does not read the page at all.
extension LineCombiningEngine {
    /// The largest share of a page's lines the secondary may doubt for the primary to read only
    /// those: beyond it, the secondary's lines are not to be trusted to be where the text is.
    public static let doubtfulLineShare = 0.5

    /// The indices of the lines of `page` (the secondary's) that the secondary is not sure of;
    /// `nil` when the primary should read the whole page: the secondary may not rely on being
    /// sure, doubts many of its lines, or left ink outside them (text it did not see).
    func doubtfulLines(of page: Page, in bitmap: Bitmap) -> [Int]? {
        guard let threshold = secondary.sureLineThreshold, !page.lines.isEmpty else { return nil }
        let doubtful = page.lines.indices.filter { secondary.calibration.probability(of: [page.lines[$0]]) < threshold }
        guard Double(doubtful.count) <= Self.doubtfulLineShare * Double(page.lines.count),
              bitmap.inkShare(outsideMarginsOf: page.lines) <= Self.unreadInkAllowance else { return nil }
        return doubtful
    }

    /// The secondary's `page` with each line in `doubtful` read again by `recognizer` along the
    /// line's box (with room around it, as a detector's boxes have) and decided as
    /// ``combine(_:_:)`` decides; in the secondary's order and paragraphs.
    func rereading(_ doubtful: [Int], of page: Page, in bitmap: Bitmap, by recognizer: any LineRecognizer,
                   options: RecognitionOptions) async throws -> Page {
        let quads = doubtful.map { index in
            let box = page.lines[index].box.scaled(width: Double(bitmap.width), height: Double(bitmap.height))
            return box.insetBy(dx: -box.height / 2, dy: -box.height / 4).quad
        }
        let read = try await recognizer.recognizeLines(along: quads, in: bitmap, options: options)
        var replacements: [Int: Line?] = [:]
        for (index, line) in zip(doubtful, read) {
            replacements[index] = decide(line.map { [$0] } ?? [], [page.lines[index]]).first
        }
        var index = 0
        var settled = page.compactMapLines { line in
            defer { index += 1 }
            return replacements[index] ?? line
        }
        settled.engine = info
        return settled
    }
}
