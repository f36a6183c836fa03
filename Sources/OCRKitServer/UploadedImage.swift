import Foundation

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
