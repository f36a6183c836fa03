import Foundation
import OCRKit

/// Running headers, footers and page numbers: paragraphs in a page's top or bottom band that
/// repeat at the same place on pages near it (their digits aside: "Chapter 2 · 14" and
/// "Chapter 2 · 15" repeat), or that are a page's number alone; and whatever the page's regions
/// call a header, a footer or a page number.
enum Furniture {
    /// The kind of furniture `paragraph` of page `page` is, given the pages near it (`page`
    /// among them, numbered), or `nil` when it is the document's text.
    static func kind(of paragraph: PrintedParagraph, onPage page: Int,
                     among pages: [(number: Int, paragraphs: [PrintedParagraph])]) -> Region.Kind? {
        if let region = paragraph.region, region.isMargin { return region }
        guard paragraph.lines.count <= 2, let band = band(of: paragraph) else { return nil }
        let text = paragraph.texts.joined(separator: " ")
        if isPageNumber(text) { return .pageNumber }
        let shape = shape(of: text)
        let repeats = pages.contains { other in
            other.number != page && abs(other.number - page) <= Rules.furnitureReach && other.paragraphs.contains { candidate in
                self.band(of: candidate) == band && abs(candidate.box.midY - paragraph.box.midY) <= Rules.furnitureDrift
                    && shape == self.shape(of: candidate.texts.joined(separator: " "))
            }
        }
        guard repeats else { return nil }
        return band == .header ? .header : .footer
    }

    /// The band a paragraph lies in, top or bottom, if either.
    private static func band(of paragraph: PrintedParagraph) -> Region.Kind? {
        if paragraph.box.maxY <= Rules.marginBand { return .header }
        if paragraph.box.minY >= 1 - Rules.marginBand { return .footer }
        return nil
    }

    /// Text with its digits (page numbers, dates of printing) made one, white space and case aside.
    private static func shape(of text: String) -> String {
        String(text.lowercased().filter { !$0.isWhitespace }.map { $0.isNumber ? "#" : $0 })
    }

    /// Whether `text` is a page's number: "14", "- 14 -", "Page 14", "14 of 30", "xiv".
    static func isPageNumber(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        return trimmed.wholeMatch(of: /[-–—\s]*(page\s+)?\d{1,4}(\s*(of|\/)\s*\d{1,4})?[-–—\s]*/) != nil
            || trimmed.wholeMatch(of: /[ivxlc]{1,7}/) != nil
    }
}
