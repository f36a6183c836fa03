import Foundation
import OCRKit

/// Where `ocr serve` listens, who may call it, and how much one call may ask.
///
/// ```swift
/// var configuration = ServerConfiguration(host: "0.0.0.0", port: 8080, token: "s3cret")
/// configuration.limits.maximumBatchImages = 50
/// try configuration.validate()
/// ```
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The bearer token every call but `/health` and `/ready` must carry; required on any
    /// address but loopback.
    public var token: String?
    /// The folder batches may name images in, on the server's own disk; without it, batches
    /// are uploaded.
    public var root: String?
    public var limits: ServerLimits

    public init(host: String = "127.0.0.1", port: Int = 8080, token: String? = nil, root: String? = nil,
                limits: ServerLimits = ServerLimits()) {
        self.host = host
        self.port = port
        self.token = token
        self.root = root
        self.limits = limits
    }

    /// Whether `host` only takes connections from this machine.
    public var isLoopback: Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.")
    }

    /// - Throws: an ``OCRKit/OCRError/Code/invalidOption`` when the server would listen beyond
    ///   this machine without a token, or a limit or the root cannot be honoured.
    public func validate() throws {
        if !isLoopback && (token ?? "").isEmpty {
            throw OCRError(.invalidOption, reason: """
                listening on \(host) lets other machines read with this one: give a --token that callers must send \
                (Authorization: Bearer TOKEN), or listen on 127.0.0.1
                """)
        }
        if !(1...65535).contains(port) && port != 0 {
            throw OCRError(.invalidOption, reason: "port \(port) is not between 1 and 65535")
        }
        if let root {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                throw OCRError(.fileNotFound, path: root, reason: "the root folder does not exist")
            }
        }
        try limits.validate()
    }
}
