import Foundation
import OCRKit
import PostgresNIO

/// Where a queue's database is, from a `postgres://` URL.
struct PostgresAddress: Equatable {
    var user: String
    var password: String?
    var database: String
    /// A host name and port, or the folder of a Unix socket.
    var endpoint: Endpoint

    enum Endpoint: Equatable {
        case host(String, port: Int)
        case socket(folder: String, port: Int)
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
        if let folder = components.queryItems?.first(where: { $0.name == "host" })?.value, folder.hasPrefix("/") {
            endpoint = .socket(folder: folder, port: port)
        } else {
            guard let host = components.host, !host.isEmpty else { throw refuse("no host (postgres://user@host/database)") }
            endpoint = .host(host, port: port)
        }
    }

    var configuration: PostgresClient.Configuration {
        switch endpoint {
        case .host(let host, let port):
            PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database, tls: .disable)
        case .socket(let folder, let port):
            // PostgreSQL names its socket after the port it listens on.
            PostgresClient.Configuration(unixSocketPath: "\(folder)/.s.PGSQL.\(port)", username: user, password: password,
                                         database: database)
        }
    }

    var connectionConfiguration: PostgresConnection.Configuration {
        switch endpoint {
        case .host(let host, let port):
            PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database, tls: .disable)
        case .socket(let folder, let port):
            PostgresConnection.Configuration(unixSocketPath: "\(folder)/.s.PGSQL.\(port)", username: user, password: password,
                                             database: database)
        }
    }

    /// `url` without its password, for messages and logs.
    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? url
    }
}
