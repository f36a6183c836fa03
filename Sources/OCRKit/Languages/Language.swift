/// A language Tesseract reads, by its code (`rus`, `chi_sim`, `script/Cyrillic`), with the
/// scripts it is written in and the Debian package that installs it.
///
/// ```swift
/// let russian = Language("rus")
/// print(russian.scripts)    // [.cyrillic]
/// print(russian.package)    // "tesseract-ocr-rus"
/// print(Language("chi_sim").package)   // "tesseract-ocr-chi-sim"
/// ```
public struct Language: Hashable, Sendable {
    /// Tesseract's code, the name of its `.traineddata` file.
    public var code: String

    public init(_ code: String) {
        self.code = code
    }

    /// The scripts the language is written in, the main one first; empty for a code OCRKit does
    /// not know (a model of your own), whose scripts only its reading tells.
    public var scripts: [Script] {
        if let scripts = Self.table[code] { return scripts }
        return Self.scriptModel(code).map { [$0.script] } ?? []
    }

    /// The Debian (and Ubuntu) package that installs the language's data: `tesseract-ocr-` and
    /// the code, lower case with `-` for `_`, and for a script's model (`script/Cyrillic`) the
    /// script's ISO 15924 code (`tesseract-ocr-script-cyrl`).
    public var package: String {
        if let model = Self.scriptModel(code) { return "tesseract-ocr-script-\(model.iso)" }
        return "tesseract-ocr-" + code.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// The languages OCRKit knows the scripts of: every language of Tesseract 5's data, by code.
    public static var known: [Language] {
        (Array(table.keys) + scriptModels.map(\.code)).sorted().map(Language.init)
    }

    /// Each language's scripts, as Tesseract 5's data reads them.
    static let table: [String: [Script]] = {
        var table: [String: [Script]] = [:]
        let latin = "afr aze bos bre cat ceb ces cos cym dan deu eng enm epo est eus fao fil fin fra frk frm fry gla gle glg "
            + "hat hrv hun ind isl ita ita_old jav kmr lat lav lit ltz mlt mri msa nld nor oci pol por que ron slk slv spa "
            + "spa_old sqi srp_latn sun swa swe ton tur uzb vie yor"
        for code in latin.split(separator: " ") { table[String(code)] = [.latin] }
        let cyrillic = "aze_cyrl bel bul kaz kir mkd mon rus srp tat tgk ukr uzb_cyrl"
        for code in cyrillic.split(separator: " ") { table[String(code)] = [.cyrillic] }
        for code in ["ara", "fas", "pus", "snd", "uig", "urd"] { table[code] = [.arabic] }
        for code in ["hin", "mar", "nep", "san"] { table[code] = [.devanagari] }
        for code in ["chi_sim", "chi_sim_vert", "chi_tra", "chi_tra_vert"] { table[code] = [.han] }
        for code in ["jpn", "jpn_vert"] { table[code] = [.kana, .han] }
        for code in ["kor", "kor_vert"] { table[code] = [.hangul, .han] }
        for code in ["ell", "grc"] { table[code] = [.greek] }
        for code in ["heb", "yid"] { table[code] = [.hebrew] }
        for code in ["ben", "asm"] { table[code] = [.bengali] }
        for code in ["bod", "dzo"] { table[code] = [.tibetan] }
        for code in ["kat", "kat_old"] { table[code] = [.georgian] }
        for code in ["amh", "tir"] { table[code] = [.ethiopic] }
        let others: [String: Script] = [
            "hye": .armenian, "syr": .syriac, "div": .thaana, "pan": .gurmukhi, "guj": .gujarati, "ori": .oriya,
            "tam": .tamil, "tel": .telugu, "kan": .kannada, "mal": .malayalam, "sin": .sinhala, "tha": .thai, "lao": .lao,
            "mya": .myanmar, "khm": .khmer, "chr": .cherokee, "iku": .canadianSyllabics,
        ]
        for (code, script) in others { table[code] = [script] }
        return table
    }()

    /// Tesseract's models of a whole script (`script/Latin` reads every language written in it),
    /// with their script's ISO 15924 code, which names their Debian package; a script's main model
    /// before its others (Latin before Fraktur).
    static let scriptModels: [(code: String, script: Script, iso: String)] = [
        ("script/Latin", .latin, "latn"), ("script/Vietnamese", .latin, "viet"), ("script/Fraktur", .latin, "frak"),
        ("script/Greek", .greek, "grek"), ("script/Cyrillic", .cyrillic, "cyrl"), ("script/Armenian", .armenian, "armn"),
        ("script/Georgian", .georgian, "geor"), ("script/Hebrew", .hebrew, "hebr"), ("script/Arabic", .arabic, "arab"),
        ("script/Syriac", .syriac, "syrc"), ("script/Thaana", .thaana, "thaa"), ("script/Devanagari", .devanagari, "deva"),
        ("script/Bengali", .bengali, "beng"), ("script/Gurmukhi", .gurmukhi, "guru"), ("script/Gujarati", .gujarati, "gujr"),
        ("script/Oriya", .oriya, "orya"), ("script/Tamil", .tamil, "taml"), ("script/Telugu", .telugu, "telu"),
        ("script/Kannada", .kannada, "knda"), ("script/Malayalam", .malayalam, "mlym"), ("script/Sinhala", .sinhala, "sinh"),
        ("script/Thai", .thai, "thai"), ("script/Lao", .lao, "laoo"), ("script/Tibetan", .tibetan, "tibt"),
        ("script/Myanmar", .myanmar, "mymr"), ("script/Khmer", .khmer, "khmr"), ("script/Ethiopic", .ethiopic, "ethi"),
        ("script/Cherokee", .cherokee, "cher"), ("script/Canadian_Aboriginal", .canadianSyllabics, "cans"),
        ("script/Hangul", .hangul, "hang"), ("script/HanS", .han, "hans"), ("script/HanT", .han, "hant"),
        ("script/Japanese", .kana, "jpan"),
    ]

    /// Tesseract's languages, the most read first (by first- and second-language speakers,
    /// roughly, as Wikipedia's list of languages by total speakers orders them): which of a
    /// script's installed languages read its text beside the first
    /// (``Script/readingLanguages(among:)``). Only the order within a script counts; a language
    /// not listed comes after those listed.
    static let byReaders = [
        "eng", "chi_sim", "hin", "spa", "fra", "ara", "ben", "por", "rus", "urd", "ind", "deu", "jpn", "mar", "tel", "tur",
        "tam", "vie", "kor", "ita", "tha", "guj", "fas", "pol", "pus", "ukr", "kan", "mal", "ori", "mya", "pan", "chi_tra",
        "uzb", "nld", "ron", "kaz", "srp", "ell", "ces", "hun", "bel", "bul", "swe", "heb", "nep", "sin", "khm",
    ]

    private static func scriptModel(_ code: String) -> (code: String, script: Script, iso: String)? {
        scriptModels.first { $0.code == code }
    }
}

extension Script {
    /// The language that reads this script among `installed` (Tesseract codes): the script's
    /// ``defaultLanguage`` when it is installed, else its script model (`script/Cyrillic`), else
    /// the first installed language written in it; `nil` when none is.
    ///
    /// ```swift
    /// let reader = Script.cyrillic.language(among: ["eng", "ukr"])   // "ukr"
    /// ```
    public func language(among installed: [String]) -> String? {
        if installed.contains(defaultLanguage) { return defaultLanguage }
        if let model = Language.scriptModels.first(where: { $0.script == self && installed.contains($0.code) }) {
            return model.code
        }
        return languages(among: installed).first
    }

