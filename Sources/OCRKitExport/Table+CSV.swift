import CSV
import Foundation
import OCRKit

extension Table {
    /// The table as CSV (RFC 4180, written by CSV.swift): a record a row, a field a column; a
    /// cell spanning rows or columns is written at its first position, the others it covers left
    /// empty; a cell's lines are kept, quoted.
    ///
    /// ```swift
    /// let csv = try page.tables[0].csv()   // Date,Description,Reference,Debit,Credit,Balance...
    /// ```
    public func csv() throws -> String {
        let stream = OutputStream(toMemory: ())
        let writer = try CSVWriter(stream: stream)
        for row in fields { try writer.write(row: row) }
        writer.stream.close()
        let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
