import ArgumentParser
import Foundation
import OCRKit
import OCRKitEngines
import OCRKitQueue
import OCRKitServer

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve OCR over HTTP: read images now, queue batches, stream their events.",
        discussion: """
            Listens on 127.0.0.1:8080 unless told otherwise; on any other address it needs --token \
            (or $\(tokenVariable)), which every call but /health and /ready must then send as \
            `Authorization: Bearer TOKEN`. The API is described in docs/openapi.yaml.

            SIGTERM or Ctrl-C drains: no new call is taken, reads in flight are answered, the queue's \
            images being read are finished and stored, then it exits.

            Examples:
              ocr serve --port 8080
              curl --data-binary @scan.png 'localhost:8080/v1/read?format=text'
              curl -F images=@a.png -F images=@b.png localhost:8080/v1/batches
              curl -N localhost:8080/v1/events
            """
    )

    static let tokenVariable = "OCRKIT_SERVE_TOKEN"

    @Option(help: "The address to listen on: 127.0.0.1 takes calls from this machine only; 0.0.0.0 from any.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one (printed on standard error).")
    var port = 8080

    @Option(help: ArgumentHelp("The bearer token callers must send; required on an address other than loopback.",
                               valueName: "token"))
    var token: String?

    @Option(help: ArgumentHelp("A folder on this machine whose images batches may name by path (nothing outside it).",
                               valueName: "folder"))
    var root: String?

    @Option(help: "Images read at once, calls and batches together (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("The largest request accepted, in megabytes.", valueName: "MB"))
    var maxRequestSize = ServerLimits().maximumRequestBytes >> 20

    @Option(help: "The most images one batch may hold.")
    var maxBatchImages = ServerLimits().maximumBatchImages

    @Option(help: ArgumentHelp("The longest a read may take, waiting for a worker included, before it is answered 408.",
                               valueName: "seconds"))
    var readTimeout = Int(ServerLimits().maximumReadTime.components.seconds)

    @OptionGroup var queue: QueueArguments

    @OptionGroup(title: "Recognition")
    var recognition: RecognitionArguments

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if maxRequestSize < 1 || maxBatchImages < 1 || readTimeout < 1 {
            throw ValidationError("--max-request-size, --max-batch-images and --read-timeout must be positive")
        }
    }

    func run() async throws {
        var limits = ServerLimits()
        limits.maximumRequestBytes = maxRequestSize << 20
        limits.maximumBatchImages = maxBatchImages
        limits.maximumReadTime = .seconds(readTimeout)
        let configuration = ServerConfiguration(host: host, port: port,
                                                token: token ?? ProcessInfo.processInfo.environment[Self.tokenVariable],
                                                root: root, limits: limits)
        do { try configuration.validate() } catch let error as OCRError { throw ValidationError(error.description) }

        let settings = recognition.engineSettings(jobs: jobs)
        let reader = try recognition.makeReader(settings: settings, straightensPhotos: true)
        try await queue.withStore { store in
            var processing = OCRProcessor.Configuration(diskPath: queue.database.diskPath)
            processing.jobs = jobs
            let processor = OCRProcessor(store: store, reader: reader, configuration: processing)
            let storeProblems = warnAboutStoreProblems(of: processor)
            defer { storeProblems.cancel() }
            let server = OCRServer(configuration: configuration, reader: reader, settings: settings, processor: processor,
                                   logger: diagnostics)
            try await server.run { port in
                warn("serving on http://\(host.contains(":") ? "[\(host)]" : host):\(port)/ with queue \(queue.database); Ctrl-C or SIGTERM stops")
            }
            warn("stopped")
        }
    }
}