    /// The languages among `installed` (Tesseract codes) written mainly in this script, in code
    /// order: Russian and Ukrainian for Cyrillic, not Japanese for Han.
    ///
    /// ```swift
    /// let cyrillic = Script.cyrillic.languages(among: ["ukr", "eng", "rus"])   // ["rus", "ukr"]
    /// ```
    public func languages(among installed: [String]) -> [String] {
        installed.sorted().filter { Language($0).scripts.first == self }
    }

    /// The installed languages text found in this script is read in: the one
    /// ``language(among:)`` chooses, then up to two others written in it, the most read first
    /// (``Language/byReaders``: Ukrainian beside Russian), Tesseract keeping for each word the
    /// likelier. Russian's model alone reads Ukrainian's `східнофрізька` as `схднофризька`, 0.1
    /// sure; with Ukrainian's, right, 0.92. With every Debian language installed, the first two
    /// others in code order were Azerbaijani's and Belarusian's, and a line of Ukrainian lost its є.
    ///
    /// ```swift
    /// let readers = Script.cyrillic.readingLanguages(among: ["bel", "eng", "rus", "ukr"])   // ["rus", "ukr", "bel"]
    /// ```
    public func readingLanguages(among installed: [String]) -> [String] {
        guard let first = language(among: installed) else { return [] }
        let others = languages(among: installed).filter { $0 != first && !$0.hasPrefix("script/") }
        let rank = { (code: String) in Language.byReaders.firstIndex(of: code) ?? Language.byReaders.endIndex }
        return [first] + others.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.prefix(2).map(\.element)
    }
}
