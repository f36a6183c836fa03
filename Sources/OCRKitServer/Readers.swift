import Foundation
import OCRKit
import OCRKitEngines
import OCRKitLayout

/// The readers the server reads with: the engine a call names (the server's own by default),
/// made on first use and kept, so that a call for `tesseract` does not load PP-OCR's models and
/// no call loads them twice.
actor Readers {
    /// How engines are set up; its ``OCRKitEngines/EngineSettings/choice`` is the server's default engine.
    let settings: EngineSettings
    /// The server's default reader, which the queue reads batches with.
    nonisolated let standard: PageReader
    private var engines: [EngineChoice: any OCREngine]
    /// The reader of pages' structure, made when a call first asks for it (Markdown, HTML).
    private var structure: (any StructureReader)?

    init(standard: PageReader, settings: EngineSettings) {
        self.settings = settings
        self.standard = standard
        engines = [settings.choice: standard.engine]
        structure = standard.structure
    }

    /// The reader for `engine` (the server's own when `nil`), in `order` (the server's when `nil`),
    /// reading each page's structure when `readsStructure` or the server always does.
    ///
    /// - Throws: an ``OCRKit/OCRError/Code/engineUnavailable`` when that engine, or the structure's
    ///   models, cannot be had here.
    func reader(engine: EngineChoice?, order: ReadingOrder?, readsStructure: Bool = false) throws -> PageReader {
        let choice = engine ?? settings.choice
        let engine: any OCREngine
        if let made = engines[choice] {
            engine = made
        } else {
            var settings = settings
            settings.choice = choice
            do {
                engine = try settings.pageEngine()
            } catch let error as OCRError {
                // The server's lack, not the caller's: a model folder missing here is no 404.
                throw OCRError(.engineUnavailable, reason: "\(choice.rawValue) cannot read on this server: \(error.description)", underlyingError: error)
            }
            engines[choice] = engine
        }
        let arranger: (any PageArranger)? = switch order {
        case nil: standard.arranger
        case .engine: nil
        case .layout: LayoutAnalyzer()
        }
        return PageReader(decoder: standard.decoder, engine: engine, arranger: arranger, straightener: standard.straightener,
                          structure: readsStructure ? try structureReader() : standard.structure)
    }

    /// The structure reader, made the first time one is asked for and kept.
    private func structureReader() throws -> any StructureReader {
        if let structure { return structure }
        do {
            let made = try StructureReading.page.reader()
            structure = made
            return made
        } catch let error as OCRError {
            throw OCRError(.engineUnavailable, reason: "pages' structure cannot be read on this server: \(error.description)", underlyingError: error)
        }
    }
}
