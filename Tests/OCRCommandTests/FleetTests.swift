import Foundation
import OCRKit
import OCRKitImages
import OCRKitQueue
import OCRKitQueuePostgres
import OCRKitQueueSQLite
import OCRKitTestSupport
import Testing

/// `ocr worker`s on several hosts share one PostgreSQL queue while they are killed, the database
/// restarts and a host's network link is cut: every image is still read exactly once, as an
/// uninterrupted run reads it. The limit is a hang's. Beside the rest of the suite on 2 cores the
/// test runs about 8 times slower than alone: with 200 images (84 s alone) a fresh clone's suite
/// once took it past its 5 minutes of reading (2026-11-27), so it reads 100, each trouble still
/// met at its share of the run.
@Suite(.enabled(if: PostgresServer.shared != nil, PostgresServer.unavailableReason), .heavy(hangGuard: .seconds(720)))
struct FleetTests {
    /// Short, so that a cut link outlasts it within the test; workers renew it every third.
    let lease = 4

    @Test func everyImageIsReadExactlyOnceThroughKillsARestartAndACutLink() async throws {
        let folder = try TemporaryFolder()
        let paths = try (0..<100).map { index in
            let path = folder.file("page\(index).png")
            let text = (["Fleet page \(index)"] + (1...6).map { "Crate \($0) of lot \(index % 7) weighs \((index * 37 + $0 * 11) % 1000) kg" })
                .joined(separator: "\n")
            try ImageWriter.write(try TextRenderer.render(text), to: path)
            return path
        }
        let network = Network(hosts: 3)
        defer { network?.remove() }
        if network == nil { print("FleetTests: no network namespaces here (they need root and iproute2): workers share this host") }
        let server = try PostgresServer(listeningOn: ["127.0.0.1"] + (network?.serverAddresses ?? []),
                                        trusting: network.map { [$0.clientNetwork] } ?? [])
        defer { server.stop() }
        let url = try await server.makeDatabase()

        let queued = try await ocr(["scan", "--db", url, "--queue-only", "--upload", "--engine", "tesseract"] + paths)
        #expect(queued.status == 0, "\(queued.errors)")
        let store = try await PostgresQueueStore(url: url)
        let fleet = Fleet(url: url, port: server.port, network: network, lease: lease, folder: folder)
        var workers = try (0..<3).map { try fleet.startWorker(on: $0) }

        // What happens to the fleet, each once the queue has this many images read.
        enum Trouble { case kill, restartDatabase, cutLink }
        var troubles: [(completed: Int, trouble: Trouble)] = [
            (8, .kill), (15, .cutLink), (23, .kill), (35, .restartDatabase), (45, .kill), (60, .kill), (75, .kill),
        ]
        var linkRestored: ContinuousClock.Instant?
        var log: [String] = []
        let deadline = ContinuousClock.now + .seconds(480)
        while ContinuousClock.now < deadline {
            let progress = try? await store.progress(of: nil)
            if let progress, progress.pending == 0 { break }
            if let next = troubles.first, let progress, progress.completed >= next.completed {
                troubles.removeFirst()
                switch next.trouble {
                case .kill:
                    // Not the cut-off host's: its worker is to come back and find its image taken.
                    let host = (0..<workers.count).filter { linkRestored == nil || $0 != 0 }.randomElement()!
                    workers[host].signal(SIGKILL)
                    workers[host].wait()
                    workers[host] = try fleet.startWorker(on: host)
                    log.append("\(progress.completed) read: killed the worker on host \(host), started another")
                case .restartDatabase:
                    try await server.restart()
                    log.append("\(progress.completed) read: restarted PostgreSQL")
                case .cutLink:
                    if let network {
                        try network.setLink(of: 0, up: false)
                        linkRestored = .now + .seconds(lease * 2 + 2)
                        log.append("\(progress.completed) read: cut host 0's link for \(lease * 2 + 2) s")
                    }
                }
            }
            if let restored = linkRestored, ContinuousClock.now >= restored, let network {
                try network.setLink(of: 0, up: true)
                linkRestored = nil
                log.append("link of host 0 restored")
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        if linkRestored != nil { try network?.setLink(of: 0, up: true) }
        let stragglers = await fleet.stop(workers, patience: .seconds(60))
        print("FleetTests, what befell the fleet:\n" + log.joined(separator: "\n"))
        let story = log.joined(separator: "\n") + "\n" + fleet.messages()
        #expect(stragglers.isEmpty, "the workers on hosts \(stragglers) were still reading 60 s after SIGTERM\n\(story)")

        let results = try await store.results(batch: nil, unconsumedOnly: false)
        let failures = try await store.failures(batch: nil)
        #expect(results.count == paths.count && failures.isEmpty, "\(failures.map(\.error))\n\(story)")
        let completions = try await store.events(after: .beginning, limit: 10_000).filter {
            if case .completed = $0.kind { true } else { false }
        }
        #expect(completions.count == paths.count && Set(completions.map(\.item)).count == paths.count,
                "an image was stored twice\n\(story)")
        #expect(troubles.isEmpty, "the run ended before all its troubles: \(troubles.map(\.completed))")
        await store.close()

        // The same images, read by one `ocr scan` that nothing interrupts.
        let reference = folder.file("reference.sqlite")
        let uninterrupted = try await ocr(["scan", "--db", reference, "--engine", "tesseract"] + paths)
        #expect(uninterrupted.status == 0, "\(uninterrupted.errors)")
        let expected = try await SQLiteQueueStore(path: reference).results(batch: nil, unconsumedOnly: false)
        #expect(Dictionary(uniqueKeysWithValues: results.map { ($0.image, $0.page) })
                == Dictionary(uniqueKeysWithValues: expected.map { ($0.image, $0.page) }))
    }
}

