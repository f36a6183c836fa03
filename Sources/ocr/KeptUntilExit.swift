import Synchronization

/// Readers and engines that must live until the process exits.
///
/// Released earlier, engines destroy their C handles on their worker threads, and when the last
/// release came as a command ended, that raced with the libraries' own teardown at exit:
/// Tesseract crashed in `ocr scan`.
enum KeptUntilExit {
    private static let kept = Mutex<[any Sendable]>([])

    static func keep(_ value: any Sendable) {
        kept.withLock { $0.append(value) }
    }
}
