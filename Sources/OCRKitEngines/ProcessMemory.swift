import Foundation
import OCRKit

/// The memory policy of the `ocr` tool, for a process that reads many pages: freed memory goes
/// back to the system rather than staying in glibc's heaps.
///
/// glibc keeps what a thread frees in heaps of its own, for that thread's later use, and raises
/// the size from which it maps blocks directly each time such a block is freed, up to 32 MB. An
/// engine that allocates tens or hundreds of megabytes for a moment (a page's pixels, a
/// detector's input, a recogniser's arena) then holds that memory in heaps the other workers
/// cannot use, and a process's peak becomes the sum of every worker's worst moment. Both settings
/// change the whole process, which is why a library does not make them behind its user's back:
/// `ocr` (and so `ocr serve`) calls ``giveFreedMemoryBack()`` first thing, and an app or server
/// that reads many pages can do the same:
///
/// ```swift
/// ProcessMemory.giveFreedMemoryBack()
/// let reader = try PageReader(settings: EngineSettings(.auto))
/// ```
///
/// Measured on 100 receipts (2026-11-26, 2 workers): peak memory 0.51 GB with it, and 0.06 GB
/// more without the trims, 0.11 more with neither (PP-OCR); `auto` 0.58 GB, then 0.07 and 0.17
/// more; in as much time.
public enum ProcessMemory {
    /// Has glibc map every block of 4 MB and more from the system and unmap it when freed
    /// (`mallopt(M_MMAP_THRESHOLD)`, which also stops glibc raising that size by itself), and
    /// return every heap's free memory to the system (`malloc_trim`) at each of OCRKit's
    /// ``OCRKit/FreedMemory`` moments. Making and dropping engines grew by the size of their
    /// models each time without the trims, though nothing leaked: a new pool's threads take new
    /// heaps. Does nothing where glibc's functions cannot be found (other C libraries, other
    /// systems).
    public static func giveFreedMemoryBack() {
        _ = setOption?(mmapThreshold, 4 << 20)
        if let trim { FreedMemory.setHandler { _ = trim(0) } }
    }

    /// `M_MMAP_THRESHOLD`, from glibc's malloc.h, which Swift's Glibc module leaves out.
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
