import Foundation
import Hummingbird
import Logging
import OCRKit
import OCRKitEngines
import OCRKitQueue

/// OCR over HTTP: read an image now, queue batches and follow their events, with the engines,
/// options and queue `ocr` has. What `ocr serve` runs.
///
/// ```swift
/// let settings = EngineSettings(.auto)
/// let reader = try PageReader(settings: settings)
/// let processor = OCRProcessor(store: try SQLiteQueueStore(path: queuePath), reader: reader)
/// let server = OCRServer(configuration: ServerConfiguration(port: 0), reader: reader, settings: settings, processor: processor)
/// try await server.run { port in print("listening on \(port)") }
/// ```
///
/// The API (docs/openapi.yaml): `POST /v1/read`, `POST /v1/batches`, `GET /v1/batches[/{id}]`,
/// `GET /v1/batches/{id}/results` and `/failures`, `POST /v1/batches/{id}/cancel` and `/retry`,
/// `GET /v1/items/{id}` and its `/image`,
/// `GET /v1/events` (Server-Sent Events), `GET /health`, `GET /ready`, `GET /metrics` (Prometheus).
/// Every failure is answered
/// with a JSON ``APIError``.
public struct OCRServer: Sendable {
    public let configuration: ServerConfiguration
    public let processor: OCRProcessor
    let readers: Readers
    let admission: ReadAdmission
    let metrics = ServerMetrics()
    let logger: Logger

    /// - Parameters:
    ///   - reader: the server's default reader, the one batches are read with.
    ///   - settings: how `reader`'s engine was set up: calls naming another engine get it set up alike.
    ///   - processor: the queue batches go through, reading with `reader`.
    public init(configuration: ServerConfiguration, reader: PageReader, settings: EngineSettings, processor: OCRProcessor,
                logger: Logger = Logger(label: "ocr-serve")) {
        self.configuration = configuration
        self.processor = processor
        readers = Readers(standard: reader, settings: settings)
        admission = ReadAdmission(workers: settings.jobs, limits: configuration.limits)
        self.logger = logger
    }

    /// The service to run: routes, the bearer token check, and the queue's processor, which starts
    /// with it and stops after the last request in flight has been answered.
    ///
    /// - Parameter onServerRunning: called with the port once the server listens (port 0 picks a free one).
    /// - Throws: an ``OCRKit/OCRError`` when the configuration is not safe to run (``ServerConfiguration/validate()``).
    public func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        try configuration.validate()
        return Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port),
                                                    serverName: "OCRKit"),
            services: [ProcessorService(processor: processor)],
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// Serves until SIGTERM or SIGINT, then drains: no new call is taken, those in flight are
    /// answered, event streams end, and the processor stops.
    ///
    /// - Parameter onServerRunning: called with the port once the server listens.
    public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await application(onServerRunning: onServerRunning).runService()
    }

    func router() -> Router<BasicRequestContext> {
        routeTable().router
    }

    /// The router, with the table of its routes.
    func routeTable() -> (router: Router<BasicRequestContext>, table: RouteTable) {
        let router = Router(), table = RouteTable()
        let routes = Routes(router: router, table: table)
        router.add(middleware: MetricsMiddleware(metrics: metrics))
        router.add(middleware: ErrorMiddleware(routes: table))
        router.add(middleware: TokenMiddleware(token: configuration.token,
                                               open: Set(["/health", "/ready"] + WebPage.files.map(\.path))))
        addPageRoutes(to: routes)
        addHealthRoutes(to: routes)
        addLanguageRoutes(to: routes)
        addReadRoutes(to: routes)
        addBatchRoutes(to: routes)
        addItemRoutes(to: routes)
        addEventRoutes(to: routes)
        return (router, table)
    }
}
