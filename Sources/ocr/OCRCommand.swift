import ArgumentParser
import OCRKitEngines

@main
struct OCRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocr",
        abstract: "Read text from images, entirely on this machine.",
        discussion: """
            Examples:
              ocr read scan.png                      print the text of one image
              ocr read receipts/ --format jsonl      every image in a folder, one JSON line each
              ocr serve --port 8080                  OCR over HTTP for other programs, on this machine
              ocr bench ../shared/datasets/uw3_lines/manifest.tsv
            """,
        version: OCRCommand.version,
        subcommands: [Read.self, Scan.self, Worker.self, Status.self, Results.self, Retry.self, Cancel.self, Purge.self, Live.self, Serve.self, Bench.self,
                      Models.self, Doctor.self]
    )

    /// `ocr --version`: OCRKit's version, not yet released, and the commit built
    /// (`git describe`, `-dirty` with changes not committed).
    static let version = "ocr 0.1.0 (unreleased), commit \(buildCommit)"

    /// The process's policies are the executable's to choose, not the libraries': this one reads
    /// many pages, and gives the memory they freed back to the system.
    static func main() async {
        ProcessMemory.giveFreedMemoryBack()
        await main(nil)
    }
}
