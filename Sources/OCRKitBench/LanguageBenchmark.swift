import Foundation
import OCRKit
import OCRKitProcesses
import OCRKitEvaluation
import OCRKitImages
import OCRKitTesseract

/// Real text in many languages and scripts (translators' texts from Debian's gettext catalogues:
/// ``OCRKitEvaluation/TranslatedLines``), rendered at 300 dpi, every second image worn
/// (``OCRKit/Bitmap/worn(seed:)``): pages of lines, single lines and short fields, each alone in its
/// image. Read by `ocr read` without `--lang` and with the right one, beside the tesseract command
/// in the right language (`--psm 7` on lines and fields, as people read one line with it), in the
/// same run: each language's character error rate, time an image, the languages `ocr read` took
/// the images for without `--lang`, and its empty readings that carry no warning.
///
/// ```swift
/// var benchmark = LanguageBenchmark(ocr: ".build-release/release/ocr")
/// benchmark.languages = ["rus"]
/// benchmark.pieces = [.lines]
/// benchmark.source = .names
/// benchmark.piecesPerLanguage = 2
/// try await benchmark.run { print($0) }
/// ```
public struct LanguageBenchmark: Sendable {
    /// What one image holds.
    public enum Piece: String, CaseIterable, Sendable {
        /// A page of ``LanguageBenchmark/linesPerPage`` lines.
        case pages
        /// One line: ``OCRKitEvaluation/TranslatedLines/lines(in:count:from:)``.
        case lines
        /// A short field of two to five words: ``OCRKitEvaluation/TranslatedLines/fields(in:count:from:)``.
        case fields
    }

    /// The `ocr` executable measured.
    public var ocr: String
    /// Tesseract codes, of ``OCRKitEvaluation/TranslatedLines/locales``.
    public var languages = ["eng", "deu", "fra", "spa", "por", "pol", "ces", "tur", "rus", "ukr", "ell", "ara", "heb", "hin", "tha",
                            "kor", "jpn", "chi_sim"]
    /// What the images hold, measured in this order.
    public var pieces = Piece.allCases
    /// The catalogues the texts are taken from: ``OCRKitEvaluation/TranslatedLines/Source/interface``
    /// is what the developers tune on, ``OCRKitEvaluation/TranslatedLines/Source/names`` is held out.
    public var source = TranslatedLines.Source.interface
    /// Lines a page.
    public var linesPerPage = 20
    /// Pages a language, every second worn.
    public var pagesPerLanguage = 4
    /// Lines, and fields, a language, every second worn.
    public var piecesPerLanguage = 12
    /// Processes (tesseract) or pages (ocr) at once.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// A folder to keep the images and their truth in; a temporary one, removed after, by default.
    public var folder: String?

    public init(ocr: String) {
        self.ocr = ocr
    }

    /// The figures of one reader on one language's images.
    public struct Figures: Sendable {
        public var errorRate: Double
        /// The rate with every space taken out of reading and truth alike: the characters alone.
        public var errorRateWithoutSpaces: Double
        public var secondsPerImage: Double
    }

    /// Reads every language's images of each piece with each reader, handing `report` a line of
    /// figures for each language, then the totals.
    public func run(report: (String) -> Void) async throws {
        let root = URL(fileURLWithPath: folder ?? NSTemporaryDirectory() + "ocrkit-languages-\(getpid())")
        defer { if folder == nil { try? FileManager.default.removeItem(at: root) } }
        // Where the tesseract command looks too: $TESSDATA_PREFIX, else the system's folder.
        let installed = Set(TesseractConfiguration(jobs: 1).installedLanguages)
        let origin = switch source {
        case .interface: "GLib's and GTK's translations (tuned on)"
        case .names: "iso-codes' names of countries, languages and currencies (held out)"
        }
        for piece in pieces {
            report("")
            report(heading(of: piece) + " from " + origin + ", 300 dpi, every second worn")
            report("CER (and without spaces), seconds an image; read in: the languages `ocr read` took the images for; silent: empty readings without a warning")
            report(Self.column("language", Self.languageWidth) + Self.column("script", Self.scriptWidth)
                   + ["tesseract -l", "ocr read", "ocr read --lang", "ocr --lang speed"].map { Self.column($0, Self.figureWidth) }.joined() + "read in")
            var totals = [CharacterErrorRate(), CharacterErrorRate(), CharacterErrorRate()], silent = 0
            for language in languages {
                guard installed.contains(language) else {
                    report(Self.column(language, Self.languageWidth) + "not installed: apt-get install \(Language(language).package)")
                    continue
                }
                let languageFolder = root.appendingPathComponent("\(piece.rawValue)/\(language)")
                let images: [(path: String, truth: String)]
                do {
                    images = try render(piece, in: language, into: languageFolder)
                } catch let error as OCRError where error.code == .fileNotFound {
                    // Too few texts for the pieces asked: the other languages are still measured.
                    report(Self.column(language, Self.languageWidth) + error.reason)
                    continue
                }
                let peer = try await TesseractPeer(jobs: jobs, limitsThreads: true,
                                                   options: ["-l", language] + (piece == .pages ? [] : ["--psm", "7"]))
                    .read(images.map(\.path), folder: languageFolder)
                let guessed = try await readWithOCR(languageFolder.path, language: nil)
                let told = try await readWithOCR(languageFolder.path, language: language)
                let readings = [(peer.texts, peer.seconds), (guessed.texts, guessed.seconds), (told.texts, told.seconds)]
                var figures: [Figures] = []
                for (index, reading) in readings.enumerated() {
                    var rate = CharacterErrorRate(), unspaced = CharacterErrorRate()
                    for image in images {
                        let text = reading.0[image.path] ?? ""
                        rate.add(reading: text, truth: image.truth)
                        unspaced.add(reading: text.filter { !$0.isWhitespace }, truth: image.truth.filter { !$0.isWhitespace })
                        totals[index].add(reading: text, truth: image.truth)
                    }
                    figures.append(Figures(errorRate: rate.rate, errorRateWithoutSpaces: unspaced.rate,
                                           secondsPerImage: reading.1 / Double(images.count)))
                }
                let silentHere = images.count { image in
                    [guessed, told].contains { $0.isSilentlyEmpty(image) }
                }
                silent += silentHere
                let script = Language(language).scripts.first?.name ?? "?"
                let columns = figures.map { String(format: "%.3f (%.3f) %.2fs", $0.errorRate, $0.errorRateWithoutSpaces, $0.secondsPerImage) }
                report(Self.column(language, Self.languageWidth) + Self.column(script, Self.scriptWidth)
                       + columns.map { Self.column($0, Self.figureWidth) }.joined()
                       + Self.column(String(format: "%.2fx tesseract's", figures[0].secondsPerImage / max(figures[2].secondsPerImage, 1e-9)),
                                     Self.figureWidth)
                       + guessed.languageCounts.map { "\($0.languages) \($0.pages)" }.joined(separator: ", ")
                       + (silentHere > 0 ? "; silent \(silentHere)" : ""))
            }
            report(Self.column("all", Self.languageWidth + Self.scriptWidth)
                   + totals.map { Self.column(String(format: "%.3f", $0.rate), Self.figureWidth) }.joined()
                   + "silent empty readings: \(silent)")
        }
    }

