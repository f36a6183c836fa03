import Foundation
import OCRKit

/// A new batch as stores write it, worked out once for all of them: its pages without repeats
/// and its options as the JSON stored with it.
public struct BatchRecord: Sendable {
    /// The pages, each once, in the order first given.
    public let pages: [QueuedPage]
    /// The recognition options, as JSON.
    public let options: String

    public init(pages: [QueuedPage], options: RecognitionOptions) throws {
        var seen = Set<QueuedPage>()
        self.pages = pages.filter { seen.insert($0).inserted }
        self.options = String(decoding: try JSONEncoder().encode(options), as: UTF8.self)
    }

    /// The options a batch was stored with.
    public static func options(from json: String) throws -> RecognitionOptions {
        try JSONDecoder().decode(RecognitionOptions.self, from: Data(json.utf8))
    }
}
