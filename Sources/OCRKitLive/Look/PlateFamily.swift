import OCRKit

/// A family of plate formats that a plate's look tells apart, whatever the country: the scanner
/// reads a plate with its family's formats once the frames agree on the family (see
/// ``LiveScanner/Configuration/readsFormatFromLook``).
///
/// ```swift
/// print(PlateFamily.european.pattern.normalize("PP587A0")!)   // PP587AO: Italy's and France's format has letters last
/// ```
public enum PlateFamily: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A blue band down the plate's left side, with the country's letters: a plate of the
    /// European Union's format.
    case european
    /// A blue band across the plate's top: a Mercosur plate (Brazil, Argentina, Uruguay...).
    case mercosur

    /// The formats of the family's plates: for ``european``, ``TextPattern/europeanPlate``.
    public var pattern: TextPattern {
        switch self {
        case .european: .europeanPlate
        case .mercosur: .mercosurPlate
        }
    }

    /// What the plate shows: "an EU band" or "a Mercosur band", as `ocr live --details` says it.
    public var description: String {
        switch self {
        case .european: "an EU band"
        case .mercosur: "a Mercosur band"
        }
    }
}
