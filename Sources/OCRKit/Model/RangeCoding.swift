/// Paragraphs and blocks are runs of lines and paragraphs; JSON writes a run as its first index
/// and its count, which read better than half-open bounds.
extension KeyedDecodingContainer {
    func decodeRun(first: Key, count: Key) throws -> Range<Int> {
        let start = try decode(Int.self, forKey: first)
        let length = try decode(Int.self, forKey: count)
        guard start >= 0, length >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: count, in: self, debugDescription: "A run cannot be negative")
        }
        return start..<(start + length)
    }
}

extension KeyedEncodingContainer {
    mutating func encodeRun(_ run: Range<Int>, first: Key, count: Key) throws {
        try encode(run.lowerBound, forKey: first)
        try encode(run.count, forKey: count)
    }
}
