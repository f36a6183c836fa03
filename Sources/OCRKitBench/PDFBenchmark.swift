import Foundation
import OCRKit
import OCRKitProcesses
import OCRKitEngines
import OCRKitEvaluation
import OCRKitImages

/// Searchable PDFs made from PDFs, beside OCRmyPDF 17 in the same run: `ocr read --format pdf`
/// with each engine and `ocrmypdf`, each a process of its own over the same input documents.
///
/// The inputs are built from data sets as scanners deliver them, with img2pdf (which keeps a
/// JPEG's bytes and compresses other images without loss): receipts one a page, and scanned
/// lines stacked into full pages. Each output's text layer is read back with pdftotext, as
/// copy and paste in a viewer gives it.
///
/// ```swift
/// var benchmark = PDFBenchmark(ocr: ocrPath, tools: PDFBenchmark.Tools(folder: ".deps/ocrmypdf/bin"))
/// benchmark.engines = [.tesseract]
/// var table: [String] = []
/// try await benchmark.run(PDFBenchmark.DataSet.receipts(manifest: receiptsManifest, limit: 3)) { table.append($0) }
/// ```
public struct PDFBenchmark: Sendable {
    /// OCRmyPDF's virtual environment's programs: `ocrmypdf` and `img2pdf`.
    public struct Tools: Sendable {
        public var ocrmypdf: String
        public var img2pdf: String

        public init(folder: String) {
            ocrmypdf = (folder as NSString).appendingPathComponent("ocrmypdf")
            img2pdf = (folder as NSString).appendingPathComponent("img2pdf")
        }
    }

    /// Pages to make a document of: each page's image file and the text it holds.
    public struct DataSet: Sendable {
        public var name: String
        public var pages: [(image: String, truth: String)]
        /// Whether the images are parts to be stacked into full pages first.
        var stacksLines: Bool

        /// Receipts (a manifest.tsv of image<TAB>truth), one a page.
        public static func receipts(manifest: String, skip: Int = 0, limit: Int) throws -> DataSet {
            let entries = try Manifest(contentsOf: manifest).entries.dropFirst(skip).prefix(limit)
            return DataSet(name: "receipts", pages: entries.map { ($0.imagePath, $0.truth) }, stacksLines: false)
        }

        /// Scanned lines (a manifest.tsv of line image<TAB>truth), `linesAPage` stacked on each page.
        public static func scannedLines(manifest: String, linesAPage: Int = 7, skip: Int = 0, limit: Int) throws -> DataSet {
            let entries = try Manifest(contentsOf: manifest).entries.dropFirst(skip).prefix(limit * linesAPage)
            let chunks = stride(from: 0, to: entries.count, by: linesAPage).map { Array(entries.dropFirst($0).prefix(linesAPage)) }
            return DataSet(name: "scanned pages", pages: chunks.map { chunk in
                (chunk.map(\.imagePath).joined(separator: "\n"), chunk.map(\.truth).joined(separator: "\n"))
            }, stacksLines: true)
        }
    }

    /// The `ocr` executable measured.
    public var ocr: String
    public var tools: Tools
    /// The engines `ocr read` is measured with; the first is the default's row.
    public var engines: [EngineChoice] = [.auto, .tesseract]
    /// Pages read at once by ocr, and OCRmyPDF's `--jobs`.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount

    public init(ocr: String, tools: Tools) {
        self.ocr = ocr
        self.tools = tools
    }

