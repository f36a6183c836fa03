import OCRKit

/// A family of plate formats that a plate's look tells apart, whatever the country: the scanner
/// reads a plate with its family's formats once the frames agree on the family (see
/// ``LiveScanner/Configuration/readsFormatFromLook``).
///
/// ```swift
/// print(PlateFamily.european.fitting("PP587A0")!.value)   // PP587AO: Italy's and France's format has letters last
/// print(PlateFamily.us.fitting("AG6VIW")!.value)           // AG6V1W: a state's format
/// ```
public enum PlateFamily: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A blue band down the plate's left side, with the country's letters: a plate of the
    /// European Union's format.
    case european
    /// A blue band across the plate's top: a Mercosur plate (Brazil, Argentina, Uruguay...).
    case mercosur
    /// A plate twice as wide as it is high, with no band: a plate of the United States' (and
    /// Canada's) size.
    case us
    /// A plate as wide as a European one (4.7 times its height) where no band is seen: an older
    /// European plate, or a US plate whose state's colours end its background soon. Read with the
    /// European formats only where no US state's format takes the read as it is.
    case wide

    /// The formats of the family's plates, the likeliest first: a read is made to fit the first
    /// that takes it with look-alikes swapped. For ``european``, ``TextPattern/europeanPlate``;
    /// for ``us``, the states' formats (``TextPattern/usStatePlate``: `AG6VIW` is `AG6V1W`), then
    /// any US plate (``TextPattern/usPlate``: no letter O).
    public var formats: [TextPattern] {
        switch self {
        case .european, .wide: [.europeanPlate]
        case .mercosur: [.mercosurPlate]
        case .us: [.usStatePlate, .usPlate]
        }
    }

    /// `read` made to fit the first of ``formats`` that takes it (see
    /// ``TextPattern/normalize(_:)``), and that format; `nil` when none does.
    ///
    /// The states' formats are not all a US plate's (vanity plates, older series, formats not
    /// listed), so they swap only the characters `isDoubtful` says the frames are unsure of: a
    /// format settles a doubt, it does not overrule a clear read (`K179658` is not Illinois'
    /// `KI79658`). A wide plate is read with the European formats only where no state's format
    /// takes the read as it is.
    public func fitting(_ read: String, isDoubtful: (Int) -> Bool = { _ in true }) -> (value: String, formats: TextPattern)? {
        if self == .wide, TextPattern.usStatePlate.matches(read) { return nil }
        for formats in formats {
            let fitting = Self.isPartial(formats) ? formats.normalize(read, swapping: isDoubtful) : formats.normalize(read)
            if let fitting { return (fitting, formats) }
        }
        return nil
    }

    /// The value of the family's likeliest formats that `value`, which fits none of them, makes
    /// with one character dropped; `nil` where it fits one, or none is that near. On a US plate,
    /// `SH0LR7X` (a bolt read as L) rivals `SH0R7X`: the frames or the formats are wrong, and
    /// which cannot be told.
    public func rival(of value: String) -> String? {
        guard let likeliest = formats.first, Self.isPartial(likeliest), !likeliest.matches(value) else { return nil }
        let characters = Array(value)
        return characters.indices.lazy.map { dropped in
            String(characters.enumerated().filter { $0.offset != dropped }.map(\.element))
        }.first(where: likeliest.matches)
    }

    /// Whether `value`, look-alikes swapped, fits the family's likeliest formats: a European
    /// format, a US state's, either on a wide plate. A read that fits none, one character longer
    /// or shorter than one that does, is that plate misread (see ``LiveScanner``'s votes).
    public func isLikely(_ value: String) -> Bool {
        switch self {
        case .wide: TextPattern.usStatePlate.normalize(value) != nil || TextPattern.europeanPlate.normalize(value) != nil
        default: formats.first?.normalize(value) != nil
        }
    }

    /// Whether `value` can be no plate of the family: on a wide plate without a band, text that
    /// fits no European format and is longer than a US plate (a dealer's sign, `SALE2499`).
    public func refuses(_ value: String) -> Bool {
        self == .wide && fitting(value) == nil && !TextPattern.usPlate.matches(value)
    }

    /// Whether `formats` are only some of their plates' (the states' formats), which settle a
    /// doubt but do not overrule a clear read.
    private static func isPartial(_ formats: TextPattern) -> Bool {
        formats.name == TextPattern.usStatePlate.name
    }

    /// The plate, as `ocr live --details` names it: "a European plate".
    public var description: String {
        switch self {
        case .european: "a European plate"
        case .mercosur: "a Mercosur plate"
        case .us: "a US plate"
        case .wide: "a wide plate without a band"
        }
    }
}
