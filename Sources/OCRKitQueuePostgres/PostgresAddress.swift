import Foundation
import NIOSSL
import OCRKit
import PostgresNIO

/// Where a queue's database is, and how to reach it, from a `postgres://` URL.
struct PostgresAddress: Equatable {
    var user: String
    var password: String?
    var database: String
    /// A host name and port, or the folder of a Unix socket.
    var endpoint: Endpoint
    /// Whether a connection to a host is encrypted: the URL's `sslmode`, as libpq reads it.
    var encryption: Encryption

    enum Endpoint: Equatable {
        case host(String, port: Int)
        case socket(folder: String, port: Int)
    }

    enum Encryption: Equatable {
        /// `sslmode=disable`: never.
        case disable
        /// `sslmode=prefer`, the default: when the server offers it, without checking its
        /// certificate.
        case prefer
        /// `sslmode=require`: always, without checking the server's certificate.
        case require
        /// `sslmode=verify-full`: always, to a server whose certificate, for its host name, is
        /// signed by `sslrootcert` (a PEM file), or by the system's authorities without it.
        case verifyFull(rootCertificate: String?)
    }

    /// - Throws: ``OCRKit/OCRError`` with code `invalidOption`, naming what is missing.
    init(_ url: String) throws {
        func refuse(_ reason: String) -> OCRError {
            OCRError(.invalidOption, path: Self.redacted(url), reason: reason)
        }
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme) else {
            throw refuse("not a postgres:// URL (postgres://user@host:5432/database)")
        }
        guard let user = components.user, !user.isEmpty else { throw refuse("no user name (postgres://user@host/database)") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty else { throw refuse("no database name (postgres://user@host/database)") }
        self.user = user
        password = components.password
        self.database = database
        let port = components.port ?? 5432
        let query = components.queryItems ?? []
        let rootCertificate = query.first { $0.name == "sslrootcert" }?.value
        switch query.first(where: { $0.name == "sslmode" })?.value ?? "prefer" {
        case "disable": encryption = .disable
        case "prefer": encryption = .prefer
        case "require": encryption = .require
        case "verify-full":
            if let rootCertificate {
                do {
                    _ = try NIOSSLCertificate.fromPEMFile(rootCertificate)
                } catch {
                    throw refuse("cannot read the sslrootcert \(rootCertificate) as PEM certificates: \(error)")
                }
            }
            encryption = .verifyFull(rootCertificate: rootCertificate)
        case let mode: throw refuse("sslmode=\(mode) is not one of disable, prefer, require, verify-full")
        }
        if let folder = query.first(where: { $0.name == "host" })?.value, folder.hasPrefix("/") {
            endpoint = .socket(folder: folder, port: port)
        } else {
            guard let host = components.host, !host.isEmpty else { throw refuse("no host (postgres://user@host/database)") }
            endpoint = .host(host, port: port)
        }
    }

    var configuration: PostgresClient.Configuration {
        switch endpoint {
        case .host(let host, let port):
            PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database, tls: clientTLS)
        case .socket(let folder, let port):
            // PostgreSQL names its socket after the port it listens on.
            PostgresClient.Configuration(unixSocketPath: "\(folder)/.s.PGSQL.\(port)", username: user, password: password,
                                         database: database)
        }
    }

    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        switch endpoint {
        case .host(let host, let port):
            PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database,
                                             tls: try connectionTLS())
        case .socket(let folder, let port):
            PostgresConnection.Configuration(unixSocketPath: "\(folder)/.s.PGSQL.\(port)", username: user, password: password,
                                             database: database)
        }
    }

    private var clientTLS: PostgresClient.Configuration.TLS {
        switch encryption {
        case .disable: .disable
        case .prefer: .prefer(tlsConfiguration)
        case .require, .verifyFull: .require(tlsConfiguration)
        }
    }

    private func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
        switch encryption {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: tlsConfiguration))
        case .require, .verifyFull: .require(try NIOSSLContext(configuration: tlsConfiguration))
        }
    }

    private var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch encryption {
        case .verifyFull(let rootCertificate?):
            configuration.trustRoots = .file(rootCertificate)
        case .verifyFull(nil):
            break
        case .disable, .prefer, .require:
            configuration.certificateVerification = .none
        }
        return configuration
    }

    /// `url` without its password, for messages and logs.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}
