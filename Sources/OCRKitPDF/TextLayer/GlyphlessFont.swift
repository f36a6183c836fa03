import Foundation

/// The text layer's font: a TrueType font of OCRKit's own making whose one glyph draws nothing
/// and is half an em wide, for every character.
///
/// The layer is invisible, so its font needs no shapes; what it needs is to be embedded, as
/// archives and PDF/A require, and small (under a kilobyte). Every character is shown with the
/// same glyph (the CID font's map sends every code to glyph 1) and is extracted as itself (the
/// `ToUnicode` map), so one font serves every script. OCRmyPDF and Tesseract's PDF renderer
/// take the same approach with fonts of their own.
///
/// ```swift
/// let bytes = GlyphlessFont.trueType   // a complete TrueType file
/// ```
enum GlyphlessFont {
    /// The font's PostScript name, also its name in PDF (`/BaseFont`).
    static let name = "OCRKitGlyphless"
    static let unitsPerEm = 1000
    /// Every glyph's advance: half an em, in font units.
    static let advance = 500
    /// The em above and below the baseline, in font units: a line's box is one em high, its
    /// baseline a fifth of it up, so that viewers highlight the box the line was read in.
    static let ascent = 800
    static let descent = -200

    /// The font file, built once.
    static let trueType: [UInt8] = build()

    private static func build() -> [UInt8] {
        var tables: [(tag: String, data: [UInt8])] = [
            ("OS/2", os2), ("cmap", cmap), ("glyf", []), ("head", head), ("hhea", hhea),
            ("hmtx", hmtx), ("loca", [0, 0, 0, 0, 0, 0]), ("maxp", maxp), ("name", nameTable), ("post", post),
        ]
        tables.sort { $0.tag < $1.tag }
        let count = tables.count
        let entrySelector = Int(log2(Double(count)).rounded(.down))
        let searchRange = (1 << entrySelector) * 16
        var file = FontWriter()
        file.uint32(0x0001_0000)
        file.uint16(count)
        file.uint16(searchRange)
        file.uint16(entrySelector)
        file.uint16(count * 16 - searchRange)
        var offset = 12 + 16 * count
        var directory = FontWriter()
        var body: [UInt8] = []
        var headOffset = 0
        for table in tables {
            if table.tag == "head" { headOffset = offset }
            directory.bytes(Array(table.tag.utf8))
            directory.uint32(checksum(table.data))
            directory.uint32(offset)
            directory.uint32(table.data.count)
            let padded = table.data + [UInt8](repeating: 0, count: (4 - table.data.count % 4) % 4)
            body += padded
            offset += padded.count
        }
        var bytes = file.data + directory.data + body
        // head.checkSumAdjustment makes the whole file sum to 0xB1B0AFBA.
        let adjustment = (0xB1B0_AFBA &- checksum(bytes)) & 0xFFFF_FFFF
        for index in 0..<4 { bytes[headOffset + 8 + index] = UInt8((adjustment >> (24 - 8 * index)) & 0xFF) }
        return bytes
    }

