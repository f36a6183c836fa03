import Foundation
import OCRKit
import OCRKitEvaluation
import OCRKitImages
import OCRKitProcesses

/// Documents converted whole to Markdown, beside pymupdf4llm 2.0 in the same run: real Markdown
/// documents written by others, printed to PDF by headless Chromium in one and two columns (a
/// running header, page numbers, justified text with soft hyphens, ruled tables), and the same
/// pages rasterised and worn as a scanner gives them back; each PDF converted by `ocr read
/// --format markdown` and by pymupdf4llm, and both scored against the Markdown it was printed
/// from (``ConversionScore``).
///
/// ```swift
/// let documents = try ConvertBenchmark.documents(manifest: ".deps/convert/documents/manifest.tsv")
/// var benchmark = ConvertBenchmark(ocr: ocrPath, documents: Array(documents.prefix(2)))
/// benchmark.measuresScans = false   // born-digital PDFs only
/// benchmark.measuresPeer = false    // ocr alone, without pymupdf4llm
/// try await benchmark.run { print($0) }
/// ```
public struct ConvertBenchmark: Sendable {
    /// A Markdown document of the set: where it is, where it came from, under which licence.
    public struct Document: Sendable, Hashable {
        public var name: String
        public var markdown: String
        public var source: String
        public var licence: String

        /// The project whose documentation it is: the first word of its source.
        public var project: String { String(source.prefix { $0 != " " }) }
    }

    /// The documents `manifest` lists (scripts/setup-convert-bench writes it): name, Markdown
    /// file, source and licence file, tab-separated, paths relative to the manifest's folder.
    public static func documents(manifest: String) throws -> [Document] {
        let folder = URL(fileURLWithPath: manifest).deletingLastPathComponent()
        return try TabSeparatedRows.read(manifest, describedAs: "documents' manifest (scripts/setup-convert-bench writes it)").map { number, row in
            guard row.count == 4 else { throw OCRError(.corrupt, path: manifest, reason: "line \(number) has \(row.count) fields, not 4") }
            return Document(name: String(row[0]), markdown: TabSeparatedRows.path(row[1], in: folder), source: String(row[2]),
                            licence: TabSeparatedRows.path(row[3], in: folder))
        }
    }

    /// The `ocr` executable measured.
    public var ocr: String
    public var documents: [Document]
    /// The columns each document is printed in, one printing each.
    public var columns = [1, 2]
    /// Whether to also convert the pages rasterised and worn, as scanned.
    public var measuresScans = true
    /// Whether to run pymupdf4llm beside ocr (scripts/setup-convert-bench installs it).
    public var measuresPeer = true
    /// Pages read at once by ocr.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Where to keep the printed PDFs and both converters' Markdown; a temporary folder removed
    /// at the end when `nil`.
    public var keptFolder: String?
    /// Whether to print each document's figures under each row: what the next rule is chosen from.
    public var showsEachDocument = false
    /// The checkout whose scripts and .deps hold the peer.
    public var projectFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

    /// The resolution scanned pages are rasterised at.
    static let scanResolution = 200

    public init(ocr: String, documents: [Document]) {
        self.ocr = ocr
        self.documents = documents
    }

    /// One printing of one document: its PDF and what it should convert to.
    struct Printed {
        var document: Document
        var columns: Int
        var pdf: String
        var truth: [MarkdownBlock]
        var brokenWords: [String]
        var pages: Int
    }

    /// One converter's figures on one set of PDFs.
    struct Row {
        var name: String
        var set: String
        var score: ConversionScore
        var outcome: ChildProcess.Outcome
        var pages: Int
        /// The peer's own processor time converting, its start-up left out.
        var convertingSeconds: Double?
        /// Each document's own score, by its PDF's name.
        var documents: [(name: String, score: ConversionScore)] = []
        /// The documents it wrote no Markdown for, scored as empty.
        var unwritten = 0
        /// The file holding what the converter wrote on its standard error.
        var errorsFile: String

        /// What went wrong, when the converter failed or left documents out: a row of empty
        /// documents is no measure of converting.
        var failure: String? {
            guard outcome.status != 0 || unwritten > 0 else { return nil }
            let said = ((try? String(contentsOfFile: errorsFile, encoding: .utf8)) ?? "").split(separator: "\n").first ?? ""
            return "  \(name) wrote no Markdown for \(unwritten) of \(documents.count) PDFs"
                + (outcome.status != 0 ? " and exited with \(outcome.exitCode)" : "") + (said.isEmpty ? "" : ": \(said)")
        }

        /// A score's six figures, in the table's columns.
        static func figures(_ score: ConversionScore) -> String {
            String(format: "%9.3f %9.3f %7.3f %8.3f %7.3f %8.3f", score.textEditDistance, score.headingsF1, score.tablesTEDS,
                   score.paragraphsWhole, score.paragraphOrder, score.hyphensRejoined)
        }

