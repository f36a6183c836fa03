import OCRKit
import OCRKitEvaluation
import OCRKitImages
@testable import OCRKitLive
import Testing

@Suite(.heavy) struct LiveScannerTests {
    private func scan(_ frames: [Frame], with scanner: LiveScanner) async throws -> [LiveScanner.Step] {
        var steps: [LiveScanner.Step] = []
        for frame in frames { steps.append(try await scanner.scan(frame)) }
        return steps
    }

    @Test func aPlateIsReportedOnceWithItsEvidence() async throws {
        let scanner = try LiveScanner(engine: Scenes.engine())
        let steps = try await scan(Scenes.sequence(plate: "AB12 CDE", sign: "SALE 2499", count: 20), with: scanner)
        let accepted = steps.compactMap(\.accepted)
        // The sign's SALE2499 fits the pattern too, but the plate is the larger text.
        #expect(accepted.map(\.value) == ["AB12CDE"])
        #expect(steps.allSatisfy { $0.candidates.first?.value != "SALE2499" })
        let plate = try #require(accepted.first)
        #expect(plate.time >= .milliseconds(200) && plate.time <= .milliseconds(500))
        #expect(plate.confidence > 0.5 && plate.votes >= 2)
        // The evidence is the plate's box grown by 24 pixels each side and 16 above and below.
        let evidence = try #require(plate.evidence)
        let box = plate.box.scaled(width: Double(Scenes.width), height: Double(Scenes.height))
        #expect(abs(Double(evidence.width) - (box.width + 48)) <= 2)
        #expect(abs(Double(evidence.height) - (box.height + 32)) <= 2)
    }

    @Test func evidenceIsClippedToTheFrame() async throws {
        let scanner = try LiveScanner(engine: Scenes.engine())
        // A plate against the left edge: the crop cannot grow past it.
        let frames = try (0..<6).map { Frame(bitmap: try Scenes.frame(plates: [("AB12 CDE", -6)]), time: .milliseconds(100 * $0)) }
        let plate = try #require(try await scan(frames, with: scanner).compactMap(\.accepted).first)
        let box = plate.box.scaled(width: Double(Scenes.width), height: Double(Scenes.height))
        let evidence = try #require(plate.evidence)
        #expect(box.minX < 24)
        #expect(abs(Double(evidence.width) - (box.maxX + 24)) <= 2)
    }

    @Test func theCooldownKeepsAValueFromBeingReportedAgainUntilItEnds() async throws {
        let frames = try Scenes.sequence(plate: "AB12 CDE", count: 25)
        let patient = try LiveScanner(engine: Scenes.engine())
        #expect(try await scan(frames, with: patient).compactMap(\.accepted).count == 1)
        // Reset for another stream, the scanner reports the plate again.
        await patient.reset()
        #expect(try await scan(frames, with: patient).compactMap(\.accepted).count == 1)

        let brief = try LiveScanner(engine: Scenes.engine(), configuration: .init(cooldown: .seconds(1)))
        // Still in view, the plate is reported again each time the cooldown ends.
        let times = try await scan(frames, with: brief).compactMap(\.accepted).map(\.time)
        #expect(times.count == 3)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= .seconds(1) && $1 - $0 <= .milliseconds(1100) })
    }

    @Test func aValueJustAcceptedHoldsTheLeadAgainstOtherTextSeenAsLong() async throws {
        let plate = try Scenes.frame(plates: [("AB12 CDE", 180)])
        let sign = try Scenes.frame(plates: [("SALE 2499", 140)])
        // The plate, accepted with its third frame; then a van's sign fills three frames; then the plate again.
        let bitmaps = Array(repeating: plate, count: 3) + Array(repeating: sign, count: 3) + [plate, plate]
        let frames = bitmaps.enumerated().map { Frame(bitmap: $1, time: .milliseconds(100 * $0)) }
        let steps = try await scan(frames, with: try LiveScanner(engine: Scenes.engine()))
        #expect(steps[2].accepted?.value == "AB12CDE")
        #expect(steps[3...5].allSatisfy { $0.candidates.first?.value == "SALE2499" })
        #expect(steps.compactMap(\.accepted).map(\.value) == ["AB12CDE"])
    }

    @Test func aSignIsNotTakenForThePlateInTheFramesThePlateIsHiddenIn() async throws {
        // The plate above a sign that fits the pattern too; then, for half a second, a passer-by
        // hides the plate and the sign is the only text in view.
        let both = try Scenes.frame(plates: [("AB12 CDE", 180)], sign: "SALE 2499")
        let signOnly = try Scenes.frame(plates: [], sign: "SALE 2499")
        let bitmaps = Array(repeating: both, count: 3) + Array(repeating: signOnly, count: 6)
        let frames = bitmaps.enumerated().map { Frame(bitmap: $1, time: .milliseconds(100 * $0)) }
        let steps = try await scan(frames, with: try LiveScanner(engine: Scenes.engine()))
        #expect(steps.compactMap(\.accepted).map(\.value) == ["AB12CDE"])
        #expect(steps[3...].allSatisfy { $0.candidates.isEmpty }, "\(steps.map(\.candidates))")
    }

