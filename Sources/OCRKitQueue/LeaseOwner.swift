import Foundation

/// Who holds a lease: this host, this process, and a token for this processor, written
/// `host/pid/token`. On the same host, a lease whose process is gone can be taken back at once
/// instead of when it expires.
struct LeaseOwner: Hashable, Sendable {
    var host: String
    var pid: Int32
    var token: String

    static func current() -> LeaseOwner {
        LeaseOwner(host: ProcessInfo.processInfo.hostName, pid: getpid(), token: UUID().uuidString.prefix(8).lowercased())
    }

    init(host: String, pid: Int32, token: String) {
        self.host = host
        self.pid = pid
        self.token = token
    }

    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let pid = Int32(parts[1]) else { return nil }
        self.init(host: String(parts[0]), pid: pid, token: String(parts[2]))
    }

    var description: String { "\(host)/\(pid)/\(token)" }

    /// Whether `self`, read from the store, belongs to a process on this host that has ended.
    /// Owners on other hosts are never judged: their leases expire.
    func isAbandoned(judgedBy current: LeaseOwner) -> Bool {
        guard host == current.host, token != current.token else { return false }
        // Our own pid with another token is an earlier process whose pid was reused.
        if pid == current.pid { return true }
        return kill(pid, 0) == -1 && errno == ESRCH
    }
}
