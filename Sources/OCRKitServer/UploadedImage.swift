import Foundation
import OCRKit
import OCRKitQueue

/// An image that came in a request: its name (the file name the client gave, or one the
/// server made) and its bytes.
public struct UploadedImage: Sendable {
    public var name: String
    public var contents: Data

    public init(name: String, contents: Data) {
        self.name = name
        self.contents = contents
    }
}

/// Decodes images from memory where their contents are known, and from disk otherwise: what
/// a PDF of uploaded images needs to decode its pages again. A document's page is stored as a
/// document of its own (``OCRKit/ImageDecoder/contents(ofPage:ofFileAt:)``).
struct InMemoryImages: ImageDecoder {
    let contents: [QueuedPage: Data]
    let files: any ImageDecoder

    func decode(contentsOf path: String, maximumSide: Int?) async throws -> Bitmap {
        try await decode(contentsOf: path, page: 1, maximumSide: maximumSide)
    }

    func decode(contentsOf path: String, page: Int, maximumSide: Int?) async throws -> Bitmap {
        let stored = contents[QueuedPage(image: path, pageNumber: page)] ?? (page == 1 ? contents[QueuedPage(image: path)] : nil)
        guard let stored else { return try await files.decode(contentsOf: path, page: page, maximumSide: maximumSide) }
        return try await files.decode(stored, image: path, maximumSide: maximumSide)
    }

    func decode(_ contents: Data, image name: String, maximumSide: Int?) async throws -> Bitmap {
        try await files.decode(contents, image: name, maximumSide: maximumSide)
    }
}
