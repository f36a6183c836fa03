import Foundation
import Logging
import OCRKitQueue

/// Writes `message` to standard error as one line, prefixed `ocr: `, the way every command
/// reports what is not its output.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("ocr: \(message)\n".utf8))
}

/// Warns each time `processor`'s store starts failing, until cancelled: the processor keeps what
/// it read and tries the store again.
func warnAboutStoreProblems(of processor: OCRProcessor) -> Task<Void, Never> {
    Task {
        for await state in processor.states {
            if case .waitingForStore(let error) = state { warn("\(error); trying again") }
        }
    }
}

/// The logger handed to the libraries: their warnings (an engine that could not be had, say)
/// come out as ``warn(_:)``'s lines.
let diagnostics = Logger(label: "ocr") { _ in WarningLines() }

/// A log handler writing warnings and worse as `ocr: ` lines; quieter levels are dropped.
private struct WarningLines: LogHandler {
    var logLevel = Logger.Level.warning
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        warn(event.message.description)
    }
}
