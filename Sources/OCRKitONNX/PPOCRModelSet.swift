import Foundation
import OCRKit
import Yams

/// A set of PP-OCR models in a folder: a text detector, a line recogniser and, when the set has
/// one, an orientation classifier, told apart by what the files say of themselves.
///
/// Every `.onnx` file in the folder, or in a folder inside it, is a model. Its role and family
/// come from the `inference.yml` beside it, PaddleOCR's description of an exported model
/// (`Global.model_name`, such as `PP-OCRv6_tiny_rec`), else from its file name, which PaddleOCR's
/// models keep whoever packs them (`ch_PP-OCRv4_det_infer.onnx`, `PP-OCRv6_rec_small.onnx`).
/// The recogniser's dictionary is in its `inference.yml` or its ONNX metadata (`character`); the
/// detector's normalisation and thresholds in its `inference.yml`, else RapidOCR's defaults.
///
/// ```swift
/// let tiny = try PPOCRModelSet(folder: PPOCRModelSet.installedFolder(named: "v6-tiny"))
/// print(tiny.family)   // PP-OCRv6 tiny
/// let engine = try PPOCREngine(configuration: PPOCREngine.Configuration(models: tiny.folder))
/// ```
public struct PPOCRModelSet: Sendable {
    /// The sets `ocr models install` fetches, by name, the default first: PP-OCRv6 small, which
    /// on 20 receipts read words with F1 0.870 where PP-OCRv4 read 0.657.
    public static let installedNames = ["v6", "v6-tiny", "v4"]

    /// The folder of the installed set `name`: `ppocr/NAME` in the first of
    /// ``OCRKit/DataFolders``' places that has it, else where `ocr models install` would put it,
    /// so that an error names that folder.
    public static func installedFolder(named name: String, in folders: DataFolders = .standard()) -> String {
        folders.model("ppocr/\(name)")
    }

    /// The folder a `--models` argument names: an installed set's name, or a folder.
    public static func folder(for argument: String) -> String {
        installedNames.contains(argument) && !FileManager.default.fileExists(atPath: argument) ? installedFolder(named: argument) : argument
    }

    public let folder: String
    /// The models' family, such as `PP-OCRv4` or `PP-OCRv6 tiny`.
    public let family: String
    let detector: String
    let recognizer: String
    let classifier: String?
    /// The recogniser's dictionary from its `inference.yml`; `nil` when it is in the model's
    /// metadata, read when the model loads.
    let dictionary: [String]?
    /// What the detector expects of its input.
    let detectorFormat: PixelFormat
    /// How the detector's map becomes boxes.
    let boxes: TextBoxes

    /// The narrowest line the recogniser reads, in pixels: shorter ones are padded to it.
    ///
    /// PP-OCRv6 small reads short text (prices, plates) better with room around it, as it was
    /// trained: padded to 240 pixels rather than read at their own width, plates 0.744 -> 0.772,
    /// receipts' word F1 0.878 -> 0.880, scene photos' 0.523 -> 0.527, for 25% more time on
    /// receipts (all of ../shared/datasets, 2 cores); to 320, as PaddleOCR and RapidOCR pad,
    /// plates 0.767 and receipts 0.874, 35% slower. PP-OCRv4 (12 plates: 8 -> 6) and v6 tiny
    /// (plates 0.539 -> 0.525) read short lines better at their own width, one square at least.
    var recognitionWidth: Int { family == "PP-OCRv6 small" ? 240 : 48 }

    /// The scripts the recogniser reads: of PP-OCRv6 small's dictionary, its 15,908 Han, 550
    /// Latin (with Europe's accented letters) and 179 kana characters; v6 tiny's has no kana, v4's
    /// Han and Latin. Other scripts are Tesseract's, Greek among them: v6 small's 62 Greek
    /// characters read pages of Greek worse than Tesseract alone, and `auto` with them worse
    /// still (`ocr bench languages`, 2026-11-26: 0.130 against Tesseract's 0.042).
    public var scripts: Set<Script> {
        switch family {
        case "PP-OCRv6 small": [.latin, .han, .kana]
        default: [.latin, .han]
        }
    }

