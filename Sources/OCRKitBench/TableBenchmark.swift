import Foundation
import OCRKit
import OCRKitProcesses
import OCRKitEvaluation
import OCRKitExport
import OCRKitImages
import OCRKitONNX

/// Tables read cell by cell, scored by TEDS and TEDS-struct (``OCRKitEvaluation/TEDS``), beside
/// RapidTable 3.0.2 reading the same images with the same SLANet model in the same run, each
/// reader in one process over every image, timed with its processor time and peak memory:
///
/// - a set of tables cut from their pages (``manifest``, PubTabNet's): `ocr read --whole-table`;
/// - whole pages of tables rendered at run time (``RenderedTablePage``: statements, invoices,
///   timetables and price lists; ruled, unruled and striped), each table found by the reader
///   itself among a title, paragraphs and a footer: `ocr read --structure`. It also counts the
///   tables found and the pages whose title or paragraphs were taken into a table.
///
/// ```swift
/// var benchmark = TableBenchmark(manifest: "../shared/datasets/pubtabnet/manifest.jsonl", ocr: ocr)
/// benchmark.limit = 2            // the first two tables
/// benchmark.measuresPeer = false // ocr alone, without RapidTable
/// try await benchmark.run { print($0) }
/// ```
public struct TableBenchmark: Sendable {
    /// A set's `manifest.jsonl` (``OCRKitEvaluation/TableManifest``); `nil` measures rendered pages alone.
    public var manifest: String?
    /// The `ocr` executable measured.
    public var ocr: String
    /// Only the first tables of the set, when set.
    public var limit: Int?
    /// How many pages of each kind and style are rendered; 0 renders none.
    public var pagesPerKind = 0
    /// The first seed of the rendered pages' content: another gives other pages, to report on
    /// pages never tuned on.
    public var pageSeed: UInt64 = 1
    /// A folder to write the rendered pages to (`KIND-STYLE-N.png`, and `.html` their table's truth), when set.
    public var pageFolder: String?
    /// Images read at once by `ocr`.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Whether each table's TEDS is printed, ours, under our figures.
    public var showsEachTable = false
    /// Whether RapidTable is measured beside.
    public var measuresPeer = true
    /// Where scripts/ and .deps/ are: the OCRKit checkout the peer is installed in.
    public var projectFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

    public init(manifest: String?, ocr: String) {
        self.manifest = manifest
        self.ocr = ocr
    }

    /// What a reader made of one image: every table it found, as HTML.
    typealias Readings = [String: [String]]

    /// A reader's figures over a set.
    struct Run {
        var name: String
        var outcome: ChildProcess.Outcome
        var teds = 0.0
        var structureTEDS = 0.0
        var images: Int
        /// The tables of the truth: those found, and the pages whose prose went into a table.
        var tables: Int
        /// Each table's TEDS, by its image's file name, in the truth's order.
        var scores: [(image: String, teds: Double)] = []
        var found = 0
        var proseTaken = 0

        func line(pages: Bool) -> String {
            let name = name.padding(toLength: 22, withPad: " ", startingAt: 0)
            let counts = pages ? String(format: " %6d/%d %7d", found, tables, proseTaken) : ""
            return name + String(format: "%7.3f %12.3f", teds, structureTEDS) + counts
                + String(format: " %13.2f %10.2f %9.0f", outcome.cpuSeconds / Double(images), outcome.seconds, Double(outcome.peakBytes) / 1_000_000)
        }
    }

    public func run(report: (String) -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-bench-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        if let manifest {
            var entries = try TableManifest(contentsOf: manifest).entries
            if let limit { entries = Array(entries.prefix(limit)) }
            let truths = try entries.map { (path: $0.imagePath, tree: try TableTree(html: $0.html), prose: [String]()) }
            report("\(entries.count) tables of \(URL(fileURLWithPath: manifest).deletingLastPathComponent().lastPathComponent), each image a table (--whole-table)")
            try await measure(truths, arguments: ["--whole-table"], pages: false, folder: folder, report: report)
        }
        if pagesPerKind > 0 {
            var truths: [(path: String, tree: TableTree, prose: [String])] = []
            for kind in RenderedTablePage.Kind.allCases {
                for style in RenderedTable.Style.allCases {
                    for copy in 0..<pagesPerKind {
                        let page = try RenderedTablePage(kind, style: style, seed: pageSeed &* 1000 &+ UInt64(100 * copy + 7 * truths.count))
                        let name = "\(kind.rawValue)-\(style.rawValue)-\(copy)"
                        let path = folder.appendingPathComponent(name + ".png").path
                        try Data(try ImageWriter.pngData(page.image)).write(to: URL(fileURLWithPath: path))
                        if let pageFolder {
                            try FileManager.default.createDirectory(atPath: pageFolder, withIntermediateDirectories: true)
                            try Data(try ImageWriter.pngData(page.image)).write(to: URL(fileURLWithPath: "\(pageFolder)/\(name).png"))
                            try page.truths.map(\.html).joined(separator: "\n")
                                .write(toFile: "\(pageFolder)/\(name).html", atomically: true, encoding: .utf8)
                        }
                        truths += try page.truths.map { (path, try TableTree(html: $0.html), [page.title] + page.paragraphs) }
                    }
                }
            }
            report("\(Set(truths.map(\.path)).count) rendered pages of statements, invoices, timetables, price lists and both an invoice "
                   + "and prices, ruled, unruled and striped, \(truths.count) tables: each found on its page (--structure)")
            try await measure(truths, arguments: ["--structure"], pages: true, folder: folder, report: report)
        }
    }

