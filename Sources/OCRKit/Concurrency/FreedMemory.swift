import Synchronization

/// The moments OCRKit has just freed much memory, and what the process does at them.
///
/// An engine frees tens or hundreds of megabytes at a time: after a page's detection, when a
/// worker thread ends, when a C library's handle is released. Whether the process then gives
/// that memory back to the system, and how, is the process's choice rather than a library's:
/// by default nothing happens at these moments, and the C library's allocator keeps freed memory
/// as it always does. An executable chooses once, at start. OCRKitEngines'
/// `ProcessMemory.giveFreedMemoryBack()` is the choice the `ocr` tool makes; a handler of your
/// own is set the same way:
///
/// ```swift
/// FreedMemory.setHandler { print("OCRKit has just freed much memory") }
/// FreedMemory.setHandler(nil)   // nothing, as by default
/// ```
public enum FreedMemory {
    private static let handler = Mutex<(@Sendable () -> Void)?>(nil)

    /// Runs `handler` at each such moment from now on, on the thread that freed the memory, in
    /// place of the one before; `nil` runs nothing.
    public static func setHandler(_ handler: (@Sendable () -> Void)?) {
        self.handler.withLock { $0 = handler }
    }

    /// Called where OCRKit has just freed much memory.
    package static func handle() {
        handler.withLock { $0 }?()
    }
}
