import Foundation
import OCRKit
import OCRKitEvaluation
import OCRKitExport
import OCRKitONNX

/// Tables read cell by cell, scored by TEDS and TEDS-struct (``OCRKitEvaluation/TEDS``) against
/// a set's truth, beside RapidTable 3.0.2 reading the same images with the same SLANet model in
/// the same run: `ocr read --whole-table` in one process over every image, and
/// scripts/rapidtable-read in another, each timed with its processor time and peak memory.
///
/// ```swift
/// var benchmark = TableBenchmark(manifest: "../shared/datasets/pubtabnet/manifest.jsonl", ocr: ocr)
/// benchmark.limit = 2            // the first two tables
/// benchmark.measuresPeer = false // ocr alone, without RapidTable
/// try await benchmark.run { print($0) }
/// ```
public struct TableBenchmark: Sendable {
    /// The set's `manifest.jsonl` (``OCRKitEvaluation/TableManifest``).
    public var manifest: String
    /// The `ocr` executable measured.
    public var ocr: String
    /// Only the first tables of the set, when set.
    public var limit: Int?
    /// Images read at once by `ocr`.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Whether RapidTable is measured beside.
    public var measuresPeer = true
    /// Where scripts/ and .deps/ are: the OCRKit checkout the peer is installed in.
    public var projectFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)

    public init(manifest: String, ocr: String) {
        self.manifest = manifest
        self.ocr = ocr
    }

    /// A reader's figures over the set.
    struct Run {
        var name: String
        var outcome: ChildProcess.Outcome
        var teds: Double
        var structureTEDS: Double
        var tables: Int

        func line() -> String {
            let name = name.padding(toLength: 22, withPad: " ", startingAt: 0)
            return name + String(format: "%7.3f %12.3f %13.2f %12.2f %9.0f", teds, structureTEDS, outcome.cpuSeconds / Double(tables),
                                 outcome.seconds, Double(outcome.peakBytes) / 1_000_000)
        }
    }

    public func run(report: (String) -> Void) async throws {
        var entries = try TableManifest(contentsOf: manifest).entries
        if let limit { entries = Array(entries.prefix(limit)) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-bench-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let truths = try entries.map { try TableTree(html: $0.html) }

        report("\(entries.count) tables of \(URL(fileURLWithPath: manifest).deletingLastPathComponent().lastPathComponent)")
        report("reader                   TEDS  TEDS-struct  CPU s/table    elapsed s   peak MB")
        let ours = try await runOurs(entries, truths: truths, folder: folder)
        report(ours.line())
        guard measuresPeer else { return }
        let peer = try await runRapidTable(entries, truths: truths, folder: folder)
        report(peer.line())
        report(String(format: "ocr vs RapidTable: TEDS %+.3f, TEDS-struct %+.3f, %.2fx the CPU time a table, %.2fx the peak memory",
                      ours.teds - peer.teds, ours.structureTEDS - peer.structureTEDS,
                      ours.outcome.cpuSeconds / peer.outcome.cpuSeconds, Double(ours.outcome.peakBytes) / Double(peer.outcome.peakBytes)))
    }

    /// One `ocr read --whole-table` process over every image.
    private func runOurs(_ entries: [TableManifest.Entry], truths: [TableTree], folder: URL) async throws -> Run {
        let output = folder.appendingPathComponent("ocr.jsonl").path
        let errors = folder.appendingPathComponent("ocr.err").path
        let arguments = ["read", "--format", "jsonl", "--engine", "ppocr", "--whole-table", "--jobs", "\(jobs)"]
        let outcome = try await ChildProcess.run(ocr, arguments + entries.map(\.imagePath), output: output, errors: errors)
        var tables: [String: String] = [:]
        for line in (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n") ?? [] {
            if let page = try? Page(jsonData: Data(line.utf8)) { tables[page.image] = page.tables.first?.html }
        }
        return try scored("ocr ppocr", outcome: outcome, tables: tables, entries: entries, truths: truths)
    }

    /// RapidTable over every image in one process, through scripts/rapidtable-read.
    private func runRapidTable(_ entries: [TableManifest.Entry], truths: [TableTree], folder: URL) async throws -> Run {
        let script = projectFolder.appendingPathComponent("scripts/rapidtable-read").path
        let packages = [".deps/rapidtable", ".deps/rapidocr"].map { projectFolder.appendingPathComponent($0).path }
        guard FileManager.default.fileExists(atPath: packages[0] + "/rapid_table-3.0.2.dist-info") else {
            throw OCRError(.engineUnavailable, path: packages[0],
                           reason: "RapidTable 3.0.2, the peer, is not installed in this OCRKit checkout: its scripts/setup-rapidtable installs it")
        }
        let output = folder.appendingPathComponent("rapidtable.jsonl").path
        let outcome = try await ChildProcess.run("python3", [script, SLANetModel.installedFile()] + entries.map(\.imagePath),
                                                 output: output, environment: ["PYTHONPATH": packages.joined(separator: ":")])
        struct Reading: Decodable {
            var image: String
            var html: String
        }
        var tables: [String: String] = [:]
        for line in (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n") ?? [] {
            if let reading = try? JSONDecoder().decode(Reading.self, from: Data(line.utf8)) { tables[reading.image] = reading.html }
        }
        return try scored("RapidTable 3.0.2", outcome: outcome, tables: tables, entries: entries, truths: truths)
    }

    /// The mean TEDS and TEDS-struct of the tables read, a table not read or not parsed scoring 0.
    private func scored(_ name: String, outcome: ChildProcess.Outcome, tables: [String: String], entries: [TableManifest.Entry],
                        truths: [TableTree]) throws -> Run {
        var teds = 0.0, structure = 0.0
        for (entry, truth) in zip(entries, truths) {
            guard let html = tables[entry.imagePath], let read = try? TableTree(html: html) else { continue }
            teds += max(0, TEDS.similarity(read, truth))
            structure += max(0, TEDS.similarity(read, truth, comparesText: false))
        }
        let count = Double(max(1, entries.count))
        return Run(name: name, outcome: outcome, teds: teds / count, structureTEDS: structure / count, tables: entries.count)
    }
}
