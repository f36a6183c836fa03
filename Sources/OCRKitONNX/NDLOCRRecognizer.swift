import Foundation
import OCRKit

/// One of NDLOCR-Lite's line recognisers (PARSeq): reads a line of up to ``capacity`` characters,
/// with each character's confidence and likeliest alternatives.
///
/// NDLOCR-Lite has three, for short, middling and long lines (inputs 256, 384 and 768 pixels
/// wide); ``NDLOCRCascade`` chooses between them. The line is stretched to the model's input.
struct NDLOCRRecognizer: Sendable {
    /// A line as read.
    struct Reading: Sendable, Equatable {
        var characters: [RecognizedCharacter]
        /// The most characters the model can read in a line: a reading near it may have missed
        /// some.
        var capacity: Int

        var text: String { characters.map(\.text).joined() }
    }

    let session: ONNXSession
    let charset: NDLOCRCharset
    /// The input's width and height.
    let inputWidth: Int
    let inputHeight: Int

    /// - Throws: ``OCRError`` naming the model when its input is not one fixed-size image.
    init(session: ONNXSession, charset: NDLOCRCharset) throws {
        guard session.inputShapes.count == 1, session.inputShapes[0].count == 4, session.inputShapes[0][1] == 3,
              session.inputShapes[0][2] > 0, session.inputShapes[0][3] > 0 else {
            throw OCRError(.corrupt, path: session.modelPath,
                           reason: "not a PARSeq line model: its input is \(session.inputShapes), not one image [1,3,H,W] of fixed size")
        }
        self.session = session
        self.charset = charset
        inputHeight = session.inputShapes[0][2]
        inputWidth = session.inputShapes[0][3]
    }

    /// Reads the line in `quad` of `bitmap`, along its top edge, keeping `alternativeCount`
    /// candidates for each character.
    func read(_ quad: Quad, in bitmap: Bitmap, alternativeCount: Int = 3) throws -> Reading {
        var input = [Float](repeating: 0, count: 3 * inputHeight * inputWidth)
        bitmap.sample(quad, width: inputWidth, height: inputHeight, format: .bgrSymmetric, into: &input,
                      at: .image(width: inputWidth, height: inputHeight), antialiased: true)
        let outputs = try session.run([session.inputNames[0]: Tensor(shape: [1, 3, inputHeight, inputWidth], values: input)])
        guard let logits = outputs[session.outputNames[0]], logits.shape.count == 3, logits.shape[0] == 1,
              logits.shape[2] == charset.characters.count + 1 else {
            throw OCRError(.engineFailure, path: session.modelPath, reason: "unexpected output shape "
                + "\(outputs[session.outputNames[0]]?.shape ?? []) for \(charset.characters.count) characters and the end")
        }
        return Self.decode(logits.values, steps: logits.shape[1], classes: logits.shape[2], charset: charset,
                           alternativeCount: alternativeCount)
    }

    /// Greedy decoding: the likeliest class at each step until class 0, the end. Scores are made
    /// probabilities (softmax) when the model gives logits; each character keeps the
    /// `alternativeCount` likeliest characters at its step.
    static func decode(_ scores: [Float], steps: Int, classes: Int, charset: NDLOCRCharset, alternativeCount: Int) -> Reading {
        var characters: [RecognizedCharacter] = []
        for step in 0..<steps {
            let row = scores[(step * classes)..<((step + 1) * classes)]
            let toProbability = Self.probabilityScale(row)
            // One pass: the end's score and the likeliest `alternativeCount` characters.
            var top = TopScores(capacity: alternativeCount)
            for (offset, score) in row.enumerated().dropFirst() { top.offer(offset, score) }
            guard let best = top.entries.first, best.score > row[row.startIndex], let text = charset.character(forClass: best.index) else {
                break
            }
            let alternatives = top.entries.compactMap { candidate in
                charset.character(forClass: candidate.index).map { Alternative(text: $0, confidence: toProbability(candidate.score)) }
            }
            characters.append(RecognizedCharacter(text: text, confidence: toProbability(best.score), alternatives: alternatives,
                                                  span: 0...1))
        }
        // PARSeq does not say where each character is: they share the line evenly.
        for index in characters.indices {
            characters[index].span = Double(index) / Double(characters.count)...Double(index + 1) / Double(characters.count)
        }
        return Reading(characters: characters, capacity: steps - 1)
    }

    /// How to turn a step's scores into probabilities: as they are when they already are, else
    /// by softmax.
    private static func probabilityScale(_ row: ArraySlice<Float>) -> (Float) -> Double {
        var sum: Float = 0, largest = -Float.infinity, smallest = Float.infinity
        for value in row {
            sum += value
            largest = max(largest, value)
            smallest = min(smallest, value)
        }
        if smallest >= 0 && largest <= 1 && abs(sum - 1) < 1e-3 { return { Double($0) } }
        var total: Double = 0
        for value in row { total += exp(Double(value - largest)) }
        return { exp(Double($0 - largest)) / total }
    }
}
