import Foundation
import OCRKit

/// Searchable PDFs: pages as they were, with an invisible text layer of what was read over each,
/// in an embedded font (``GlyphlessFont``), so that the text can be selected, searched and copied.
///
/// - A PDF's pages are kept as they were: their content, images, annotations, links, forms,
///   bookmarks and metadata. The layer is added beside the page's content, which is not drawn
///   again; its images keep their bytes. Pages not read (holding text already, or not chosen)
///   are kept as they are, and so is a page given with the text it holds
///   (``OCRKit/Page/holdsEmbeddedText``): it gets no layer.
/// - An image file becomes a page of its own size at its resolution (300 dpi when it states
///   none): a JPEG's own bytes, other images' pixels without loss, a straightened photo as JPEG.
///
/// ```swift
/// var pages: [Page] = []
/// for try await page in reader.pages(of: .file(scanPath)) { pages.append(page) }
/// try await SearchablePDF.write(pages, to: searchablePath, decoder: reader.decoder)
/// ```
///
/// Pages all from one PDF give a copy of that PDF; pages from several files give one PDF of
/// those pages, in order (a PDF's bookmarks and forms then stay behind).
public enum SearchablePDF {
    /// The name the text layer's font has in pages' resources.
    static let fontResource = "OCRKitText"

