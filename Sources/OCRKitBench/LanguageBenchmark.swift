import Foundation
import OCRKit
import OCRKitEvaluation
import OCRKitImages
import OCRKitTesseract

/// Pages of real text in many languages and scripts (translators' sentences from Debian's
/// gettext catalogues: ``OCRKitEvaluation/TranslatedLines``), rendered at 300 dpi, four pages a
/// language, every second worn (``OCRKit/Bitmap/worn(seed:)``), read by `ocr read` without `--lang`
/// and with the right one, beside the tesseract command in the right language, in the same run:
/// each language's character error rate and time a page, as each program is run by people
/// (`ocr read` once on the language's folder, tesseract once a page).
///
/// ```swift
/// var benchmark = LanguageBenchmark(ocr: ".build-release/release/ocr")
/// benchmark.languages = ["rus"]
/// benchmark.pagesPerLanguage = 2
/// try await benchmark.run { print($0) }
/// ```
public struct LanguageBenchmark: Sendable {
    /// The `ocr` executable measured.
    public var ocr: String
    /// Tesseract codes, of ``OCRKitEvaluation/TranslatedLines/locales``.
    public var languages = ["eng", "deu", "fra", "spa", "por", "pol", "ces", "tur", "rus", "ukr", "ell", "ara", "heb", "hin", "tha",
                            "kor", "jpn", "chi_sim"]
    /// Lines a page.
    public var linesPerPage = 20
    /// Pages a language, every second worn.
    public var pagesPerLanguage = 4
    /// Processes (tesseract) or pages (ocr) at once.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// A folder to keep the images and their truth in; a temporary one, removed after, by default.
    public var folder: String?

    public init(ocr: String) {
        self.ocr = ocr
    }

    /// The figures of one reader on one language.
    public struct Figures: Sendable {
        public var errorRate: Double
        /// The rate with every space taken out of reading and truth alike: the characters alone.
        public var errorRateWithoutSpaces: Double
        public var secondsPerPage: Double
    }

    /// Reads every language's lines with each reader, handing `report` a line of figures for each
    /// language, then the totals.
    public func run(report: (String) -> Void) async throws {
        let root = URL(fileURLWithPath: folder ?? NSTemporaryDirectory() + "ocrkit-languages-\(getpid())")
        defer { if folder == nil { try? FileManager.default.removeItem(at: root) } }
        // Where the tesseract command looks too: $TESSDATA_PREFIX, else the system's folder.
        let installed = Set(TesseractConfiguration(jobs: 1).installedLanguages)
        report("\(pagesPerLanguage) pages of \(linesPerPage) lines a language from GLib's and GTK's translations, 300 dpi, every second worn")
        report("CER (and without spaces), seconds a page")
        report("language  script       tesseract -l          ocr read              ocr read --lang       ocr --lang pages/s")
        var totals = [CharacterErrorRate(), CharacterErrorRate(), CharacterErrorRate()]
        for language in languages {
            guard installed.contains(language) else {
                report("\(language.padding(toLength: 10, withPad: " ", startingAt: 0))not installed: apt-get install \(Language(language).package)")
                continue
            }
            let lines = try TranslatedLines.lines(in: language, count: pagesPerLanguage * linesPerPage)
            let languageFolder = root.appendingPathComponent(language)
            try FileManager.default.createDirectory(at: languageFolder, withIntermediateDirectories: true)
            var images: [String] = [], truths: [String] = []
            for index in 0..<pagesPerLanguage {
                let text = Array(lines[index * linesPerPage..<(index + 1) * linesPerPage])
                var page = try TextRenderer.renderPage(text.map { ($0, TranslatedLines.font(for: language)) })
                if index % 2 == 1 { page = page.worn(seed: 2026 + UInt64(index)) }
                let path = languageFolder.appendingPathComponent("page\(index + 1).png").path
                try ImageWriter.write(page, to: path)
                try text.joined(separator: "\n").write(toFile: path + ".txt", atomically: true, encoding: .utf8)
                images.append(path)
                truths.append(text.joined(separator: "\n"))
            }
            let peer = try await TesseractPeer(jobs: jobs, limitsThreads: true, options: ["-l", language])
                .read(images, folder: languageFolder)
            let guessed = try await readWithOCR(languageFolder.path, language: nil)
            let told = try await readWithOCR(languageFolder.path, language: language)
            let readings = [(peer.texts, peer.seconds), guessed, told]
            var figures: [Figures] = []
            for (index, reading) in readings.enumerated() {
                var rate = CharacterErrorRate(), unspaced = CharacterErrorRate()
                for (image, truth) in zip(images, truths) {
                    let text = reading.0[image] ?? ""
                    rate.add(reading: text, truth: truth)
                    unspaced.add(reading: text.filter { !$0.isWhitespace }, truth: truth.filter { !$0.isWhitespace })
                    totals[index].add(reading: text, truth: truth)
                }
                figures.append(Figures(errorRate: rate.rate, errorRateWithoutSpaces: unspaced.rate,
                                       secondsPerPage: reading.1 / Double(images.count)))
            }
            let script = Language(language).scripts.first?.name ?? "?"
            let columns = figures.map { String(format: "%.3f (%.3f) %.2fs", $0.errorRate, $0.errorRateWithoutSpaces, $0.secondsPerPage) }
            report(language.padding(toLength: 10, withPad: " ", startingAt: 0) + script.padding(toLength: 13, withPad: " ", startingAt: 0)
                   + columns.map { $0.padding(toLength: 22, withPad: " ", startingAt: 0) }.joined()
                   + String(format: "%.2fx tesseract's", figures[0].secondsPerPage / max(figures[2].secondsPerPage, 1e-9)))
        }
        report("all" + String(repeating: " ", count: 20)
               + totals.map { String(format: "%.3f", $0.rate).padding(toLength: 22, withPad: " ", startingAt: 0) }.joined())
    }

    /// `ocr read` on a folder, once, as JSON lines: each image's text, and the seconds it took.
    private func readWithOCR(_ folder: String, language: String?) async throws -> ([String: String], Double) {
        let output = folder + "/ocr-\(language ?? "detected").jsonl"
        // No alternatives, which JSON has by default and the tesseract command does not read.
        let arguments = ["read", folder, "--format", "jsonl", "--alternatives", "0", "--jobs", "\(jobs)"]
            + (language.map { ["--lang", $0] } ?? [])
        let start = ContinuousClock.now
        let outcome = try await ChildProcess.run(ocr, arguments, output: output, errors: output + ".errors")
        let seconds = (ContinuousClock.now - start).timeInterval
        guard outcome.exitCode == 0 else {
            let errors = (try? String(contentsOfFile: output + ".errors", encoding: .utf8)) ?? ""
            throw OCRError(.engineFailure, path: folder, reason: "ocr \(arguments.joined(separator: " ")) failed: \(errors)")
        }
        var texts: [String: String] = [:]
        for line in try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n") {
            let page = try Page(jsonData: Data(line.utf8))
            texts[page.image] = page.text
        }
        return (texts, seconds)
    }
}
