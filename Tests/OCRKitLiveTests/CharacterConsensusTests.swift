import OCRKit
@testable import OCRKitLive
import Testing

@Suite struct CharacterConsensusTests {
    /// A reading of `text`, each character sure at `sureness` but those of `doubts`, which give
    /// their choices with their probabilities.
    static func reading(_ text: String, sureness: Double = 0.98, weight: Double = 0.9,
                        doubts: [Int: [(String, Double)]] = [:]) -> CharacterReading {
        CharacterReading(places: text.enumerated().map { place, character in
            (doubts[place] ?? [(String(character), sureness)]).map { Alternative(text: $0.0, confidence: $0.1) }
        }, weight: weight)
    }

    @Test func aCharacterMostFramesMisreadIsMendedByTheFramesThatSeeItClearly() throws {
        // WSG979: seven frames waver, N 0.6 over W 0.4; three see the W clearly.
        let wavering = (0..<7).map { _ in Self.reading("NSG979", doubts: [0: [("N", 0.6), ("W", 0.4)]]) }
        let clear = (0..<3).map { _ in Self.reading("WSG979", doubts: [0: [("W", 0.99), ("N", 0.01)]]) }
        let readings = wavering + clear
        // Example from Sources/OCRKitLive/Characters/CharacterConsensus.swift
        let consensus = CharacterConsensus(value: "NSG979", readings: readings, pattern: .plate)
        print(consensus.value, consensus.places.map(\.share).min() ?? 1)   // WSG979 0.58
        #expect(consensus.value == "WSG979")
        let first = consensus.places[0]
        let expected: Double = (7 * 0.4 + 3 * 0.99) / 10
        #expect(abs(first.share - expected) < 1e-9)
        #expect(first.runnerUp == "N")
        #expect(consensus.weakest(minimumShare: 0.6, lookAlikeLead: 0.4)?.number == 1)
        #expect(consensus.places[1...].allSatisfy { abs($0.share - 0.98) < 1e-9 })
    }

    @Test func readingsACharacterShortOrLongerAreAlignedWithTheValue() throws {
        // 4GLS168 with the 4 dropped in one frame and an I added in another: both still vote on
        // the places they share with it; the dropped place counts against the value's 4.
        let readings = [Self.reading("4GLS168"), Self.reading("GLS168"), Self.reading("4GLSI168"), Self.reading("4GLS168")]
        let consensus = CharacterConsensus(value: "4GLS168", readings: readings, pattern: .plate)
        #expect(consensus.readingCount == 4)
        #expect(consensus.value == "4GLS168")
        #expect(abs(consensus.places[0].share - 0.98 * 3 / 4) < 1e-9)
        #expect(consensus.places[1...].allSatisfy { abs($0.share - 0.98) < 1e-9 })
    }

    @Test func otherTextIsLeftOutAndLookAlikesCountAsOne() throws {
        // MOTORS is nothing like the plate; the O read for a 0 is the pattern's business.
        let readings = [Self.reading("RK605AB"), Self.reading("RK6O5AB"), Self.reading("MOTORS")]
        let consensus = CharacterConsensus(value: "RK605AB", readings: readings, pattern: .italyFrancePlate)
        #expect(consensus.readingCount == 2)
        #expect(consensus.value == "RK605AB")
        #expect(abs(consensus.places[3].share - 0.98) < 1e-9)
    }

    @Test func theEnginesAlternativesBecomeEachPlacesChoices() {
        func symbol(_ choices: [(String, Double)]) -> Symbol {
            let box = Rect(x: 0, y: 0, width: 0.1, height: 0.1)
            return Symbol(text: choices[0].0, confidence: choices[0].1, box: box, quad: box.quad,
                          alternatives: choices.map { Alternative(text: $0.0, confidence: $0.1) })
        }
        // Lower case is upper-cased and pooled; a space or a dash is no character of a plate.
        let reading = CharacterReading(symbols: [symbol([("w", 0.5), ("W", 0.2), ("N", 0.3)]), symbol([(" ", 0.9)]),
                                                 symbol([("5", 0.8), ("-", 0.1), ("S", 0.1)])], weight: 0.8, pattern: .plate)
        #expect(reading.places.map { $0.map(\.text) } == [["W", "N"], ["5", "S"]])
        #expect(reading.places[0].map(\.confidence) == [0.7, 0.3])
        #expect(abs(reading.places[1][0].confidence - 0.8) < 1e-9)
        #expect(reading.weight == 0.8)
    }
}
