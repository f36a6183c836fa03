import Foundation
import OCRKitBench
import OCRKitTestSupport
import Testing

@Suite(.onThreadsOfTheirOwn, .heavy)
struct QueueBenchmarkTests {
    @Test func measuresEachStoreAndReadingWithWorkerProcesses() async throws {
        var benchmark = QueueBenchmark(pathCount: 300, itemCount: 40)
        benchmark.workerCounts = [1, 4]
        benchmark.imageCount = 4
        benchmark.ocr = BuiltProducts.ocr
        benchmark.postgresURL = try await PostgresServer.shared?.makeDatabase()
        var lines: [String] = []
        try await benchmark.run { lines.append($0) }
        let output = lines.joined(separator: "\n")
        let stores = PostgresServer.shared == nil ? ["SQLite"] : ["SQLite", "PostgreSQL"]
        for store in stores {
            #expect(figure(after: "\(store): enqueue 300 paths:", in: output).map { $0 > 0 } == true, "\(output)")
            #expect(figure(after: "\(store): 40 items through 4 workers:", in: output).map { $0 > 0 } == true, "\(output)")
            #expect(figure(after: "\(store): 4 images read by 2 ocr worker processes:", in: output).map { $0 > 0 } == true,
                    "\(output)")
            let row = try #require(lines.last { $0.hasPrefix(store) }, "\(output)")
            #expect(row.split(separator: " ").count == 7, "enqueue, two worker counts, two readings and their ratio: \(row)")
        }
    }

    @Test(.enabled(if: PostgresServer.shared != nil, PostgresServer.unavailableReason))
    func refusesADatabaseThatHoldsAQueue() async throws {
        let url = try await #require(PostgresServer.shared).makeDatabase()
        var first = QueueBenchmark(pathCount: 10, itemCount: 1)
        first.workerCounts = [1]
        first.postgresURL = url
        try await first.run { _ in }
        await #expect {
            try await first.run { _ in }
        } throws: { error in
            "\(error)".contains("holds a queue")
        }
    }
}
