import Foundation
import OCRKit

/// The shape of the text a live scanner reports: a UK number plate, any letters and digits of some
/// length, letters of another script (Cyrillic, Greek, Arabic...), or your own regular expression.
///
/// A pattern also mends reads. Engines confuse letters with digits that look alike (O and 0, I
/// and 1, S and 5, B and 8...); where a read does not fit the pattern, the fewest such swaps that
/// make it fit are made, so `AB12 CDE` read as `A812CDE` still counts as `AB12CDE` under ``ukPlate``.
///
/// ```swift
/// print(TextPattern.ukPlate.normalize("ab12 cde")!)   // AB12CDE
/// print(TextPattern.ukPlate.normalize("A812C0E")!)    // AB12COE: letters must stand where 8 and 0 do
/// let permit = try TextPattern(name: "permit", regularExpression: "P[0-9]{6}")
/// let russian = try TextPattern(named: "cyrillic:8-9")   // А123ВС77, read in Russian
/// print(russian.normalize("a123bc 77")!)                  // А123ВС77: Latin look-alikes made Cyrillic
/// ```
public struct TextPattern: Sendable, CustomStringConvertible {
    /// How the pattern is called in messages and on the command line.
    public let name: String
    /// The regular expression a whole value must match, in upper case A-Z (or the letters of
    /// ``script``) and 0-9.
    public let regularExpression: String
    /// The script of the values' letters: Latin's A-Z, unless the pattern names another. A
    /// scanner reads the frames in its language (``OCRKit/Script/defaultLanguage``).
    public let script: Script
    /// Whether values must hold letters and digits both, as read: a look-alike swap does not
    /// make `MOTORS` a plate by reading its O as 0.
    public let mixesLettersAndDigits: Bool
    private let regex: NSRegularExpression
    /// A list's patterns, in its order; empty for one pattern.
    private var members: [TextPattern] = []

    /// A pattern that whole values must match: `regularExpression` is anchored at both ends and
    /// sees values upper-cased, with everything but the letters of `script` (A-Z for Latin) and
    /// 0-9 removed.
    ///
    /// - Throws: an ``OCRError/Code/invalidOption`` when the expression does not compile.
    public init(name: String? = nil, regularExpression: String, mixesLettersAndDigits: Bool = false,
                script: Script = .latin) throws {
        do {
            regex = try NSRegularExpression(pattern: "^(?:\(regularExpression))$")
        } catch {
            throw OCRError(.invalidOption, reason: "the pattern \(regularExpression) is not a valid regular expression", underlyingError: error)
        }
        self.name = name ?? regularExpression
        self.regularExpression = regularExpression
        self.mixesLettersAndDigits = mixesLettersAndDigits
        self.script = script
    }

    /// The UK's current plates: two letters, two digits, three letters (`AB12CDE`).
    public static let ukPlate = Self(builtIn: "uk", "[A-Z]{2}[0-9]{2}[A-Z]{3}")
    /// Brazil's plates before Mercosur: three letters, four digits (`ABC1234`).
    public static let brazilPlate = Self(builtIn: "br", "[A-Z]{3}[0-9]{4}")
    /// Mercosur plates (Brazil since 2018, Argentina, Uruguay...): three letters, a digit, a
    /// letter, two digits (`ABC1D23`), as Brazil issues them.
    public static let mercosurPlate = Self(builtIn: "mercosur", "[A-Z]{3}[0-9][A-Z][0-9]{2}")
    /// Italy's plates, and France's since 2009: two letters, three digits, two letters (`AB123CD`).
    public static let italyFrancePlate = Self(builtIn: "it-fr", "[A-Z]{2}[0-9]{3}[A-Z]{2}")
    /// Poland's commonest plates: two letters and five digits (`WA12345`), or three letters and
    /// four digits (`BZM2227`).
    public static let polandPlate = Self(builtIn: "pl", "[A-Z]{2}[0-9]{5}|[A-Z]{3}[0-9]{4}")
    /// Czechia's plates: a digit, a letter, a letter or digit, four digits (`1AB2345`, `4B40262`),
    /// without the letters G, O, Q and W, which Czechia leaves out for their likeness to C and 0:
    /// an O read is a 0.
    public static let czechPlate = Self(builtIn: "cz", "[0-9][A-FH-NPR-VX-Z][0-9A-FH-NPR-VX-Z][0-9]{4}")
    /// Plates of the United States' usual formats: five to seven letters and digits, both
    /// (`ABC1234`, `7ABC123`, `123ABC`, `AB1C2D`), without the letters O and Q, which states
    /// leave out for their likeness to 0: an O read is a 0. Vanity plates of letters only, and
    /// plates of digits only, do not fit.
    public static let usPlate = Self(builtIn: "us", "[A-NPR-Z0-9]{5,7}", mixed: true)
    /// Plates of most countries: five to eight letters and digits, both (`AB12CDE`, `7ABC123`).
    /// Other text in view is rarely both (`MOTORS`, `DEALER`); vanity plates of letters only
    /// need ``alphanumeric(length:)``.
    public static let plate = Self(builtIn: "plate", "[A-Z0-9]{5,8}", mixed: true)
    /// The European plates of the patterns above: ``ukPlate``, ``italyFrancePlate`` (Croatia's
    /// and Slovakia's are of its shape too), ``polandPlate`` and ``czechPlate``.
    public static let europeanPlate = Self(union: [ukPlate, italyFrancePlate, polandPlate, czechPlate], name: "eu")

