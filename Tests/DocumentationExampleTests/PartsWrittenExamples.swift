import OCRKit
import OCRKitExport
import Testing

/// The examples of what Markdown and HTML are written after.
struct PartsWrittenExamples {
    @Test func openItems() {
        // Example from Sources/OCRKitExport/PartsWritten.swift
        var written = PartsWritten()
        written.append(DocumentPart(kind: .list, text: "Fruit", level: 1, marker: "1.", pages: 1...1))
        written.append(DocumentPart(kind: .list, text: "Apples", level: 2, marker: "•", pages: 1...1))
        print(written.openItems.map(\.text))   // ["Fruit", "Apples"]
        #expect(written.openItems.map(\.text) == ["Fruit", "Apples"])
    }
}
