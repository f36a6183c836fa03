import Foundation

extension GlyphlessFont {
    /// Adds the font to `file`, embedded, and returns its `Type0` font dictionary (indirect), for
    /// pages' resources to name: a CID font whose codes are UTF-16 code units (`Identity-H`), each
    /// drawn with glyph 1 and extracted as itself.
    static func add(to file: QPDFFile) -> QPDFFile.Object {
        let fontFile = file.newStream(trueType, dictionary: "<< /Length1 \(trueType.count) >>")
        let descriptor = file.makeIndirect(file.parse("""
            << /Type /FontDescriptor /FontName /\(name) /Flags 5 /FontBBox [0 \(descent) \(advance) \(ascent)] \
            /ItalicAngle 0 /Ascent \(ascent) /Descent \(descent) /CapHeight \(ascent) /StemV 80 >>
            """))
        file.setKey(descriptor, "/FontFile2", fontFile)
        // Every code, 0 to 0xFFFF, to glyph 1: two bytes a code.
        let glyphs = file.newStream([UInt8]((0..<65536).flatMap { _ in [UInt8(0), UInt8(1)] }))
        let cidFont = file.makeIndirect(file.parse("""
            << /Type /Font /Subtype /CIDFontType2 /BaseFont /\(name) \
            /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW \(advance) >>
            """))
        file.setKey(cidFont, "/FontDescriptor", descriptor)
        file.setKey(cidFont, "/CIDToGIDMap", glyphs)
        let font = file.makeIndirect(file.parse("<< /Type /Font /Subtype /Type0 /BaseFont /\(name) /Encoding /Identity-H >>"))
        let descendants = file.newArray()
        file.append(cidFont, to: descendants)
        file.setKey(font, "/DescendantFonts", descendants)
        file.setKey(font, "/ToUnicode", file.newStream(Array(toUnicode.utf8)))
        return font
    }

    /// Each code to the same UTF-16 code unit, in ranges that keep to one first byte, as a
    /// `bfrange` must.
    private static var toUnicode: String {
        let ranges = (0..<256).map { high in
            let first = String(format: "%02X", high)
            return "<\(first)00> <\(first)FF> <\(first)00>"
        }
        return """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange
            \(stride(from: 0, to: 256, by: 100).map { start in
                let chunk = ranges[start..<min(start + 100, 256)]
                return "\(chunk.count) beginbfrange\n" + chunk.joined(separator: "\n") + "\nendbfrange"
            }.joined(separator: "\n"))
            endcmap
            CMapName currentdict /CMap defineresource pop
            end
            end

            """
    }
}
