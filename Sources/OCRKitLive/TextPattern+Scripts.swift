import OCRKit

extension TextPattern {
    /// `character` (upper case) as a value under this pattern holds it: a digit 0-9, a letter
    /// A-Z or, for a pattern of another script, a letter of that script, the Latin letters its
    /// letters look like made its own (engines read Russia's plates' А, В, С as A, B, C); `nil`
    /// for anything else (spaces, dashes, other scripts' letters).
    func plain(_ character: Character) -> Character? {
        if character.isASCII, character.isNumber { return character }
        if script == .latin { return character.isASCII && character.isLetter ? character : nil }
        if Script(character) == script { return character }
        return Self.latinLookAlikes[script]?[character]
    }

    /// The character that `character` is taken for, which a swap may put in its place: a digit's
    /// letter or a letter's digit, in the pattern's script.
    func lookAlike(of character: Character) -> Character? {
        script == .latin ? Self.lookAlikes[character] : Self.scriptLookAlikes[script]?[character]
    }

    /// Letters and digits that engines mistake for each other, both ways.
    static let lookAlikes: [Character: Character] = [
        "O": "0", "Q": "0", "D": "0", "I": "1", "L": "1", "Z": "2", "S": "5", "G": "6", "T": "7", "B": "8",
        "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "7": "T", "8": "B",
    ]

    /// The letters of other scripts that engines mistake for digits, both ways.
    static let scriptLookAlikes: [Script: [Character: Character]] = [
        .cyrillic: ["О": "0", "З": "3", "Б": "6", "0": "О", "3": "З", "6": "Б"],
        .greek: ["Ο": "0", "Ι": "1", "Ζ": "2", "Β": "8", "0": "Ο", "1": "Ι", "2": "Ζ", "8": "Β"],
    ]

    /// Each letter, of any script, that stands for a digit it looks like.
    static let lookAlikeDigits: [Character: Character] = {
        var digits = lookAlikes.filter { $0.key.isLetter }
        for table in scriptLookAlikes.values {
            digits.merge(table.filter { $0.key.isLetter }) { first, _ in first }
        }
        return digits
    }()

    /// The Latin capitals that look like a script's letters, and those letters: an engine of
    /// Latin letters, or a Latin-trained eye, reads them so.
    static let latinLookAlikes: [Script: [Character: Character]] = [
        .cyrillic: ["A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "K": "К", "M": "М", "O": "О", "P": "Р", "T": "Т",
                    "X": "Х", "Y": "У"],
        .greek: ["A": "Α", "B": "Β", "E": "Ε", "H": "Η", "I": "Ι", "K": "Κ", "M": "Μ", "N": "Ν", "O": "Ο", "P": "Ρ",
                 "T": "Τ", "X": "Χ", "Y": "Υ", "Z": "Ζ"],
    ]
}
