import Foundation
import OCRKit

/// PDF/A-2b: what makes a searchable PDF one, added to a document before it is written.
///
/// - XMP metadata with the PDF/A identification (part 2, conformance B), holding the document's
///   information (title, author, dates...) as its information dictionary does: PDF/A requires
///   the two to agree.
/// - An output intent with an sRGB profile (Debian's icc-profiles-free), which says how the
///   document's device colours are meant.
/// - Every font embedded: OCRKit's always is; a PDF whose own fonts are not cannot be made
///   PDF/A without drawing its pages again, and is refused, naming the font and its page.
/// - No encryption, and PDF 1.7, PDF/A-2's base (``SearchablePDF`` writes it so).
enum Archival {
    static let pdfVersion = "1.7"
    /// sRGB IEC 61966-2.1, from Debian's icc-profiles-free.
    static let profilePath = "/usr/share/color/icc/sRGB.icc"

    static func conform(_ file: QPDFFile) throws {
        try checkFonts(of: file)
        guard let profile = FileManager.default.contents(atPath: profilePath) else {
            throw OCRError(.engineUnavailable, path: profilePath, reason: "PDF/A needs the sRGB colour profile: install icc-profiles-free")
        }
        let intent = file.parse("<< /Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (sRGB IEC61966-2.1) /Info (sRGB IEC61966-2.1) >>")
        file.setKey(intent, "/DestOutputProfile", file.newStream(Array(profile), dictionary: "<< /N 3 >>"))
        let intents = file.newArray()
        file.append(intent, to: intents)
        file.setKey(file.root, "/OutputIntents", intents)

        let now = Date()
        if file.info("/CreationDate").flatMap(PDFDate.init(text:)) == nil { file.setInfo("/CreationDate", PDFDate(now).text) }
        file.setInfo("/ModDate", PDFDate(now).text)
        file.setInfo("/Producer", "OCRKit")
        let metadata = file.newStream(Array(xmp(of: file, now: now).utf8), dictionary: "<< /Type /Metadata /Subtype /XML >>")
        file.setKey(file.root, "/Metadata", metadata)
    }

    /// The XMP packet of the document's information and the PDF/A identification.
    private static func xmp(of file: QPDFFile, now: Date) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
        }
        var properties = [
            "<pdfaid:part>2</pdfaid:part>", "<pdfaid:conformance>B</pdfaid:conformance>",
            "<pdf:Producer>OCRKit</pdf:Producer>",
            "<xmp:MetadataDate>\(PDFDate(now).iso)</xmp:MetadataDate>",
        ]
        for (key, property) in [("/CreationDate", "xmp:CreateDate"), ("/ModDate", "xmp:ModifyDate")] {
            if let date = file.info(key).flatMap(PDFDate.init(text:)) { properties.append("<\(property)>\(date.iso)</\(property)>") }
        }
        if let title = file.info("/Title") {
            properties.append("<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(title))</rdf:li></rdf:Alt></dc:title>")
        }
        if let author = file.info("/Author") {
            properties.append("<dc:creator><rdf:Seq><rdf:li>\(escaped(author))</rdf:li></rdf:Seq></dc:creator>")
        }
        if let subject = file.info("/Subject") {
            properties.append("<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(subject))</rdf:li></rdf:Alt></dc:description>")
        }
        if let keywords = file.info("/Keywords") { properties.append("<pdf:Keywords>\(escaped(keywords))</pdf:Keywords>") }
        if let creator = file.info("/Creator") { properties.append("<xmp:CreatorTool>\(escaped(creator))</xmp:CreatorTool>") }
        return """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/">
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:dc="http://purl.org/dc/elements/1.1/" \
            xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
            \(properties.joined(separator: "\n"))
            </rdf:Description>
            </rdf:RDF>
            </x:xmpmeta>
            <?xpacket end="w"?>
            """
    }

    /// Refuses a document with a font that is not embedded, naming it and its page.
    private static func checkFonts(of file: QPDFFile) throws {
        var visited: Set<Int> = []
        func check(_ resources: QPDFFile.Object?, page: Int, depth: Int) throws {
            guard let resources, depth < 8 else { return }
            if let fonts = file.key(resources, "/Font") {
                for key in file.keys(fonts) {
                    guard let font = file.key(fonts, key), !visited.contains(file.id(font)) || file.id(font) == 0 else { continue }
                    visited.insert(file.id(font))
                    if !isEmbedded(font) {
                        let name = file.name(file.key(font, "/BaseFont")).map { String($0.dropFirst()) } ?? String(key.dropFirst())
                        throw OCRError(.invalidOption, path: file.path,
                                       reason: "cannot be PDF/A: its font \(name) on page \(page) is not embedded")
                    }
                }
            }
            if let objects = file.key(resources, "/XObject") {
                for key in file.keys(objects) {
                    guard let object = file.key(objects, key), file.isStream(object) else { continue }
                    let dictionary = file.streamDictionary(object)
                    if file.name(file.key(dictionary, "/Subtype")) == "/Form" {
                        try check(file.key(dictionary, "/Resources"), page: page, depth: depth + 1)
                    }
                }
            }
        }
        func isEmbedded(_ font: QPDFFile.Object) -> Bool {
            switch file.name(file.key(font, "/Subtype")) {
            case "/Type3": return true
            case "/Type0":
                guard let descendants = file.key(font, "/DescendantFonts"), let first = file.items(descendants).first else { return false }
                return isEmbedded(first)
            default:
                guard let descriptor = file.key(font, "/FontDescriptor") else { return false }
                return ["/FontFile", "/FontFile2", "/FontFile3"].contains { file.key(descriptor, $0) != nil }
            }
        }
        for index in 0..<file.pageCount {
            try check(file.key(file.page(index), "/Resources"), page: index + 1, depth: 0)
        }
    }
}

