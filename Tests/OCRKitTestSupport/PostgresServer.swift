import Foundation
import OCRKit
import OCRKitProcesses
import Synchronization
import Testing

/// A throw-away PostgreSQL cluster for the tests: made with `initdb` in a temporary folder on
/// first use, listening on a free loopback port, and stopped and removed when the test process
/// exits. As root it runs as the `postgres` user, since PostgreSQL refuses to run as root.
///
/// ```swift
/// let url = try await PostgresServer.shared!.makeDatabase()   // postgres://postgres@127.0.0.1:PORT/NAME
/// ```
public final class PostgresServer: Sendable {
    /// The cluster, started on first use; `nil` where PostgreSQL's server is not installed or
    /// could not start (see ``unavailableReason``, and ``started`` for why).
    public static var shared: PostgresServer? { try? started.get() }

    /// The cluster, or why it could not start.
    public static let started = Result { try PostgresServer() }

    /// Whether PostgreSQL's server is installed here (as scripts/setup installs it), so that
    /// the cluster should start.
    public static var isInstalled: Bool { installedBinaries != nil }

    /// The folder of the newest installed PostgreSQL's programs.
    private static var installedBinaries: String? {
        guard let version = try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql").max(),
              FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\(version)/bin/initdb") else { return nil }
        return "/usr/lib/postgresql/\(version)/bin"
    }

    public static var unavailableReason: Comment {
        "needs PostgreSQL's server (Debian's postgresql package, which scripts/setup installs) able to start here"
    }

    public let port: Int
    private let folder: String
    private let binaries: String

    /// Makes and starts a cluster of its own, stopped by ``stop()`` or when the process exits.
    ///
    /// - Parameters:
    ///   - addresses: the addresses it listens on, all with the same free port.
    ///   - clients: networks (`10.0.0.0/8`) besides loopback whose connections it trusts.
    ///   - tls: PEM files of a certificate and its key: the server then accepts encrypted
    ///     connections only, besides its Unix socket.
    public init(listeningOn addresses: [String] = ["127.0.0.1"], trusting clients: [String] = [],
                tls: (certificate: String, key: String)? = nil) throws {
        guard let binaries = Self.installedBinaries else { throw ServerError("PostgreSQL's server is not installed") }
        self.binaries = binaries
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-postgres-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if getuid() == 0 { try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: folder) }
        port = try LoopbackPort.unused()
        try Self.run("\(binaries)/initdb", ["-D", "\(folder)/data", "-A", "trust", "-U", "postgres", "--no-sync"])
        let access = "\(folder)/data/pg_hba.conf"
        var rules = try String(contentsOfFile: access, encoding: .utf8) + clients.map { "host all all \($0) trust\n" }.joined()
        var settings = "-p \(port) -k \(folder) -c listen_addresses=\(addresses.joined(separator: ",")) -c fsync=off"
        if let tls {
            rules = rules.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("host ") ? "hostssl" + $0.dropFirst(4) : $0 }.joined(separator: "\n")
            // The server reads them as its own user, and refuses a key others can read.
            for (source, name) in [(tls.certificate, "server.crt"), (tls.key, "server.key")] {
                try FileManager.default.copyItem(atPath: source, toPath: "\(folder)/\(name)")
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: "\(folder)/\(name)")
                if getuid() == 0 { try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: "\(folder)/\(name)") }
            }
            settings += " -c ssl=on -c ssl_cert_file=\(folder)/server.crt -c ssl_key_file=\(folder)/server.key"
        }
        try rules.write(toFile: access, atomically: false, encoding: .utf8)
        try Self.run("\(binaries)/pg_ctl", ["-D", "\(folder)/data", "-l", "\(folder)/log", "-w", "start", "-o", settings])
        Self.running.withLock { $0[folder] = binaries }
        Self.stopAtExitOnce
    }

    /// A new, empty database in the cluster, as a URL.
    public func makeDatabase() async throws -> String {
        let name = "ocrkit_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await execute("CREATE DATABASE \(name)", in: "postgres")
        return "postgres://postgres@127.0.0.1:\(port)/\(name)"
    }

    /// Runs SQL statements in `database`, a name or a URL from ``makeDatabase()``.
    public func execute(_ sql: String, in database: String) async throws {
        let name = URL(string: database)?.lastPathComponent ?? database
        try await offThePool { [binaries, port] in
            try Self.run("\(binaries)/psql", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", name, "-q",
                                              "-v", "ON_ERROR_STOP=1", "-c", sql])
        }
    }

    /// Restarts the server at once (`-m immediate`), as a crash and its recovery would.
    public func restart() async throws {
        try await offThePool { [binaries, folder] in
            try Self.run("\(binaries)/pg_ctl", ["-D", "\(folder)/data", "-w", "restart", "-m", "immediate"])
        }
    }

    /// Stops the server and removes its files.
    public func stop() {
        Self.running.withLock { $0[folder] = nil }
        Self.stop(folder: folder, binaries: binaries)
    }

    /// Runs a PostgreSQL program, as the `postgres` user when this process is root.
    private static func run(_ program: String, _ arguments: [String]) throws {
        let command = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] + arguments : [program] + arguments
        let messages = FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-postgres-\(UUID().uuidString).err").path
        defer { try? FileManager.default.removeItem(atPath: messages) }
        let outcome = try ChildProcess.run(command[0], Array(command.dropFirst()), errors: messages)
        guard outcome.status == 0 else {
            let message = (try? String(contentsOfFile: messages, encoding: .utf8)) ?? ""
            throw ServerError("\((program as NSString).lastPathComponent) failed (status \(outcome.status)): \(message)")
        }
    }

    /// The clusters running, by folder, with their programs' folder.
    private static let running = Mutex<[String: String]>([:])

    private static let stopAtExitOnce: Void = {
        atexit {
            for (folder, binaries) in PostgresServer.running.withLock({ $0 }) { PostgresServer.stop(folder: folder, binaries: binaries) }
        }
    }()

    private static func stop(folder: String, binaries: String) {
        try? run("\(binaries)/pg_ctl", ["-D", "\(folder)/data", "-m", "immediate", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    private struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
