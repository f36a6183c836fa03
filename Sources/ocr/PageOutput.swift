import ArgumentParser
import Foundation
import OCRKit
import OCRKitExport
import OCRKitPDF

extension OutputFormat: ExpressibleByArgument {}

/// Writes pages as they come, in one of the ``OutputFormat``s, to standard output or a file.
struct PageOutput {
    let format: OutputFormat
    private let destination: FileHandle
    /// The document of every format but PDF.
    private var document: TextDocument?
    /// The pages of a PDF, written together at the end, each with the image decoded again.
    private var pdfPages: [Page] = []
    /// A PDF copied as it is when no page of it was read.
    private var keptDocument: String?
    /// With PDF output, where the pages' text goes too, a form feed between pages (`--sidecar`).
    var sidecar: FileHandle?

    /// `isSinglePage`: one image alone, text without a header, JSON as an object rather than an
    /// array; `marksFlaggedWords`: text marks flagged words with their alternatives.
    ///
    /// - Throws: a validation error when PDF output would go to a terminal.
    init(format: OutputFormat, isSinglePage: Bool, marksFlaggedWords: Bool = false,
         destination: FileHandle = .standardOutput) throws {
        if format == .pdf && destination === FileHandle.standardOutput && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("a PDF is not for the terminal: redirect it to a file (> scans.pdf)")
        }
        self.format = format
        self.destination = destination
        document = format == .pdf ? nil : TextDocument(format: format, isSinglePage: isSinglePage, marksFlaggedWords: marksFlaggedWords)
    }

    mutating func write(_ page: Page) throws {
        switch format {
        case .text, .json, .jsonl, .hocr, .alto:
            if let text = try document?.add(page) { emit(text) }
        case .pdf:
            // Held until the document is written: only what the text layer needs, words and their boxes.
            pdfPages.append(page.compactMapLines { line in
                var line = line
                line.words = line.words.map { word in
                    var word = word
                    word.symbols = []
                    word.alternatives = []
                    return word
                }
                return line
            })
            sidecar?.write(Data(((pdfPages.count > 1 ? "\u{0C}" : "") + page.text + "\n").utf8))
        }
    }

    /// Makes the PDF output a copy of the PDF at `path`, none of whose pages was read.
    mutating func keep(_ path: String) {
        keptDocument = path
    }

    /// Closes what the pages opened: a JSON array, an hOCR or ALTO document; writes the PDF,
    /// decoding each image page's image again with `decoder`, and straightening it again with
    /// `straightener` if it was straightened when read, as `pdf` says (a password, PDF/A).
    func finish(decoder: some ImageDecoder, straightener: (any ImageStraightener)?, pdf: SearchablePDFOptions = SearchablePDFOptions()) async throws {
        switch format {
        case .text, .json, .jsonl, .hocr, .alto:
            if let document { emit(document.ending()) }
        case .pdf:
            if let keptDocument {
                try copy(keptDocument)
            } else if !pdfPages.isEmpty {
                // Written to a file first, then copied a megabyte at a time: a long document's
                // bytes are never all in memory.
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let path = folder.appendingPathComponent("searchable.pdf").path
                try await SearchablePDF.write(pdfPages, to: path, decoder: decoder, straightener: straightener, options: pdf)
                try copy(path)
            }
        }
    }

    private func copy(_ path: String) throws {
        guard let file = FileHandle(forReadingAtPath: path) else { throw ValidationErrorMessage("cannot read \(path)") }
        defer { try? file.close() }
        while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty {
            destination.write(chunk)
        }
    }

    private func emit(_ text: String) {
        destination.write(Data(text.utf8))
    }
}
