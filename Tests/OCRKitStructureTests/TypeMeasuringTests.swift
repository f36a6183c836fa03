import Foundation
import OCRKit
import OCRKitEngines
import OCRKitEvaluation
import OCRKitImages
import OCRKitTestSupport
import Testing

/// Debian's copy of the GPL: real prose and real headings.
private let license = "/usr/share/common-licenses/GPL-3"

/// A scan's type measured from its pixels (``OCRKit/Bitmap/measuredTypes(of:)``): the GPL's
/// prose, one of its headings in bold at the prose's size and one in larger regular type,
/// rendered at test time and read by PP-OCR.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: license), "needs Debian's copy of the GPL (base-files)"), .heavy)
struct TypeMeasuringTests {
    @Test func boldAndLargerLinesStandOutFromTheBodyText() async throws {
        let parts = try LicenseText.parts(ofFile: license)
        let headings = parts.filter { $0.kind == .title && $0.text.first?.isNumber == true }.prefix(2).map(\.text)
        // The first words of three paragraphs, a line each.
        let prose = parts.filter { $0.kind == .text }.prefix(3).map { $0.text.split(separator: " ").prefix(9).joined(separator: " ") }
        try #require(headings.count == 2 && prose.count == 3)
        let bitmap = try TextRenderer.renderPage([
            (prose[0], "DejaVu Serif 11"), (headings[0], "DejaVu Serif Bold 11"), (prose[1], "DejaVu Serif 11"),
            (headings[1], "DejaVu Serif 15"), (prose[2], "DejaVu Serif 11"),
        ])
        let page = try await SharedEngines.page(.ppocr).read(bitmap, options: RecognitionOptions())
        try #require(page.lines.count == 5, "\(page.lines.map(\.text))")
        do {
            // Example from Sources/OCRKit/Model/Bitmap+TypeMeasuring.swift
            var page = page
            for (index, type) in bitmap.measuredTypes(of: page.lines).enumerated() { page.lines[index].measuredType = type }

            #expect(page.lines.allSatisfy { $0.measuredType != nil })
        }
        // Example from Sources/OCRKit/Model/MeasuredType.swift
        let measured = bitmap.measuredTypes(of: page.lines)
        print(measured.map { $0?.strokeWidth ?? 0 })   // a bold heading's half as wide again as the prose's

        try #require(measured.allSatisfy { $0 != nil })
        try check(measured.compactMap { $0 })
    }

    private func check(_ measured: [MeasuredType]) throws {
        let body = [measured[0], measured[2], measured[4]]
        let bodyStroke = body.map(\.strokeWidth).reduce(0, +) / 3, bodyXHeight = body.map(\.xHeight).reduce(0, +) / 3
        // The body's lines measure alike, whatever capitals and descenders each holds.
        #expect(body.allSatisfy { abs($0.strokeWidth - bodyStroke) <= 0.1 * bodyStroke && abs($0.xHeight - bodyXHeight) <= 0.1 * bodyXHeight },
                "\(body)")
        // Bold at the body's size: its strokes wider, its small letters as high.
        #expect(measured[1].strokeWidth >= 1.3 * bodyStroke, "\(measured[1]) against \(body)")
        #expect(abs(measured[1].xHeight - bodyXHeight) <= 0.1 * bodyXHeight, "\(measured[1]) against \(body)")
        // Larger: its small letters taller.
        #expect(measured[3].xHeight >= 1.25 * bodyXHeight, "\(measured[3]) against \(body)")
    }
}
