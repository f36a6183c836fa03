import ArgumentParser
import OCRKit
import OCRKitPDF

extension PageSelection: ExpressibleByArgument {
    public init?(argument: String) {
        try? self.init(argument)
    }
}

/// The options for documents of pages (PDFs, multi-page TIFFs), shared by the commands that read them.
struct DocumentArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Which pages of each document to read, as 1-3,7 or 5- (to the end); all by default.", valueName: "pages"))
    var pages: PageSelection = .all

    @Option(help: ArgumentHelp(
        "The resolution to render PDF pages at when they are not one scanned image (a scan is read at its own).",
        valueName: "dpi"))
    var dpi: Double = DocumentLoadingOptions().renderingResolution

    @Flag(help: "Read again the PDF pages that hold an earlier OCR layer, replacing OCRKit's; pages of typeset text are still skipped.")
    var redo = false

    @Flag(help: "Read every PDF page, also those that already hold text.")
    var force = false

    @Option(help: ArgumentHelp("The password of encrypted PDFs.", valueName: "password"))
    var password: String?

    func validate() throws {
        guard DocumentLoader.resolutions.contains(dpi) else {
            throw ValidationError("--dpi must be from \(Int(DocumentLoader.resolutions.lowerBound)) to \(Int(DocumentLoader.resolutions.upperBound))")
        }
        if redo && force { throw ValidationError("--redo and --force cannot be used together: --force reads every page") }
    }

    var pagesWithText: PagesWithText { force ? .force : redo ? .redo : .skip }

    var loadingOptions: DocumentLoadingOptions { DocumentLoadingOptions(renderingResolution: dpi, password: password) }
}
