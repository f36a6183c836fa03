import Foundation

/// What glibc's allocator keeps of freed memory, and how it is given back to the system.
///
/// glibc keeps what a thread freed for later use, in heaps of its own, and raises the size from
/// which it maps blocks directly each time such a block is freed, up to 32 MB. An engine that
/// allocates tens or hundreds of megabytes for a moment (a detector's activations, a page's
/// input) then holds that memory in heaps the other workers cannot use, and a process's peak
/// memory becomes the sum of every worker's worst moment. These calls are no-ops where glibc's
/// functions cannot be found (other C libraries, other systems).
package enum SystemMemory {
    /// Returns the free memory of every heap to the system, through glibc's `malloc_trim`,
    /// which Swift's Glibc module leaves out with malloc.h. Making and dropping engines grew by
    /// the size of their models each time without it, though nothing leaked: a new pool's
    /// threads take new heaps.
    package static func releaseFreed() {
        _ = trim?(0)
    }

    /// Has blocks of `bytes` and more mapped from the system and unmapped when freed, whatever
    /// was freed before, rather than carved from glibc's heaps (`mallopt(M_MMAP_THRESHOLD)`,
    /// which also stops glibc raising the threshold by itself).
    package static func mapBlocks(from bytes: Int) {
        _ = setOption?(mmapThreshold, Int32(clamping: bytes))
    }

    /// `M_MMAP_THRESHOLD`, from glibc's malloc.h.
    private static let mmapThreshold: Int32 = -3

    private static let trim: (@convention(c) (Int) -> Int32)? = function("malloc_trim")
    private static let setOption: (@convention(c) (Int32, Int32) -> Int32)? = function("mallopt")

    private static func function<Function>(_ name: String) -> Function? {
        #if os(Linux)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
        #else
        return nil
        #endif
    }
}