    private func measure(_ truths: [(path: String, tree: TableTree, prose: [String])], arguments: [String], pages: Bool, folder: URL,
                         report: (String) -> Void) async throws {
        report("reader                   TEDS  TEDS-struct" + (pages ? "  found  prose in table" : "")
               + "  CPU s/image  elapsed s   peak MB")
        let (outcome, readings) = try await runOurs(truths.map(\.path), arguments: arguments, folder: folder)
        let ours = Self.scored("ocr ppocr", outcome: outcome, readings: readings, truths: truths)
        report(ours.line(pages: pages))
        if showsEachTable {
            for score in ours.scores { report(String(format: "  %@ %.3f", score.image, score.teds)) }
        }
        guard measuresPeer else { return }
        let (peerOutcome, peerReadings) = try await runRapidTable(truths.map(\.path), folder: folder)
        let peer = Self.scored("RapidTable 3.0.2", outcome: peerOutcome, readings: peerReadings, truths: truths)
        report(peer.line(pages: pages))
        report(String(format: "ocr vs RapidTable: TEDS %+.3f, TEDS-struct %+.3f, %.2fx the CPU time an image, %.2fx the peak memory",
                      ours.teds - peer.teds, ours.structureTEDS - peer.structureTEDS,
                      ours.outcome.cpuSeconds / peer.outcome.cpuSeconds, Double(ours.outcome.peakBytes) / Double(peer.outcome.peakBytes)))
    }

    /// One `ocr read` process over every image.
    private func runOurs(_ paths: [String], arguments: [String], folder: URL) async throws -> (ChildProcess.Outcome, Readings) {
        let output = folder.appendingPathComponent("ocr.jsonl").path
        let errors = folder.appendingPathComponent("ocr.err").path
        let outcome = try await ChildProcess.run(ocr, ["read", "--format", "jsonl", "--engine", "ppocr", "--jobs", "\(jobs)"] + arguments + paths,
                                                 output: output, errors: errors)
        let pages = JSONLines.objects(Page.self, in: output)
        return (outcome, Dictionary(pages.map { ($0.image, $0.tables.map(\.html)) }) { first, _ in first })
    }

    /// RapidTable over every image in one process, through scripts/rapidtable-read.
    private func runRapidTable(_ paths: [String], folder: URL) async throws -> (ChildProcess.Outcome, Readings) {
        let script = projectFolder.appendingPathComponent("scripts/rapidtable-read").path
        let packages = [".deps/rapidtable", ".deps/rapidocr"].map { projectFolder.appendingPathComponent($0).path }
        guard FileManager.default.fileExists(atPath: packages[0] + "/rapid_table-3.0.2.dist-info") else {
            throw OCRError(.engineUnavailable, path: packages[0],
                           reason: "RapidTable 3.0.2, the peer, is not installed in this OCRKit checkout: its scripts/setup-rapidtable installs it")
        }
        let output = folder.appendingPathComponent("rapidtable.jsonl").path
        let outcome = try await ChildProcess.run("python3", [script, SLANetModel.installedFile()] + paths,
                                                 output: output, environment: ["PYTHONPATH": packages.joined(separator: ":")])
        struct Reading: Decodable {
            var image: String
            var html: String
        }
        return (outcome, Dictionary(JSONLines.objects(Reading.self, in: output).map { ($0.image, [$0.html]) }) { first, _ in first })
    }

    /// The mean TEDS and TEDS-struct of the table read best for each table of the truth, one not
    /// read scoring 0; a table is found when its TEDS-struct passes a half; a page's prose is taken
    /// when a word of its title or paragraphs, not in its tables' truth, is in a table read.
    static func scored(_ name: String, outcome: ChildProcess.Outcome, readings: Readings,
                       truths: [(path: String, tree: TableTree, prose: [String])]) -> Run {
        var run = Run(name: name, outcome: outcome, images: Set(truths.map(\.path)).count, tables: truths.count)
        var leaking: Set<String> = []
        for truth in truths {
            let tables = (readings[truth.path] ?? []).compactMap { try? TableTree(html: $0) }
            let best = tables.map { (TEDS.similarity($0, truth.tree), TEDS.similarity($0, truth.tree, comparesText: false)) }
                .max { $0.0 < $1.0 }
            run.teds += max(0, best?.0 ?? 0)
            run.scores.append(((truth.path as NSString).lastPathComponent, max(0, best?.0 ?? 0)))
            run.structureTEDS += max(0, best?.1 ?? 0)
            if (best?.1 ?? 0) > 0.5 { run.found += 1 }
            let pageTables = truths.filter { $0.path == truth.path }.flatMap(\.tree.cellTexts)
            let tableWords = Set(pageTables.flatMap { $0.lowercased().split(separator: " ") })
            let readWords = Set(tables.flatMap(\.cellTexts).flatMap { $0.lowercased().split(separator: " ") })
            let prose = Set(truth.prose.flatMap { $0.lowercased().split(separator: " ") }).subtracting(tableWords)
            if !prose.isDisjoint(with: readWords) { leaking.insert(truth.path) }
        }
        run.proseTaken = leaking.count
        let count = Double(max(1, run.tables))
        run.teds /= count
        run.structureTEDS /= count
        return run
    }
}

extension TableTree {
    /// The texts of the table's cells.
    var cellTexts: [String] {
        (tag == "td" ? [text] : []) + children.flatMap(\.cellTexts)
    }
}
