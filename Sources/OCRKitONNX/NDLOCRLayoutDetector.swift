import Foundation
import OCRKit

/// NDLOCR-Lite's layout detector (DEIM): finds the lines of text on a page, what kind each is,
/// and roughly how many characters each holds.
///
/// The page is padded to a square at its top left and scaled to the model's input, with ImageNet's
/// normalisation, as NDLOCR-Lite does; boxes come back in the page's pixels.
struct NDLOCRLayoutDetector: Sendable {
    /// A line of text the detector found.
    struct Detection: Sendable, Equatable {
        /// In the page's pixels.
        var box: Rect
        /// The layout class's index in `ndl.yaml` (0-based).
        var classIndex: Int
        var score: Double
        /// The detector's estimate of the line's length: 3 for short lines, 2 for middling ones,
        /// anything else for long ones. It picks the recogniser that reads the line first.
        var lengthClass: Int

        /// Lines taller than wide run down the page.
        var isVertical: Bool { box.height > box.width }
    }

    let session: ONNXSession
    let classes: NDLOCRClasses
    /// Detections less sure than this are dropped (NDLOCR-Lite's default).
    var minimumScore = 0.25
    /// A line overlapping a surer one by more than this (intersection over union), or lying more
    /// than ``duplicateContainment`` inside it, is the same line found twice.
    var duplicateOverlap = 0.5
    var duplicateContainment = 0.8

    /// - Throws: ``OCRError`` naming the model when it lacks DEIM's inputs.
    init(session: ONNXSession, classes: NDLOCRClasses) throws {
        guard session.inputNames == ["images", "orig_target_sizes"], session.inputShapes[0].count == 4,
              session.inputShapes[0][2] > 0, session.inputShapes[0][3] > 0 else {
            throw OCRError(.corrupt, path: session.modelPath, reason: "not a DEIM layout model: its inputs are "
                + "\(zip(session.inputNames, session.inputShapes).map { "\($0) \($1)" }), not images [1,3,H,W] and orig_target_sizes")
        }
        self.session = session
        self.classes = classes
    }

    /// The lines of text in `bitmap`, duplicates removed, surest first.
    func lines(in bitmap: Bitmap) throws -> [Detection] {
        let height = session.inputShapes[0][2], width = session.inputShapes[0][3]
        let side = Double(max(bitmap.width, bitmap.height))
        // The page, scaled, at the input's top left; the rest is black, as NDLOCR-Lite pads it.
        let format = PixelFormat.rgbImageNet
        var input = [Float](repeating: 0, count: 3 * width * height)
        let black = [-format.mean.red / format.deviation.red, -format.mean.green / format.deviation.green,
                     -format.mean.blue / format.deviation.blue]
        for channel in 0..<3 {
            input.replaceSubrange((channel * width * height)..<((channel + 1) * width * height),
                                  with: repeatElement(black[channel], count: width * height))
        }
        let pageWidth = max(1, Int((Double(bitmap.width) * Double(width) / side).rounded()))
        let pageHeight = max(1, Int((Double(bitmap.height) * Double(height) / side).rounded()))
        bitmap.sample(Rect(x: 0, y: 0, width: Double(bitmap.width), height: Double(bitmap.height)).quad,
                      width: pageWidth, height: pageHeight, format: format, into: &input,
                      at: .image(width: width, height: height), antialiased: true)
        let outputs = try session.run([
            "images": Tensor(shape: [1, 3, height, width], values: input),
            "orig_target_sizes": Tensor(shape: [1, 2], values: [Float(height), Float(width)], element: .int64),
        ])
        guard let labels = outputs["labels"]?.values, let boxes = outputs["boxes"]?.values,
              let scores = outputs["scores"]?.values, boxes.count == labels.count * 4, scores.count == labels.count else {
            throw OCRError(.engineFailure, path: session.modelPath,
                           reason: "the layout model did not give labels, boxes and scores of matching sizes")
        }
        let lengths = outputs["char_count"]?.values
        let lineClasses = classes.textLineClasses
        let scaleX = side / Double(width), scaleY = side / Double(height)
        var detections: [Detection] = []
        for index in labels.indices where Double(scores[index]) > minimumScore {
            // Labels count from 1.
            let classIndex = Int(labels[index]) - 1
            guard lineClasses.contains(classIndex) else { continue }
            let x1 = min(max(Double(boxes[4 * index]) * scaleX, 0), Double(bitmap.width))
            let y1 = min(max(Double(boxes[4 * index + 1]) * scaleY, 0), Double(bitmap.height))
            let x2 = min(max(Double(boxes[4 * index + 2]) * scaleX, 0), Double(bitmap.width))
            let y2 = min(max(Double(boxes[4 * index + 3]) * scaleY, 0), Double(bitmap.height))
            guard x2 - x1 >= 1, y2 - y1 >= 1 else { continue }
            detections.append(Detection(box: Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1), classIndex: classIndex,
                                        score: Double(scores[index]), lengthClass: lengths.map { Int($0[index].rounded()) } ?? 0))
        }
        return withoutDuplicates(detections)
    }

    /// The detections, surest first, without those that repeat a surer one.
    func withoutDuplicates(_ detections: [Detection]) -> [Detection] {
        Rect.indicesWithoutDuplicates(detections.map(\.box), confidences: detections.map(\.score),
                                      overlap: duplicateOverlap, containment: duplicateContainment).map { detections[$0] }
    }
}
