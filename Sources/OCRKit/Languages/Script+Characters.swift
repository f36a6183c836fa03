extension Script {
    /// The script of a character's first code point, by its Unicode block; `nil` for digits,
    /// punctuation, symbols and spaces, which every script shares.
    ///
    /// ```swift
    /// let letter = Script("ж")    // .cyrillic
    /// let digit = Script("7")     // nil
    /// ```
    public init?(_ character: Character) {
        guard let scalar = character.unicodeScalars.first, let script = Script(scalar: scalar) else { return nil }
        self = script
    }

    /// The script of a code point, by its Unicode block; `nil` for those every script shares.
    public init?(scalar: Unicode.Scalar) {
        let value = scalar.value
        guard let script = Self.blocks.first(where: { $0.range.contains(value) })?.script else { return nil }
        // Latin's blocks hold punctuation and signs too (¿, ×, ÷).
        if script == .latin, !scalar.properties.isAlphabetic { return nil }
        self = script
    }

    /// The script most of `text`'s letters are in; `nil` when it has none.
    ///
    /// ```swift
    /// let address = Script(of: "Tel. +7 495 Москва")   // .cyrillic: six Cyrillic letters against three Latin
    /// ```
    public init?(of text: some StringProtocol) {
        var counts: [Script: Int] = [:]
        for scalar in text.unicodeScalars {
            if let script = Script(scalar: scalar) { counts[script, default: 0] += 1 }
        }
        guard let most = counts.max(by: { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }) else { return nil }
        self = most.key
    }

    /// Whether two words that follow one another on a line with no gap between them are one run
    /// of text, written without a space: where either side is of a script written without spaces
    /// (北京市, ザンビア) or is East Asian punctuation (。，), or both are Hangul, which an engine
    /// may split at a syllable. Elsewhere, as between two Latin words, a word boundary is a space
    /// however narrow the gap.
    ///
    /// ```swift
    /// print(Script.joinsWithoutSpace("京", "市"))   // true
    /// print(Script.joinsWithoutSpace("京", "3"))    // true: 第3章
    /// print(Script.joinsWithoutSpace("a", "b"))     // false
    /// ```
    public static func joinsWithoutSpace(_ left: Character, _ right: Character) -> Bool {
        func unspaced(_ character: Character) -> Bool {
            guard let scalar = character.unicodeScalars.first else { return false }
            if Self.eastAsianPunctuation.contains(where: { $0.contains(scalar.value) }) { return true }
            return Script(scalar: scalar).map { !$0.spacesBetweenWords } ?? false
        }
        return unspaced(left) || unspaced(right) || (Script(left) == .hangul && Script(right) == .hangul)
    }

    /// CJK symbols and punctuation, full-width and half-width forms, vertical and small forms.
    private static let eastAsianPunctuation: [ClosedRange<UInt32>] = [
        0x3000...0x303F, 0xFE10...0xFE1F, 0xFE30...0xFE6F, 0xFF00...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65,
    ]

    /// The Unicode blocks of the script's letters (for Latin, A-Z and a-z among them), as
    /// ``init(scalar:)`` tells them.
    public var blocks: [ClosedRange<UInt32>] {
        Self.blocks.filter { $0.script == self }.map(\.range)
    }

    /// Each script's Unicode blocks, the letters of most languages; a code point in none belongs
    /// to every script.
    private static let blocks: [(range: ClosedRange<UInt32>, script: Script)] = [
        (0x0041...0x005A, .latin), (0x0061...0x007A, .latin), (0x00C0...0x024F, .latin), (0x1E00...0x1EFF, .latin),
        (0x2C60...0x2C7F, .latin), (0xA720...0xA7FF, .latin), (0xFF21...0xFF3A, .latin), (0xFF41...0xFF5A, .latin),
        (0x0370...0x03FF, .greek), (0x1F00...0x1FFF, .greek),
        (0x0400...0x052F, .cyrillic), (0x1C80...0x1C8F, .cyrillic), (0x2DE0...0x2DFF, .cyrillic), (0xA640...0xA69F, .cyrillic),
        (0x0530...0x058F, .armenian),
        (0x10A0...0x10FF, .georgian), (0x1C90...0x1CBF, .georgian),
        (0x0590...0x05FF, .hebrew), (0xFB1D...0xFB4F, .hebrew),
        (0x0600...0x06FF, .arabic), (0x0750...0x077F, .arabic), (0x08A0...0x08FF, .arabic), (0xFB50...0xFDFF, .arabic),
        (0xFE70...0xFEFF, .arabic),
        (0x0700...0x074F, .syriac),
        (0x0780...0x07BF, .thaana),
        (0x0900...0x097F, .devanagari), (0xA8E0...0xA8FF, .devanagari),
        (0x0980...0x09FF, .bengali),
        (0x0A00...0x0A7F, .gurmukhi),
        (0x0A80...0x0AFF, .gujarati),
        (0x0B00...0x0B7F, .oriya),
        (0x0B80...0x0BFF, .tamil),
        (0x0C00...0x0C7F, .telugu),
        (0x0C80...0x0CFF, .kannada),
        (0x0D00...0x0D7F, .malayalam),
        (0x0D80...0x0DFF, .sinhala),
        (0x0E00...0x0E7F, .thai),
        (0x0E80...0x0EFF, .lao),
        (0x0F00...0x0FFF, .tibetan),
        (0x1000...0x109F, .myanmar),
        (0x1780...0x17FF, .khmer), (0x19E0...0x19FF, .khmer),
        (0x1200...0x139F, .ethiopic), (0x2D80...0x2DDF, .ethiopic),
        (0x13A0...0x13FF, .cherokee), (0xAB70...0xABBF, .cherokee),
        (0x1400...0x167F, .canadianSyllabics), (0x18B0...0x18FF, .canadianSyllabics),
        (0x1100...0x11FF, .hangul), (0x3130...0x318F, .hangul), (0xA960...0xA97F, .hangul), (0xAC00...0xD7AF, .hangul),
        (0xD7B0...0xD7FF, .hangul),
        (0x3040...0x309F, .kana), (0x30A0...0x30FF, .kana), (0x31F0...0x31FF, .kana), (0xFF66...0xFF9F, .kana),
        (0x2E80...0x2FDF, .han), (0x3005...0x3007, .han), (0x3021...0x3029, .han), (0x3400...0x4DBF, .han),
        (0x4E00...0x9FFF, .han), (0xF900...0xFAFF, .han), (0x20000...0x3134F, .han),
    ]
}
