import OCRKit
import Synchronization

/// The last results of Tesseract's orientation and script detection, by the image each is of.
/// A doubtful page has its orientation sought (``TesseractOrientationDetector``), then, upright
/// as it came, its script (``TesseractScriptDetector``), and the two asked the same question of
/// the same pixels: each detection costs about as much as reading the page (1.2 s on a receipt
/// of 1654 x 2339 pixels). The detectors' sessions are their own, so the answers are kept here,
/// for the process.
final class OrientationAndScriptMemo: Sendable {
    typealias Detection = (TextOrientation, ScriptDetection?)?

    /// What a detection depends on: the data it ran with, its minimum of characters, the pixels.
    struct Key: Hashable, Sendable {
        let dataPath: String
        let minimumCharacters: Int
        let width: Int
        let height: Int
        let pixels: Int

        init(_ bitmap: Bitmap, dataPath: String, minimumCharacters: Int) {
            self.dataPath = dataPath
            self.minimumCharacters = minimumCharacters
            width = bitmap.width
            height = bitmap.height
            var hasher = Hasher()
            bitmap.pixels.withUnsafeBytes { hasher.combine(bytes: $0) }
            pixels = hasher.finalize()
        }
    }

    static let shared = OrientationAndScriptMemo()

    init() {}

    /// As many as two pages' detections for each of a few workers.
    private let capacity = 8
    private let state = Mutex<(recent: [(key: Key, detection: Detection)], detections: Int)>(([], 0))

    /// The detection of `key`'s image, made by `detect` unless one was kept.
    func detection(of key: Key, _ detect: () throws -> Detection) rethrows -> Detection {
        if let kept = state.withLock({ $0.recent.first { $0.key == key } }) { return kept.detection }
        // Detected outside the lock: another worker's detection of another page need not wait.
        let detection = try detect()
        state.withLock { state in
            state.recent.removeAll { $0.key == key }
            state.recent.append((key, detection))
            if state.recent.count > capacity { state.recent.removeFirst() }
            state.detections += 1
        }
        return detection
    }

    /// How many detections were made rather than remembered: what tests count.
    var detections: Int { state.withLock { $0.detections } }
}
