import Foundation
import OCRKit

/// PP-OCR's text line recogniser (`rec`): reads lines of text, given where they are, with
/// a confidence and the top candidates for every character.
///
/// Each line is sampled from its quad into the model's 48-pixel-high input (so rotated lines need
/// no separate warp), lines are batched by aspect ratio, and the output is decoded greedily
/// (CTC: repeats and blanks dropped). The dictionary comes from the model set.
struct PPOCRRecognizer: Sendable {
    /// A recognised line.
    struct Reading: Sendable, Equatable {
        var text: String
        /// The mean of its characters' confidences.
        var confidence: Double
        var characters: [RecognizedCharacter]
    }

    static let inputHeight = 48

    let session: ONNXSession
    /// Class index to text: 0 is CTC's blank, the last is a space.
    let characters: [String]
    /// How many candidates to keep for each character.
    var alternativeCount = 3
    /// The narrowest input, in pixels: lines are read at their own width, shorter ones padded to
    /// it (see ``PPOCRModelSet/recognitionWidth``).
    var minimumInputWidth = Self.inputHeight
    /// How many lines each run reads, lines of similar aspect ratio together. One by default: on
    /// this project's 2-core machines, reading receipts' lines one at a time took 19% less time
    /// than in sixes, as RapidOCR reads them (at one and at two threads a run), and lost no
    /// words, since no line is padded to another's width.
    var batchSize = 1

    /// - Parameter dictionary: the characters the model reads, in order; by default, those in its
    ///   metadata (`character`).
    /// - Throws: ``OCRError`` naming the model when it has no dictionary, or one whose size is not
    ///   the model's number of classes.
    init(session: ONNXSession, dictionary: [String]? = nil) throws {
        self.session = session
        guard let dictionary = try dictionary
            ?? session.metadata("character").map({ $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }) else {
            throw OCRError(.corrupt, path: session.modelPath,
                           reason: "the model has no `character` dictionary in its metadata, nor an inference.yml beside it with one")
        }
        characters = [""] + dictionary + [" "]
        if let classes = session.outputShapes.first?.last, classes > 0, classes != characters.count {
            throw OCRError(.corrupt, path: session.modelPath,
                           reason: "its dictionary has \(dictionary.count) characters, \(characters.count) classes with CTC's blank "
                               + "and the space, but the model reads \(classes) classes: the dictionary is not this model's")
        }
    }

    /// Reads the text in each quad of `bitmap`, in the quads' order; with `allowedCharacters`,
    /// only those characters (and spaces) are considered.
    func recognize(_ quads: [Quad], in bitmap: Bitmap, allowedCharacters: String? = nil) throws -> [Reading] {
        let allowed = allowedCharacters.map { allowed in
            Set(characters.indices.filter { $0 == 0 || characters[$0] == " " || allowed.contains(characters[$0]) })
        }
        let aspects = quads.map { Self.aspect(of: $0) }
        var readings = [Reading?](repeating: nil, count: quads.count)
        let order = quads.indices.sorted { aspects[$0] < aspects[$1] }
        for start in stride(from: 0, to: order.count, by: max(1, batchSize)) {
            let batch = Array(order[start..<min(start + max(1, batchSize), order.count)])
            let width = max(minimumInputWidth, Int((Double(Self.inputHeight) * (batch.map { aspects[$0] }.max() ?? 1)).rounded(.up)))
            var input = [Float](repeating: 0, count: batch.count * 3 * Self.inputHeight * width)
            var widths: [Int] = []
            for (slot, index) in batch.enumerated() {
                let lineWidth = min(width, max(1, Int((Double(Self.inputHeight) * aspects[index]).rounded(.up))))
                widths.append(lineWidth)
                bitmap.sample(quads[index], width: lineWidth, height: Self.inputHeight, format: .bgrSymmetric, into: &input,
                              at: .image(slot, width: width, height: Self.inputHeight))
            }
            try session.run([session.inputNames[0]: Tensor(shape: [batch.count, 3, Self.inputHeight, width], values: input)]) { outputs in
                guard let output = outputs[session.outputNames[0]], output.element == .float, output.shape.count == 3,
                      output.shape[0] == batch.count, output.shape[2] == characters.count else {
                    throw OCRError(.engineFailure, path: session.modelPath,
                                   reason: "unexpected output shape \(outputs[session.outputNames[0]]?.shape ?? []) for \(characters.count) classes")
                }
                let steps = output.shape[1], classes = output.shape[2]
                for (slot, index) in batch.enumerated() {
                    let probabilities = UnsafeBufferPointer(rebasing: output.floats[(slot * steps * classes)..<((slot + 1) * steps * classes)])
                    // Only the time steps over the line itself: the rest is padding.
                    let used = min(steps, Int((Double(steps) * Double(widths[slot]) / Double(width)).rounded(.up)))
                    readings[index] = Self.decode(probabilities, steps: steps, classes: classes, usedSteps: used,
                                                  characters: characters, alternativeCount: alternativeCount, allowed: allowed)
                }
            }
        }
        return readings.map { $0! }
    }

    /// Greedy CTC decoding: the likeliest class at each step, repeats merged, blanks (class 0)
    /// dropped; each character keeps its step's `alternativeCount` likeliest classes, and its span
    /// over the first `usedSteps` steps (the line without its padding). With `allowed`, only those
    /// classes count.
    static func decode(_ probabilities: UnsafeBufferPointer<Float>, steps: Int, classes: Int, usedSteps: Int,
                       characters: [String], alternativeCount: Int, allowed: Set<Int>? = nil) -> Reading {
        var decoded: [RecognizedCharacter] = []
        var previous = 0
        for step in 0..<steps {
            // One pass: the likeliest class (blank included) and the likeliest `alternativeCount` characters.
            let row = probabilities.baseAddress! + step * classes
            var best = 0
            var bestProbability = -Float.infinity
            var top = TopScores(capacity: alternativeCount)
            for index in 0..<classes {
                let probability = row[index]
                if let allowed, !allowed.contains(index) { continue }
                if probability > bestProbability {
                    best = index
                    bestProbability = probability
                }
                if index != 0 { top.offer(index, probability) }
            }
            defer { previous = best }
            guard best != 0 else { continue }
            let span = Double(step) / Double(usedSteps)...Double(step + 1) / Double(usedSteps)
            if best == previous, let last = decoded.indices.last {
                decoded[last].span = decoded[last].span.lowerBound...span.upperBound
                continue
            }
            decoded.append(RecognizedCharacter(
                text: characters[best], confidence: Double(bestProbability),
                alternatives: top.entries.prefix(alternativeCount).map { Alternative(text: characters[$0.index], confidence: Double($0.score)) },
                span: span))
        }
        let confidence = decoded.isEmpty ? 0 : decoded.map(\.confidence).reduce(0, +) / Double(decoded.count)
        return Reading(text: decoded.map(\.text).joined(), confidence: confidence, characters: decoded)
    }

    /// Width over height of a quad, along its top edge and left edge.
    static func aspect(of quad: Quad) -> Double {
        let height = quad.leftEdgeLength
        return height > 0 ? quad.topEdgeLength / height : 1
    }
}
