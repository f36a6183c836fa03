import Foundation
import OCRKit

/// Something that happened to an item, as the processor recorded it. Events are stored with the
/// item's state, in the same transaction, so none is lost and any number of subscribers can
/// read them, now or later.
public struct ProcessorEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The item was read; `page` is nil once the result has been purged.
        case completed(Page?)
        /// An attempt failed; `willRetry` tells whether the item will be tried again.
        case failed(OCRError, willRetry: Bool)
        /// The item was cancelled before it was read.
        case cancelled
    }

    /// Where this event sits in the log; resume after it with ``OCRProcessor/events(after:)``.
    public var cursor: EventCursor
    public var item: ItemID
    /// The image file, or the document whose page it is.
    public var image: String
    /// The page of the document at ``image``; `nil` for an image file.
    public var pageNumber: Int?
    public var batch: BatchID
    /// The item's position in its batch, from 0, in the order its paths were enqueued.
    public var index: Int
    /// How many items the batch holds.
    public var batchTotal: Int
    public var kind: Kind
    public var time: Date

    public init(cursor: EventCursor, item: ItemID, image: String, pageNumber: Int? = nil, batch: BatchID, index: Int, batchTotal: Int,
                kind: Kind, time: Date) {
        self.cursor = cursor
        self.item = item
        self.image = image
        self.pageNumber = pageNumber
        self.batch = batch
        self.index = index
        self.batchTotal = batchTotal
        self.kind = kind
        self.time = time
    }
}
