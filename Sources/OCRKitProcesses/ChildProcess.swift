import Foundation
import OCRKit
import Synchronization

/// Runs a program, to completion or until stopped, with its outputs in files, and reports what it
/// cost: the benchmark measures every contender this way, ours included, and the tests run their
/// programs and servers this way.
///
/// posix_spawn and wait4 rather than Foundation's Process, which reports no peak memory and did
/// not see `pg_ctl start` end (the server it starts lives on) and waited for ever.
public enum ChildProcess {
    public struct Outcome: Sendable, Equatable {
        /// The wait status: 0 when the program exited with 0.
        public var status: Int32
        /// Whether the program exited, rather than was ended by a signal.
        public var exited: Bool { status & 0x7f == 0 }
        /// The code the program exited with, or the number of the signal that ended it.
        public var exitCode: Int32 { exited ? (status >> 8) & 0xff : status & 0x7f }
        public var seconds: Double
        /// The process's peak resident memory.
        public var peakBytes: Int
        /// The processor time it took, user and system, over every thread.
        public var cpuSeconds: Double = 0
    }

    /// Runs `program` (looked up in `PATH` when it has no slash), standard output to `output`,
    /// standard error to `errors` or discarded, with the environment changed by `environment`
    /// (`nil` removes a variable). Blocks until the program ends.
    public static func run(
        _ program: String, _ arguments: [String], output: String = "/dev/null", errors: String = "/dev/null",
        environment: [String: String?] = [:]
    ) throws -> Outcome {
        try start(program, arguments, output: output, errors: errors, environment: environment).wait()
    }

    /// Starts `program` as ``run(_:_:output:errors:environment:)`` runs it, standard output and
    /// standard error appended to `output` and `errors` when `appending`, and returns at once: for
    /// a server the caller stops, or workers it kills. A named pipe as an output needs its reader
    /// open first: starting returns once the child has opened its outputs.
    ///
    /// ```swift
    /// let child = try ChildProcess.start("sleep", ["60"])
    /// child.signal(SIGTERM)
    /// let outcome = await child.ended()    // ended by SIGTERM: outcome.exitCode, its time and peak memory
    /// ```
    public static func start(
        _ program: String, _ arguments: [String], output: String = "/dev/null", errors: String = "/dev/null",
        appending: Bool = false, environment: [String: String?] = [:]
    ) throws -> Running {
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let writing = O_WRONLY | O_CREAT | (appending ? O_APPEND : O_TRUNC)
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output, writing, 0o644)
        if errors == output {
            posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errors, writing, 0o644)
        }

        // Every signal as a new program expects it, whatever this process ignores or blocks (a
        // process watching SIGTERM through a dispatch source ignores it, which a child inherits).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw OCRError(.engineUnavailable, path: program,
                           reason: "cannot start it, writing to \(output): \(String(cString: strerror(spawned)))")
        }
        return Running(pid: pid)
    }

    /// A program ``start(_:_:output:errors:appending:environment:)`` started: signalled, polled
    /// and waited for from any thread.
    public final class Running: Sendable {
        public let pid: pid_t
        private let started = ContinuousClock.now
        /// How it ended, once it has been reaped. Reaping happens under this lock only, so that
        /// a poll and a wait never both reap (the second would find no child).
        private let outcome = Mutex<Outcome?>(nil)

        init(pid: pid_t) {
            self.pid = pid
        }

        /// Sends `signal` (SIGTERM by default), unless it has ended.
        public func signal(_ signal: Int32 = SIGTERM) {
            outcome.withLock { if $0 == nil { _ = kill(pid, signal) } }
        }

        /// Whether it is still running.
        public var isRunning: Bool { reap(blocking: false) == nil }

        /// Waits until it ends, blocking the thread.
        @discardableResult
        public func wait() -> Outcome {
            // Waits without reaping, outside the lock, so that polls and signals go on meanwhile.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            return reap(blocking: true)!
        }

        /// Waits until it ends, off Swift's cooperative threads.
        @discardableResult
        public func ended() async -> Outcome {
            await offThePool { self.wait() }
        }

        private func reap(blocking: Bool) -> Outcome? {
            outcome.withLock { outcome in
                if let outcome { return outcome }
                var status: Int32 = 0
                var usage = rusage()
                var reaped: pid_t
                repeat { reaped = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage) } while reaped < 0 && errno == EINTR
                guard reaped == pid else { return nil }
                // Linux reports ru_maxrss in kilobytes.
                outcome = Outcome(status: status, seconds: (ContinuousClock.now - started).timeInterval,
                                  peakBytes: Int(usage.ru_maxrss) * 1024,
                                  cpuSeconds: Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                                      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000)
                return outcome
            }
        }
    }

    /// The same, waited for off Swift's cooperative threads (``Running/ended()``): a benchmark's
    /// reader runs for minutes.
    public static func run(
        _ program: String, _ arguments: [String], output: String = "/dev/null", errors: String = "/dev/null",
        environment: [String: String?] = [:]
    ) async throws -> Outcome {
        try await start(program, arguments, output: output, errors: errors, environment: environment).ended()
    }
}
