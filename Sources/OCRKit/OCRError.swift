/// The one error type of OCRKit: what went wrong, with which file, and why.
///
/// Its description names the file and the cause in one line, ready to show a user:
///
/// ```
/// scans/page 3.png: corrupt or truncated image (Premature end of input file)
/// ```
///
/// ``Code/isPermanent`` tells whether trying again could help, which is what a queue needs to
/// know to retry an item or to fail it at once.
public struct OCRError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable, Codable, CaseIterable {
        /// No file at the path.
        case fileNotFound = "file-not-found"
        /// The file exists but cannot be read: permissions, or it is a directory.
        case notReadable = "not-readable"
        /// The file is not an image in a format OCRKit reads.
        case unsupportedFormat = "unsupported-format"
        /// The file claims a supported format but its data is damaged, cut short or empty.
        case corrupt = "corrupt"
        /// The image has more pixels than allowed: a guard against decompression bombs.
        case tooLarge = "too-large"
        /// The image is too small or too thin to hold text.
        case degenerateImage = "degenerate-image"
        /// A language, model or option the caller asked for is not available or not valid.
        case invalidOption = "invalid-option"
        /// A library the engine needs is not installed.
        case engineUnavailable = "engine-unavailable"
        /// The engine failed on this image; another attempt may succeed.
        case engineFailure = "engine-failure"
        /// Not enough memory to decode or recognise the image now.
        case outOfMemory = "out-of-memory"
        /// Reading the image was interrupted (its process stopped) as many times as a queue allows.
        case interrupted = "interrupted"
        /// A queue's store failed to read or write (its disk is full, its database locked or
        /// gone): the image's work is kept, and the store is tried again.
        case storeFailure = "store-failure"
        /// A file or folder cannot be written: permissions, a full disk, a folder that is not
        /// there. Not the input's fault: the same input may be written once there is room.
        case notWritable = "not-writable"

        /// Whether the same input will fail the same way every time.
        public var isPermanent: Bool {
            switch self {
            case .engineFailure, .outOfMemory, .interrupted, .storeFailure, .notWritable: false
            default: true
            }
        }
    }

    public var code: Code
    /// The file concerned, when there is one.
    public var path: String?
    /// What went wrong, for people.
    public var reason: String
    /// The error this one stands for, as the library that failed threw it (a `DecodingError`, a
    /// PostgreSQL error, a Foundation `CocoaError`): for code that needs more than ``reason``
    /// says. Two errors are equal when their code, path and reason are, whatever they wrap.
    public var underlyingError: (any Error)?

    public init(_ code: Code, path: String? = nil, reason: String, underlyingError: (any Error)? = nil) {
        self.code = code
        self.path = path
        self.reason = reason
        self.underlyingError = underlyingError
    }

    public static func == (left: OCRError, right: OCRError) -> Bool {
        left.code == right.code && left.path == right.path && left.reason == right.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(path)
        hasher.combine(reason)
    }

    public var description: String {
        path.map { "\($0): \(reason)" } ?? reason
    }
}