    /// Finds the models in `folder`.
    ///
    /// - Throws: ``OCRKit/OCRError`` naming the folder when it is missing, or holds no detector
    ///   or no recogniser, or two of one kind; naming a model whose `inference.yml` cannot be read.
    public init(folder: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw OCRError(.fileNotFound, path: folder,
                           reason: "no such folder of PP-OCR models: give --models a set's folder, or the name of one "
                               + "`ocr models install` fetches (\(Self.installedNames.joined(separator: ", ")))")
        }
        self.folder = folder
        var found: [Role: [Model]] = [:]
        for path in Self.modelFiles(in: folder) {
            let model = try Model(path: path)
            if let role = model.role { found[role, default: []].append(model) }
        }
        func only(_ role: Role) throws -> Model? {
            guard let models = found[role] else { return nil }
            guard models.count == 1 else {
                throw OCRError(.invalidOption, path: folder,
                               reason: "holds \(models.count) \(role.rawValue) models (\(models.map(\.path))): a set has one of each")
            }
            return models[0]
        }
        guard let detector = try only(.detector) else {
            throw OCRError(.fileNotFound, path: folder, reason: "no text detector model (a *det*.onnx file) in this PP-OCR model set")
        }
        guard let recognizer = try only(.recognizer) else {
            throw OCRError(.fileNotFound, path: folder, reason: "no text recogniser model (a *rec*.onnx file) in this PP-OCR model set")
        }
        self.detector = detector.path
        self.recognizer = recognizer.path
        classifier = try only(.classifier)?.path
        family = recognizer.family ?? detector.family ?? "PP-OCR"
        dictionary = recognizer.description.flatMap(Self.dictionary(in:))
        detectorFormat = detector.description.flatMap(Self.pixelFormat(in:)) ?? .bgrSymmetric
        boxes = Self.textBoxes(describedBy: detector.description)
    }

    enum Role: String {
        case detector, recognizer, classifier = "orientation classifier"
    }

    /// A model file, with what its name and its `inference.yml` say of it.
    private struct Model {
        var path: String
        var role: Role?
        var family: String?
        /// The `inference.yml` beside it, parsed.
        var description: [String: Any]?

        init(path: String) throws {
            self.path = path
            // A description is a model's own only in a folder of its own, as PaddleOCR exports them.
            let folder = (path as NSString).deletingLastPathComponent
            let yaml = (folder as NSString).appendingPathComponent("inference.yml")
            let models = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".onnx") }
            if models.count == 1, FileManager.default.fileExists(atPath: yaml) {
                do {
                    description = try Yams.load(yaml: String(contentsOfFile: yaml, encoding: .utf8)) as? [String: Any]
                } catch {
                    throw OCRError(.corrupt, path: yaml, reason: "cannot read this model description: \(error)", underlyingError: error)
                }
            }
            let name = ((description?["Global"] as? [String: Any])?["model_name"] as? String)
                ?? ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let words = Set(name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
            role = if words.contains("det") { .detector } else if words.contains("rec") { .recognizer }
                else if words.contains("cls") || words.contains("ori") { .classifier } else { nil }
            if let version = name.range(of: #"PP-OCRv\d+"#, options: .regularExpression) {
                let size = ["tiny", "small", "mobile", "server"].first { words.contains($0) }
                family = String(name[version]) + (size.map { " " + $0 } ?? "")
            }
        }
    }

    /// The `.onnx` files in `folder` and the folders in it, in name order.
    private static func modelFiles(in folder: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.sorted().flatMap { entry -> [String] in
            let path = (folder as NSString).appendingPathComponent(entry)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                let inner = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                return inner.sorted().filter { $0.hasSuffix(".onnx") }.map { (path as NSString).appendingPathComponent($0) }
            }
            return entry.hasSuffix(".onnx") ? [path] : []
        }
    }

    /// `PostProcess.character_dict`, as PaddleOCR writes a recogniser's dictionary.
    private static func dictionary(in description: [String: Any]) -> [String]? {
        ((description["PostProcess"] as? [String: Any])?["character_dict"] as? [Any])?.map { "\($0)" }
    }

    /// The detector's `NormalizeImage` step: per channel, in the order the image is decoded (BGR).
    private static func pixelFormat(in description: [String: Any]) -> PixelFormat? {
        let steps = ((description["PreProcess"] as? [String: Any])?["transform_ops"] as? [[String: Any]]) ?? []
        guard let normalize = steps.lazy.compactMap({ $0["NormalizeImage"] as? [String: Any] }).first,
              let mean = (normalize["mean"] as? [Double])?.map(Float.init), mean.count == 3,
              let deviation = (normalize["std"] as? [Double])?.map(Float.init), deviation.count == 3 else { return nil }
        return PixelFormat(order: .bgr, mean: (red: mean[2], green: mean[1], blue: mean[0]),
                           deviation: (red: deviation[2], green: deviation[1], blue: deviation[0]))
    }

    /// The detector's `DBPostProcess` thresholds, where its description gives them.
    private static func textBoxes(describedBy description: [String: Any]?) -> TextBoxes {
        var boxes = TextBoxes()
        guard let post = description?["PostProcess"] as? [String: Any] else { return boxes }
        if let threshold = post["thresh"] as? Double { boxes.threshold = Float(threshold) }
        if let score = post["box_thresh"] as? Double { boxes.minimumScore = Float(score) }
        if let ratio = post["unclip_ratio"] as? Double { boxes.unclipRatio = ratio }
        return boxes
    }
}
