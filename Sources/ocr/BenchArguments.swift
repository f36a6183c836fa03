import ArgumentParser
import Foundation
import OCRKitEngines

/// How many images a benchmark reads at once, shared by the benches that read images.
struct BenchJobsArguments: ParsableArguments {
    @Option(help: "Images read at once, by ocr and by the peers measured beside it.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount
}

/// The engine a benchmark's `ocr` reads with, shared by the benches that measure one engine.
struct BenchEngineArguments: ParsableArguments {
    @Option(help: "The engine ocr reads with: auto, tesseract, ppocr or ndlocr.")
    var engine: EngineChoice = .auto

    @Option(help: ArgumentHelp("The ONNX engine's models, as for `ocr read`.", valueName: "name-or-folder"))
    var models: String?
}
