/// How legible a reading of a piece of a page is as text of one script: the rule, written once,
/// by which a page or a line leaves its first reading (Latin, for PP-OCR and English) for a
/// reading in another script's language.
///
/// A reading's legibility is the number of letters of the script it read, each at the likelihood
/// that its word is right (its engine's confidence through the engine's
/// ``ConfidenceCalibration``), times its steadiness when the piece was read twice. Only letters
/// count (and the vowel signs written on them): a model that reads text of another script as its
/// own reads it as its letters mixed with digits and stray punctuation, less confidently, and
/// differently each time; the Thai model reads a Russian or Latin line as Thai letters at 0.7
/// (Tesseract's confidence) and Thai digits, where it reads Thai at 0.9.
///
/// A reading in another script replaces the first only when it is ``switchMargin`` times as
/// legible: a script detector's guess alone never decides.
///
/// ```swift
/// let latin = ScriptLegibility.legibility(of: english.lines, in: .latin, calibration: .tesseract)
/// let hindi = ScriptLegibility.legibility(of: inHindi.lines, in: .devanagari, calibration: .tesseract)
/// let kept = ScriptLegibility.isClearlyMoreLegible(hindi, than: latin) ? inHindi : english
/// ```
public enum ScriptLegibility {
    /// How many times as legible a reading in another script must be as the first to replace
    /// it. Chosen on single lines of 12 languages (GLib's and GTK's translations) and words cut
    /// from the first half of ICDAR 2015's photos and plates: at 1.0, 6 of 90 English words
    /// went to another script; at 1.25, 4; at 1.5, 4, and 3 more lines of Cyrillic stayed Latin.
    public static let switchMargin = 1.25

    /// How much larger a piece is read the second time, for its steadiness.
    public static let steadinessScale = 1.4

    /// The letters of `script` (Japanese's kana with its Han: ``Script/family``) that `lines`
    /// read, each at the likelihood `calibration` gives its word's confidence. Letters are
    /// counted as code points, with the vowel signs Devanagari writes as marks: as characters,
    /// a conjunct and its vowel are one (`रिपब्लिक` is 4, where Thai's `โจงโรติริก` is 8), and
    /// a worn field of Hindi went to the Thai model's reading of it.
    public static func legibility(of lines: [Line], in script: Script, calibration: ConfidenceCalibration) -> Double {
        let family = script.family
        return lines.reduce(0) { total, line in
            line.readings.reduce(total) { total, reading in
                let letters = reading.text.unicodeScalars.filter { $0.properties.isAlphabetic && Script(scalar: $0).map(family.contains) == true }.count
                let shape = isShapedAsAWord(reading.text) ? 1 : misshapenWordWeight
                return total + Double(letters) * shape * calibration.probability(reading.confidence)
            }
        }
    }

    /// What a letter of a word not shaped as words are (``isShapedAsAWord(_:)``) counts for.
    public static let misshapenWordWeight = 0.5

    /// Whether a word is shaped as words of text are: no digit between two of its letters
    /// (`Ha3Ba`), no capital after a small letter (`KOHBepT`). A model that reads another
    /// script's letters as its own look-alikes reads such words, 0.97 sure (Назва, Конверт).
    /// Names such as `iPhone` are misshapen too, and count at ``misshapenWordWeight`` on either side.
    ///
    /// ```swift
    /// print(ScriptLegibility.isShapedAsAWord("Конверт"))   // true
    /// print(ScriptLegibility.isShapedAsAWord("KOHBepT"))   // false
    /// print(ScriptLegibility.isShapedAsAWord("9x11"))      // true: a letter between digits
    /// ```
    public static func isShapedAsAWord(_ word: some StringProtocol) -> Bool {
        var previous: Character?, seenLetter = false, digitAfterLetter = false
        for character in word {
            if character.isLetter {
                if digitAfterLetter { return false }
                if character.isUppercase, previous?.isLowercase == true { return false }
                seenLetter = true
            } else if character.isNumber, seenLetter {
                digitAfterLetter = true
            } else if !character.isNumber {
                digitAfterLetter = false
            }
            previous = character
        }
        return true
    }

    /// How alike two readings of one piece are, the second read larger: 1 when they are the same
    /// (spaces aside), down to 0 when they share nothing. A model that reads a script it was
    /// made for reads it alike at two sizes; one that makes its letters out of another's does
    /// not.
    public static func steadiness(of reading: String, and again: String) -> Double {
        let first = Array(reading.filter { !$0.isWhitespace }), second = Array(again.filter { !$0.isWhitespace })
        let longer = max(first.count, second.count)
        return longer == 0 ? 0 : 1 - Double(first.editDistance(to: second)) / Double(longer)
    }

    /// Whether `lines`, a first reading, keep their place whatever another script reads there:
    /// lines of digits and punctuation, which every script writes, with no letter, likely right
    /// (``likelyUnletteredLine``). Legibility counts letters only, so that any reading with one
    /// letter would otherwise replace them: a street camera's timestamp `14:12:55`, read 0.99
    /// surely, became Thai's `ว6859` (0.18) with every Debian language installed.
    public static func keepsItsPlace(_ lines: [Line], calibration: ConfidenceCalibration) -> Bool {
        let text = lines.map(\.text).joined()
        return !lines.isEmpty && text.contains(where: \.isNumber) && !text.contains(where: \.isLetter)
            && calibration.probability(of: lines) >= likelyUnletteredLine
    }

    /// How likely right a line without letters must be to keep its place (``keepsItsPlace(_:calibration:)``).
    public static let likelyUnletteredLine = 0.5

    /// Whether a reading in another script of legibility `other` replaces one of legibility
    /// `first`.
    public static func isClearlyMoreLegible(_ other: Double, than first: Double) -> Bool {
        other > 0 && other >= switchMargin * first
    }
}

extension Script {
    /// The scripts a text of this one is written in: Japanese mixes kana with Han; every other
    /// script stands alone.
    public var family: Set<Script> {
        self == .kana ? [.kana, .han] : [self]
    }
}
