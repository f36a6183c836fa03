import Foundation
import Hummingbird
import HummingbirdCore
import OCRKit
import OCRKitExport
import OCRKitEngines
import OCRKitPDF

/// What a call asks of the reader, from its query, named as `ocr read`'s options are:
/// `?engine=ppocr&lang=eng+deu&roi=0,0.8,1,0.2&min-text-height=0.02&straighten=true&format=hocr`,
/// and for documents `?pages=1-3,7&dpi=200&redo=true&password=...`.
struct ReadParameters: Sendable {
    var engine: EngineChoice?
    var order: ReadingOrder?
    var format: OutputFormat
    var options: RecognitionOptions
    /// Which pages of a document to read (`pages`).
    var selection: PageSelection = .all
    /// Whether a document's pages that hold text are read (`redo`, `force`).
    var pagesWithText: PagesWithText = .skip
    /// The resolution a PDF's pages that are not scans are rendered at (`dpi`), and the
    /// password of an encrypted one (`password`).
    var loading = DocumentLoadingOptions()

    /// The query parameters a read takes.
    static let names: Set<String> = [
        "engine", "order", "format", "lang", "roi", "min-text-height", "allow", "alternatives", "flag-threshold",
        "max-side", "straighten", "pages", "dpi", "redo", "force", "password",
    ]
    /// Names parameters had before OCRKit settled on their words, still taken: the new name's.
    static let formerNames: [String: String] = ["review-threshold": "flag-threshold"]

    /// - Parameters:
    ///   - formats: the forms this call can answer in, the first the default.
    ///   - extra: parameters of the call's own, beside those of a read.
    /// - Throws: an ``APIError`` 400 naming the parameter that is unknown or not understood.
    init(_ query: FlatDictionary<Substring, Substring>, formats: [OutputFormat], extra: Set<String> = []) throws {
        for (name, _) in query where !Self.names.contains(String(name)) && !extra.contains(String(name))
            && Self.formerNames[String(name)] == nil {
            throw Self.invalid("unknown parameter '\(name)'; a read takes \(Self.names.sorted().joined(separator: ", "))")
        }
        func value<T>(_ name: String, _ parse: (String) -> T?, expected: String) throws -> T? {
            let former = Self.formerNames.first { $0.value == name }?.key
            guard let text = (query[Substring(name)] ?? former.flatMap { query[Substring($0)] }).map(String.init) else { return nil }
            guard let parsed = parse(text) else { throw Self.invalid("\(name)=\(text) is not \(expected)") }
            return parsed
        }
        engine = try value("engine", EngineChoice.init(rawValue:),
                           expected: "one of " + EngineChoice.allCases.map(\.rawValue).joined(separator: ", "))
        order = try value("order", ReadingOrder.init(rawValue:), expected: "engine or layout")
        format = try value("format", { text in OutputFormat(rawValue: text).flatMap { formats.contains($0) ? $0 : nil } },
                           expected: "one of " + formats.map(\.rawValue).joined(separator: ", ")) ?? formats[0]
        options = RecognitionOptions(
            languages: try value("lang", { $0.split(whereSeparator: { "+ ,".contains($0) }).map(String.init) },
                                 expected: "languages joined by '+'") ?? [],
            regionOfInterest: try value("roi", Rect.init(listing:), expected: "x,y,w,h as fractions of the image"),
            minimumTextHeight: try value("min-text-height", Double.init, expected: "a fraction of the image height"),
            allowedCharacters: try value("allow", { $0 }, expected: "characters"),
            alternativeCount: try value("alternatives", Int.init, expected: "a number") ?? (format.showsAlternatives ? 3 : 0),
            maximumImageSide: try value("max-side", Int.init, expected: "a number of pixels"),
            flagThreshold: try value("flag-threshold", Double.init, expected: "a confidence from 0 to 1")
                ?? Page.defaultFlagThreshold,
            straightensPage: try value("straighten", Bool.init, expected: "true or false") ?? false
        )
        do { try options.validate() } catch let error as OCRError { throw Self.invalid(error.reason) }
        selection = try value("pages", { try? PageSelection($0) }, expected: "pages as 1-3,7 or 5-") ?? .all
        let redo = try value("redo", Bool.init, expected: "true or false") ?? false
        let force = try value("force", Bool.init, expected: "true or false") ?? false
        if redo && force { throw Self.invalid("redo and force cannot be used together: force reads every page") }
        pagesWithText = force ? .force : redo ? .redo : .skip
        let resolutions = DocumentLoader.resolutions
        loading.renderingResolution = try value("dpi", { Double($0).flatMap { resolutions.contains($0) ? $0 : nil } },
                                                expected: "a resolution from \(Int(resolutions.lowerBound)) to \(Int(resolutions.upperBound))")
            ?? loading.renderingResolution
        loading.password = try value("password", { $0 }, expected: "a password")
    }

    private static func invalid(_ message: String) -> APIError {
        APIError(OCRError(.invalidOption, reason: message))
    }
}
