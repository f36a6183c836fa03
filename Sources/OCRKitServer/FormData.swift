import Foundation

/// The parts of a `multipart/form-data` body (RFC 7578): each part's headers and contents.
///
/// OCRKit's own, rather than multipart-kit's: version 4.7.1, the one to be had here, stops the
/// process (an index out of range) on a part whose header name holds a byte above 127, which
/// fuzzing the API found. Here every byte is only compared, never used as an index.
struct FormData {
    struct Part {
        /// Header names lowercased; values as sent (UTF-8, invalid bytes replaced).
        var headers: [String: String]
        var contents: Data
    }

    var parts: [Part] = []

    /// - Throws: ``Malformed`` when the body is not parts between `--boundary` delimiters, ended
    ///   by `--boundary--`.
    init(_ body: Data, boundary: String) throws {
        let delimiter = Data("--\(boundary)".utf8), lineBreak = Data("\r\n".utf8)
        let nextDelimiter = lineBreak + delimiter
        guard !boundary.isEmpty, var position = body.range(of: delimiter)?.upperBound else {
            throw Malformed(reason: "no --\(boundary) delimiter")
        }
        while true {
            // After a delimiter: `--` ends the form, else (after optional blanks) a line break.
            if body[position...].starts(with: Data("--".utf8)) { return }
            while position < body.endIndex, body[position] == UInt8(ascii: " ") || body[position] == UInt8(ascii: "\t") {
                position += 1
            }
            guard body[position...].starts(with: lineBreak) else { throw Malformed(reason: "a delimiter not followed by a line break") }
            position += lineBreak.count
            // A part without headers starts with the blank line that ends them.
            let noHeaders = body[position...].starts(with: lineBreak) ? position..<position + lineBreak.count : nil
            guard let headersEnd = noHeaders ?? body.range(of: lineBreak + lineBreak, in: position..<body.endIndex) else {
                throw Malformed(reason: "a part's headers do not end")
            }
            let headers = Self.headers(String(decoding: body[position..<headersEnd.lowerBound], as: UTF8.self))
            guard let end = body.range(of: nextDelimiter, in: headersEnd.upperBound..<body.endIndex) else {
                throw Malformed(reason: "a part is not closed by --\(boundary)")
            }
            parts.append(Part(headers: headers, contents: Data(body[headersEnd.upperBound..<end.lowerBound])))
            position = end.upperBound
        }
    }

    private static func headers(_ text: String) -> [String: String] {
        var headers: [String: String] = [:]
        for line in text.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2 else { continue }
            headers[pair[0].trimmingCharacters(in: .whitespaces).lowercased()] = pair[1].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }

    struct Malformed: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }
}
