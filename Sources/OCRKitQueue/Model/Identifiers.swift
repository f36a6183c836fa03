/// A batch of images enqueued together; numbered from 1 in the order batches were made.
public struct BatchID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
    public static func < (lhs: BatchID, rhs: BatchID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One image in the queue.
public struct ItemID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
    public static func < (lhs: ItemID, rhs: ItemID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A position in the event log: events after it have larger cursors. Save the cursor of the last
/// event you handled and pass it to ``OCRProcessor/events(after:)`` to resume where you stopped.
public struct EventCursor: RawRepresentable, Hashable, Comparable, Sendable, Codable {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    /// Before every event still stored.
    public static let beginning = EventCursor(rawValue: 0)
    public static func < (lhs: EventCursor, rhs: EventCursor) -> Bool { lhs.rawValue < rhs.rawValue }
}
