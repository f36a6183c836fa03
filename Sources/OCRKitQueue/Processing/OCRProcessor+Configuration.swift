import Foundation

extension OCRProcessor {
    /// How the processor works: its policy, its workers, its retries and leases, how often it
    /// looks for work, and the free memory and disk it needs.
    public struct Configuration: Sendable {
        public var policy: ProcessingPolicy = .interactive
        /// Most items read at once in interactive mode: a worker a core, up to this.
        public var jobs = 8
        /// Attempts before an item fails for good, interrupted attempts included.
        public var maximumAttempts = 3
        /// How long a lease lasts without renewal; workers renew at a third of it.
        public var leaseDuration: Duration = .seconds(60)
        /// The wait before the first retry; it doubles with each attempt.
        public var retryDelay: Duration = .seconds(2)
        /// How long consumed results are kept before purging.
        public var retention: Duration = .seconds(72 * 3600)
        /// How often idle workers look for new work, and subscribers for new events, in a store
        /// that does not announce changes (SQLite).
        public var pollInterval: Duration = .milliseconds(100)
        /// How long they wait for an announcement before looking anyway, in a store that
        /// announces changes (PostgreSQL): retries come due unannounced.
        public var announcementTimeout: Duration = .seconds(1)
        public var resources: ResourceThresholds

        /// - Parameter diskPath: where results are written (the store's file), for the free-space
        ///   check; the current folder by default.
        public init(diskPath: String = ".") {
            resources = ResourceThresholds(diskPath: diskPath)
        }
    }
}