    /// Writes the searchable PDF of `pages` to `path`: beside it first, then moved into place, so
    /// that an interrupted write never leaves half a document and a document already there stays
    /// whole until the new one replaces it.
    ///
    /// - Parameters:
    ///   - decoder: decodes the images pages were read from again, those that are embedded as
    ///     pixels.
    ///   - straightener: straightens photos again that were straightened when read.
    ///   - options: the password of encrypted PDFs, PDF/A.
    /// - Throws: an ``OCRKit/OCRError`` naming the document or the file that failed.
    public static func write(
        _ pages: [Page], to path: String, decoder: any ImageDecoder, straightener: (any ImageStraightener)? = nil,
        options: SearchablePDFOptions = SearchablePDFOptions()
    ) async throws {
        let images = try await imagePages(of: pages, name: path, decoder: decoder, straightener: straightener)
        let partial = path + ".partial"
        do {
            try await offThePool {
                try assemble(pages, images: images, name: path, options: options)
                    .write(to: partial, keepsEncryption: !options.isArchival, minimumVersion: options.isArchival ? Archival.pdfVersion : nil)
            }
            if rename(partial, path) != 0 {
                throw OCRError(.notWritable, path: path, reason: "cannot move the document into place: \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }

    /// The searchable PDF of `pages` (see ``write(_:to:decoder:straightener:options:)``) as bytes,
    /// made in memory.
    public static func data(
        of pages: [Page], decoder: any ImageDecoder, straightener: (any ImageStraightener)? = nil,
        options: SearchablePDFOptions = SearchablePDFOptions()
    ) async throws -> [UInt8] {
        let name = pages.first.map { $0.image } ?? "the searchable copy"
        let images = try await imagePages(of: pages, name: name, decoder: decoder, straightener: straightener)
        return try await offThePool {
            Array(try assemble(pages, images: images, name: name, options: options)
                .data(keepsEncryption: !options.isArchival, minimumVersion: options.isArchival ? Archival.pdfVersion : nil))
        }
    }

    /// Each page's image as the PDF embeds it, `nil` for a PDF's page, which is copied: prepared
    /// before qpdf's work, off its thread, since decoding may take the decoder's pool.
    private static func imagePages(
        of pages: [Page], name: String, decoder: any ImageDecoder, straightener: (any ImageStraightener)?
    ) async throws -> [ImagePage?] {
        guard !pages.isEmpty else { throw OCRError(.invalidOption, path: name, reason: "a PDF needs at least one page") }
        var images: [ImagePage?] = []
        for page in pages {
            images.append(DocumentLoader.isPDF(try page.checkedSource().document) ? nil
                          : try await ImagePage.make(for: page, decoder: decoder, straightener: straightener))
        }
        return images
    }

    /// The document, in qpdf: a copy of the one PDF all pages come from, or a new PDF; made
    /// PDF/A if the options say so.
    private static func assemble(_ pages: [Page], images: [ImagePage?], name: String, options: SearchablePDFOptions) throws -> QPDFFile {
        let documents = Set(try pages.map { try $0.checkedSource().document })
        let file = if documents.count == 1, images.allSatisfy({ $0 == nil }) {
            try copy(of: pages[0], adding: pages, password: options.password)
        } else {
            try combine(pages, images: images, name: name, password: options.password)
        }
        if options.isArchival { try Archival.conform(file) }
        return file
    }

    /// The PDF `first` was read from with the text of `pages` (some of its pages) over them.
    private static func copy(of first: Page, adding pages: [Page], password: String?) throws -> QPDFFile {
        let file = try open(first, password: password)
        let font = GlyphlessFont.add(to: file)
        for page in pages where !page.holdsEmbeddedText {
            try addLayer(page, to: file.page(pageIndex(of: page, in: file)), of: file, font: font)
        }
        return file
    }

    /// A new PDF of `pages`: pages of images made from `images`, PDFs' pages copied.
    private static func combine(_ pages: [Page], images: [ImagePage?], name: String, password: String?) throws -> QPDFFile {
        let file = try QPDFFile(empty: name)
        let font = GlyphlessFont.add(to: file)
        let sources = SourceDocuments(password: password)
        for (page, image) in zip(pages, images) {
            try add(page, image: image, to: file, sources: sources, font: font)
        }
        // The sources stay open until the document is written: qpdf copies their pages' data then.
        file.keepAlive(sources.files.values)
        return file
    }

    // Not inlined: inlined in combine's loop, it crashed Swift 6.3.1's optimiser (loop-invariant code motion).
    @inline(never)
    private static func add(_ page: Page, image: ImagePage?, to file: QPDFFile, sources: SourceDocuments, font: QPDFFile.Object) throws {
        if let image {
            try file.append(newPage(image, page: page, in: file, font: font))
            return
        }
        let source = try sources.open(page)
        try file.append(source.page(pageIndex(of: page, in: source)), from: source)
        guard !page.holdsEmbeddedText else { return }
        try addLayer(page, to: file.page(file.pageCount - 1), of: file, font: font)
    }

    /// The index in `file` of the page `page` was read from.
    private static func pageIndex(of page: Page, in file: QPDFFile) throws -> Int {
        let source = try page.checkedSource()
        guard let number = source.page, number >= 1, number <= file.pageCount else {
            throw OCRError(.invalidOption, path: file.path, reason: "has no page \(source.page ?? 0)")
        }
        return number - 1
    }

    /// Adds `page`'s text over a PDF's page: the page's content wrapped in `q` and `Q`, then the
    /// layer, and the font in its resources. A layer OCRKit added before is replaced.
    ///
    /// A page read turned upright (``OCRKit/Straightening/quarterTurns``) is shown upright by its
    /// `/Rotate`, not drawn again. Its tilt, and a page found in a photo, are not undone: the layer
    /// follows the page as read, turned.
    private static func addLayer(_ page: Page, to pdfPage: QPDFFile.Object, of file: QPDFFile, font: QPDFFile.Object) throws {
        // The page's box and rotation only: what it holds was looked through when it was read.
        let frame = PDFPageInfo.frame(of: pdfPage, in: file)
        var rotation = frame.rotation
        if let turns = page.straightening?.quarterTurns, turns % 4 != 0 {
            rotation = (rotation + turns * 90) % 360
            file.setKey(pdfPage, "/Rotate", file.newInteger(rotation))
        }
        let transform = PageTransform(box: frame.box, rotation: rotation, imageWidth: page.width, imageHeight: page.height)
        var streams: [QPDFFile.Object] = []
        if let contents = file.key(pdfPage, "/Contents") {
            streams = file.isArray(contents) ? file.items(contents) : [contents]
        }
        // A layer OCRKit added before is the last stream: after the page's own content wrapped in
        // q and Q, or after the image of a page OCRKit made, which needs no wrapping.
        let earlier = streams.last.flatMap { file.decodedData($0) } ?? []
        let marker = Array(TextLayer.marker.utf8)
        let closing: String
        if earlier.starts(with: Array("Q\n".utf8) + marker) {
            streams.removeLast()
            closing = "Q\n"
        } else if earlier.starts(with: marker) {
            streams.removeLast()
            closing = ""
        } else if streams.isEmpty {
            closing = ""
        } else {
            streams.insert(file.newStream(Array("q\n".utf8)), at: 0)
            closing = "Q\n"
        }
        let layer = TextLayer(page: page, transform: transform, fontName: fontResource)
        streams.append(file.newStream(layer.content(closing: closing)))
        let array = file.newArray()
        for stream in streams { file.append(stream, to: array) }
        file.setKey(pdfPage, "/Contents", array)
        setFont(font, on: pdfPage, of: file)
        try file.check("cannot add the text layer to page \(page.pageNumber ?? 1)")
    }

    private static func setFont(_ font: QPDFFile.Object, on pdfPage: QPDFFile.Object, of file: QPDFFile) {
        let resources = file.key(pdfPage, "/Resources") ?? {
            let created = file.newDictionary()
            file.setKey(pdfPage, "/Resources", created)
            return created
        }()
        let fonts = file.key(resources, "/Font") ?? {
            let created = file.newDictionary()
            file.setKey(resources, "/Font", created)
            return created
        }()
        file.setKey(fonts, "/\(fontResource)", font)
    }

    /// A new page of `image`, with `page`'s text over it.
    private static func newPage(_ image: ImagePage, page: Page, in file: QPDFFile, font: QPDFFile.Object) -> QPDFFile.Object {
        let box = image.box
        let picture = file.newStream(image.data, filter: image.filter, dictionary: image.dictionary)
        let draw = file.newStream(Array("q \(TextLayer.number(box.width)) 0 0 \(TextLayer.number(box.height)) 0 0 cm /Scan Do Q\n".utf8))
        let transform = PageTransform(box: box, rotation: image.rotation, imageWidth: page.width, imageHeight: page.height)
        let layer = file.newStream(TextLayer(page: page, transform: transform, fontName: fontResource).content())
        let pdfPage = file.makeIndirect(file.parse("""
            << /Type /Page /MediaBox [0 0 \(TextLayer.number(box.width)) \(TextLayer.number(box.height))] \
            /Rotate \(image.rotation) /Resources << /XObject << >> /Font << >> >> /Contents [] >>
            """))
        let resources = file.key(pdfPage, "/Resources")!
        file.setKey(file.key(resources, "/XObject")!, "/Scan", picture)
        file.setKey(file.key(resources, "/Font")!, "/\(fontResource)", font)
        let contents = file.key(pdfPage, "/Contents")!
        file.append(draw, to: contents)
        file.append(layer, to: contents)
        return pdfPage
    }
}

/// The PDFs pages are copied from, each opened once.
private final class SourceDocuments {
    let password: String?
    private(set) var files: [DocumentSource: QPDFFile] = [:]

    init(password: String?) {
        self.password = password
    }

    /// The document `page` was read from, opened once.
    func open(_ page: Page) throws -> QPDFFile {
        let document = try page.checkedSource().document
        if let file = files[document] { return file }
        let file = try SearchablePDF.open(page, password: password)
        files[document] = file
        return file
    }
}

extension SearchablePDF {
    /// The PDF `page` was read from, from its file or from memory.
    fileprivate static func open(_ page: Page, password: String?) throws -> QPDFFile {
        let document = try page.checkedSource().document
        do {
            return try QPDFFile(document, password: password)
        } catch let refusal as OCRError where refusal.code == .invalidOption && AttachmentEncryption.openWithoutPassword(document) != nil {
            throw OCRError(.invalidOption, path: document.name, reason: "only its attachments are encrypted: its pages are read without "
                           + "the password, but a searchable copy, which carries the attachments, needs it (--password)")
        }
    }
}