    private static func checksum(_ data: [UInt8]) -> Int {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for byte in 0..<4 { word = word << 8 | UInt32(index + byte < data.count ? data[index + byte] : 0) }
            sum = sum &+ word
            index += 4
        }
        return Int(sum)
    }

    private static var head: [UInt8] {
        var table = FontWriter()
        table.uint32(0x0001_0000)   // version
        table.uint32(0x0001_0000)   // fontRevision
        table.uint32(0)             // checkSumAdjustment, set once the file is whole
        table.uint32(0x5F0F_3CF5)   // magicNumber
        table.uint16(0x000B)        // flags: baseline at y=0, left sidebearing at x=0, integer scaling
        table.uint16(unitsPerEm)
        table.bytes([UInt8](repeating: 0, count: 16))   // created, modified
        table.int16(0); table.int16(descent); table.int16(advance); table.int16(ascent)   // bounding box
        table.uint16(0)             // macStyle
        table.uint16(3)             // lowestRecPPEM
        table.int16(2)              // fontDirectionHint
        table.int16(0)              // indexToLocFormat: short offsets
        table.int16(0)              // glyphDataFormat
        return table.data
    }

    private static var hhea: [UInt8] {
        var table = FontWriter()
        table.uint32(0x0001_0000)
        table.int16(ascent)
        table.int16(descent)
        table.int16(0)              // lineGap
        table.uint16(advance)       // advanceWidthMax
        table.int16(0); table.int16(0); table.int16(0)   // minLeftSideBearing, minRightSideBearing, xMaxExtent
        table.int16(1); table.int16(0); table.int16(0)   // caretSlopeRise, caretSlopeRun, caretOffset
        table.bytes([UInt8](repeating: 0, count: 8))     // reserved
        table.int16(0)              // metricDataFormat
        table.uint16(2)             // numberOfHMetrics
        return table.data
    }

    private static var maxp: [UInt8] {
        var table = FontWriter()
        table.uint32(0x0001_0000)
        table.uint16(2)             // numGlyphs: .notdef and the blank
        table.uint16(0); table.uint16(0); table.uint16(0); table.uint16(0)   // points and contours
        table.uint16(2)             // maxZones
        for _ in 0..<8 { table.uint16(0) }
        return table.data
    }

    private static var hmtx: [UInt8] {
        var table = FontWriter()
        for _ in 0..<2 { table.uint16(advance); table.int16(0) }
        return table.data
    }

    /// A Windows Unicode map of no characters: a CID font reaches its glyphs by their numbers.
    private static var cmap: [UInt8] {
        var table = FontWriter()
        table.uint16(0); table.uint16(1)                 // version, one subtable
        table.uint16(3); table.uint16(1); table.uint32(12)   // Windows, Unicode BMP, at 12
        table.uint16(4); table.uint16(24); table.uint16(0)   // format 4, length, language
        table.uint16(2); table.uint16(2); table.uint16(0); table.uint16(0)   // one segment
        table.uint16(0xFFFF); table.uint16(0)            // endCode, reservedPad
        table.uint16(0xFFFF); table.int16(1); table.uint16(0)   // startCode, idDelta, idRangeOffset
        return table.data
    }

    private static var nameTable: [UInt8] {
        let names: [(id: Int, text: String)] = [
            (1, "OCRKit Glyphless"), (2, "Regular"), (3, "OCRKit Glyphless 1.0"), (4, "OCRKit Glyphless"),
            (5, "Version 1.0"), (6, name),
        ]
        var records = FontWriter(), strings: [UInt8] = []
        for (id, text) in names {
            let utf16 = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            records.uint16(3); records.uint16(1); records.uint16(0x409); records.uint16(id)
            records.uint16(utf16.count); records.uint16(strings.count)
            strings += utf16
        }
        var table = FontWriter()
        table.uint16(0); table.uint16(names.count); table.uint16(6 + 12 * names.count)
        return table.data + records.data + strings
    }

    private static var os2: [UInt8] {
        var table = FontWriter()
        table.uint16(4)             // version
        table.int16(advance)        // xAvgCharWidth
        table.uint16(400); table.uint16(5)   // weight, width classes
        table.uint16(0)             // fsType: installable, so that it may be embedded
        for value in [500, 500, 0, 0, 500, 500, 0, 500, 50, 250] { table.int16(value) }   // sub/superscript, strikeout
        table.int16(0)              // sFamilyClass
        table.bytes([UInt8](repeating: 0, count: 10))    // panose
        for _ in 0..<4 { table.uint32(0) }               // ulUnicodeRange
        table.bytes(Array("OCRK".utf8))                  // achVendID
        table.uint16(0x40)          // fsSelection: regular
        table.uint16(0x20); table.uint16(0xFFFF)         // first and last character
        table.int16(ascent); table.int16(descent); table.int16(0)   // typo ascender, descender, line gap
        table.uint16(ascent); table.uint16(-descent)     // win ascent, descent
        table.uint32(1); table.uint32(0)                 // code page ranges: Latin 1
        table.int16(500); table.int16(ascent)            // x height, cap height
        table.uint16(0); table.uint16(0x20); table.uint16(1)   // default char, break char, max context
        return table.data
    }

    private static var post: [UInt8] {
        var table = FontWriter()
        table.uint32(0x0003_0000)   // version 3: no glyph names
        table.uint32(0)             // italicAngle
        table.int16(-100); table.int16(50)   // underline position, thickness
        table.uint32(1)             // isFixedPitch
        for _ in 0..<4 { table.uint32(0) }
        return table.data
    }
}

/// Big-endian numbers, as TrueType stores them.
private struct FontWriter {
    var data: [UInt8] = []
    mutating func uint16(_ value: Int) { data += [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    mutating func int16(_ value: Int) { uint16(value & 0xFFFF) }
    mutating func uint32(_ value: Int) { uint16((value >> 16) & 0xFFFF); uint16(value & 0xFFFF) }
    mutating func bytes(_ bytes: [UInt8]) { data += bytes }
}
