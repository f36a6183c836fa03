@testable import OCRKitBench
import Testing

/// What `ocr bench live --details` tells a wrong value's characters by.
@Suite struct PlateDifferenceTests {
    @Test func aChangedCharacterIsNamedWithWhatThePlateHasThere() {
        #expect(PlateDifference(value: "AG6VIW", plate: "AG6V1W").edits == [.changed(position: 5, read: "I", truth: "1")])
    }

    @Test func anInsertedLetterAndADroppedCharacterAreToldApart() {
        #expect(PlateDifference(value: "ATGCL04", plate: "ATGL04").edits == [.inserted(position: 4, read: "C")])
        #expect(PlateDifference(value: "GLS168", plate: "4GLS168").edits == [.dropped(position: 1, truth: "4")])
        #expect(PlateDifference(value: "AB12CDE", plate: "AB12CDE").edits.isEmpty)
    }
}
