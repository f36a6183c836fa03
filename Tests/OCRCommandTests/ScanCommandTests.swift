import Foundation
import OCRKit
import OCRKitBench
import OCRKitImages
import OCRKitQueue
import OCRKitQueueSQLite
import OCRKitTestSupport
import Testing

@Suite(.heavy(hangGuard: .seconds(300))) struct ScanCommandTests {
    let folder: TemporaryFolder
    let images: String

    init() throws {
        folder = try TemporaryFolder()
        images = folder.file("images")
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
    }

    private func writeImages(_ count: Int) throws {
        for index in 0..<count {
            let text = "Kill test page \(index)\nwith a second line \(index * 31)\n"
                + "and a third, so that reading takes long\nenough to be interrupted mid-way\nby a kill \(index % 7)"
            try ImageWriter.write(try TextRenderer.render(text), to: (images as NSString).appendingPathComponent("page\(index).png"))
        }
    }

    /// Every event the queue at `database` recorded, oldest first.
    private func events(in database: String) async throws -> [ProcessorEvent] {
        try await SQLiteQueueStore(path: database).events(after: .beginning, limit: 100_000)
    }

    /// `ocr scan` crashed one run in two as it exited: its engines were dropped on other threads
    /// while the libraries cleaned up (now ExitSafeRelease's concern).
    @Test func scanExitsCleanlyEveryTime() async throws {
        let samples = ["letter.png", "receipt.jpg", "notice.webp"].map {
            SharedData.packageRoot.appendingPathComponent("Samples").appendingPathComponent($0).path
        }
        for run in 0..<4 {
            let result = try await ocr(["scan", "--db", folder.file("exit\(run).sqlite")] + samples)
            #expect(result.status == 0, "run \(run): \(result.errors)")
        }
    }

    @Test func everyImageIsReadExactlyOnceWhateverTheKills() async throws {
        try writeImages(40)
        let reference = folder.file("reference.sqlite"), killed = folder.file("killed.sqlite")

        let uninterrupted = try await ocr(["scan", images, "--db", reference])
        #expect(uninterrupted.status == 0, "\(uninterrupted.errors)")
        let expected = try await ocr(["results", "--db", reference]).output

        // Kill `ocr scan` at random moments until it has been killed 5 times mid-work: with the
        // batch queued. A kill before that interrupts nothing, so the first run is given the time
        // to queue it, however long a loaded machine takes to start it (CI once killed 60 runs
        // that had not got there).
        var kills: [Double] = []
        var runs = 0
        func isQueued() async throws -> Bool { try await SQLiteQueueStore(path: killed).progress(of: nil).total > 0 }
        while kills.count < 5 && runs < 60 {
            runs += 1
            let queued = try await isQueued()
            let process = try startOCR(["scan", "--db", killed] + (queued ? [] : [images]))
            while !queued, process.isRunning, !(try await isQueued()) { try await Task.sleep(for: .milliseconds(20)) }
            let delay = Double.random(in: 0.1...0.6)
            try await Task.sleep(for: .seconds(delay))
            guard process.isRunning else { break }
            let midWork = try await isQueued()
            process.signal(SIGKILL)
            process.wait()
            if midWork { kills.append(delay) }
        }
        #expect(kills.count >= 5, "the queue finished before 5 kills mid-work; kills at \(kills)")

        // Started again as a user would: with the paths if the batch never got queued.
        let resumed = try await ocr(["scan", "--db", killed] + (try await isQueued() ? [] : [images]))
        #expect(resumed.status == 0, "\(resumed.errors)")
        #expect(try await ocr(["results", "--db", killed]).output == expected, "kills at \(kills)")

        let store = try SQLiteQueueStore(path: killed)
        #expect(try await store.progress(of: nil) == BatchProgress(completed: 40))
        let completions = try await events(in: killed).filter { if case .completed = $0.kind { true } else { false } }
        #expect(completions.count == 40)
        #expect(Set(completions.map(\.item)).count == 40)
        let results = try await store.results(batch: nil, unconsumedOnly: false)
        #expect(results.allSatisfy { (1...3).contains($0.attempts) })
    }

    @Test func twoProcessesShareOneQueueWithoutReadingAnImageTwice() async throws {
        try writeImages(30)
        let database = folder.file("shared.sqlite")
        let first = try startOCR(["scan", images, "--db", database, "--mode", "background"])
        // The second joins once the first has queued the batch.
        while try await SQLiteQueueStore(path: database).progress(of: nil).total == 0 {
            try await Task.sleep(for: .milliseconds(20))
        }
        let second = try startOCR(["scan", "--db", database, "--mode", "background"])
        let (firstEnded, secondEnded) = (await first.ended(), await second.ended())
        #expect(firstEnded.exitCode == 0 && secondEnded.exitCode == 0)

        let store = try SQLiteQueueStore(path: database)
        let results = try await store.results(batch: nil, unconsumedOnly: false)
        #expect(results.count == 30)
        // Each claim counts an attempt: one attempt each means no image was ever leased twice.
        #expect(results.allSatisfy { $0.attempts == 1 })
        #expect(try await events(in: database).count == 30)
    }

    /// `ocr scan --structure` stores each page's regions and tables with it: the results come
    /// back with them, as Markdown and as CSV-ready cells, without reading the page again.
    @Test(.enabled(if: InstalledDependencies.hasLayoutModel, InstalledDependencies.missingTableModelReason))
    func scanWithStructureStoresEachPagesTables() async throws {
        let rendered = try RenderedTablePage(.invoice, style: .unruled, seed: 4)
        try ImageWriter.write(rendered.image, to: (images as NSString).appendingPathComponent("invoice.png"))
        try writeImages(1)
        let database = folder.file("queue.sqlite")
        let scan = try await ocr(["scan", images, "--db", database, "--structure"])
        #expect(scan.status == 0, "\(scan.errors)")

        let results = try await SQLiteQueueStore(path: database).results(batch: nil, unconsumedOnly: false)
        let invoice = try #require(results.first { $0.page.image.hasSuffix("invoice.png") }?.page)
        let truth = try #require(rendered.truths.first)
        #expect(invoice.tables.count == 1 && invoice.tables.first?.rowCount == truth.rowCount, "\(invoice.tables)")
        #expect(invoice.regions.first?.kind == .title && invoice.regions.contains { $0.kind == .table }, "\(invoice.regions.map(\.kind))")
        // A page with no table is stored with its regions and no table.
        let prose = try #require(results.first { $0.page.image.hasSuffix("page0.png") }?.page)
        #expect(prose.tables.isEmpty && !prose.regions.isEmpty)

        let markdown = try await ocr(["results", "--db", database, "--format", "markdown"])
        #expect(markdown.status == 0 && markdown.output.contains("# \(rendered.title)"), "\(markdown.output)\(markdown.errors)")
        let header = truth.cells.filter { $0.row == 0 }.map(\.text)
        #expect(markdown.output.contains(header.map { "<th>\($0)</th>" }.joined()) || markdown.output.contains("| \(header.joined(separator: " | ")) |"),
                "\(markdown.output)")
    }

    @Test func corruptFilesFailOnceWithTheirCodeAndTheRestAreRead() async throws {
        try writeImages(3)
        let broken = try folder.write(Array(Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]) + Data(count: 64)),
                                      to: "images/broken.jpg")
        let database = folder.file("queue.sqlite")
        let result = try await ocr(["scan", images, "--db", database])
        #expect(result.status == 1)
        #expect(result.errors.contains("\(broken): corrupt"))
        #expect(result.errors.contains("3 completed, 1 failed"))
        let status = try await ocr(["status", "--db", database, "--failures"]).output
        #expect(status.contains("[corrupt, 1 attempts]"))

        let text = try await ocr(["results", "--db", database, "--format", "text"]).output
        #expect(text.contains("Kill test page 2"))
        #expect(text.contains("with a second line 62"))
        #expect(try await ocr(["cancel", "--db", database]).output == "0 images cancelled.\n")
        #expect(try await ocr(["retry", "--db", database]).output.hasPrefix("1 images queued again"))
    }
}
