import ArgumentParser

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
        subcommands: [Read.self, Scan.self, Worker.self, Status.self, Results.self, Retry.self, Cancel.self, Purge.self, Live.self, Serve.self, Bench.self,
                      Models.self, Doctor.self]
    )
}