    /// The built-in patterns, by the names ``init(named:)`` takes.
    public static let plates: [String: TextPattern] = Dictionary(
        uniqueKeysWithValues: [plate, ukPlate, brazilPlate, mercosurPlate, italyFrancePlate, polandPlate, czechPlate, usPlate,
                               usStatePlate, europeanPlate].map { ($0.name, $0) })

    /// Values that fit any of `patterns`: the plates of several countries (`uk,it-fr`). Values
    /// must mix letters and digits when all of them say so. A read that fits several with as
    /// few swaps is mended to the first of them in the list (`BB135B0`, under `eu`, to Italy's
    /// `BB135BO` before Poland's `BB13580`).
    public init(union patterns: [TextPattern], name: String? = nil) {
        self.init(builtIn: name ?? patterns.map(\.name).joined(separator: ","),
                  patterns.map { "(?:\($0.regularExpression))" }.joined(separator: "|"),
                  mixed: patterns.allSatisfy(\.mixesLettersAndDigits), script: patterns.first?.script ?? .latin)
        members = patterns.flatMap { $0.members.isEmpty ? [$0] : $0.members }
    }

    /// Letters and digits, `length` of them: plates of most countries, and other codes.
    public static func alphanumeric(length: ClosedRange<Int>) -> TextPattern {
        Self(builtIn: "alnum:\(length.lowerBound)-\(length.upperBound)", "[A-Z0-9]{\(length.lowerBound),\(length.upperBound)}")
    }

    /// Letters of `script` and digits, `length` of them: `cyrillic:8-9` for Russia's plates
    /// (А123ВС77), `greek`, `arabic`, `hangul`...
    public static func letters(of script: Script, length: ClosedRange<Int>) -> TextPattern {
        let letters = script.blocks.map { String(format: "\\x{%04X}-\\x{%04X}", $0.lowerBound, $0.upperBound) }.joined()
        return Self(builtIn: "\(script.rawValue):\(length.lowerBound)-\(length.upperBound)",
                    "[\(letters)0-9]{\(length.lowerBound),\(length.upperBound)}", script: script)
    }

    /// A pattern by the name people give it: a plate's (``plates``: `plate`, `uk`, `br`, `mercosur`,
    /// `it-fr`, `pl`, `cz`, `us`, `us-states`, `eu`), `alnum` (5 to 8 letters and digits), `alnum:MIN-MAX`, a
    /// script's (``OCRKit/Script``: `cyrillic` for 5 to 8 of its letters and digits,
    /// `cyrillic:MIN-MAX`), a list of these (`uk,it-fr`: values fitting any), or else a regular
    /// expression over A-Z and 0-9.
    ///
    /// - Throws: ``OCRError`` with code `invalidOption` when the lengths or the expression are not valid.
    public init(named name: String) throws {
        let names = name.split(separator: ",").map(String.init)
        if names.count > 1, let patterns = try? names.map({ try TextPattern(named: $0) }) {
            self.init(union: patterns)
            return
        }
        switch name.lowercased() {
        case let plate where Self.plates[plate] != nil:
            self = Self.plates[plate]!
        case "alnum":
            self = .alphanumeric(length: 5...8)
        case let named where named.hasPrefix("alnum:"):
            self = .alphanumeric(length: try Self.lengths(named.dropFirst(6), of: "alnum"))
        case let named where Script(rawValue: named.prefix { $0 != ":" }.lowercased()).map({ $0 != .latin }) ?? false:
            let script = Script(rawValue: named.prefix { $0 != ":" }.lowercased())!
            let lengths = named.contains(":") ? try Self.lengths(named.drop { $0 != ":" }.dropFirst(), of: script.rawValue) : 5...8
            self = .letters(of: script, length: lengths)
        default:
            try self.init(regularExpression: name)
        }
    }

