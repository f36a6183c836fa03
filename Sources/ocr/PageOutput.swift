import ArgumentParser
import Foundation
import OCRKit
import OCRKitExport

/// The formats pages are printed in.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, jsonl, hocr, alto
}

/// Writes pages to standard output as they come, in one of the ``OutputFormat``s.
struct PageOutput {
    let format: OutputFormat
    /// One image alone: text without a header, JSON as an object rather than an array.
    let isSingleImage: Bool
    /// Whether text output marks flagged words with their alternatives.
    let marksFlaggedWords: Bool
    private let document: (any DocumentWriter)?
    private var written = 0

    init(format: OutputFormat, isSingleImage: Bool, marksFlaggedWords: Bool = false) {
        self.format = format
        self.isSingleImage = isSingleImage
        self.marksFlaggedWords = marksFlaggedWords
        document = switch format {
        case .hocr: HOCRWriter()
        case .alto: ALTOWriter()
        case .text, .json, .jsonl: nil
        }
    }

    mutating func write(_ page: Page) throws {
        switch format {
        case .text:
            let text = marksFlaggedWords ? page.textMarkingFlaggedWords : page.text
            if isSingleImage {
                emit(text.isEmpty ? "" : text + "\n")
            } else {
                emit((written > 0 ? "\n" : "") + "==> \(page.image) <==\n" + (text.isEmpty ? "" : text + "\n"))
            }
        case .jsonl:
            emit(String(decoding: try page.jsonData(), as: UTF8.self) + "\n")
        case .json:
            let json = String(decoding: try page.jsonData(pretty: true), as: UTF8.self)
            if isSingleImage {
                emit(json + "\n")
            } else {
                emit((written == 0 ? "[\n" : ",\n") + json)
            }
        case .hocr, .alto:
            if let document { emit((written == 0 ? document.header : "") + document.fragment(for: page, number: written + 1)) }
        }
        written += 1
    }

    /// Closes what the pages opened: a JSON array, an hOCR or ALTO document.
    func finish() {
        switch format {
        case .json where !isSingleImage:
            emit(written == 0 ? "[]\n" : "\n]\n")
        case .hocr, .alto:
            if let document { emit((written == 0 ? document.header : "") + document.footer) }
        default:
            break
        }
    }

    private func emit(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
