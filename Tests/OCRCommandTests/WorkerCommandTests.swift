import Foundation
import OCRKit
import OCRKitImages
import OCRKitQueue
import OCRKitQueuePostgres
import OCRKitTestSupport
import Testing

/// `ocr worker`, `ocr scan` and the queue commands on a PostgreSQL queue.
@Suite(.enabled(if: PostgresServer.shared != nil, PostgresServer.unavailableReason), .heavy(hangGuard: .seconds(180)))
struct WorkerCommandTests {
    let folder: TemporaryFolder
    let url: String

    init() async throws {
        folder = try TemporaryFolder()
        url = try await #require(PostgresServer.shared).makeDatabase()
    }

    private func images(_ count: Int) throws -> [String] {
        try (0..<count).map { index in
            let path = folder.file("page\(index).png")
            try ImageWriter.write(try TextRenderer.render("Worker page \(index)"), to: path)
            return path
        }
    }

    @Test func workersShareTheQueueAndStopCleanlyOnSIGTERM() async throws {
        let store = try await PostgresQueueStore(url: url)
        let workers = try (0..<2).map { _ in try startOCR(["worker", "--db", url, "--jobs", "1", "--engine", "tesseract"]) }
        let paths = try images(10)
        let batch = try await store.addBatch(name: nil, paths: paths, options: RecognitionOptions(), document: nil, now: Date())
        let deadline = ContinuousClock.now + .seconds(120)
        while try await store.progress(of: batch).pending > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
        }
        for worker in workers { worker.signal(SIGTERM) }
        var outcomes: [ChildProcess.Outcome] = []
        for worker in workers { outcomes.append(await worker.ended()) }
        #expect(outcomes.map(\.exitCode) == [0, 0])
        #expect(outcomes.allSatisfy { $0.exited })

        let results = try await store.results(batch: batch, unconsumedOnly: false)
        #expect(results.map(\.page.text) == (0..<10).map { "Worker page \($0)" })
        #expect(results.allSatisfy { $0.attempts == 1 }, "an image was read twice")
        #expect(try await store.events(after: .beginning, limit: 100).count == 10)
        await store.close()
    }

    @Test func scanStatusAndResultsWorkOnAPostgresQueue() async throws {
        let paths = try images(3), url = url
        let scan = try await ocr(["scan", "--db", url, "--engine", "tesseract"] + paths)
        #expect(scan.status == 0, "\(scan.errors)")
        // The URL may come from the environment instead, to keep a password off the command line.
        let status = try await ocr(["status"], environment: ["OCRKIT_QUEUE_URL": url])
        #expect(status.output.contains("3 images: 3 completed, 0 failed, 0 cancelled, 0 pending"), "\(status.output)\(status.errors)")
        let results = try await ocr(["results", "--db", url, "--format", "text"])
        #expect(results.output.contains("Worker page 2"), "\(results.output)")
    }

    @Test func uploadedImagesAreReadByWorkersThatDoNotSeeTheFiles() async throws {
        let paths = try images(3)
        let url = url
        let scan = try await ocr(["scan", "--db", url, "--upload", "--queue-only"] + paths)
        #expect(scan.status == 0, "\(scan.errors)")
        #expect(scan.errors.contains("3 images queued") && scan.errors.contains("with their contents"), "\(scan.errors)")
        for path in paths { try FileManager.default.removeItem(atPath: path) }

        let store = try await PostgresQueueStore(url: url)
        #expect(try await store.progress(of: nil).pending == 3, "--queue-only reads nothing")
        let worker = try startOCR(["worker", "--db", url, "--engine", "tesseract"])
        let deadline = ContinuousClock.now + .seconds(120)
        while try await store.progress(of: nil).pending > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
        }
        worker.signal(SIGTERM)
        await worker.ended()
        let results = try await store.results(batch: nil, unconsumedOnly: false)
        #expect(results.map(\.page.text) == (0..<3).map { "Worker page \($0)" })
        #expect(results.map(\.image) == paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        await store.close()

        // Their files gone, a searchable PDF of the pages is made from the images the queue stored.
        let pdf = try await ocr(["results", "--db", url, "--format", "pdf"])
        #expect(pdf.status == 0, "\(pdf.errors)")
        let folder = try TemporaryFolder()
        let written = try folder.write(pdf.outputData, to: "results.pdf")
        if hasPDFToText { #expect(try pdfPages(written) == (0..<3).map { "Worker page \($0)" }) }
    }

    @Test func aDatabaseThatCannotBeReachedIsNamedWithoutItsPassword() async throws {
        let result = try await ocr(["status", "--db", "postgres://ocr:secret@127.0.0.1:1/ocr"])
        #expect(result.status != 0)
        #expect(result.errors.contains("postgres://ocr:***@127.0.0.1:1/ocr"), "\(result.errors)")
        #expect(!result.errors.contains("secret"))
    }
}
