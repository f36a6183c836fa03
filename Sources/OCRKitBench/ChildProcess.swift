import Foundation
import OCRKit

/// Runs a program to completion with its standard output in a file, and reports what it cost:
/// the benchmark measures every contender this way, ours included.
///
/// posix_spawn and wait4 rather than Foundation's Process, which reports no peak memory and did
/// not see `pg_ctl start` end (the server it starts lives on) and waited for ever.
public enum ChildProcess {
    public struct Outcome: Sendable {
        /// The wait status: 0 when the program exited with 0.
        public var status: Int32
        /// The code the program exited with, or the number of the signal that ended it.
        public var exitCode: Int32 { status & 0x7f == 0 ? (status >> 8) & 0xff : status & 0x7f }
        public var seconds: Double
        /// The process's peak resident memory.
        public var peakBytes: Int
    }

    /// Runs `program` (looked up in `PATH` when it has no slash), standard output to `output`,
    /// standard error to `errors` or discarded, with the environment changed by `environment`
    /// (`nil` removes a variable). Blocks until the program ends.
    public static func run(
        _ program: String, _ arguments: [String], output: String = "/dev/null", errors: String = "/dev/null",
        environment: [String: String?] = [:]
    ) throws -> Outcome {
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
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let start = ContinuousClock.now
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, program, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw OCRError(.engineUnavailable, path: program,
                           reason: "cannot start it, writing to \(output): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        // Linux reports ru_maxrss in kilobytes.
        return Outcome(status: status, seconds: (ContinuousClock.now - start).timeInterval, peakBytes: Int(usage.ru_maxrss) * 1024)
    }

    /// The same, waited for off Swift's cooperative threads (``offThePool``): a benchmark's
    /// reader runs for minutes.
    public static func run(
        _ program: String, _ arguments: [String], output: String = "/dev/null", errors: String = "/dev/null",
        environment: [String: String?] = [:]
    ) async throws -> Outcome {
        try await offThePool {
            try run(program, arguments, output: output, errors: errors, environment: environment) as Outcome
        }
    }
}