        var documentLines: [String] {
            documents.map { name, score in
                "  " + name.padding(toLength: 32, withPad: " ", startingAt: 0) + Self.figures(score) + "  \(score.tables) tables"
            }
        }

        var line: String {
            let name = (name + ", " + set).padding(toLength: 34, withPad: " ", startingAt: 0)
            let converting = convertingSeconds.map { String(format: " (%.2f converting)", $0 / Double(max(1, pages))) } ?? ""
            return name + Self.figures(score)
                + String(format: " %9.2f %7.0f", outcome.cpuSeconds / Double(max(1, pages)), Double(outcome.peakBytes) / 1_000_000) + converting
        }
    }

    public func run(report: (String) -> Void) async throws {
        guard Chromium.isInstalled else {
            throw OCRError(.engineUnavailable, path: Chromium.path, reason: "Debian's chromium prints the documents: scripts/setup installs it")
        }
        let peer = projectFolder.appendingPathComponent(".deps/convert/venv/bin").path
        if measuresPeer || measuresScans, !FileManager.default.isExecutableFile(atPath: peer + "/python") {
            throw OCRError(.engineUnavailable, path: peer,
                           reason: "pymupdf4llm and img2pdf are not installed in this OCRKit checkout: its scripts/setup-convert-bench installs them")
        }
        let folder = keptFolder ?? FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-bench-convert-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { if keptFolder == nil { try? FileManager.default.removeItem(atPath: folder) } }

        report("\(documents.count) Markdown documents (\(Set(documents.map(\.project)).sorted().joined(separator: ", "))), "
               + "printed by Chromium in \(columns.map { "\($0)" }.joined(separator: " and ")) column(s)"
               + (measuresScans ? ", born-digital and scanned (\(Self.scanResolution) dpi, worn)" : ", born-digital"))
        report("converter, set                    text edit  headings  tables  whole    order  hyphens  CPU s/page  peak MB")
        var rows: [Row] = []
        for columns in columns {
            var printed: [Printed] = []
            for document in documents { printed.append(try await print(document, columns: columns, in: folder)) }
            var sets = [("born-digital, \(columns) col", printed)]
            if measuresScans {
                var scans: [Printed] = []
                for document in printed { scans.append(try await scanned(document, tools: peer, in: folder)) }
                sets.append(("scanned, \(columns) col", scans))
            }
            for (set, printed) in sets {
                let ours = try await convertWithOCR(printed, set: set, in: folder)
                report(ours.line)
                ours.failure.map(report)
                if showsEachDocument { ours.documentLines.forEach(report) }
                rows.append(ours)
                guard measuresPeer else { continue }
                let theirs = try await convertWithPeer(printed, python: peer + "/python", set: set, in: folder)
                report(theirs.line)
                theirs.failure.map(report)
                if showsEachDocument { theirs.documentLines.forEach(report) }
                rows.append(theirs)
            }
        }
        report("text edit: edit distance over the longer text, Markdown removed (0 best); headings: F1 of their texts; "
               + "tables: TEDS; whole: paragraphs of \(ConversionScore.paragraphWords)+ words in one block; order: Kendall's tau; "
               + "hyphens: words broken at a line's end found whole")
        let pairs = Dictionary(grouping: rows, by: \.set).values.filter { $0.count == 2 }
        for pair in pairs.sorted(by: { $0[0].set < $1[0].set }) {
            let (ours, theirs) = (pair[0], pair[1])
            report(String(format: "%@: ocr vs pymupdf4llm: text edit %+.3f, headings %+.3f, tables %+.3f, whole %+.3f, hyphens %+.3f, "
                          + "%.2fx the CPU time a page, %.2fx the peak memory", ours.set,
                          ours.score.textEditDistance - theirs.score.textEditDistance, ours.score.headingsF1 - theirs.score.headingsF1,
                          ours.score.tablesTEDS - theirs.score.tablesTEDS, ours.score.paragraphsWhole - theirs.score.paragraphsWhole,
                          ours.score.hyphensRejoined - theirs.score.hyphensRejoined,
                          ours.outcome.cpuSeconds / max(0.001, theirs.outcome.cpuSeconds),
                          Double(ours.outcome.peakBytes) / Double(max(1, theirs.outcome.peakBytes))))
        }
    }