    /// Builds the data set's document, makes it searchable with every contender, and hands
    /// `report` the table's lines as they are measured, then the ratios to OCRmyPDF.
    public func run(_ set: DataSet, report: (String) -> Void) async throws {
        for tool in [tools.ocrmypdf, tools.img2pdf] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw OCRError(.engineUnavailable, path: tool, reason: "OCRmyPDF 17.13, the peer, is not installed: scripts/setup-ocrmypdf installs it")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-bench-pdf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = try await makeDocument(set, in: folder)
        let inputSize = try Self.size(of: input)
        report("\(set.name): \(set.pages.count) pages in one PDF of \(inputSize / 1024) KB, \(jobs) jobs, "
               + "\(ProcessInfo.processInfo.activeProcessorCount) cores")
        report(Row.header)
        var rows: [Row] = []
        for engine in engines {
            let output = folder + "/ocr-\(engine.rawValue).pdf"
            let outcome = try await ChildProcess.run(ocr, ["read", "--format", "pdf", "--jobs", "\(jobs)", "--engine", engine.rawValue, input],
                                                     output: output, errors: folder + "/ocr.err")
            // What `ocr read` prints for the same pages, which the layer should give back.
            let printed = folder + "/ocr-\(engine.rawValue).jsonl"
            _ = try await ChildProcess.run(ocr, ["read", "--format", "jsonl", "--jobs", "\(jobs)", "--engine", engine.rawValue, input],
                                           output: printed)
            let pages = Self.pageTexts(inJSONLines: printed, count: set.pages.count)
            rows.append(try measure("ocr \(engine.rawValue)", outcome, output: output, input: input, printed: pages, set: set, folder: folder))
            report(rows.last!.line)
        }
        let sidecar = folder + "/ocrmypdf.txt", output = folder + "/ocrmypdf.pdf"
        let outcome = try await ChildProcess.run(
            tools.ocrmypdf, ["--jobs", "\(jobs)", "--output-type", "pdf", "--sidecar", sidecar, "-l", "eng", input, output],
            errors: folder + "/ocrmypdf.err")
        // OCRmyPDF's sidecar separates pages with a form feed.
        let printed = ((try? String(contentsOfFile: sidecar, encoding: .utf8)) ?? "").components(separatedBy: "\u{0C}")
        let peer = try measure("OCRmyPDF 17.13", outcome, output: output, input: input, printed: printed, set: set, folder: folder)
        report(peer.line)
        for row in rows {
            report(String(format: "%@ vs %@: %.2fx the pages per second, word F1 %+.3f, %.2fx the peak memory", row.name, peer.name,
                          row.pagesPerSecond / peer.pagesPerSecond, row.f1 - peer.f1, row.peakMegabytes / peer.peakMegabytes))
        }
    }

    /// Memory and time of one long document, the data set's pages repeated (with qpdf) to each of
    /// `pageCounts` pages, through `ocr read --format pdf` with `engine`: a document's pages are
    /// read and written one after another, so its length should not raise the peak.
    public func runLongDocument(_ set: DataSet, pageCounts: [Int], engine: EngineChoice = .tesseract,
                                report: (String) -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ocr-bench-pdf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = try await makeDocument(set, in: folder)
        report("one long document: \(set.name) repeated, ocr read --format pdf --engine \(engine.rawValue), \(jobs) jobs")
        var peaks: [Int] = []
        for count in pageCounts {
            let repeats = (count + set.pages.count - 1) / set.pages.count
            let long = folder + "/long-\(count).pdf"
            var arguments = ["--empty", "--pages"]
            for _ in 0..<repeats { arguments += [input, "1-z"] }
            let joined = try await ChildProcess.run("qpdf", arguments + ["--", folder + "/joined.pdf"])
            let cut = try await ChildProcess.run("qpdf", [folder + "/joined.pdf", "--pages", ".", "1-\(count)", "--", long])
            guard joined.status == 0, cut.status == 0 else { throw OCRError(.engineFailure, path: long, reason: "qpdf could not make it") }
            let outcome = try await ChildProcess.run(ocr, ["read", "--format", "pdf", "--jobs", "\(jobs)", "--engine", engine.rawValue, long],
                                                     output: folder + "/long-ocr.pdf")
            peaks.append(outcome.peakBytes)
            report(String(format: "%5d pages: %7.1f s, %4.0f MB peak%@", count, outcome.seconds, Double(outcome.peakBytes) / 1_048_576,
                          outcome.status == 0 ? "" : " (failed)"))
        }
        if let first = peaks.first, let last = peaks.last, first > 0, peaks.count > 1 {
            report(String(format: "peak memory at %d pages over at %d: %.2fx", pageCounts.last!, pageCounts[0], Double(last) / Double(first)))
        }
    }

    /// The input PDF: the pages' images (lines first stacked into pages at 300 dpi) through img2pdf.
    private func makeDocument(_ set: DataSet, in folder: String) async throws -> String {
        var images: [String] = []
        if set.stacksLines {
            let loader = ImageLoader()
            for (index, page) in set.pages.enumerated() {
                var parts: [(bitmap: Bitmap, x: Int, y: Int)] = []
                var y = 300
                for line in page.image.split(separator: "\n") {
                    let bitmap = try await loader.decode(contentsOf: String(line)).grayByFirstChannel
                    parts.append((bitmap, 300, y))
                    y += bitmap.height + 60
                }
                let path = folder + "/page\(index).png"
                try ImageWriter.write(Bitmap.page(width: 2550, height: max(3300, y + 300), placing: parts), to: path)
                images.append(path)
            }
        } else {
            images = set.pages.map(\.image)
        }
        let input = folder + "/\(set.name.replacingOccurrences(of: " ", with: "-")).pdf"
        let outcome = try await ChildProcess.run(tools.img2pdf, ["--imgsize", "300dpix300dpi", "-o", input] + images,
                                                 errors: folder + "/img2pdf.err")
        guard outcome.status == 0 else {
            throw OCRError(.engineFailure, path: input, reason: "img2pdf failed: " + ((try? String(contentsOfFile: folder + "/img2pdf.err", encoding: .utf8)) ?? ""))
        }
        return input
    }

