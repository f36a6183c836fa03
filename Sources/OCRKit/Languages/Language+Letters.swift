extension Language {
    /// Of `candidates`, installed languages of one script, the one whose letters `text` (a first
    /// reading of a page) writes, by the letters that tell the script's languages apart (Latin
    /// ones' beyond a-z, German's ä, ö, ü, ß; Cyrillic ones' whole alphabets, Russian's ы and э
    /// against Ukrainian's і and є): every letter of the script it holds that tells languages apart
    /// counts for the languages that write it, and three times against those that do not. `nil`
    /// when the text holds fewer than 3 such letters, or fewer than one in 200 of its letters:
    /// an English page that names a café is English.
    ///
    /// ```swift
    /// let language = Language.likeliest(for: "Größe ändern: Bitte wählen Sie", among: ["eng", "deu", "fra"])   // "deu"
    /// ```
    public static func likeliest(for text: String, among candidates: [String]) -> String? {
        guard let script = candidates.lazy.filter({ alphabets[$0] != nil }).compactMap({ Language($0).scripts.first }).first else {
            return nil
        }
        let known = candidates.filter { alphabets[$0] != nil && Language($0).scripts.first == script }
        let letters = text.lowercased().filter { Script($0) == script }
        // a-z are every Latin language's: only the letters beyond them tell.
        let telling = script == .latin ? letters.filter { !$0.isASCII } : letters
        guard telling.count >= 3, telling.count * 200 >= letters.count else { return nil }
        func score(_ code: String) -> Int {
            let alphabet = Set(alphabets[code]!)
            let written = telling.filter(alphabet.contains).count
            return written - 3 * (telling.count - written)
        }
        // Of languages that score alike, the one of fewer letters, which the text fits more
        // closely; then the first given.
        var best: (code: String, rank: (Int, Int))?
        for code in known {
            let rank = (score(code), -alphabets[code]!.count)
            if best.map({ rank > $0.rank }) ?? true { best = (code, rank) }
        }
        return best.flatMap { $0.rank.0 > 0 ? $0.code : nil }
    }

    /// Latin languages' letters beyond a-z, and Cyrillic languages' alphabets, in lower case.
    static let alphabets: [String: String] = [
        "eng": "", "deu": "äöüß", "fra": "àâæçéèêëîïôœùûüÿ", "spa": "áéíñóúü", "por": "áâãàçéêíóôõú",
        "ita": "àèéìíîòóùú", "nld": "éëïóöü", "pol": "ąćęłńóśźż", "ces": "áčďéěíňóřšťúůýž",
        "slk": "áäčďéíĺľňóôŕšťúýž", "tur": "çğıöşüi̇", "swe": "åäö", "fin": "äöå", "dan": "æøå", "nor": "æøå",
        "hun": "áéíóöőúüű", "ron": "ăâîșțşţ", "hrv": "čćđšž", "slv": "čšž", "lit": "ąčęėįšųūž",
        "lav": "āčēģīķļņšūž", "est": "äõöüšž", "cat": "àçèéíïòóúü",
        "rus": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя", "ukr": "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
        "bel": "абвгдеёжзійклмнопрстуўфхцчшыьэюя", "bul": "абвгдежзийклмнопрстуфхцчшщъьюя",
        "srp": "абвгдђежзијклљмнњопрстћуфхцчџш", "mkd": "абвгдѓежзѕијклљмнњопрстќуфхцчџш",
    ]
}
