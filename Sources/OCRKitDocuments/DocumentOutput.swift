import Foundation
import OCRKit
import OCRKitExport
import OCRKitPDF

/// Writes what a ``DocumentReader`` reads in any ``OCRKitExport/OutputFormat``, searchable PDFs
/// included: to a stream, a file or memory as one document of every page, or to a folder as a
/// document for each file, named after it (`scan.pdf` gives `scan.txt`, `.json`, `.jsonl`,
/// `.hocr`, `.xml` or a searchable `scan.pdf`).
///
/// ```swift
/// let reader = try PageReader(settings: EngineSettings(.auto))
/// let documents = DocumentReader(reader)
/// var output = DocumentOutput(format: .json, to: .folder(out), decoder: reader.decoder)
/// try await documents.read(await documents.plan([inbox])) { event in
///     if case .failed(let failure) = event { print(failure.error) }
///     try await output.write(event)
/// }
/// try await output.finish()
/// ```
///
/// Text formats go out page by page as they come, pages kept with the text they hold among them;
/// a PDF is written when its pages are all in, each image decoded again, pages kept as they
/// were (a sidecar has their text). A document none of whose pages was read (they all hold
/// text) is copied as it is.
public struct DocumentOutput {
    /// Where documents go.
    public enum Destination {
        /// One document of every page, written to the handle as it comes (standard output, say).
        case stream(FileHandle)
        /// One document of every page, in the file at this path.
        case file(String)
        /// A document for each file read, in this folder (made if need be), named after the file:
        /// `name-2`, `name-3`... when files from different folders share a name.
        case folder(String)
        /// One document of every page, in ``DocumentOutput/data`` once finished.
        case memory
    }

    public let format: OutputFormat
    public let destination: Destination
    /// Whether text marks flagged words with their alternatives (`ocr read --mark-flagged`).
    public var marksFlaggedWords = false
    /// Whether Markdown and HTML keep running headers, footers and page numbers (`ocr read --keep-margins`).
    public var keepsMargins = false
    /// The folder figures' pictures are written to (``FigureFiles``, `ocr read --figures-dir`),
    /// which Markdown and HTML then link, relative to the document's own folder.
    public var figuresFolder: String?
    /// With PDFs to a file or a folder, whether each document's text is also written beside it
    /// (`scan.txt` beside `scan.pdf`), a form feed between pages.
    public var writesSidecars = false
    /// A password for encrypted PDFs, PDF/A.
    public var pdf = SearchablePDFOptions()
    /// With ``Destination/memory``, the document, once ``finish()`` has written it.
    public private(set) var data: [UInt8] = []

    private let decoder: any ImageDecoder
    private let straightener: (any ImageStraightener)?
    private let isSinglePage: Bool
    /// The document being written.
    private var document: OpenDocument?
    /// The names given in a folder.
    private var names = FileNames()
    /// With one document of every page: the files ended, and the last one if none of its pages was read.
    private var ended = 0, unread: DocumentSource?
    /// With one PDF of every page, the pages kept since the last page read: added before the
    /// next, or at the end unless the one document given is copied as it is.
    private var kept: [Page] = []

    /// - Parameters:
    ///   - decoder: decodes the pages' images again, for a PDF (the ``OCRKit/PageReader``'s that read them).
    ///   - straightener: straightens them again for a PDF, if they were straightened when read.
    ///   - isSinglePage: with one document of every page, whether it is one page alone
    ///     (``DocumentBatch/isSinglePage``): text without a header, JSON as an object. A folder's
    ///     document of an image file is one page alone, of a PDF or TIFF not.
    public init(format: OutputFormat, to destination: Destination, decoder: any ImageDecoder,
                straightener: (any ImageStraightener)? = nil, isSinglePage: Bool = false) {
        self.format = format
        self.destination = destination
        self.decoder = decoder
        self.straightener = straightener
        self.isSinglePage = isSinglePage
    }

    /// Writes a page, or ends a file's document when writing to a folder.
    ///
    /// - Throws: an ``OCRKit/OCRError`` naming the document that cannot be written (a PDF/A
    ///   refused, a folder not writable); the next file's document can still be written.
    public mutating func write(_ event: DocumentEvent) async throws {
        switch event {
        case .kept(let page) where format == .pdf && !isFolder:
            // Held: if no page of the one document given is read, it is copied as it is.
            kept.append(page)
        case .read(let page), .kept(let page):
            try add(page)
        case .failed:
            break
        case .ended(let plan):
            guard isFolder else {
                ended += 1
                unread = plan.read.isEmpty ? plan.document : nil
                return
            }
            defer { document = nil }
            if plan.read.isEmpty && format == .pdf {
                // Its searchable copy is the document itself; its sidecar, if any, has its pages' text.
                let path = try document?.finishSidecar() ?? names.path(for: plan.document.name, in: folder, fileExtension: format.fileExtension)
                try copy(plan.document, to: path)
                return
            }
            try await finishDocument()
        }
    }

