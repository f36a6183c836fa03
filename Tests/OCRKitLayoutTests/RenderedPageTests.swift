import OCRKit
import OCRKitImages
import OCRKitLayout
import OCRKitTesseract
import Testing

@Suite struct RenderedPageTests {
    @Test func arrangesASparseReadOfTwoColumnsIntoReadingOrder() async throws {
        let left = ["The left column opens the", "article and its lines run", "down before the right one."]
        let right = ["The right column follows", "after the left column ends", "and closes the article."]
        let title = try TextRenderer.render("Two Columns Under One Title", margin: 10)
        let leftColumn = try TextRenderer.render(left.joined(separator: "\n"), font: "DejaVu Serif 10", margin: 10)
        let rightColumn = try TextRenderer.render(right.joined(separator: "\n"), font: "DejaVu Serif 10", margin: 10)
        let footer = try TextRenderer.render("Page 7", margin: 10)
        let columnsTop = title.height + 60
        let footerTop = columnsTop + max(leftColumn.height, rightColumn.height) + 80
        let bitmap = Bitmap.page(width: 40 + leftColumn.width + 120 + rightColumn.width, height: footerTop + footer.height,
                                 placing: [
                                     (title, 40, 20),
                                     (leftColumn, 40, columnsTop),
                                     (rightColumn, 40 + leftColumn.width + 120, columnsTop),
                                     (footer, 40, footerTop),
                                 ])

        let engine = try TesseractEngine(configuration: TesseractConfiguration(pageSegmentationMode: .sparseText))
        let read = try await engine.read(bitmap, options: RecognitionOptions())
        let arranged = LayoutAnalyzer().arrange(read)
        #expect(Set(arranged.lines.map(\.text)) == Set(read.lines.map(\.text)))
        #expect(arranged.lines.map(\.text) == ["Two Columns Under One Title"] + left + right + ["Page 7"],
                "Tesseract's own order: \(read.lines.map(\.text))")
    }
}
