import Foundation
import OCRKit
import OCRKitEngines
import OCRKitImages

// Makes and drops readers of every kind many times, then drops a last set while the process
// exits. OCRKitEnginesTests.EngineLifetimeTests runs it and checks that it neither crashes nor
// grows in memory.
//
// usage: EngineChurn IMAGE CYCLES [NDLOCR_MODELS]
// Prints the kinds it made and, after more than two cycles, the resident memory after two
// cycles and after the last.

// As the ocr tool does: the memory freed by a dropped reader goes back to the system.
ProcessMemory.giveFreedMemoryBack()

let arguments = CommandLine.arguments
guard arguments.count >= 3, let cycles = Int(arguments[2]), cycles >= 0 else {
    FileHandle.standardError.write(Data("usage: EngineChurn IMAGE CYCLES [NDLOCR_MODELS]\n".utf8))
    exit(2)
}
let image = arguments[1]
let ndlocrModels = arguments.count > 3 ? arguments[3] : nil

/// One kind of reader: how it is made, and what it is asked to do once.
struct Kind {
    var name: String
    var make: () throws -> PageReader
    var options = RecognitionOptions(alternativeCount: 1)
}

func settings(_ choice: EngineChoice) -> EngineSettings {
    var settings = EngineSettings(choice, jobs: 2)
    settings.logger.logLevel = .critical
    if choice == .ndlocr { settings.models = ndlocrModels }
    return settings
}

/// The kinds, cycles and last drops described above.
func churn() async throws {
    var kinds = [
        Kind(name: "tesseract") { try PageReader(settings: settings(.tesseract)) },
        Kind(name: "auto") { try PageReader(settings: settings(.auto), order: .layout) },
        Kind(name: "straightening", make: { try PageReader(settings: settings(.tesseract), straightensPhotos: true) },
             options: RecognitionOptions(alternativeCount: 0, straightensPage: true)),
        Kind(name: "frames") { PageReader(decoder: ImageLoader(jobs: 2), engine: try settings(.auto).frameEngine()) },
    ]
    if (try? settings(.ppocr).pageEngine()) != nil {
        kinds.append(Kind(name: "ppocr") { try PageReader(settings: settings(.ppocr)) })
    }
    if ndlocrModels != nil {
        kinds.append(Kind(name: "ndlocr", make: { try PageReader(settings: settings(.ndlocr)) },
                          options: RecognitionOptions(languages: ["jpn"], alternativeCount: 0)))
    }
    print("kinds: " + kinds.map(\.name).joined(separator: " "))

    func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    for cycle in 0..<cycles {
        for kind in kinds {
            let reader = try kind.make()
            _ = try await reader.read(image, options: kind.options)
        }
        if cycle == 1 { print("resident after 2 cycles: \(residentBytes())") }
    }
    if cycles > 2 { print("resident after \(cycles) cycles: \(residentBytes())") }

    // The last readers are dropped on threads of their own, released as the process begins to exit.
    let exitBegins = DispatchSemaphore(value: 0)
    for kind in kinds {
        let reader = try kind.make()
        _ = try await reader.read(image, options: kind.options)
        Thread {
            exitBegins.wait()
            withExtendedLifetime(reader) {}
        }.start()
    }
    for _ in kinds { exitBegins.signal() }
}

do {
    try await churn()
} catch {
    FileHandle.standardError.write(Data("EngineChurn: \(error)\n".utf8))
    exit(1)
}
