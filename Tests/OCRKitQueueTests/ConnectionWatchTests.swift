import Logging
import OCRKit
import OCRKitTestSupport
import PostgresNIO
import Testing
@testable import OCRKitQueuePostgres

/// A query written to a connection that has closed is dropped by PostgresNIO and never answered,
/// as when the pool hands out a connection the server has just ended: the watch ends it. No
/// verdict waits on the clock: each call's two minutes only guard a hang that would hold up the
/// run (a first `SELECT 1` allowed 10 s had no answer in time in a fresh clone's whole suite).
@Suite(.enabled(if: PostgresServer.shared != nil, PostgresServer.unavailableReason), .heavy(hangGuard: .seconds(300)))
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
        let afterClose = try #require(await outcome(of: selectOne), "the call hangs after its connection closed")
        #expect(throws: ConnectionWatch.Closed.self) { try afterClose.get() }
    }

    /// What `call` gives, or `nil` when it hangs: a call that never ends must fail the test, not
    /// hold up the run, and a cancelled query on a closed connection may never end.
    private func outcome<Value: Sendable>(of call: @escaping @Sendable () async throws -> Value) async throws -> Result<Value, any Error>? {
        do {
            return .success(try await finishing(within: .seconds(120), orThrow: { Hangs() }, call))
        } catch is Hangs {
            return nil
        } catch {
            return .failure(error)
        }
    }

    private struct Hangs: Error {}
}
