import ArgumentParser
import Foundation
import OCRKitBench

struct BenchConvert: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Measure documents converted whole to Markdown, beside pymupdf4llm 2.0 in the same run.",
        discussion: """
            Prints each Markdown document MANIFEST lists (real documentation written by others, \
            under permissive licences: scripts/setup-convert-bench fetches it from PyPI's source \
            distributions with pymupdf4llm) to PDF with headless Chromium, in one and in two \
            columns, its title a running header and every page numbered, its paragraphs justified \
            with soft hyphens, its tables ruled; rasterises and wears those pages as scans; and \
            converts every PDF with `ocr read --format markdown` and with pymupdf4llm (PyMuPDF 2.0, \
            its layout model, Tesseract for pages without text; running headers and footers left \
            out), each converter one process over a set.

            It prints, against the Markdown each document was printed from: the text's edit \
            distance (Markdown's syntax removed), headings F1, tables' TEDS, the share of \
            paragraphs found whole, their order (Kendall's tau), the share of words broken by a \
            hyphen at a line's end found whole; processor time a page (pymupdf4llm's converting \
            alone beside it, its start-up left out) and peak memory; then our figures beside the \
            peer's.
            """
    )

    @Argument(help: "The documents' manifest.tsv.")
    var manifest = ".deps/convert/documents/manifest.tsv"

    @Option(help: "Only the first n documents.")
    var limit: Int?

    @Option(help: ArgumentHelp(
        "Only the documents of these projects, joined by commas (pymdown_extensions,mkdocstrings: the part no rule was tuned on).",
        valueName: "projects"))
    var projects: String?

    @Flag(help: "Born-digital PDFs only: skip the scanned pages.")
    var skipScans = false

    @Flag(help: "Measure ocr alone, without pymupdf4llm.")
    var skipPeer = false

    @Flag(help: "Print each document's figures under each row.")
    var details = false

    @OptionGroup var concurrency: BenchJobsArguments

    @Option(help: ArgumentHelp("Keep the printed PDFs and both converters' Markdown in this folder.", valueName: "folder"))
    var keep: String?

    func run() async throws {
        var documents = try ConvertBenchmark.documents(manifest: manifest)
        if let projects {
            let chosen = Set(projects.split(separator: ",").map(String.init))
            documents = documents.filter { chosen.contains($0.project) }
            guard !documents.isEmpty else { throw ValidationError("no document of \(projects) in \(manifest)") }
        }
        if let limit { documents = Array(documents.prefix(limit)) }
        var benchmark = ConvertBenchmark(ocr: Bundle.main.executablePath ?? CommandLine.arguments[0], documents: documents)
        benchmark.measuresScans = !skipScans
        benchmark.measuresPeer = !skipPeer
        benchmark.jobs = concurrency.jobs
        benchmark.keptFolder = keep
        benchmark.showsEachDocument = details
        try await benchmark.run { print($0) }
    }
}
