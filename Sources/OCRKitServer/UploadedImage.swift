import Foundation
import OCRKit

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
/// a PDF of uploaded images needs to decode its pages again.
struct InMemoryImages: ImageDecoder {
    let contents: [String: Data]
    let files: any ImageDecoder

    func decode(contentsOf path: String, maximumSide: Int?) async throws -> Bitmap {
        guard let contents = contents[path] else { return try await files.decode(contentsOf: path, maximumSide: maximumSide) }
        return try await files.decode(contents, name: path, maximumSide: maximumSide)
    }

    func decode(_ contents: Data, name: String, maximumSide: Int?) async throws -> Bitmap {
        try await files.decode(contents, name: name, maximumSide: maximumSide)
    }
}
