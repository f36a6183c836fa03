import Foundation

/// Keeps Tesseract's OpenMP loops on the calling thread.
///
/// Debian's Tesseract is built with OpenMP and asks for 4 to 10 threads in its inner loops. With
/// two or more images read at once on a small machine those threads fight over the cores, and a
/// page takes 6 to 9 times longer (see FACTS.md). `OMP_THREAD_LIMIT=1` fixes it only when set
/// before the process starts; a library cannot rely on that. Setting the calling thread's
/// `max-active-levels` to 0 makes every parallel region it starts run on that thread alone, and
/// OCRKit parallelises across images instead, one Tesseract instance a thread.
enum OpenMP {
    private typealias SetMaxActiveLevels = @convention(c) (Int32) -> Void

    /// `omp_set_max_active_levels`, found at run time so that a Tesseract built without OpenMP
    /// needs nothing.
    private static let setMaxActiveLevels: SetMaxActiveLevels? = {
        guard let process = dlopen(nil, RTLD_NOW),
              let symbol = dlsym(process, "omp_set_max_active_levels") else { return nil }
        return unsafeBitCast(symbol, to: SetMaxActiveLevels.self)
    }()

    /// Runs OpenMP regions started from the calling thread on that thread alone. The setting
    /// belongs to the thread, so each worker thread calls this once before its first page.
    static func serializeCallingThread() {
        setMaxActiveLevels?(0)
    }
}
