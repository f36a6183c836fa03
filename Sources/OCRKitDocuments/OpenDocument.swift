import Foundation
import OCRKit
import OCRKitExport
import OCRKitPDF

/// One document a ``DocumentOutput`` is writing: text formats written as pages come, a PDF's
/// pages held until it is written whole.
struct OpenDocument {
    /// Where the document goes.
    enum Sink {
        case stream(FileHandle)
        case file(String)
        case memory
    }

    let format: OutputFormat
    let sink: Sink
    /// The document of every format but PDF.
    private var text: TextDocument?
    /// Where a text document in a file goes.
    private var handle: FileHandle?
    /// A PDF's pages, written together at the end.
    private var pdfPages: [Page] = []
    /// Where a PDF's text goes too, a form feed between pages.
    private var sidecar: FileHandle?
    /// The document, with ``Sink/memory``.
    private(set) var memory: [UInt8] = []

    /// - Throws: an ``OCRKit/OCRError`` when its file (or its sidecar's) cannot be created.
    init(format: OutputFormat, sink: Sink, isSinglePage: Bool, marksFlaggedWords: Bool, keepsMargins: Bool, figuresFolder: String?,
         writesSidecar: Bool) throws {
        self.format = format
        self.sink = sink
        text = TextDocument(format: format, isSinglePage: isSinglePage, marksFlaggedWords: marksFlaggedWords, keepsMargins: keepsMargins,
                            figuresFolder: figuresFolder)
        guard case .file(let path) = sink else { return }
        if text != nil { handle = try Self.create(path) }
        if writesSidecar { sidecar = try Self.create((path as NSString).deletingPathExtension + ".txt") }
    }

    mutating func add(_ page: Page) throws {
        if var document = text {
            emit(try document.add(page))
            text = document
            return
        }
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

    /// Closes what the pages opened (a JSON array, an hOCR or ALTO document) or writes the PDF,
    /// each image page's image decoded again with `decoder`, straightened again by `straightener`.
    mutating func finish(decoder: any ImageDecoder, straightener: (any ImageStraightener)?, options: SearchablePDFOptions) async throws {
        defer {
            try? handle?.close()
            try? sidecar?.close()
        }
        if var text {
            emit(text.ending())
            self.text = text
            return
        }
        guard !pdfPages.isEmpty else { return }
        switch sink {
        case .file(let path):
            try await SearchablePDF.write(pdfPages, to: path, decoder: decoder, straightener: straightener, options: options)
        case .memory:
            memory = try await SearchablePDF.data(of: pdfPages, decoder: decoder, straightener: straightener, options: options)
        case .stream(let handle):
            // Written to a file first, then copied: a long document's bytes are never all in memory.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("searchable.pdf").path
            try await SearchablePDF.write(pdfPages, to: path, decoder: decoder, straightener: straightener, options: options)
            try DocumentOutput.copy(path, to: handle)
        }
    }

    /// Ends a PDF whose pages were none of them read, which is copied rather than written: only
    /// its sidecar is finished. Returns the PDF's path.
    mutating func finishSidecar() -> String? {
        try? sidecar?.close()
        sidecar = nil
        pdfPages = []
        guard case .file(let path) = sink else { return nil }
        return path
    }

    private mutating func emit(_ text: String) {
        switch sink {
        case .stream(let destination): destination.write(Data(text.utf8))
        case .file: handle?.write(Data(text.utf8))
        case .memory: memory += Array(text.utf8)
        }
    }

    /// A new, empty file at `path`, for writing.
    static func create(_ path: String) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw OCRError(.notWritable, path: path, reason: "cannot create the file: \(String(cString: strerror(errno)))")
        }
        return handle
    }
}
