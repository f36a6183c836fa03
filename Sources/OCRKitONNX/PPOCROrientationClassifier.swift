import Foundation
import OCRKit

/// PP-OCR's text line orientation classifier (`ch_ppocr_mobile_v2.0_cls`): tells lines that are
/// upside down from lines that are upright, so that they can be turned before they are read.
struct PPOCROrientationClassifier: Sendable {
    static let inputHeight = 48
    static let inputWidth = 192
    static let batchSize = 6
    /// How sure the model must be that a line is upside down before it is turned, as RapidOCR and
    /// PaddleOCR require.
    static let threshold: Float = 0.9

    let session: ONNXSession

    init(session: ONNXSession) {
        self.session = session
    }

    /// The quads, each turned half a turn if the model is sure its text is upside down.
    func upright(_ quads: [Quad], in bitmap: Bitmap) throws -> [Quad] {
        try zip(quads, isUpsideDown(quads, in: bitmap)).map { $1 ? $0.turned(2) : $0 }
    }

    /// Whether the text in each quad is upside down.
    func isUpsideDown(_ quads: [Quad], in bitmap: Bitmap) throws -> [Bool] {
        let height = Self.inputHeight, width = Self.inputWidth
        var upsideDown: [Bool] = []
        for start in stride(from: 0, to: quads.count, by: Self.batchSize) {
            let batch = quads[start..<min(start + Self.batchSize, quads.count)]
            var input = [Float](repeating: 0, count: batch.count * 3 * height * width)
            for (slot, quad) in batch.enumerated() {
                // As PaddleOCR does: the line at the input's height, no wider than the input, left-aligned.
                let lineWidth = min(width, max(1, Int((Double(height) * PPOCRRecognizer.aspect(of: quad)).rounded(.up))))
                bitmap.sample(quad, width: lineWidth, height: height, format: .bgrSymmetric, into: &input,
                              at: .image(slot, width: width, height: height))
            }
            let outputs = try session.run([session.inputNames[0]: Tensor(shape: [batch.count, 3, height, width], values: input)])
            guard let output = outputs[session.outputNames[0]], output.shape == [batch.count, 2] else {
                throw OCRError(.engineFailure, path: session.modelPath,
                               reason: "unexpected output shape \(outputs[session.outputNames[0]]?.shape ?? []), not [\(batch.count), 2]")
            }
            // Class 0 is upright (0 degrees), class 1 upside down (180 degrees).
            upsideDown += batch.indices.map { slot in
                let row = (slot - start) * 2
                return output.values[row + 1] > output.values[row] && output.values[row + 1] >= Self.threshold
            }
        }
        return upsideDown
    }
}