    /// The table's column widths: a script's name is as long as "Japanese kana".
    private static let languageWidth = 10, scriptWidth = 15, figureWidth = 22

    private static func column(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }

    private func heading(of piece: Piece) -> String {
        switch piece {
        case .pages: "\(pagesPerLanguage) pages of \(linesPerPage) lines a language"
        case .lines: "\(piecesPerLanguage) single lines a language"
        case .fields: "\(piecesPerLanguage) fields of 2-5 words a language"
        }
    }

    /// Renders `language`'s images of `piece` into `folder`, each with its truth beside it.
    private func render(_ piece: Piece, in language: String, into folder: URL) throws -> [(path: String, truth: String)] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let font = TranslatedLines.font(for: language)
        let texts: [String] = switch piece {
        case .pages:
            try TranslatedLines.lines(in: language, count: pagesPerLanguage * linesPerPage, from: source).page(of: linesPerPage)
        case .lines: try TranslatedLines.lines(in: language, count: piecesPerLanguage, from: source)
        case .fields: try TranslatedLines.fields(in: language, count: piecesPerLanguage, from: source)
        }
        return try texts.enumerated().map { index, text in
            var image = piece == .pages
                ? try TextRenderer.renderPage(text.split(separator: "\n").map { (String($0), font) })
                : try TextRenderer.render(text, font: font, margin: 24)
            if index % 2 == 1 { image = image.worn(seed: 2026 + UInt64(index)) }
            let path = folder.appendingPathComponent("\(piece.rawValue.dropLast())\(index + 1).png").path
            try ImageWriter.write(image, to: path)
            try text.write(toFile: path + ".txt", atomically: true, encoding: .utf8)
            return (path, text)
        }
    }

    /// What `ocr read` gave for a folder.
    private struct OCRRun {
        /// Each image's text and whether its page carried a warning, by path.
        var texts: [String: String]
        var warned: Set<String>
        var seconds: Double
        var languageCounts: [(languages: String, pages: Int)]

        /// Whether `image`'s reading kept under a quarter of its truth's characters and said nothing.
        func isSilentlyEmpty(_ image: (path: String, truth: String)) -> Bool {
            let read = (texts[image.path] ?? "").count { !$0.isWhitespace }
            return !warned.contains(image.path) && read * 4 < image.truth.count { !$0.isWhitespace }
        }
    }

    /// `ocr read` on a folder, once, as JSON lines. Its exit status 1 is an answer when every page
    /// carries a warning (no text read where the images hold some), which the figures count.
    private func readWithOCR(_ folder: String, language: String?) async throws -> OCRRun {
        let output = folder + "/ocr-\(language ?? "detected").jsonl"
        // No alternatives, which JSON has by default and the tesseract command does not read.
        let arguments = ["read", folder, "--format", "jsonl", "--alternatives", "0", "--jobs", "\(jobs)"]
            + (language.map { ["--lang", $0] } ?? [])
        let start = ContinuousClock.now
        let outcome = try await ChildProcess.run(ocr, arguments, output: output, errors: output + ".errors")
        let seconds = (ContinuousClock.now - start).timeInterval
        var run = OCRRun(texts: [:], warned: [], seconds: seconds,
                         languageCounts: ReadBenchmark.languageCounts(inJSONLines: output))
        for line in ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n") {
            let page = try Page(jsonData: Data(line.utf8))
            run.texts[page.image] = page.text
            if !page.warnings.isEmpty { run.warned.insert(page.image) }
        }
        let everyPageWarned = !run.texts.isEmpty && run.warned.count == run.texts.count
        guard outcome.exitCode == 0 || (outcome.exitCode == 1 && everyPageWarned) else {
            let errors = (try? String(contentsOfFile: output + ".errors", encoding: .utf8)) ?? ""
            throw OCRError(.engineFailure, path: folder, reason: "ocr \(arguments.joined(separator: " ")) failed: \(errors)")
        }
        return run
    }
}

private extension Array<String> {
    /// The lines in pages of `count`, each page's lines joined by line breaks.
    func page(of count: Int) -> [String] {
        stride(from: 0, to: self.count, by: count).map { self[$0..<Swift.min($0 + count, self.count)].joined(separator: "\n") }
    }
}
