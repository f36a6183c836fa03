internal import COpenCV
import OCRKit

/// The calls into COpenCV, OCRKit's C interface to OpenCV, with their failures turned into
/// ``OCRError``s that name the image.
enum OpenCV {
    /// Whether OCRKit was built with OpenCV's headers (Debian's libopencv-imgproc-dev).
    static var isAvailable: Bool { ocrkit_cv_is_available() != 0 }

    /// The reason calls fail when OCRKit was built without OpenCV, with what fixes it.
    static var unavailability: String { String(cString: ocrkit_cv_unavailability()) }

    /// Throws when a COpenCV call returned a failure: what it was doing, and OpenCV's reason.
    static func check(_ status: Int32, _ what: String, image: String) throws {
        guard status != 0 else { return }
        let reason = String(cString: ocrkit_cv_last_error())
        throw OCRError(isAvailable ? .engineFailure : .engineUnavailable, path: image, reason: "\(what): \(reason)")
    }
}

extension Bitmap {
    /// Calls `body` with the bitmap's pixels and how COpenCV describes them.
    func withImage<Result>(
        _ body: (_ pixels: UnsafePointer<UInt8>, _ width: Int32, _ height: Int32, _ channels: Int32) throws -> Result
    ) rethrows -> Result {
        try pixels.withUnsafeBufferPointer {
            try body($0.baseAddress!, Int32(width), Int32(height), Int32(layout.channels))
        }
    }

    /// A bitmap of this one's layout, image and resolution, whose pixels `fill` writes.
    func making(width: Int, height: Int, _ fill: (UnsafeMutablePointer<UInt8>) throws -> Void) rethrows -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: width * height * layout.channels)
        try pixels.withUnsafeMutableBufferPointer { try fill($0.baseAddress!) }
        return Bitmap(width: width, height: height, layout: layout, pixels: pixels, image: image, resolution: resolution)
    }
}
