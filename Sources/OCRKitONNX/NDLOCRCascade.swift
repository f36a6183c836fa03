import OCRKit

/// NDLOCR-Lite's cascade of line recognisers: each line is read first by the model its predicted
/// length suggests, and again by a wider one when the reading comes near the model's capacity.
///
/// - A line the detector calls short (length class 3) starts at the narrowest model, a middling
///   one (2) at the middle one, any other at the widest.
/// - A reading within 5 characters of its model's capacity is read again by the next model.
/// - At the widest model, a reading within 2 characters of its capacity is cut in two halves
///   along its length and each half read by the widest model.
struct NDLOCRCascade: Sendable {
    /// A line as the cascade read it, and how.
    struct Reading: Sendable, Equatable {
        var characters: [RecognizedCharacter]
        /// The index in ``NDLOCRCascade/stages`` of the model that gave the reading.
        var stage: Int
        /// Whether the line was read in two halves.
        var isSplit: Bool

        var text: String { characters.map(\.text).joined() }
    }

    /// How near its capacity a reading may come before a wider model reads the line again.
    static let escalationMargin = 5
    /// How near the widest model's capacity a reading may come before the line is read in halves.
    static let splitMargin = 2

    /// The recognisers, narrowest first.
    let stages: [NDLOCRRecognizer]

    /// - Throws: ``OCRError`` when there are not three recognisers, as NDLOCR-Lite has.
    init(recognizers: [NDLOCRRecognizer]) throws {
        guard recognizers.count == 3 else {
            throw OCRError(.invalidOption, reason: "NDLOCR-Lite's cascade needs its three line models (parseq-*.onnx), found "
                + "\(recognizers.count): \(recognizers.map(\.session.modelPath).joined(separator: ", "))")
        }
        stages = recognizers.sorted { $0.inputWidth < $1.inputWidth }
    }

    /// The stage a line starts at, given the detector's length class.
    static func firstStage(lengthClass: Int) -> Int {
        switch lengthClass {
        case 3: 0
        case 2: 1
        default: 2
        }
    }

    /// Reads the line in `quad` of `bitmap`, along its top edge, as the cascade decides, keeping
    /// `alternativeCount` candidates for each character.
    func read(_ quad: Quad, lengthClass: Int, in bitmap: Bitmap, alternativeCount: Int = 3) throws -> Reading {
        var stage = Self.firstStage(lengthClass: lengthClass)
        while true {
            let reading = try stages[stage].read(quad, in: bitmap, alternativeCount: alternativeCount)
            let last = stage == stages.count - 1
            let margin = last ? Self.splitMargin : Self.escalationMargin
            guard reading.characters.count >= reading.capacity - margin else {
                return Reading(characters: reading.characters, stage: stage, isSplit: false)
            }
            if !last {
                stage += 1
                continue
            }
            let halves = try [0.0, 0.5].map { start in
                try stages[stage].read(quad.section(from: start, to: start + 0.5), in: bitmap, alternativeCount: alternativeCount).characters.map { character in
                    var placed = character
                    placed.span = (start + character.span.lowerBound / 2)...(start + character.span.upperBound / 2)
                    return placed
                }
            }
            return Reading(characters: halves[0] + halves[1], stage: stage, isSplit: true)
        }
    }
}
