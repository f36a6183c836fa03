import Foundation
import Hummingbird
import OCRKit

extension OCRServer {
    /// `GET /v1/languages`: the languages this server reads (`lang=`), each with its scripts; a
    /// read without `lang` is read in a language of each page's script.
    func addLanguageRoutes(to routes: Routes) {
        routes.add(.get, "/v1/languages") { _, _ in
            let languages = readers.settings.installedLanguages.map { code in
                InstalledLanguage(code: code, scripts: Language(code).scripts)
            }
            return try Self.json(["languages": languages])
        }
    }
}

/// A language `GET /v1/languages` lists.
private struct InstalledLanguage: Encodable {
    /// Tesseract's code, as `lang=` takes it.
    var code: String
    /// The scripts it is written in, the main one first; empty for a language OCRKit does not know.
    var scripts: [Script]
}
