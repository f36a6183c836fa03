import ArgumentParser
import Foundation
import OCRKit
import OCRKitQueue

struct Worker: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read images from a shared queue until stopped: one of many workers, on any machine.",
        discussion: """
            Takes images from the queue (--db: a postgres:// URL that workers on many machines share, \
            or a SQLite file) and reads them until stopped. It never adds images: `ocr scan` does. \
            Ctrl-C or SIGTERM stops it cleanly: the images being read are finished and stored first, \
            and the rest stay queued for the other workers (press it again to quit at once; the \
            images being read then go back to the queue when their lease runs out).

            Example:
              OCRKIT_QUEUE_URL=postgres://ocr:secret@db.example/ocr ocr worker --jobs 2
            """
    )

    @OptionGroup var queue: QueueArguments

    @Option(help: "Images read at once: at most one a core.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp(
        "How long an image stays with this worker without word from it (a crash, a cut network); then others take it back.",
        valueName: "seconds"))
    var lease = 60

    @OptionGroup(title: "Recognition")
    var recognition: RecognitionArguments

    func validate() throws {
        guard jobs > 0 else { throw ValidationError("--jobs must be positive") }
        guard lease >= 3 else { throw ValidationError("--lease must be at least 3 seconds: the worker renews it every third") }
    }

    func run() async throws {
        try await queue.withStore { store in try await work(store) }
    }

    private func work(_ store: any QueueStore) async throws {
        // Queued work may ask to straighten photos, whatever this worker's options.
        let reader = try recognition.makeReader(jobs: jobs, straightensPhotos: true)
        var configuration = OCRProcessor.Configuration(diskPath: queue.database.diskPath)
        configuration.jobs = jobs
        configuration.leaseDuration = .seconds(lease)
        let processor = OCRProcessor(store: store, reader: reader, configuration: configuration)
        let (stopped, stop) = AsyncStream<Void>.makeStream()
        let interrupts = InterruptHandler { stop.finish() }
        defer { interrupts.cancel() }
        let storeProblems = warnAboutStoreProblems(of: processor)
        defer { storeProblems.cancel() }

        await processor.start()
        warn("reading from \(queue.database), \(jobs) at a time; Ctrl-C or SIGTERM stops")
        for await _ in stopped {}
        warn("stopping after the images being read")
        await processor.stop()
        if let progress = try? await store.progress(of: nil) {
            warn("the queue: \(progress.completed) completed, \(progress.failed) failed, \(progress.pending) waiting")
        }
    }
}
