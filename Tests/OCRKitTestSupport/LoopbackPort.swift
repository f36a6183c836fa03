import Foundation

/// Ports on 127.0.0.1 for the servers tests start.
public enum LoopbackPort {
    /// A loopback port nobody listens on now.
    public static func unused() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw PortError("no socket for a free port") }
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
        guard bound else { throw PortError("no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }


    private struct PortError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
