import OCRKit
@testable import OCRKitLive
import Testing

@Suite struct TextPatternTests {
    @Test func ukPlatesAreMendedWhereLettersAndDigitsMustStand() {
        let uk = TextPattern.ukPlate
        #expect(uk.normalize("ab12 cde") == "AB12CDE")
        // 8 stands where a letter must, O where a digit must.
        #expect(uk.normalize("A812CDE") == "AB12CDE")
        #expect(uk.normalize("AB1ZCDE") == "AB12CDE")
        #expect(uk.normalize("AB12C0E") == "AB12COE")
        #expect(uk.normalize("AB12CDEF") == nil)
        #expect(uk.normalize("ABCDEFG") == nil)
        #expect(uk.normalize("") == nil)
    }

    @Test func readsThatAlreadyFitAreLeftAlone() {
        // Under a pattern that takes letters and digits anywhere, there is nothing to mend.
        let plate = TextPattern.alphanumeric(length: 5...8)
        #expect(plate.normalize("0sg-719") == "0SG719")
        #expect(plate.normalize("OSG719") == "OSG719")
        #expect(plate.normalize("AB12") == nil)
        #expect(plate.normalize("AB12CDE99") == nil)
        #expect(plate.name == "alnum:5-8")
    }

    @Test func usersPatternsMendWithTheFewestSwaps() throws {
        let permit = try TextPattern(name: "permit", regularExpression: "P[0-9]{6}")
        #expect(permit.normalize("PO12345") == "P012345")
        #expect(permit.normalize("P0I2S45") == "P012545")
        #expect(permit.normalize("Q123456") == nil)
        #expect(permit.description == "permit")
    }

    @Test(arguments: [
        ("br", "ABS1234", "A85I234"), ("mercosur", "ABC1D23", "ABCID23"), ("it-fr", "RK099AN", "RKO99AN"), ("pl", "WA56660", "WA5666O"),
        // Czechia's plates have no letter O: where a letter may stand, an O read is a 0.
        ("cz", "4B04979", "4BO4979"),
    ])
    func platesOfOtherCountriesAreMendedToTheirShape(name: String, plate: String, read: String) throws {
        let pattern = try TextPattern(named: name)
        #expect(pattern.description == name)
        #expect(pattern.matches(plate) && !pattern.matches(read))
        #expect(pattern.normalize(read) == plate)
        // Countries share shapes (Brazil's before Mercosur and Poland's of three letters), but no
        // general pattern stands for one.
        #expect(TextPattern.plates[name]?.name == name)
    }

    @Test func platesMixLettersAndDigitsAsRead() throws {
        // The words of signs are not plates, nor made plates by reading an O as 0.
        for sign in ["MOTORS", "DEALER", "WASHME", "5550192"] {
            #expect(TextPattern.plate.normalize(sign) == nil, "\(sign)")
        }
        #expect(TextPattern.plate.normalize("7ABC123") == "7ABC123")
        #expect(TextPattern.plate.normalize("AB12 CDE") == "AB12CDE")
        // Vanity plates and plates of digits alone need alnum.
        #expect(TextPattern.plate.normalize("GWAGEN") == nil)
        #expect(try TextPattern(named: "alnum").normalize("GWAGEN") == "GWAGEN")
    }

    @Test func usPlatesReadAnOAsZero() throws {
        let us = try TextPattern(named: "us")
        #expect(us.normalize("HKOE7C") == "HK0E7C")
        #expect(us.normalize("AKS4329") == "AKS4329")
        #expect(us.normalize("5UVR090") == "5UVR090")
        #expect(us.normalize("EMR70940") == nil, "eight characters")
        #expect(us.normalize("FZRULZ") == nil, "letters only")
    }

    @Test func aListOfPatternsTakesValuesFittingAny() throws {
        let european = try TextPattern(named: "uk,it-fr")
        #expect(european.description == "uk,it-fr")
        #expect(european.matches("AB12CDE") && european.matches("AB123CD"))
        #expect(!european.matches("WA12345"))
        // Each keeps its own rules: plate's letters and digits both, beside codes of digits alone.
        let mixed = try TextPattern(named: "plate,alnum:2-4")
        #expect(mixed.matches("1234") && mixed.matches("AB12CD") && !mixed.matches("ABCDEF"))
        #expect(european.normalize("RKO99AN") == "RK099AN")
        let eu = try TextPattern(named: "eu")
        #expect(eu.matches("4B40262") && eu.matches("BZM2227"))
        // As few swaps make it Polish (BB13580): the first in the list that fits is taken.
        #expect(eu.normalize("BB135B0") == "BB135BO")
    }

    @Test func patternsByName() throws {
        #expect(try TextPattern(named: "UK").description == "uk")
        #expect(try TextPattern(named: "alnum").matches("AB1234"))
        #expect(try TextPattern(named: "alnum").matches("AB12") == false)
        #expect(try TextPattern(named: "alnum:2-4").matches("AB12"))
        #expect(try TextPattern(named: "P[0-9]{3}").matches("P123"))
        for bad in ["alnum:5", "alnum:8-5", "alnum:0-3", "[A-Z"] {
            #expect(throws: OCRError.self, "\(bad)") { try TextPattern(named: bad) }
        }
    }

    @Test func badExpressionsAreRefused() {
        #expect { try TextPattern(regularExpression: "[A-Z") } throws: {
            ($0 as? OCRError)?.code == .invalidOption && "\($0)".contains("[A-Z")
        }
    }

    @Test func lookAlikesShareAKey() {
        #expect(TextPattern.lookAlikeKey("6HP995") == TextPattern.lookAlikeKey("GHP995"))
        #expect(TextPattern.lookAlikeKey("0SG719") != TextPattern.lookAlikeKey("OSC719"))
        #expect(TextPattern.lookAlikeKey("0SG719") == TextPattern.lookAlikeKey("OS6719"))
    }

    /// A pattern naming a script takes its letters, the Latin letters that look like them made
    /// its own, and mends its letters that look like digits.
    @Test func aPatternMayNameAScript() throws {
        let russian = try TextPattern(named: "cyrillic:8-9")
        #expect(russian.script == .cyrillic && russian.name == "cyrillic:8-9")
        #expect(russian.normalize("а123вс 77") == "А123ВС77")
        #expect(russian.normalize("A123BC77") == "А123ВС77", "Latin look-alikes read as Cyrillic")
        #expect(russian.normalize("A123BD77") == nil, "D looks like no Cyrillic letter: seven characters left")
        #expect(russian.normalize("AB12CDE") == nil)
        let plates = try TextPattern(name: "ru", regularExpression: "[АВЕКМНОРСТУХ][0-9]{3}[АВЕКМНОРСТУХ]{2}[0-9]{2,3}",
                                     script: .cyrillic)
        #expect(plates.normalize("А1О3ВС77") == "А103ВС77", "Cyrillic О where a digit must stand")
        #expect(plates.normalize("0123AB77") == "О123АВ77", "0 where a letter must stand")
        #expect(try TextPattern(named: "greek").normalize("ΑΒΓ 123") == "ΑΒΓ123")
        #expect(try TextPattern(named: "greek").name == "greek:5-8")
        #expect(TextPattern.ukPlate.script == .latin && TextPattern.ukPlate.normalize("АВ12СDЕ") == nil,
                "a Latin pattern takes no Cyrillic letters")
        #expect(throws: OCRError.self) { try TextPattern(named: "cyrillic:9-8") }
    }
}
