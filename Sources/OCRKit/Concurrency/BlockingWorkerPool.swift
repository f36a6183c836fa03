import Foundation

/// A fixed set of threads for blocking C calls, each owning a `State` that no other thread
/// touches: a Tesseract handle, an ONNX Runtime session, a decoder.
///
/// Swift's cooperative thread pool has one thread a core and must never block; C libraries
/// block for hundreds of milliseconds. The pool runs such calls on threads of its own and hands
/// each call a worker that is free, so at most `count` calls run at once and a `State` is used
/// by one call at a time, always on the same thread. A worker makes its state on first use, on
/// its own thread, and destroys it there when the pool goes away; the pool's `deinit` waits for
/// that, so that once a pool is gone its C handles are too.
///
/// ```swift
/// let pool = BlockingWorkerPool(count: 2, name: "counter") { 0 }   // a worker's state: its count
/// let calls = try await pool.run { count in
///     count += 1                                                  // a blocking C call goes here
///     return count
/// }
/// ```
public final class BlockingWorkerPool<State>: Sendable {
    private let workers: [Worker<State>]
    private let leases: Leases

    /// - Parameters:
    ///   - count: how many threads, and so how many states and calls at once.
    ///   - name: the threads' name prefix, seen in debuggers and `top -H`.
    ///   - makeState: makes a worker's state, on that worker's thread. When it throws, the call
    ///     that needed it throws the same error, and the next call tries again.
    public init(count: Int, name: String, makeState: @escaping @Sendable () throws -> State) {
        precondition(count > 0, "A worker pool needs at least one worker")
        workers = (0..<count).map { Worker(name: "\(name)-\($0)", makeState: makeState) }
        leases = Leases(count: count)
    }

    deinit {
        for worker in workers { worker.stop() }
        for worker in workers { worker.waitUntilStopped() }
    }

    /// How many calls can run at once.
    public var count: Int { workers.count }

    /// Runs `body` on a free worker's thread with that worker's state, waiting for a worker to be
    /// free if all are busy.
    public func run<Result: Sendable>(
        _ body: @escaping @Sendable (inout State) throws -> Result
    ) async throws -> Result {
        let index = await leases.acquire()
        do {
            let result = try await workers[index].run(body)
            await leases.release(index)
            return result
        } catch {
            await leases.release(index)
            throw error
        }
    }
}

/// Which workers are free, and who waits for one, in order of arrival.
private actor Leases {
    private var free: [Int]
    private var waiting: [CheckedContinuation<Int, Never>] = []

    init(count: Int) {
        free = Array((0..<count).reversed())
    }

    func acquire() async -> Int {
        if let index = free.popLast() { return index }
        return await withCheckedContinuation { waiting.append($0) }
    }

    func release(_ index: Int) {
        if waiting.isEmpty {
            free.append(index)
        } else {
            waiting.removeFirst().resume(returning: index)
        }
    }
}

/// One thread with a mailbox of jobs and a state that lives on that thread's stack.
///
/// `@unchecked Sendable`: `jobs`, `stopping`, `stopped` and `thread` are only touched under
/// `condition`, and the state never leaves the thread's run loop.
private final class Worker<State>: @unchecked Sendable {
    private typealias Job = (inout State?) -> Void

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var stopping = false
    private var stopped = false
    private var thread: pthread_t?
    private let makeState: @Sendable () throws -> State

    init(name: String, makeState: @escaping @Sendable () throws -> State) {
        self.makeState = makeState
        let thread = Thread { [self] in runLoop() }
        thread.name = name
        thread.start()
    }

    func run<Result: Sendable>(_ body: @escaping @Sendable (inout State) throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let makeState = self.makeState
            submit { state in
                do {
                    if state == nil { state = try makeState() }
                    continuation.resume(returning: try body(&state!))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// Lets the thread finish its queued jobs, destroy its state and exit.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    /// Waits until the thread has destroyed its state and exited, unless called on that thread
    /// (when the pool's last reference went with a job it ran).
    func waitUntilStopped() {
        condition.lock()
        defer { condition.unlock() }
        if let thread, pthread_equal(thread, pthread_self()) != 0 { return }
        while !stopped { condition.wait() }
    }

    private func submit(_ job: @escaping Job) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func runLoop() {
        condition.lock()
        thread = pthread_self()
        condition.unlock()
        var state: State?
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                break
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job(&state)
        }
        state = nil
        FreedMemory.handle()
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