/// The workers of the fleet, each on its host, with their messages in files.
private struct Fleet {
    let url: String
    let port: Int
    let network: Network?
    let lease: Int
    let folder: TemporaryFolder

    func startWorker(on host: Int) throws -> ChildProcess.Running {
        let database = network.map { url.replacingOccurrences(of: "127.0.0.1", with: $0.serverAddresses[host]) } ?? url
        let arguments = ["worker", "--db", database, "--jobs", "1", "--lease", String(lease), "--engine", "tesseract"]
        let log = folder.file("worker-\(host).log")
        if let network {
            return try ChildProcess.start("/usr/sbin/ip", network.command(on: host, BuiltProducts.ocr, arguments),
                                          output: log, errors: log, appending: true)
        }
        return try ChildProcess.start(BuiltProducts.ocr, arguments, output: log, errors: log, appending: true)
    }

    /// Stops the workers as an operator would, with SIGTERM, and kills those still running after
    /// `patience`: their hosts are returned. A worker that never stops fails the test rather
    /// than holding up the whole run.
    func stop(_ workers: [ChildProcess.Running], patience: Duration) async -> [Int] {
        for worker in workers { worker.signal(SIGTERM) }
        let deadline = ContinuousClock.now + patience
        while workers.contains(where: \.isRunning) && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(100))
        }
        let stragglers = workers.indices.filter { workers[$0].isRunning }
        for host in stragglers { workers[host].signal(SIGKILL) }
        for worker in workers { await worker.ended() }
        return stragglers
    }

    /// The workers' messages, host by host.
    func messages() -> String {
        (0..<3).map { host in
            "host \(host):\n" + ((try? String(contentsOfFile: folder.file("worker-\(host).log"), encoding: .utf8)) ?? "")
        }.joined(separator: "\n")
    }
}

/// Hosts of their own: network namespaces, each joined to this one by a veth pair and named
/// `fleet-host-N`. Host N reaches the database at ``serverAddresses``[N].
private struct Network {
    let namespaces: [String]
    /// This side's address on each host's link.
    let serverAddresses: [String]
    let clientNetwork: String
    private let links: [String]

    /// `nil` where namespaces cannot be made (not root, no `ip`).
    init?(hosts: Int) {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return nil }
        // Names and addresses of this process's own, so that two test runs do not meet, nor
        // this one the links a crashed run left behind.
        let tag = Int(getpid()) % 10_000
        guard let subnet = Self.unusedSubnet(from: Int(getpid()) % 100) else {
            print("FleetTests: every network 10.100-199.x.x is taken on this machine")
            return nil
        }
        namespaces = (0..<hosts).map { "ocrkit-\(tag)-\($0)" }
        links = (0..<hosts).map { "ok\(tag)h\($0)" }
        serverAddresses = (0..<hosts).map { "10.\(subnet).\($0).1" }
        clientNetwork = "10.\(subnet).0.0/16"
        do {
            for host in 0..<hosts {
                let (namespace, link) = (namespaces[host], links[host])
                try Self.ip(["netns", "add", namespace])
                try Self.ip(["link", "add", link, "type", "veth", "peer", "name", "eth0", "netns", namespace])
                try Self.ip(["addr", "add", "\(serverAddresses[host])/24", "dev", link])
                try Self.ip(["link", "set", link, "up"])
                try Self.ip(["-n", namespace, "addr", "add", "10.\(subnet).\(host).2/24", "dev", "eth0"])
                try Self.ip(["-n", namespace, "link", "set", "eth0", "up"])
                try Self.ip(["-n", namespace, "link", "set", "lo", "up"])
            }
        } catch {
            print("FleetTests: cannot make network namespaces: \(error)")
            remove()
            return nil
        }
    }

    /// The `ip` arguments that run `program` on `host`, under the host's name.
    func command(on host: Int, _ program: String, _ arguments: [String]) -> [String] {
        ["netns", "exec", namespaces[host], "/usr/bin/unshare", "--uts", "/bin/sh", "-c",
         "hostname fleet-host-\(host) && exec \"$0\" \"$@\"", program] + arguments
    }

    /// Cuts or restores `host`'s link, as a pulled cable would.
    func setLink(of host: Int, up: Bool) throws {
        try Self.ip(["link", "set", links[host], up ? "up" : "down"])
    }

    func remove() {
        for namespace in namespaces { try? Self.ip(["netns", "delete", namespace]) }
    }

    /// The first N in 100...199, counting on from `start`, that no address of this machine's
    /// uses as 10.N.x.x.
    private static func unusedSubnet(from start: Int) -> Int? {
        let listing = FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-addresses-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: listing) }
        guard (try? ChildProcess.run("/usr/sbin/ip", ["-o", "addr", "show"], output: listing))?.status == 0,
              let addresses = try? String(contentsOfFile: listing, encoding: .utf8) else { return nil }
        return (0..<100).map { 100 + (start + $0) % 100 }.first { !addresses.contains(" 10.\($0).") }
    }

    private static func ip(_ arguments: [String]) throws {
        let outcome = try ChildProcess.run("/usr/sbin/ip", arguments)
        guard outcome.status == 0 else {
            throw OCRError(.engineFailure, reason: "ip \(arguments.joined(separator: " ")) failed with status \(outcome.status)")
        }
    }
}
