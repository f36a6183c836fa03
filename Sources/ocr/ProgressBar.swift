import Foundation

/// A one-line progress bar on standard error, redrawn in place: shown only when standard error
/// is a terminal, so logs and pipes get clean output.
///
/// ```
/// [##########..........]  12/24  1 failed  3.1 images/s  0:04 left
/// ```
struct ProgressBar {
    private var total: Int
    private let start = ContinuousClock.now
    private let enabled: Bool
    private var done = 0
    private var failed = 0
    /// Images already done when the bar started, as when a queue resumes: not part of the rate.
    private let doneBefore: Int
    private var drawn = false

    init(total: Int, alreadyDone: Int = 0, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        self.done = alreadyDone
        self.doneBefore = alreadyDone
        self.enabled = enabled && total > 1
    }

    /// Shows `done` of `total` images finished, `failed` of them failed.
    mutating func update(done: Int, failed: Int, total: Int? = nil) {
        self.done = done
        self.failed = failed
        if let total { self.total = total }
        draw()
    }

    /// Writes a message on a line of its own, keeping the bar below it.
    mutating func report(_ message: String) {
        clear()
        FileHandle.standardError.write(Data((message + "\n").utf8))
        if drawn { draw() }
    }

    /// Removes the bar, for a clean terminal at the end.
    mutating func finish() {
        clear()
        drawn = false
    }

    private mutating func draw() {
        guard enabled else { return }
        let width = 20
        let filled = total == 0 ? width : width * min(done, total) / total
        let elapsed = (ContinuousClock.now - start).timeInterval
        let rate = elapsed > 0 ? Double(done - doneBefore) / elapsed : 0
        var line = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
        line += "  \(done)/\(total)"
        if failed > 0 { line += "  \(failed) failed" }
        if rate > 0 {
            line += String(format: "  %.1f images/s", rate)
            let left = Int((Double(max(0, total - done)) / rate).rounded())
            line += String(format: "  %d:%02d left", left / 60, left % 60)
        }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
        drawn = true
    }

    private func clear() {
        guard enabled, drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
