import Logging
import OCRKit
import OCRKitTestSupport
import PostgresNIO
import Testing
@testable import OCRKitQueuePostgres

/// A query written to a connection that has closed is dropped by PostgresNIO and never answered,
/// as when the pool hands out a connection the server has just ended: the watch ends it. The
/// suite's limit guards a hang, not slowness (each call's own patience is 10 s): in a fresh
/// clone's whole suite, starting the shared server and a database took one test past a minute.
@Suite(.enabled(if: PostgresServer.shared != nil, PostgresServer.unavailableReason), .timeLimit(.minutes(5)))
struct ConnectionWatchTests {
    @Test func callsOnAnOpenConnectionHaveTheirAnswer() async throws {
        let url = try await #require(PostgresServer.shared).makeDatabase()
        let client = PostgresClient(configuration: try PostgresAddress(url).configuration)
        let running = Task { await client.run() }
        defer { running.cancel() }
        let watch = ConnectionWatch(), logger = Logger(label: "test")

        // Example from Sources/OCRKitQueuePostgres/ConnectionWatch.swift
        let count = try await client.withConnection { connection in
            try await watch.run(on: connection) { try await connection.query("SELECT 1", logger: logger).collect().count }
        }
        #expect(count == 1)
    }

    @Test func aCallOnAClosedConnectionEndsInsteadOfWaitingForEver() async throws {
        let url = try await #require(PostgresServer.shared).makeDatabase()
        let configuration = try PostgresAddress(url).connectionConfiguration()
        let logger = Logger(label: "test")
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        let watch = ConnectionWatch()
        let selectOne = { @Sendable in
            try await watch.run(on: connection) { try await connection.query("SELECT 1", logger: logger).collect().count }
        }
        #expect(try await outcome(of: selectOne)?.get() == 1)

        try await connection.close()
        let afterClose = try #require(await outcome(of: selectOne), "the call still waits 10 s after its connection closed")
        #expect(throws: ConnectionWatch.Closed.self) { try afterClose.get() }
    }

    /// What `call` gives within `patience`, or `nil` while it still waits: a call that never ends
    /// must fail the test, not hold up the run.
    private func outcome<Value: Sendable>(of call: @escaping @Sendable () async throws -> Value,
                                          patience: Duration = .seconds(10)) async throws -> Result<Value, any Error>? {
        do {
            return .success(try await finishing(within: patience, orThrow: { StillWaiting() }, call))
        } catch is StillWaiting {
            return nil
        } catch {
            return .failure(error)
        }
    }

    private struct StillWaiting: Error {}
}
