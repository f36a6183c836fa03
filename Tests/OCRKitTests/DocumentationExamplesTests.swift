import Foundation
import Testing

/// Every usage example in the doc comments of Sources is kept as a test that runs it: a test
/// marks it with `// Example from Sources/...swift`, and the example's lines follow the mark in
/// order (the test may add lines between them: the inputs the example takes, the work it waits
/// for). An example edited without its test, or added without one, fails here.
struct DocumentationExamplesTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyExampleIsATest() throws {
        let examples = try Self.swiftFiles(in: "Sources").flatMap { file in
            try Self.examples(in: file).map { (file: file, lines: $0) }
        }
        let tests = try Self.swiftFiles(in: "Tests").map { try Self.lines(of: $0) }
        #expect(examples.count > 60, "found only \(examples.count) examples")
        for example in examples {
            let mark = "// Example from \(example.file)"
            let kept = tests.contains { lines in
                lines.indices.contains { lines[$0] == mark && Self.follows(example.lines, in: lines[($0 + 1)...]) }
            }
            #expect(kept, "\(example.file): no test runs this example as written:\n\(example.lines.joined(separator: "\n"))")
        }
    }

    /// The README's examples of code are kept as tests the same way, marked `// Example from
    /// README.md`, their imports left out: those that start with imports, but for the one that
    /// needs a camera.
    @Test func everyReadmeExampleIsATest() throws {
        let examples = try Self.readmeExamples().filter { $0.first?.hasPrefix("import ") == true }
            .filter { !$0.joined().contains("rtsp://") }
            .map { $0.filter { !$0.hasPrefix("import ") } }
        let tests = try Self.swiftFiles(in: "Tests").map { try Self.lines(of: $0) }
        #expect(examples.count >= 3, "found only \(examples.count) examples in README.md")
        for example in examples {
            let kept = tests.contains { lines in
                lines.indices.contains { lines[$0] == "// Example from README.md" && Self.follows(example, in: lines[($0 + 1)...]) }
            }
            #expect(kept, "README.md: no test runs this example as written:\n\(example.joined(separator: "\n"))")
        }
    }

    /// The README's Swift code blocks, trimmed lines, blank ones left out.
    private static func readmeExamples() throws -> [[String]] {
        swiftBlocks(in: try lines(of: "README.md"))
    }

    /// Whether `example`'s lines come in order in `lines`, others allowed between them.
    private static func follows(_ example: [String], in lines: ArraySlice<String>) -> Bool {
        var remaining = example[...]
        for line in lines where line == remaining.first {
            remaining = remaining.dropFirst()
            if remaining.isEmpty { return true }
        }
        return remaining.isEmpty
    }

    /// The Swift code blocks of a file's doc comments, trimmed lines, blank ones left out.
    private static func examples(in file: String) throws -> [[String]] {
        swiftBlocks(in: try lines(of: file).filter { $0.hasPrefix("///") }.map { $0.dropFirst(3).trimmingCharacters(in: .whitespaces) })
    }

    /// The ```swift blocks among `lines`, blank lines left out.
    private static func swiftBlocks(in lines: [String]) -> [[String]] {
        var blocks: [[String]] = [], current: [String]?
        for line in lines {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if !line.isEmpty {
                current?.append(line)
            }
        }
        return blocks
    }

    private static func lines(of file: String) throws -> [String] {
        try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Paths relative to the package, of the Swift files under `folder`.
    private static func swiftFiles(in folder: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        let paths = try FileManager.default.subpathsOfDirectory(atPath: base.path)
        return paths.filter { $0.hasSuffix(".swift") }.sorted().map { "\(folder)/\($0)" }
    }
}
