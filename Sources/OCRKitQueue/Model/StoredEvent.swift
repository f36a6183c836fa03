import OCRKit

/// What an event row records in its `kind` column, the same in every store.
public enum StoredEventKind: String, Sendable {
    case completed, failed, cancelled
}

extension OCRError {
    /// An error as a store kept it, its code's raw value and its reason: a code this OCRKit does
    /// not know reads as an engine failure.
    public init(storedCode code: String?, reason: String?, path: String) {
        self.init(code.flatMap(Code.init(rawValue:)) ?? .engineFailure, path: path, reason: reason ?? "unknown error")
    }
}
