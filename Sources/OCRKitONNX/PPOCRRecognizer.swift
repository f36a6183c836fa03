import Foundation
import OCRKit

/// PP-OCR's text line recogniser (PP-OCRv4 `rec`): reads lines of text, given where they are, with
/// a confidence and the top candidates for every character.
///
/// Each line is sampled from its quad into the model's 48-pixel-high input (so rotated lines need
/// no separate warp), lines are batched by aspect ratio, and the output is decoded greedily
/// (CTC: repeats and blanks dropped). The dictionary comes from the model's own metadata.
///
/// ```swift
/// let recognizer = try PPOCRRecognizer(session: ONNXSession(runtime: .shared(), model: "ch_PP-OCRv4_rec_infer.onnx"))
/// let lines = try recognizer.recognize([quad], in: bitmap)
/// ```
public struct PPOCRRecognizer: Sendable {
    /// One recognised character: its text, confidence, candidates, and where in the line it is, as
    /// a fraction of the line's length.
    public struct Character: Sendable, Equatable {
        public var text: String
        public var confidence: Double
        public var alternatives: [Alternative]
        public var span: ClosedRange<Double>
    }

    /// A recognised line.
    public struct Reading: Sendable, Equatable {
        public var text: String
        /// The mean of its characters' confidences.
        public var confidence: Double
        public var characters: [Character]
    }

    public static let inputHeight = 48
    /// The narrowest input: one square. Lines are read at their own width; padding short ones to
    /// 320 pixels, as PaddleOCR and RapidOCR do, took 30% longer on receipts for the same words.
    public static let minimumInputWidth = inputHeight
    public static let batchSize = 6

    public let session: ONNXSession
    /// Class index to text: 0 is CTC's blank, the last is a space.
    public let characters: [String]
    /// How many candidates to keep for each character.
    public var alternativeCount = 3

    /// - Throws: ``OCRError`` naming the model when its dictionary is missing.
    public init(session: ONNXSession) throws {
        self.session = session
        guard let dictionary = try session.metadata("character") else {
            throw OCRError(.corrupt, path: session.modelPath, reason: "the model has no `character` dictionary in its metadata")
        }
        characters = [""] + dictionary.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [" "]
    }

    /// Reads the text in each quad of `bitmap`, in the quads' order; with `allowedCharacters`,
    /// only those characters (and spaces) are considered.
    public func recognize(_ quads: [Quad], in bitmap: Bitmap, allowedCharacters: String? = nil) throws -> [Reading] {
        let allowed = allowedCharacters.map { allowed in
            Set(characters.indices.filter { $0 == 0 || characters[$0] == " " || allowed.contains(characters[$0]) })
        }
        let aspects = quads.map { Self.aspect(of: $0) }
        var readings = [Reading?](repeating: nil, count: quads.count)
        let order = quads.indices.sorted { aspects[$0] < aspects[$1] }
        for start in stride(from: 0, to: order.count, by: Self.batchSize) {
            let batch = Array(order[start..<min(start + Self.batchSize, order.count)])
            let width = max(Self.minimumInputWidth, Int((Double(Self.inputHeight) * (batch.map { aspects[$0] }.max() ?? 1)).rounded(.up)))
            var input = [Float](repeating: 0, count: batch.count * 3 * Self.inputHeight * width)
            var widths: [Int] = []
            for (slot, index) in batch.enumerated() {
                let lineWidth = min(width, max(1, Int((Double(Self.inputHeight) * aspects[index]).rounded(.up))))
                widths.append(lineWidth)
                Self.sample(quads[index], of: bitmap, width: lineWidth, height: Self.inputHeight, into: &input,
                            offset: slot * 3 * Self.inputHeight * width, rowStride: width)
            }
            let outputs = try session.run([session.inputNames[0]: Tensor(shape: [batch.count, 3, Self.inputHeight, width], values: input)])
            guard let output = outputs[session.outputNames[0]], output.shape.count == 3, output.shape[0] == batch.count,
                  output.shape[2] == characters.count else {
                throw OCRError(.engineFailure, path: session.modelPath,
                               reason: "unexpected output shape \(outputs[session.outputNames[0]]?.shape ?? []) for \(characters.count) classes")
            }
            for (slot, index) in batch.enumerated() {
                let steps = output.shape[1], classes = output.shape[2]
                let probabilities = output.values[(slot * steps * classes)..<((slot + 1) * steps * classes)]
                // Only the time steps over the line itself: the rest is padding.
                let used = min(steps, Int((Double(steps) * Double(widths[slot]) / Double(width)).rounded(.up)))
                readings[index] = Self.decode(Array(probabilities), steps: steps, classes: classes, usedSteps: used,
                                              characters: characters, alternativeCount: alternativeCount, allowed: allowed)
            }
        }
        return readings.map { $0! }
    }

