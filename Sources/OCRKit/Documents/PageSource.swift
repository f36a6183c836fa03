import Foundation

/// Where a page was read from, which writers open again (a searchable PDF copies a PDF's page,
/// embeds a JPEG's bytes, decodes an image again): a document (``DocumentSource``), a file or
/// its contents in memory, and the page in it. It is apart from ``Page/image``, the name people
/// see, and is not written in the JSON: a page decoded from JSON has none until it is given one
/// (the queue gives its results their item's file, or the image it stored).
///
/// ```swift
/// let page = try await reader.read(uploadedBytes, image: "receipt.jpg")
/// if case .contents(let bytes, _)? = page.source?.document { print(bytes.count, "bytes, named", page.image) }
/// ```
public struct PageSource: Hashable, Sendable {
    /// The document the page is in.
    public var document: DocumentSource
    /// The page's number in its document, from 1; `nil` for an image, a page of its own.
    public var page: Int?

    public init(_ document: DocumentSource, page: Int? = nil) {
        self.document = document
        self.page = page
    }

    /// Page `page` (from 1) of the document at `path`; `nil` for an image file.
    public static func file(_ path: String, page: Int? = nil) -> PageSource {
        PageSource(.file(path), page: page)
    }
}

extension Page {
    /// Where the page was read from, as ``PageReader`` recorded it; `nil` for a page decoded from
    /// JSON, which does not hold it, or made by hand until it is given one.
    public var source: PageSource? {
        get { recordedSource.value }
        set { recordedSource = Unequated(newValue) }
    }

    /// ``source``, for a writer that opens the page's document again.
    ///
    /// - Throws: ``OCRError/Code/invalidOption`` naming the page when it does not say where it
    ///   was read from: its ``image`` is a name, not a file to open.
    public func checkedSource() throws -> PageSource {
        guard let source else {
            throw OCRError(.invalidOption, path: image,
                           reason: "the page does not say where it was read from (its source: a page decoded from JSON or made by hand has none), so its image cannot be opened again")
        }
        return source
    }
}

/// A value that two pages compare equal over whatever it holds: where a page came from is not
/// part of what was read, and a page decoded from its JSON, which does not hold it, is the same page.
struct Unequated<Value: Sendable>: Hashable, Sendable {
    var value: Value?

    init(_ value: Value? = nil) {
        self.value = value
    }

    static func == (lhs: Self, rhs: Self) -> Bool { true }

    func hash(into hasher: inout Hasher) {}
}
