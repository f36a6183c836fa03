import Foundation
import OCRKit
import OCRKitEvaluation
import OCRKitTestSupport
import Testing

@Suite struct ScoringTests {
    @Test func platesCountWhenALineOrAWordIsThePlate() {
        var score = PlateScore()
        score.add(reading: "CALIFORNIA\n6abc-123", plate: "6ABC123")      // a line, once normalised
        score.add(reading: "DMV 7XYZ890 2024", plate: "7XYZ890")          // a word of a line
        score.add(reading: "X7XYZ890\n7XYZ89", plate: "7XYZ890")          // inside a word; too short
        score.add(reading: "", plate: "AB12")
        #expect(score.read == 2 && score.plates == 4 && score.accuracy == 0.5)
    }

    @Test func characterErrorRateCountsEditsOverTheTruth() {
        var score = CharacterErrorRate()
        score.add(reading: "He1lo world", truth: "Hello world")
        #expect(score.edits == 1 && score.referenceLength == 11)
        score.add(reading: "", truth: "abc")
        #expect(score.edits == 4 && score.referenceLength == 14)
    }

    @Test func characterErrorRateTreatsWhiteSpaceRunsAsOneSpace() {
        var score = CharacterErrorRate()
        score.add(reading: "  two\n\nlines  ", truth: "two lines")
        #expect(score.rate == 0)
    }

    @Test func caseCountsUnlessFolded() {
        var sensitive = CharacterErrorRate()
        sensitive.add(reading: "total", truth: "TOTAL")
        #expect(sensitive.rate == 1)
        var folded = CharacterErrorRate(caseSensitive: false)
        folded.add(reading: "total", truth: "TOTAL")
        #expect(folded.rate == 0)
    }

    @Test func wordScoreMatchesEachTruthWordOnce() {
        var score = WordScore()
        score.add(reading: "TOTAL 9.00 CASH cash", truth: "total 9.00 change cash")
        #expect(score.matched == 3 && score.readingWords == 4 && score.truthWords == 4)
        #expect(score.precision == 0.75 && score.recall == 0.75 && score.f1 == 0.75)
    }

    @Test func wordScoreOfNothing() {
        var score = WordScore()
        score.add(reading: "", truth: "")
        #expect(score.f1 == 1)
        score.add(reading: "", truth: "missed")
        #expect(score.recall == 0 && score.f1 == 0)
    }

    @Test func manifestResolvesPathsBesideIt() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(Array("# comment\na.png\tfirst truth\nsub/b.jpg\t\n\n".utf8), to: "manifest.tsv")
        let manifest = try Manifest(contentsOf: path)
        #expect(manifest.entries.map(\.imagePath) == [folder.file("a.png"), folder.file("sub/b.jpg")])
        #expect(manifest.entries.map(\.truth) == ["first truth", ""])
    }

    @Test func missingManifestNamesTheFileAndKeepsTheCause() {
        #expect { try Manifest(contentsOf: "/nonexistent/manifest.tsv") } throws: {
            // The message for people, and Foundation's own error for code.
            guard let error = $0 as? OCRError, let cause = error.underlyingError as? CocoaError else { return false }
            return error.path == "/nonexistent/manifest.tsv" && cause.code == .fileReadNoSuchFile
        }
    }

    @Test(.enabled(if: SharedData.isAvailable("sroie"), SharedData.missingReason))
    func readsTheSharedManifests() throws {
        let manifest = try Manifest(contentsOf: SharedData.manifest("sroie"))
        #expect(manifest.name == "sroie" && manifest.entries.count == 100)
        #expect(manifest.entries[0].truth.hasPrefix("TAN WOON YANN"))
    }
}