    @Test func onlyTheRegionOfInterestIsRead() async throws {
        let frames = try (0..<8).map {
            Frame(bitmap: try Scenes.frame(plates: [("AB12 CDE", 20), ("XY34 ZZZ", 360)]), time: .milliseconds(100 * $0))
        }
        // The right half, given as a camera framework counts, from the bottom left.
        let right = Rect(normalizedBottomLeft: Rect(x: 0.5, y: 0, width: 0.5, height: 1))
        let scanner = try LiveScanner(engine: Scenes.engine(), configuration: .init(region: right, pattern: .ukPlate))
        let steps = try await scan(frames, with: scanner)
        #expect(steps.compactMap(\.accepted).map(\.value) == ["XY34ZZZ"])
        #expect(steps.allSatisfy { $0.candidates.allSatisfy { $0.value != "AB12CDE" } })
    }

    @Test func theMinimumTextHeightIsAShareOfTheRegion() async throws {
        let frame = Frame(bitmap: try Scenes.frame(plates: [("AB12 CDE", 180)]), time: .zero)
        // The letters are about 30 pixels high: a twelfth of the frame, a fifth of a band of 150.
        let band = Rect(x: 0, y: 100 / 360.0, width: 1, height: 150 / 360.0)
        let whole = try LiveScanner(engine: Scenes.engine(), configuration: .init(minimumTextHeight: 0.15))
        #expect(try await whole.scan(frame).candidates.isEmpty)
        let banded = try LiveScanner(engine: Scenes.engine(), configuration: .init(region: band, minimumTextHeight: 0.15))
        #expect(try await banded.scan(frame).candidates.first?.value == "AB12CDE")
    }

    @Test func framesTooSoonAfterTheLastAreSkipped() async throws {
        let scanner = try LiveScanner(engine: Scenes.engine(), configuration: .init(minimumInterval: .milliseconds(200)))
        let bitmap = try Scenes.frame(plates: [("AB12 CDE", 180)])
        var skipped: [LiveScanner.Step.Skip?] = []
        for milliseconds in [0, 100, 200, 250, 100] {
            skipped.append(try await scanner.scan(Frame(bitmap: bitmap, time: .milliseconds(milliseconds))).skipped)
        }
        #expect(skipped == [nil, .tooSoon, nil, .tooSoon, .tooSoon])
    }

    @Test func framesThatComeWhileOneIsReadAreSkipped() async throws {
        let scanner = try LiveScanner(engine: Scenes.engine())
        let bitmap = try Scenes.frame(plates: [("AB12 CDE", 180)])
        // A camera hands frames over without waiting for the last read to end.
        async let first = scanner.scan(Frame(bitmap: bitmap, time: .zero))
        async let second = scanner.scan(Frame(bitmap: bitmap, time: .seconds(1)))
        let steps = try await [first, second]
        #expect(steps.map(\.skipped).filter { $0 == .busy }.count == 1)
        #expect(steps.contains { $0.skipped == nil && $0.candidates.first?.value == "AB12CDE" })
    }

    @Test func settingsOutOfRangeAreRefused() throws {
        for configuration in [
            LiveScanner.Configuration(region: Rect(x: 0.8, y: 0, width: 0.5, height: 1)),
            LiveScanner.Configuration(minimumTextHeight: 1),
            LiveScanner.Configuration(candidateCount: 0),
            LiveScanner.Configuration(window: .zero),
            LiveScanner.Configuration(minimumShare: 1.5),
            LiveScanner.Configuration(window: .seconds(1), minimumLeadTime: .seconds(2)),
            LiveScanner.Configuration(cooldown: .seconds(-1)),
        ] {
            #expect { try LiveScanner(engine: Scenes.engine(), configuration: configuration) } throws: {
                ($0 as? OCRError)?.code == .invalidOption
            }
        }
    }

    /// A word of Russian (a translator's, from Debian's gettext catalogues) in front of a camera,
    /// sought by a pattern naming Cyrillic: the frames are read in Russian, and the word reported.
    @Test func aPatternNamingAScriptIsReadInItsLanguage() async throws {
        let words: [String] = try TranslatedLines.lines(in: "rus", count: 40).flatMap { line in
            line.split(separator: " ").map(String.init)
        }
        let word = try #require(words.first { word in
            (6...8).contains(word.count) && word.allSatisfy { Script($0) == .cyrillic }
        })
        let frames = try (0..<12).map { index in
            Frame(bitmap: try Scenes.frame(plates: [(word, 180)], shift: index % 3), time: .milliseconds(100 * index))
        }
        let scanner = try LiveScanner(engine: Scenes.engine(), configuration: .init(pattern: try TextPattern(named: "cyrillic:6-8")))
        let steps = try await scan(frames, with: scanner)
        #expect(steps.compactMap(\.accepted).map(\.value) == [word.uppercased()], "\(steps.map(\.candidates))")
    }
}
