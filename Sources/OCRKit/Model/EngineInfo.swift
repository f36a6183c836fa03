/// Which engine read a page: recorded in every result so that figures can be traced.
public struct EngineInfo: Hashable, Sendable, Codable {
    /// A short, stable name, as the command line spells it: `tesseract`, `ppocr`.
    public var name: String
    /// The engine's own version, such as `5.3.0`.
    public var version: String

    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}
