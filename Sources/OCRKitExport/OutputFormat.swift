import OCRKit

/// The forms read pages are written in: `ocr read --format`, `ocr scan`'s results and `ocr
/// serve`'s `format=` alike. ``TextDocument`` writes every form but `pdf`, a searchable PDF,
/// which OCRKitPDF's `SearchablePDF` writes from the pages and their images.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, jsonl, hocr, alto, markdown, html, pdf

    /// The media type of a document in this form.
    public var contentType: String {
        switch self {
        case .text: "text/plain; charset=utf-8"
        case .json: "application/json"
        case .jsonl: "application/x-ndjson"
        case .hocr: "text/html; charset=utf-8"
        case .alto: "application/xml"
        case .markdown: "text/markdown; charset=utf-8"
        case .html: "text/html; charset=utf-8"
        case .pdf: "application/pdf"
        }
    }

    /// The extension of a file holding a document in this form.
    public var fileExtension: String {
        switch self {
        case .text: "txt"
        case .json, .jsonl, .hocr, .html, .pdf: rawValue
        case .alto: "xml"
        case .markdown: "md"
        }
    }

    /// Whether the form shows words' alternatives, which cost a read about a tenth of its time:
    /// text, Markdown, HTML and a PDF's text layer do not.
    public var showsAlternatives: Bool {
        ![.text, .markdown, .html, .pdf].contains(self)
    }

    /// Whether the form writes a page's structure (its tables), so that asking for it reads it.
    public var showsStructure: Bool {
        [.markdown, .html].contains(self)
    }
}
