import Foundation

/// How much free memory and disk the processor needs before it takes an item. When either runs
/// short it pauses, saying why, and goes on when there is room; no item fails for it.
public struct ResourceThresholds: Hashable, Sendable {
    /// Memory the system could give without swapping (`MemAvailable`), in bytes.
    public var minimumAvailableMemory: Int
    /// Free space on the file system of ``diskPath``, in bytes.
    public var minimumFreeDisk: Int
    /// A path on the file system results are written to: the queue's database, usually.
    public var diskPath: String

    public init(minimumAvailableMemory: Int = 256 << 20, minimumFreeDisk: Int = 256 << 20, diskPath: String) {
        self.minimumAvailableMemory = minimumAvailableMemory
        self.minimumFreeDisk = minimumFreeDisk
        self.diskPath = diskPath
    }

    /// Why the processor should wait, or `nil` when there is room.
    func shortage() -> String? {
        if let available = Self.availableMemory(), available < minimumAvailableMemory {
            return "low memory: \(available >> 20) MB available, \(minimumAvailableMemory >> 20) MB needed"
        }
        if let free = Self.freeDisk(at: diskPath), free < minimumFreeDisk {
            return "low disk space: \(free >> 20) MB free at \(diskPath), \(minimumFreeDisk >> 20) MB needed"
        }
        return nil
    }

    /// `MemAvailable` from /proc/meminfo; `nil` where there is none.
    static func availableMemory() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kilobytes * 1024
    }

    static func freeDisk(at path: String) -> Int? {
        var folder = path
        var info = statvfs()
        // The database may not exist yet: measure the nearest folder that does.
        while statvfs(folder, &info) != 0 {
            let parent = (folder as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != folder else { return nil }
            folder = parent
        }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }
}
