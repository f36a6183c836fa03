import OCRKit
import Testing

@Suite struct ScriptTests {
    @Test(arguments: [
        ("Москва", Script.cyrillic), ("Αθήνα", .greek), ("القاهرة", .arabic), ("ירושלים", .hebrew), ("नमस्ते", .devanagari),
        ("สวัสดี", .thai), ("서울", .hangul), ("北京", .han), ("ひらがな", .kana), ("Zürich", .latin),
    ])
    func tellsAWordsScript(word: String, script: Script) {
        #expect(Script(of: word) == script)
    }

    /// A script's languages told apart by the letters that only some of them write.
    @Test func aLanguageIsToldByItsLetters() {
        let latin = ["eng", "deu", "fra", "pol", "tur", "fin"]
        #expect(Language.likeliest(for: "Größe ändern: Bitte wählen Sie die Schriftart", among: latin) == "deu")
        #expect(Language.likeliest(for: "Nie można otworzyć pliku: błąd zapisu", among: latin) == "pol")
        #expect(Language.likeliest(for: "Dosya açılamadı: geçersiz işlem", among: latin) == "tur")
        #expect(Language.likeliest(for: "Lisää häntä äläkä", among: latin) == "fin", "the fewest letters that fit all")
        #expect(Language.likeliest(for: "Coffee at the café, and a naïve plan", among: latin) == nil, "English naming a café")
        #expect(Language.likeliest(for: "Show the program version", among: latin) == nil)
        let cyrillic = ["rus", "ukr"]
        #expect(Language.likeliest(for: "Показать версию программы", among: cyrillic) == "rus")
        #expect(Language.likeliest(for: "Показати версію програми", among: cyrillic) == "ukr")
        #expect(Language.likeliest(for: "Мама", among: cyrillic) == "rus", "letters both write: the first given")
        #expect(Language.likeliest(for: "Größe ändern", among: ["kor", "heb"]) == nil, "no alphabets known")
    }

    @Test func digitsAndPunctuationBelongToEveryScript() {
        #expect(Script("7") == nil)
        #expect(Script("¿") == nil)
        #expect(Script(of: "12.50 €") == nil)
        // Most letters decide: a Russian address with a Latin abbreviation is Cyrillic.
        #expect(Script(of: "Tel. +7 495 Москва") == .cyrillic)
    }

    @Test func wordsOfScriptsWrittenWithoutSpacesAreJoinedWithout() {
        #expect(Script.joinsWithoutSpace("京", "市"))
        #expect(Script.joinsWithoutSpace("ン", "ビ"))
        #expect(Script.joinsWithoutSpace("ส", "ด"))
        #expect(Script.joinsWithoutSpace("误", "，"))
        #expect(Script.joinsWithoutSpace("第", "3"))
        // Hangul split at a syllable; but Latin words keep their space however narrow the gap.
        #expect(Script.joinsWithoutSpace("요", "세"))
        #expect(!Script.joinsWithoutSpace("a", "b"))
        #expect(!Script.joinsWithoutSpace("1", ","))
        #expect(!Script.joinsWithoutSpace("요", "A"))
    }

    @Test func rightToLeftScripts() {
        #expect(Script.allCases.filter(\.isRightToLeft) == [.hebrew, .arabic, .syriac, .thaana])
    }

    @Test func tesseractsScriptNames() {
        #expect(Script(tesseractName: "Cyrillic") == .cyrillic)
        #expect(Script(tesseractName: "Japanese") == .kana)
        #expect(Script(tesseractName: "Hangul") == .hangul)
        #expect(Script(tesseractName: "Han") == .han)
        #expect(Script(tesseractName: "Common") == nil)
    }

    @Test func everyScriptsDefaultLanguageIsWrittenInIt() {
        for script in Script.allCases {
            #expect(Language(script.defaultLanguage).scripts.contains(script), "\(script)")
        }
    }

    @Test func languagesNameTheirScriptsAndPackages() {
        #expect(Language("ukr").scripts == [.cyrillic])
        #expect(Language("jpn").scripts == [.kana, .han])
        #expect(Language("chi_sim").package == "tesseract-ocr-chi-sim")
        #expect(Language("script/Cyrillic").scripts == [.cyrillic])
        #expect(Language("script/Cyrillic").package == "tesseract-ocr-script-cyrl")
        #expect(Language("my_own_model").scripts.isEmpty)
        #expect(Language.known.count > 120)
    }

    @Test func aScriptIsReadInItsDefaultLanguageOrAnotherInstalled() {
        #expect(Script.cyrillic.language(among: ["eng", "rus", "ukr"]) == "rus")
        #expect(Script.cyrillic.language(among: ["eng", "ukr"]) == "ukr")
        #expect(Script.cyrillic.language(among: ["eng", "script/Cyrillic", "ukr"]) == "script/Cyrillic")
        #expect(Script.latin.language(among: ["script/Fraktur", "script/Latin"]) == "script/Latin")
        #expect(Script.arabic.language(among: ["eng", "rus"]) == nil)
    }

    @Test func aMissingLanguageNamesItsPackage() {
        let missing = MissingLanguage(script: .hebrew)
        #expect(missing.language == "heb")
        #expect(missing.package == "tesseract-ocr-heb")
    }

    @Test func enginesOfSomeScriptsRefuseOthersSayingWhatTheyRead() throws {
        let scripts: Set<Script> = [.latin, .han]
        try RecognitionOptions(languages: ["deu", "chi_sim"]).checkScripts(scripts, engine: "ppocr", instead: "use tesseract")
        try RecognitionOptions().checkScripts(scripts, engine: "ppocr", instead: "use tesseract")
        let error = try #require(throws: OCRError.self) {
            try RecognitionOptions(languages: ["eng", "rus"]).checkScripts(scripts, engine: "ppocr", instead: "use tesseract")
        }
        #expect(error.code == .invalidOption)
        #expect(error.reason == "ppocr reads the Latin and Han scripts, not rus (Cyrillic): use tesseract")
    }

    @Test func pagesSayTheirLanguagesInJSONAndReadThemBack() throws {
        var page = Page(image: "letter.png", width: 10, height: 10, engine: EngineInfo(name: "tesseract", version: "5"), lines: [])
        page.languages = ["rus"]
        page.missingLanguages = [MissingLanguage(script: .arabic)]
        let json = try page.jsonData()
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains(#""languages":["rus"]"#))
        #expect(text.contains(#""missingLanguages":[{"language":"ara","package":"tesseract-ocr-ara","script":"arabic"}]"#))
        #expect(try Page(jsonData: json) == page)
        // A page without them is written as before.
        page.languages = []
        page.missingLanguages = []
        #expect(!String(decoding: try page.jsonData(), as: UTF8.self).contains("anguages"))
    }
}