/// A date as PDF writes it (`D:20261125173000+00'00'`) and as XMP does (ISO 8601).
struct PDFDate {
    var components: DateComponents

    init(_ date: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        components = calendar.dateComponents(in: calendar.timeZone, from: date)
    }

    /// Reads `D:YYYYMMDDHHmmSS` with an optional time zone (`Z`, `+01'00'`); later parts may be missing.
    init?(text: String) {
        guard let match = text.wholeMatch(of: /(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?.*/) else { return nil }
        var parts = DateComponents()
        parts.year = Int(match.1)
        parts.month = match.2.flatMap { Int($0) } ?? 1
        parts.day = match.3.flatMap { Int($0) } ?? 1
        parts.hour = match.4.flatMap { Int($0) } ?? 0
        parts.minute = match.5.flatMap { Int($0) } ?? 0
        parts.second = match.6.flatMap { Int($0) } ?? 0
        var offset = 0
        if let zone = match.7, zone != "Z" {
            let digits = zone.filter(\.isNumber)
            offset = ((Int(digits.prefix(2)) ?? 0) * 60 + (Int(digits.dropFirst(2)) ?? 0)) * 60 * (zone.hasPrefix("-") ? -1 : 1)
        }
        parts.timeZone = TimeZone(secondsFromGMT: offset)
        guard (1...12).contains(parts.month!), (1...31).contains(parts.day!) else { return nil }
        components = parts
    }

    private var offset: (sign: String, hours: Int, minutes: Int) {
        let seconds = components.timeZone?.secondsFromGMT() ?? 0
        return (seconds < 0 ? "-" : "+", abs(seconds) / 3600, abs(seconds) % 3600 / 60)
    }

    var text: String {
        String(format: "D:%04d%02d%02d%02d%02d%02d", components.year ?? 0, components.month ?? 1, components.day ?? 1,
               components.hour ?? 0, components.minute ?? 0, components.second ?? 0)
            + offset.sign + String(format: "%02d'%02d'", offset.hours, offset.minutes)
    }

    var iso: String {
        String(format: "%04d-%02d-%02dT%02d:%02d:%02d", components.year ?? 0, components.month ?? 1, components.day ?? 1,
               components.hour ?? 0, components.minute ?? 0, components.second ?? 0)
            + offset.sign + String(format: "%02d:%02d", offset.hours, offset.minutes)
    }
}
