import OCRKit

/// A family of plate formats that a plate's look tells apart, whatever the country: the scanner
/// reads a plate with its family's formats once the frames agree on the family (see
/// ``LiveScanner/Configuration/readsFormatFromLook``).
///
/// ```swift
/// print(PlateFamily.european.pattern.normalize("PP587A0")!)   // PP587AO: Italy's and France's format has letters last
/// ```
public enum PlateFamily: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A blue band down the plate's left side, with the country's letters, or a plate 4.7 times
    /// as wide as it is high: a plate of the European Union's format.
    case european
    /// A blue band across the plate's top: a Mercosur plate (Brazil, Argentina, Uruguay...).
    case mercosur
    /// A plate twice as wide as it is high, with no band: a plate of the United States' (and
    /// Canada's) size.
    case us

    /// The formats of the family's plates: for ``european``, ``TextPattern/europeanPlate``.
    public var pattern: TextPattern {
        switch self {
        case .european: .europeanPlate
        case .mercosur: .mercosurPlate
        case .us: .usPlate
        }
    }

    /// The plate, as `ocr live --details` names it: "a European plate".
    public var description: String {
        switch self {
        case .european: "a European plate"
        case .mercosur: "a Mercosur plate"
        case .us: "a US plate"
        }
    }
}