    /// Ends the one document of every page: closes a JSON array, an hOCR or ALTO document, writes
    /// the PDF. Nothing to do for a folder, whose documents end with their files.
    public mutating func finish() async throws {
        guard !isFolder else { return }
        if document == nil, format == .pdf, ended == 1, let unread {
            // The one document given, none of its pages read: the searchable copy is the document itself.
            switch destination {
            case .stream(let handle): try Self.copy(unread, to: handle)
            case .file(let path): try copy(unread, to: path)
            case .memory: data = Array(try unread.data())
            case .folder: break
            }
            return
        }
        if let last = kept.popLast() { try add(last) }
        if document == nil { document = try open(for: "", isSinglePage: isSinglePage) }
        try await finishDocument()
        if case .memory = destination { data = document?.memory ?? [] }
        document = nil
    }

    /// Adds `page` to the document being written, opening it if need be, after the pages kept before it.
    private mutating func add(_ page: Page) throws {
        if document == nil { document = try open(for: page.image, isSinglePage: isFolder ? page.pageNumber == nil : isSinglePage) }
        for held in kept { try document?.add(held) }
        kept = []
        try document?.add(page)
    }

    private var isFolder: Bool { if case .folder = destination { true } else { false } }

    private var folder: String { if case .folder(let folder) = destination { folder } else { "" } }

    /// A new document for the pages of `image`, to the destination.
    private mutating func open(for image: String, isSinglePage: Bool) throws -> OpenDocument {
        let sink: OpenDocument.Sink
        switch destination {
        case .stream(let handle): sink = .stream(handle)
        case .file(let path): sink = .file(path)
        case .folder(let folder): sink = .file(try names.path(for: image, in: folder, fileExtension: format.fileExtension))
        case .memory: sink = .memory
        }
        // Linked from where the document is; from standard output's reader, as given.
        let figures = figuresFolder.map { folder in
            guard case .file(let path) = sink else { return folder }
            return Self.path(of: folder, relativeTo: (path as NSString).deletingLastPathComponent)
        }
        return try OpenDocument(format: format, sink: sink, isSinglePage: isSinglePage, marksFlaggedWords: marksFlaggedWords,
                                keepsMargins: keepsMargins, figuresFolder: figures, writesSidecar: writesSidecars && format == .pdf)
    }

    /// The path of `target` from the folder `base`, both taken from the working folder when
    /// relative: `figures` from `out` for `out/figures`, `../figures` from `out` for `figures`.
    static func path(of target: String, relativeTo base: String) -> String {
        func components(_ path: String) -> [String] {
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            return (absolute as NSString).standardizingPath.split(separator: "/").map(String.init)
        }
        let to = components(target), from = components(base)
        let shared = zip(to, from).prefix { $0 == $1 }.count
        let relative = Array(repeating: "..", count: from.count - shared) + to.dropFirst(shared)
        return relative.isEmpty ? "." : relative.joined(separator: "/")
    }

    private mutating func finishDocument() async throws {
        guard var finishing = document else { return }
        try await finishing.finish(decoder: decoder, straightener: straightener, options: pdf)
        document = finishing
    }

    private func copy(_ source: DocumentSource, to path: String) throws {
        let handle = try OpenDocument.create(path)
        defer { try? handle.close() }
        try Self.copy(source, to: handle)
    }

    /// Copies `source` to `handle`, a file a megabyte at a time: a long document's bytes are
    /// never all in memory.
    static func copy(_ source: DocumentSource, to handle: FileHandle) throws {
        guard case .file(let path) = source else {
            try handle.write(contentsOf: try source.data())
            return
        }
        try copy(path, to: handle)
    }

    /// Copies the file at `path` to `handle` a megabyte at a time.
    static func copy(_ path: String, to handle: FileHandle) throws {
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw OCRError(.notReadable, path: path, reason: "cannot open the file")
        }
        defer { try? file.close() }
        while let chunk = try file.read(upToCount: 1 << 20), !chunk.isEmpty {
            handle.write(chunk)
        }
    }
}

extension DocumentOutput {
    /// `pages` as one document in `format`, in memory: what a service sends back.
    ///
    /// ```swift
    /// let json = try await DocumentOutput.data(of: pages, format: .json, decoder: reader.decoder)
    /// ```
    public static func data(of pages: [Page], format: OutputFormat, decoder: any ImageDecoder,
                            straightener: (any ImageStraightener)? = nil) async throws -> [UInt8] {
        var output = DocumentOutput(format: format, to: .memory, decoder: decoder, straightener: straightener,
                                    isSinglePage: pages.count == 1)
        for page in pages { try await output.write(.read(page)) }
        try await output.finish()
        return output.data
    }
}
