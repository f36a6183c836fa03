import OCRKit

extension APIError {
    /// A word a program can compare: an ``OCRKit/OCRError/Code``'s raw value, or one of the
    /// server's own, each written once here.
    ///
    /// ```swift
    /// let missing = APIError(.notFound, code: .notFound, message: "there is no batch 7")
    /// let refused = APIError(OCRError(.invalidOption, reason: "limit must be a whole number"))   // 400
    /// print(missing.code.rawValue, refused.code.rawValue)   // not-found invalid-option
    /// ```
    public struct Code: RawRepresentable, Hashable, Sendable {
        public var rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The code of an error of the readers themselves.
        public init(_ code: OCRError.Code) {
            rawValue = code.rawValue
        }

        public static let unauthorized = Code(rawValue: "unauthorized")
        public static let notFound = Code(rawValue: "not-found")
        public static let methodNotAllowed = Code(rawValue: "method-not-allowed")
        /// Paths were asked for on a server started without a root folder.
        public static let noRoot = Code(rawValue: "no-root")
        public static let outsideRoot = Code(rawValue: "outside-root")
        public static let badJSON = Code(rawValue: "bad-json")
        public static let badForm = Code(rawValue: "bad-form")
        public static let noImage = Code(rawValue: "no-image")
        public static let oneImage = Code(rawValue: "one-image")
        public static let busy = Code(rawValue: "busy")
        public static let timeout = Code(rawValue: "timeout")
        public static let `internal` = Code(rawValue: "internal")
    }
}
