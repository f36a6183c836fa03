import Foundation
import Synchronization
import Testing

/// A throw-away PostgreSQL cluster for the tests: made with `initdb` in a temporary folder on
/// first use, listening on a free loopback port, and stopped and removed when the test process
/// exits. As root it runs as the `postgres` user, since PostgreSQL refuses to run as root.
///
/// ```swift
/// let url = try PostgresServer.shared!.makeDatabase()   // postgres://postgres@127.0.0.1:PORT/NAME
/// ```
public final class PostgresServer: Sendable {
    /// The cluster, started on first use; `nil` where PostgreSQL's server is not installed or
    /// could not start (see ``unavailableReason``).
    public static let shared: PostgresServer? = try? PostgresServer()

    public static var unavailableReason: Comment {
        "needs PostgreSQL's server (Debian's postgresql package, which scripts/setup installs) able to start here"
    }

    public let port: Int
    private let folder: String
    private let binaries: String

    private init() throws {
        guard let version = try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql").max(),
              FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\(version)/bin/initdb") else {
            throw ServerError("PostgreSQL's server is not installed")
        }
        binaries = "/usr/lib/postgresql/\(version)/bin"
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-postgres-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if getuid() == 0 { try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: folder) }
        port = try Self.freePort()
        try run("\(binaries)/initdb", ["-D", "\(folder)/data", "-A", "trust", "-U", "postgres", "--no-sync"])
        try run("\(binaries)/pg_ctl", ["-D", "\(folder)/data", "-l", "\(folder)/log", "-w", "start", "-o",
                                       "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off"])
        Self.stopCommand.withLock { $0 = (binaries, folder) }
        atexit { PostgresServer.stopAtExit() }
    }

    /// A new, empty database in the cluster, as a URL.
    public func makeDatabase() throws -> String {
        let name = "ocrkit_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try execute("CREATE DATABASE \(name)", in: "postgres")
        return "postgres://postgres@127.0.0.1:\(port)/\(name)"
    }

    /// Runs SQL statements in `database`, a name or a URL from ``makeDatabase()``.
    public func execute(_ sql: String, in database: String) throws {
        let name = URL(string: database)?.lastPathComponent ?? database
        try run("\(binaries)/psql", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", name, "-q",
                                     "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    /// Restarts the server at once (`-m immediate`), as a crash and its recovery would.
    public func restart() throws {
        try run("\(binaries)/pg_ctl", ["-D", "\(folder)/data", "-w", "restart", "-m", "immediate"])
    }

    /// Runs a PostgreSQL program, as the `postgres` user when this process is root.
    private func run(_ program: String, _ arguments: [String]) throws {
        try Self.run(program, arguments)
    }

    /// posix_spawn and waitpid rather than Foundation's Process, which did not see `pg_ctl start`
    /// end (its server lives on) and waited for ever.
    private static func run(_ program: String, _ arguments: [String]) throws {
        let command = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] + arguments : [program] + arguments
        let messages = FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-postgres-\(UUID().uuidString).err").path
        defer { try? FileManager.default.removeItem(atPath: messages) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, messages, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw ServerError("cannot start \(command[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            let message = (try? String(contentsOfFile: messages, encoding: .utf8)) ?? ""
            throw ServerError("\((program as NSString).lastPathComponent) failed (status \(status)): \(message)")
        }
    }

    private static let stopCommand = Mutex<(binaries: String, folder: String)?>(nil)

    private static func stopAtExit() {
        guard let (binaries, folder) = stopCommand.withLock({ $0 }) else { return }
        try? run("\(binaries)/pg_ctl", ["-D", "\(folder)/data", "-m", "immediate", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A loopback port nobody listens on now.
    private static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ServerError("no socket for a free port") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socket, address, length) == 0 && getsockname(socket, address, &length) == 0
            }
        }
        guard bound else { throw ServerError("no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
