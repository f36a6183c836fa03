import Foundation
import Hummingbird
import HummingbirdTesting
import OCRKit
import OCRKitEngines
import OCRKitImages
import OCRKitQueue
import OCRKitQueueSQLite
import OCRKitServer
import OCRKitTestSupport
import Testing

/// A server reading with Tesseract (quick on rendered text) over a SQLite queue in a temporary
/// folder: what each test calls, through Hummingbird's test client or a real socket.
struct ServerFixture {
    let folder: TemporaryFolder
    let server: OCRServer

    /// - Parameters:
    ///   - workers: images read at once.
    ///   - maximumPixels: the reader's limit of pixels an image may have.
    ///   - structure: what of each page's structure batches are read with (`ocr serve --structure`).
    init(configuration: ServerConfiguration = ServerConfiguration(port: 0), workers: Int = 2,
         maximumPixels: Int = ImageLoadingOptions().maximumPixelCount, structure: StructureReading? = nil) throws {
        folder = try TemporaryFolder()
        let settings = EngineSettings(.tesseract, jobs: workers)
        let reader = try PageReader(settings: settings, loading: ImageLoadingOptions(maximumPixelCount: maximumPixels),
                                    straightensPhotos: true, structure: structure)
        var processing = OCRProcessor.Configuration(diskPath: folder.path)
        processing.jobs = workers
        processing.retryDelay = .milliseconds(50)
        processing.maximumAttempts = 1
        let processor = OCRProcessor(store: try SQLiteQueueStore(path: folder.file("queue.sqlite")), reader: reader,
                                     configuration: processing)
        server = OCRServer(configuration: configuration, reader: reader, settings: settings, processor: processor)
    }

    /// Runs `test` against the server through Hummingbird's router test client.
    func test<Value: Sendable>(_ test: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await server.application().test(.router, test)
    }

    /// Runs `test` against the server listening on a free loopback port; `test` gets the port.
    func live<Value: Sendable>(_ test: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await server.application().test(.live, test)
    }
}

/// `text` rendered as a scan, JPEG-compressed: an upload.
func scan(_ text: String) throws -> ByteBuffer {
    ByteBuffer(bytes: try ImageWriter.jpegData(try TextRenderer.render(text, font: "DejaVu Serif 12"), quality: 95))
}

/// A multipart/form-data body holding `files` (name, contents) as `images` fields.
func form(_ files: [(name: String, contents: ByteBuffer)], boundary: String = "ocrkit-test-boundary") -> (body: ByteBuffer, contentType: String) {
    var body = ByteBuffer()
    for file in files {
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"images\"; filename=\"\(file.name)\"\r\n")
        body.writeString("Content-Type: application/octet-stream\r\n\r\n")
        body.writeImmutableBuffer(file.contents)
        body.writeString("\r\n")
    }
    body.writeString("--\(boundary)--\r\n")
    return (body, "multipart/form-data; boundary=\(boundary)")
}

/// The JSON error an answer holds: its code and message.
func apiError(_ response: TestResponse) throws -> (code: String, message: String) {
    let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
    let error = try #require(json["error"] as? [String: String], "not an API error: \(String(buffer: response.body))")
    return (error["code"] ?? "", error["message"] ?? "")
}

extension TestResponse {
    var text: String { String(buffer: body) }
}