    /// `MIN-MAX` of a `name:MIN-MAX` pattern.
    private static func lengths(_ text: Substring, of name: String) throws -> ClosedRange<Int> {
        let bounds = text.split(separator: "-").compactMap { Int($0) }
        guard bounds.count == 2, bounds[0] >= 1, bounds[0] <= bounds[1] else {
            throw OCRError(.invalidOption, reason: "\(name):MIN-MAX needs two lengths, the first at most the second, as in \(name):5-8")
        }
        return bounds[0]...bounds[1]
    }

    /// Built-in patterns are literals that compile.
    init(builtIn name: String, _ expression: String, mixed: Bool = false, script: Script = .latin) {
        try! self.init(name: name, regularExpression: expression, mixesLettersAndDigits: mixed, script: script)
    }

    public var description: String { name }

    /// Whether `value`, as it is, fits the pattern: for a list, one of its patterns.
    public func matches(_ value: String) -> Bool {
        if !members.isEmpty { return members.contains { $0.matches(value) } }
        if mixesLettersAndDigits && !Self.isMixed(value) { return false }
        let range = NSRange(value.startIndex..., in: value)
        return regex.firstMatch(in: value, range: range) != nil
    }

    /// The value `text` reads as under this pattern: upper-cased, A-Z (or ``script``'s letters)
    /// and 0-9 only, with the fewest look-alike swaps that make it fit; `nil` when no such value fits.
    public func normalize(_ text: String) -> String? {
        normalize(text, swapping: { _ in true })
    }

    /// `text` made to fit as ``normalize(_:)`` does, swapping only the characters at the places
    /// `swappable` takes (counted in the value's characters, from 0).
    func normalize(_ text: String, swapping isSwappable: (Int) -> Bool) -> String? {
        let value = text.uppercased().compactMap(plain)
        guard !value.isEmpty, !mixesLettersAndDigits || Self.isMixed(value) else { return nil }
        let swappable = value.indices.filter { lookAlike(of: value[$0]) != nil && isSwappable($0) }.prefix(Self.maximumSwappable)
        // Fewest swaps first: a read is more likely right than wrong in any one place.
        for swaps in 0...swappable.count {
            for pattern in members.isEmpty ? [self] : members {
                if let fitting = pattern.firstFit(value, swapping: swaps, of: Array(swappable)[...]) { return fitting }
            }
        }
        return nil
    }

    /// The first value that fits with exactly `count` of `positions` swapped for their look-alikes.
    private func firstFit(_ value: [Character], swapping count: Int, of positions: ArraySlice<Int>) -> String? {
        guard count > 0 else {
            let candidate = String(value)
            return matches(candidate) ? candidate : nil
        }
        guard positions.count >= count, let position = positions.first else { return nil }
        var swapped = value
        swapped[position] = lookAlike(of: value[position])!
        return firstFit(swapped, swapping: count - 1, of: positions.dropFirst())
            ?? firstFit(value, swapping: count, of: positions.dropFirst())
    }

    /// The same key for values that differ only in look-alike characters (`6HP995`, `GHP995`):
    /// each such character, of any script, stands for its digit.
    static func lookAlikeKey(_ value: String) -> String {
        String(value.map { character in
            character.isLetter ? lookAlikeDigits[character] ?? character : character
        })
    }

    private static func isMixed(_ value: some Collection<Character>) -> Bool {
        value.contains(where: \.isLetter) && value.contains(where: \.isNumber)
    }

    /// Beyond this many swappable characters (2^8 tries, under a millisecond), the rest are taken
    /// as read: a line of other text can have dozens, and is tried on every frame.
    static let maximumSwappable = 8
}
