import Foundation

/// The processor time this process has taken, user and system apart, over every thread: what a
/// benchmark run in-process costs (`ChildProcess` in `OCRKitProcesses` measures the programs it runs).
///
/// ```swift
/// let before = ProcessorTime.ofThisProcess()
/// try await benchmark.run { print($0) }
/// let spent = ProcessorTime.ofThisProcess() - before   // spent.user, spent.system in seconds
/// ```
public struct ProcessorTime: Sendable, Equatable {
    /// Seconds spent running the process's own code.
    public var user: Double
    /// Seconds the kernel spent working for it: system calls, page faults.
    public var system: Double

    public var total: Double { user + system }

    /// The time taken so far, from `getrusage`.
    public static func ofThisProcess() -> ProcessorTime {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return ProcessorTime(user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
    }

    public static func - (later: ProcessorTime, earlier: ProcessorTime) -> ProcessorTime {
        ProcessorTime(user: later.user - earlier.user, system: later.system - earlier.system)
    }
}
