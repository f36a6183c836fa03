@testable import OCRKitONNX
import Testing

@Suite struct CTCDecodingTests {
    private let alphabet = ["", "a", "b", "c"]

    /// Rows of probabilities, each with `top` likeliest at 0.7 and the others sharing the rest.
    private func rows(_ tops: [Int]) -> [Float] {
        tops.flatMap { top in (0..<4).map { $0 == top ? 0.7 : 0.1 } }
    }

    private func decode(_ probabilities: [Float], steps: Int, alternativeCount: Int) -> PPOCRRecognizer.Reading {
        probabilities.withUnsafeBufferPointer {
            PPOCRRecognizer.decode($0, steps: steps, classes: 4, usedSteps: steps, characters: alphabet, alternativeCount: alternativeCount)
        }
    }

    @Test func mergesRepeatsAndDropsBlanks() {
        // a a _ a b b _ _ c  ->  "aabc": a blank between two a's keeps both.
        let reading = decode(rows([1, 1, 0, 1, 2, 2, 0, 0, 3]), steps: 9, alternativeCount: 3)
        #expect(reading.text == "aabc")
        let ninths: [ClosedRange<Double>] = [0...2, 3...4, 4...6, 8...9].map { ($0.lowerBound / 9)...($0.upperBound / 9) }
        #expect(reading.characters.map(\.span) == ninths)
        #expect(abs(reading.confidence - 0.7) < 1e-6)
    }

    @Test func keepsTheTopCandidatesWithoutTheBlank() {
        var probabilities: [Float] = [0.05, 0.6, 0.3, 0.05]
        probabilities += [0.9, 0.04, 0.03, 0.03]
        let reading = decode(probabilities, steps: 2, alternativeCount: 2)
        #expect(reading.text == "a")
        #expect(reading.characters[0].alternatives.map(\.text) == ["a", "b"])
        #expect(reading.characters[0].alternatives.map(\.confidence).map { ($0 * 100).rounded() } == [60, 30])
    }

    @Test func nothingButBlanksReadsNothing() {
        let reading = decode(rows([0, 0, 0]), steps: 3, alternativeCount: 3)
        #expect(reading.text.isEmpty && reading.confidence == 0)
    }
}