    private func measure(
        _ name: String, _ outcome: ChildProcess.Outcome, output: String, input: String, printed: [String], set: DataSet, folder: String
    ) throws -> Row {
        guard outcome.status == 0, FileManager.default.fileExists(atPath: output) else {
            return Row(name: name + " (failed)", pages: set.pages.count, seconds: outcome.seconds, peakBytes: outcome.peakBytes)
        }
        var truthScore = WordScore(), layerScore = WordScore()
        var longLines = 0, wholeLines = 0
        for (index, page) in set.pages.enumerated() {
            let layer = try Self.pdftotext(output, page: index + 1, folder: folder)
            truthScore.add(reading: layer, truth: page.truth)
            let read = index < printed.count ? printed[index] : ""
            layerScore.add(reading: layer, truth: read)
            let layerLines = Set(layer.split(separator: "\n").map(Self.normalized))
            for line in read.split(separator: "\n").map(Self.normalized) where line.split(separator: " ").count >= 3 {
                longLines += 1
                if layerLines.contains(line) { wholeLines += 1 }
            }
        }
        return Row(name: name, pages: set.pages.count, seconds: outcome.seconds, peakBytes: outcome.peakBytes,
                   f1: truthScore.f1, layerF1: layerScore.f1, wholeLines: longLines == 0 ? 1 : Double(wholeLines) / Double(longLines),
                   sizeRatio: Double(try Self.size(of: output)) / Double(try Self.size(of: input)),
                   imagesUnchanged: try Self.images(of: input, folder: folder) == Self.images(of: output, folder: folder))
    }

    /// A line with its spaces made single: how a line reads, whatever the gaps between words.
    private static func normalized(_ line: Substring) -> String {
        line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func pdftotext(_ path: String, page: Int, folder: String) throws -> String {
        let text = folder + "/page.txt"
        _ = try ChildProcess.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", path, text])
        return ((try? String(contentsOfFile: text, encoding: .utf8)) ?? "").replacingOccurrences(of: "\u{0C}", with: "")
    }

    /// The bytes of every image of the PDF, as pdfimages takes them out unchanged.
    private static func images(of path: String, folder: String) throws -> [Data] {
        let images = folder + "/images-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: images) }
        _ = try ChildProcess.run("pdfimages", ["-all", path, images + "/image"])
        return try FileManager.default.contentsOfDirectory(atPath: images).sorted().compactMap {
            FileManager.default.contents(atPath: images + "/" + $0)
        }
    }

    private static func size(of path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// Each page's text from `ocr read --format jsonl`, in page order.
    private static func pageTexts(inJSONLines path: String, count: Int) -> [String] {
        struct Reading: Decodable {
            var page: Int?
            var text: String
        }
        var texts = [String](repeating: "", count: count)
        for line in (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n") ?? [] {
            if let reading = try? JSONDecoder().decode(Reading.self, from: Data(line.utf8)), let page = reading.page, page <= count {
                texts[page - 1] = reading.text
            }
        }
        return texts
    }

    /// One contender's figures.
    struct Row {
        var name: String
        var pages: Int
        var seconds: Double
        var peakBytes: Int
        var f1 = 0.0, layerF1 = 0.0, wholeLines = 0.0, sizeRatio = 0.0
        var imagesUnchanged = false

        var pagesPerSecond: Double { Double(pages) / seconds }
        var peakMegabytes: Double { Double(peakBytes) / 1_048_576 }

        static let header = "contender            pages/s  word F1  layer F1  lines whole  size/input  peak MB  images kept"

        var line: String {
            name.padding(toLength: 20, withPad: " ", startingAt: 0)
                + String(format: " %7.2f  %7.3f  %8.3f  %11.3f  %10.2f  %7.0f  ", pagesPerSecond, f1, layerF1, wholeLines, sizeRatio, peakMegabytes)
                + (imagesUnchanged ? "yes" : "no")
        }
    }
}
