import OCRKitQueue
import ServiceLifecycle

/// The queue's processor as a service of the server: it starts with it, and stops (giving back
/// what it has not finished, to be read again) once the server has answered its last request.
struct ProcessorService: Service {
    let processor: OCRProcessor

    func run() async throws {
        await processor.start()
        try? await gracefulShutdown()
        await processor.stop()
    }
}