    /// Greedy CTC decoding: the likeliest class at each step, repeats merged, blanks (class 0)
    /// dropped; each character keeps its step's `alternativeCount` likeliest classes, and its span
    /// over the first `usedSteps` steps (the line without its padding). With `allowed`, only those
    /// classes count.
    static func decode(_ probabilities: [Float], steps: Int, classes: Int, usedSteps: Int,
                       characters: [String], alternativeCount: Int, allowed: Set<Int>? = nil) -> Reading {
        var decoded: [Character] = []
        var previous = 0
        let count = max(1, alternativeCount)
        probabilities.withUnsafeBufferPointer { values in
            for step in 0..<steps {
                // One pass: the likeliest class (blank included) and the likeliest `count` characters.
                let row = values.baseAddress! + step * classes
                var best = 0
                var bestProbability = -Float.infinity
                var top: [(index: Int, probability: Float)] = []
                top.reserveCapacity(count + 1)
                for index in 0..<classes {
                    let probability = row[index]
                    if let allowed, !allowed.contains(index) { continue }
                    if probability > bestProbability {
                        best = index
                        bestProbability = probability
                    }
                    if index != 0 && (top.count < count || probability > top[top.count - 1].probability) {
                        let position = top.firstIndex { probability > $0.probability } ?? top.count
                        top.insert((index, probability), at: position)
                        if top.count > count { top.removeLast() }
                    }
                }
                defer { previous = best }
                guard best != 0 else { continue }
                let span = Double(step) / Double(usedSteps)...Double(step + 1) / Double(usedSteps)
                if best == previous, let last = decoded.indices.last {
                    decoded[last].span = decoded[last].span.lowerBound...span.upperBound
                    continue
                }
                decoded.append(Character(
                    text: characters[best], confidence: Double(bestProbability),
                    alternatives: top.prefix(alternativeCount).map { Alternative(text: characters[$0.index], confidence: Double($0.probability)) },
                    span: span))
            }
        }
        let confidence = decoded.isEmpty ? 0 : decoded.map(\.confidence).reduce(0, +) / Double(decoded.count)
        return Reading(text: decoded.map(\.text).joined(), confidence: confidence, characters: decoded)
    }

    /// Width over height of a quad, along its top edge and left edge.
    static func aspect(of quad: Quad) -> Double {
        let width = hypot(quad.topRight.x - quad.topLeft.x, quad.topRight.y - quad.topLeft.y)
        let height = hypot(quad.bottomLeft.x - quad.topLeft.x, quad.bottomLeft.y - quad.topLeft.y)
        return height > 0 ? width / height : 1
    }

    /// Samples the quad of `bitmap` into `width` x `height` pixels of a CHW input, blue, green,
    /// red (the order PaddleOCR trained with), normalised to -1...1.
    static func sample(_ quad: Quad, of bitmap: Bitmap, width: Int, height: Int, into input: inout [Float],
                       offset: Int, rowStride: Int) {
        let plane = height * rowStride
        for row in 0..<height {
            let v = (Double(row) + 0.5) / Double(height)
            let left = Point(x: quad.topLeft.x + (quad.bottomLeft.x - quad.topLeft.x) * v,
                             y: quad.topLeft.y + (quad.bottomLeft.y - quad.topLeft.y) * v)
            let right = Point(x: quad.topRight.x + (quad.bottomRight.x - quad.topRight.x) * v,
                              y: quad.topRight.y + (quad.bottomRight.y - quad.topRight.y) * v)
            for column in 0..<width {
                let u = (Double(column) + 0.5) / Double(width)
                let (red, green, blue) = bitmap.bilinear(x: left.x + (right.x - left.x) * u - 0.5,
                                                         y: left.y + (right.y - left.y) * u - 0.5)
                let position = offset + row * rowStride + column
                input[position] = Float(blue / 127.5 - 1)
                input[position + plane] = Float(green / 127.5 - 1)
                input[position + 2 * plane] = Float(red / 127.5 - 1)
            }
        }
    }
}

extension Bitmap {
    /// The colour at a point between pixel centres, interpolated; edges extend outwards.
    func bilinear(x: Double, y: Double) -> (red: Double, green: Double, blue: Double) {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        func pixel(_ column: Int, _ row: Int) -> (Double, Double, Double) {
            let c = min(max(column, 0), width - 1), r = min(max(row, 0), height - 1)
            let index = (r * width + c) * layout.channels
            if layout == .gray {
                let value = Double(pixels[index])
                return (value, value, value)
            }
            return (Double(pixels[index]), Double(pixels[index + 1]), Double(pixels[index + 2]))
        }
        let a = pixel(x0, y0), b = pixel(x0 + 1, y0), c = pixel(x0, y0 + 1), d = pixel(x0 + 1, y0 + 1)
        func mix(_ p: Double, _ q: Double, _ r: Double, _ s: Double) -> Double {
            (p * (1 - fx) + q * fx) * (1 - fy) + (r * (1 - fx) + s * fx) * fy
        }
        return (mix(a.0, b.0, c.0, d.0), mix(a.1, b.1, c.1, d.1), mix(a.2, b.2, c.2, d.2))
    }
}
