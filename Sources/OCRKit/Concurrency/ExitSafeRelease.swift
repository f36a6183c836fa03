import Foundation

/// Releases a C library's objects without racing the process's exit.
///
/// When a program ends, `exit` runs the C and C++ libraries' own clean-up: their static objects
/// are destroyed. An engine dropped at that moment releases its handles on another thread, and
/// a Tesseract handle whose library is half torn down crashes the process (`ocr scan` did, one
/// run in two). Owners of C handles therefore release them through ``perform(_:_:)``, and call
/// ``prepare(_:)`` once their library has done real work:
///
/// - `prepare` registers, once for each library, an exit handler that runs before the clean-up
///   of everything the library set up until then (exit handlers run in reverse order of
///   registration). The handler marks the process as exiting and waits for releases under way.
/// - `perform` releases at once, unless the process is exiting: then it does nothing, for the
///   memory goes with the process anyway.
///
/// ```swift
/// final class ScratchBuffer {
///     let bytes = malloc(1 << 20)!
///     deinit { ExitSafeRelease.perform("libc") { free(bytes) } }
/// }
/// ```
public enum ExitSafeRelease {
    /// Guards the three variables below.
    private static let condition = NSCondition()
    nonisolated(unsafe) private static var exiting = false
    nonisolated(unsafe) private static var releasing = 0
    nonisolated(unsafe) private static var prepared: Set<String> = []

    /// Registers the exit handler for `library`, the first time it is called for it.
    public static func prepare(_ library: String) {
        condition.lock()
        let isNew = prepared.insert(library).inserted
        condition.unlock()
        if isNew { atexit { ExitSafeRelease.waitForReleases() } }
    }

    /// Runs `release`, unless the process is exiting; an exit that begins meanwhile waits for it.
    public static func perform(_ library: String, _ release: () -> Void) {
        condition.lock()
        if exiting {
            condition.unlock()
            return
        }
        releasing += 1
        condition.unlock()
        prepare(library)
        release()
        FreedMemory.handle()
        condition.lock()
        releasing -= 1
        if releasing == 0 { condition.broadcast() }
        condition.unlock()
    }

    private static func waitForReleases() {
        condition.lock()
        exiting = true
        while releasing > 0 { condition.wait() }
        condition.unlock()
    }
}
