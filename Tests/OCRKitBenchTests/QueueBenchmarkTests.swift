import OCRKitBench
import Testing

struct QueueBenchmarkTests {
    @Test func everyItemGoesThroughTheProcessor() async throws {
        var lines: [String] = []
        try await QueueBenchmark(pathCount: 300, itemCount: 50).run { lines.append($0) }
        let output = lines.joined(separator: "\n")
        #expect(lines.count == 3, "\(output)")
        #expect(figure(after: "enqueue 300 paths:", in: output) != nil, "\(output)")
        #expect(lines.contains { $0.hasPrefix("process 50 items, ") && $0.hasSuffix(" ms an item") }, "\(output)")
        #expect(figure(after: "resident memory:", in: output).map { $0 > 0 } == true, "\(output)")
    }
}
