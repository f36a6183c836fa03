import ArgumentParser
import Foundation
import OCRKit
import OCRKitONNX

struct Read: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the text of images.",
        discussion: """
            Reads image files (JPEG, PNG, TIFF, WebP, GIF, HEIC) and folders of them, several at \
            once, and prints the results in the order the files were given. A file that cannot \
            be read gets one line on standard error and the others are still read; the exit \
            status is 1 if any failed.

            --format text prints the text, paragraphs separated by a blank line, under a \
            "==> file <==" header when there are several images. --format json prints the page \
            (docs/json-schema.md), or an array of pages for several images; --format jsonl \
            prints one page a line. --format hocr, alto and pdf print one hOCR, ALTO 4 or \
            searchable PDF document holding every image as a page.
            """
    )

    @Argument(help: ArgumentHelp("Image files, or folders to search for images.", valueName: "file-or-folder"))
    var paths: [String]

    @Option(help: "How to print the results: text, json, jsonl, hocr, alto or pdf (one searchable PDF).")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp(
        "Write each image's result to a file of its own in this folder (page.png gives page.txt, .json, .hocr, .xml or .pdf) instead of standard output.",
        valueName: "folder"))
    var outputDir: String?

    @Flag(help: "Mark doubtful words in text output as [[reading|alternative|alternative]].")
    var review = false

    @Option(help: "How many images to read at once (default: the number of cores).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Print to standard error how long reading took and, for the ONNX engines, how much of it the models' own inference was.")
    var timings = false

    @OptionGroup(title: "Recognition")
    var recognition: RecognitionArguments

    func validate() throws {
        if jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() async throws {
        let (files, missing) = ImageFiles.resolve(paths)
        var progress = ProgressBar(total: files.count)
        for error in missing { progress.report("ocr: \(error)") }
        if files.isEmpty && missing.isEmpty {
            throw ValidationError("no image files found in \(paths.joined(separator: ", "))")
        }

        let reader = try recognition.makeReader(jobs: jobs, straightensPhotos: recognition.straighten)
        // Alternatives cost about a tenth of the time and only JSON shows them.
        let options = recognition.recognitionOptions(defaultAlternatives: format == .text && !review ? 0 : 3)
        try reader.engine.validate(options)
        var outputFiles = OutputFiles(folder: outputDir, format: format)
        // Standard output, unless each image's result goes to a file of its own.
        var output = outputDir == nil
            ? try PageOutput(format: format, isSingleImage: files.count == 1 && missing.isEmpty, marksFlaggedWords: review)
            : nil
        var failures = missing.count
        let start = ContinuousClock.now

        // Results arrive in any order and are printed in the order of `files`.
        var finished: [Int: Result<Page, any Error>] = [:]
        var nextToPrint = 0
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            var nextToStart = 0
            func startNext() {
                guard nextToStart < files.count else { return }
                let index = nextToStart, path = files[index]
                nextToStart += 1
                group.addTask {
                    do { return Outcome(index: index, result: .success(try await reader.read(path, options: options))) }
                    catch { return Outcome(index: index, result: .failure(error)) }
                }
            }
            for _ in 0..<min(jobs, files.count) { startNext() }

            while let outcome = try await group.next() {
                let index = outcome.index, result = outcome.result
                finished[index] = result
                if (try? result.get()) == nil { failures += 1 }
                progress.update(done: finished.count + nextToPrint, failed: failures - missing.count)
                startNext()
                while let ready = finished.removeValue(forKey: nextToPrint) {
                    switch ready {
                    case .success(let page):
                        if let handle = try outputFiles.open(for: page.image) {
                            var single = try PageOutput(format: format, isSingleImage: true, marksFlaggedWords: review,
                                                        destination: handle)
                            try single.write(page)
                            try await single.finish(decoder: reader.decoder, straightener: reader.straightener)
                            try handle.close()
                        } else {
                            try output?.write(page)
                        }
                    case .failure(let error): progress.report("ocr: \(Self.describe(error, path: files[nextToPrint]))")
                    }
                    nextToPrint += 1
                }
            }
        }
        progress.finish()
        try await output?.finish(decoder: reader.decoder, straightener: reader.straightener)
        if timings { Self.reportTimings(files: files.count, elapsed: ContinuousClock.now - start, jobs: jobs) }
        if failures > 0 { throw ExitCode.failure }
    }

    /// One line, e.g. `ocr: 100 images in 80.2 s, 2 jobs; model inference 140.1 s (1.14x)`: the ratio is
    /// the jobs' time (elapsed times jobs) over the inference time the ONNX engines' models took.
    private static func reportTimings(files: Int, elapsed: Duration, jobs: Int) {
        var line = String(format: "%d images in %.2f s, %d jobs", files, elapsed.timeInterval, jobs)
        if let inference = ONNXRuntime.loadedInferenceTime, inference > .zero {
            line += String(format: "; model inference %.2f s (%.2fx)", inference.timeInterval,
                           elapsed.timeInterval * Double(jobs) / inference.timeInterval)
        }
        warn(line)
    }

    /// What reading the file at `index` in the list gave.
    private struct Outcome: Sendable {
        var index: Int
        var result: Result<Page, any Error>
    }

    /// One line naming the file and the cause.
    static func describe(_ error: any Error, path: String) -> String {
        if let error = error as? OCRError {
            return error.path == nil ? "\(path): \(error.reason)" : error.description
        }
        return "\(path): \(error)"
    }
}
