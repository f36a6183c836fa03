import OCRKitTestSupport
import Testing

/// The gate that bounds the heavy tests by the cores (``Testing/Trait/heavy``).
struct HeavyWorkGateTests {
    /// Tests in a gate of two cores, each holding its core until the test lets it go.
    actor Room {
        private(set) var inside = 0, mostInside = 0, entered = 0
        private var held: [CheckedContinuation<Void, Never>] = []
        private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        func stay() async {
            inside += 1
            entered += 1
            mostInside = max(mostInside, inside)
            watchers.removeAll { watcher in
                guard entered >= watcher.count else { return false }
                watcher.continuation.resume()
                return true
            }
            await withCheckedContinuation { held.append($0) }
            inside -= 1
        }

        /// Waits until `count` tests have come in.
        func waitUntilEntered(_ count: Int) async {
            if entered >= count { return }
            await withCheckedContinuation { watchers.append((count, $0)) }
        }

        func letOneGo() {
            if !held.isEmpty { held.removeFirst().resume() }
        }
    }

    @Test func atMostAsManyRunAsThereAreCores() async {
        let gate = HeavyWorkGate(cores: 2), room = Room()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask { await gate.withCore { await room.stay() } }
            }
            for entered in 2...5 {
                await room.waitUntilEntered(entered)
                #expect(await room.inside == 2, "\(entered) have come in")
                await room.letOneGo()
            }
            await room.letOneGo()
        }
        #expect(await room.mostInside == 2)
        #expect(await room.entered == 5)
    }
}