    /// `document` printed in `columns` columns, its title the running header of every page.
    private func print(_ document: Document, columns: Int, in folder: String) async throws -> Printed {
        let markdown = try String(contentsOfFile: document.markdown, encoding: .utf8)
        var paper = PrintedDocument(markdown: markdown, columns: columns)
        let truth = MarkdownBlock.blocks(ofHTML: paper.body)
        paper.runningHeader = truth.first { if case .heading = $0.kind { true } else { false } }?.text ?? document.name
        let base = "\(folder)/\(document.name)-\(columns)col"
        try paper.html.write(toFile: base + ".html", atomically: true, encoding: .utf8)
        try await Chromium.print(htmlFile: base + ".html", to: base + ".pdf", profile: folder + "/chromium-profile")
        let text = try await Self.output(of: "pdftotext", [base + ".pdf", "-"], in: folder)
        let pages = Int(try await Self.output(of: "pdfinfo", [base + ".pdf"], in: folder).split(separator: "\n")
            .first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        return Printed(document: document, columns: columns, pdf: base + ".pdf", truth: truth,
                       brokenWords: paper.brokenWords(inPrintedText: text), pages: pages)
    }

    /// `printed`'s pages rasterised in gray, worn as a scan, made a PDF of images again.
    private func scanned(_ printed: Printed, tools: String, in folder: String) async throws -> Printed {
        let base = printed.pdf.replacingOccurrences(of: ".pdf", with: "-scan")
        _ = try await Self.output(of: "pdftoppm", ["-r", "\(Self.scanResolution)", "-gray", "-png", printed.pdf, base], in: folder)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasPrefix((base as NSString).lastPathComponent + "-") && $0.hasSuffix(".png") }.sorted()
        for (index, page) in pages.enumerated() {
            let path = folder + "/" + page
            let bitmap = try await ImageLoader().decode(.file(path), maximumSide: nil).grayByFirstChannel
            try Data(try ImageWriter.pngData(bitmap.worn(seed: UInt64(index + 1)))).write(to: URL(fileURLWithPath: path))
        }
        _ = try await Self.output(of: tools + "/img2pdf", ["--pagesize", "A4", "-o", base + ".pdf"] + pages.map { folder + "/" + $0 }, in: folder)
        var scan = printed
        scan.pdf = base + ".pdf"
        return scan
    }

    /// One `ocr read --format markdown` process over every PDF of the set.
    private func convertWithOCR(_ printed: [Printed], set: String, in folder: String) async throws -> Row {
        let output = "\(folder)/ocr-\(set.filter { $0.isLetter || $0.isNumber })"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let outcome = try await ChildProcess.run(ocr, ["read", "--format", "markdown", "--jobs", "\(jobs)", "--output-dir", output]
                                                 + printed.map(\.pdf), errors: output + "/errors.txt")
        let (score, documents, unwritten) = Self.score(printed, in: output)
        return Row(name: "ocr", set: set, score: score, outcome: outcome, pages: printed.map(\.pages).reduce(0, +),
                   documents: documents, unwritten: unwritten, errorsFile: output + "/errors.txt")
    }

    /// pymupdf4llm over every PDF of the set in one process, through scripts/pymupdf-convert.
    private func convertWithPeer(_ printed: [Printed], python: String, set: String, in folder: String) async throws -> Row {
        let output = "\(folder)/pymupdf4llm-\(set.filter { $0.isLetter || $0.isNumber })"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let script = projectFolder.appendingPathComponent("scripts/pymupdf-convert").path
        let outcome = try await ChildProcess.run(python, [script, output] + printed.map(\.pdf),
                                                 output: output + "/times.jsonl", errors: output + "/errors.txt")
        struct Converted: Decodable {
            var pdf: String
            var seconds: Double
        }
        let seconds = JSONLines.objects(Converted.self, in: output + "/times.jsonl").map(\.seconds).reduce(0, +)
        let (score, documents, unwritten) = Self.score(printed, in: output)
        return Row(name: "pymupdf4llm 2.0", set: set, score: score, outcome: outcome, pages: printed.map(\.pages).reduce(0, +),
                   convertingSeconds: seconds, documents: documents, unwritten: unwritten, errorsFile: output + "/errors.txt")
    }

    /// Every document's Markdown in `folder` (NAME.md for NAME.pdf; none scores as empty) scored
    /// against its truth: all together, each alone, and how many had none.
    private static func score(_ printed: [Printed], in folder: String)
        -> (ConversionScore, [(name: String, score: ConversionScore)], unwritten: Int) {
        var score = ConversionScore()
        var documents: [(name: String, score: ConversionScore)] = []
        var unwritten = 0
        for document in printed {
            let name = ((document.pdf as NSString).lastPathComponent as NSString).deletingPathExtension
            let markdown = try? String(contentsOfFile: "\(folder)/\(name).md", encoding: .utf8)
            if markdown == nil { unwritten += 1 }
            let read = markdown ?? ""
            var alone = ConversionScore()
            alone.add(read: read, truth: document.truth, brokenWords: document.brokenWords)
            score.add(alone)
            documents.append((name, alone))
        }
        return (score, documents, unwritten)
    }

    /// What `program` printed, or an error saying what it said when it failed.
    private static func output(of program: String, _ arguments: [String], in folder: String) async throws -> String {
        let output = folder + "/tool-output.txt", errors = folder + "/tool-errors.txt"
        let outcome = try await ChildProcess.run(program, arguments, output: output, errors: errors)
        guard outcome.status == 0 else {
            let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw OCRError(.engineFailure, path: arguments.last, reason: "\(program) failed: \(said.suffix(400))")
        }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }
}
