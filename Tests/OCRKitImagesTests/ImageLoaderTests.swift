import Foundation
import OCRKit
import OCRKitImages
import OCRKitTestSupport
import Testing

@Suite struct ImageLoaderTests {
    let folder: TemporaryFolder
    /// Dark text on white, 3 lines, as a scanner would give.
    let text: Bitmap

    init() throws {
        folder = try TemporaryFolder()
        text = try TextRenderer.render("Loader test\nsecond line\nthird line", font: "DejaVu Sans 10", dpi: 200)
    }

    private func expectError(_ code: OCRError.Code, for path: String, options: ImageLoadingOptions = .init(),
                             sourceLocation: SourceLocation = #_sourceLocation) async {
        do {
            _ = try await ImageLoader(options: options).decode(contentsOf: path)
            Issue.record("decoding \(path) succeeded; expected \(code)", sourceLocation: sourceLocation)
        } catch let error as OCRError {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(error.path == path, sourceLocation: sourceLocation)
            #expect(error.description.hasPrefix(path + ": "), sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["png", "jpg", "tif", "webp", "gif", "heic"])
    func decodesEveryFormat(_ format: String) async throws {
        let path = folder.file("text.\(format)")
        try ImageWriter.write(text, to: path)
        let bitmap = try await ImageLoader().decode(contentsOf: path)
        #expect(bitmap.width == text.width && bitmap.height == text.height)
        #expect(bitmap.image == path)
        // Lossy formats change pixels a little; the page must still be mostly white with dark text.
        let gray = bitmap.layout == .gray ? bitmap.pixels : stride(from: 0, to: bitmap.pixels.count, by: 3).map { bitmap.pixels[$0] }
        let dark = gray.filter { $0 < 100 }.count
        #expect(dark > gray.count / 100 && dark < gray.count / 4)
    }

    /// A resolution the file states is kept; one it does not state is unknown, not libvips's
    /// placeholders (72 dpi, or one pixel a millimetre for WebP), which would size a PDF's page
    /// wrongly.
    @Test func knowsWhenAFileStatesNoResolution() async throws {
        var stated = text
        stated.resolution = 200
        let tiff = folder.file("stated.tif"), webp = folder.file("unstated.webp")
        try ImageWriter.write(stated, to: tiff)
        try ImageWriter.write(text, to: webp)
        #expect(try await ImageLoader().decode(contentsOf: tiff).resolution == 200)
        #expect(try await ImageLoader().decode(contentsOf: webp).resolution == nil)
        #expect(try await ImageLoader().decode(contentsOf: "\(SharedData.packageRoot.path)/Samples/notice.webp").resolution == nil)
    }

    @Test func appliesTheExifOrientation() async throws {
        // Stored sideways, marked "turn clockwise to view": the loader must hand back the upright page.
        let sideways = text.turned(clockwiseQuarterTurns: 3)
        let path = folder.file("sideways.jpg")
        try ImageWriter.write(sideways, to: path, orientation: .turnClockwise)
        let bitmap = try await ImageLoader().decode(contentsOf: path)
        #expect(bitmap.width == text.width && bitmap.height == text.height)
        // The first text row is near the top, as in the original.
        let firstInk = { (b: Bitmap) in (0..<b.height).first { row in
            (0..<b.width).contains { b.pixels[(row * b.width + $0) * b.layout.channels] < 100 } } }
        let expected = try #require(firstInk(text))
        #expect(abs((firstInk(bitmap) ?? -100) - expected) <= 2)
    }

    @Test func downscalesTheLongerSide() async throws {
        let path = folder.file("big.png")
        try ImageWriter.write(text, to: path)
        let bitmap = try await ImageLoader().decode(contentsOf: path, maximumSide: 200)
        #expect(max(bitmap.width, bitmap.height) == 200)
        #expect(abs(Double(bitmap.width) / Double(bitmap.height) - Double(text.width) / Double(text.height)) < 0.05)
        let small = try await ImageLoader().decode(contentsOf: path, maximumSide: 100_000)
        #expect(small.width == text.width)
    }

    @Test func keepsColourAsRGBAndFlattensAlphaOverWhite() async throws {
        let pixels = (0..<(64 * 64)).flatMap { index -> [UInt8] in index % 64 < 32 ? [200, 30, 30] : [30, 30, 200] }
        let colour = Bitmap(width: 64, height: 64, layout: .rgb, pixels: pixels, image: "colour")
        let path = folder.file("colour.png")
        try ImageWriter.write(colour, to: path)
        let bitmap = try await ImageLoader().decode(contentsOf: path)
        #expect(bitmap.layout == .rgb)
        #expect(Array(bitmap.pixels[0..<3]) == [200, 30, 30])
        #expect(Array(bitmap.pixels[(63 * 3)..<(64 * 3)]) == [30, 30, 200])
    }

    @Test func readsPathsWithAwkwardNames() async throws {
        for name in ["scan [2].png", "-leading dash.png", "ünïcødé 日本.png", "page:1;rm -rf.png"] {
            let path = folder.file(name)
            try ImageWriter.write(text, to: path)
            let bitmap = try await ImageLoader().decode(contentsOf: path)
            #expect(bitmap.width == text.width, "\(name)")
        }
    }

    // MARK: Bad input

    @Test func missingFile() async {
        await expectError(.fileNotFound, for: folder.file("nothing here.png"))
        await expectError(.fileNotFound, for: folder.file("no/such/folder.png"))
    }

    @Test func directoryAndFifoAreNotImages() async throws {
        await expectError(.notReadable, for: folder.path)
        let fifo = folder.file("pipe.png")
        #expect(mkfifo(fifo, 0o644) == 0)
        await expectError(.notReadable, for: fifo)
    }

    @Test func emptyFile() async throws {
        await expectError(.corrupt, for: try folder.write([], to: "empty.jpg"))
    }

    @Test func textAndUnsupportedFormats() async throws {
        await expectError(.unsupportedFormat, for: try folder.write(Array("just some notes\n".utf8), to: "notes.png"))
        await expectError(.unsupportedFormat, for: try folder.write((0..<4096).map { UInt8(($0 * 7919) % 251) }, to: "noise.jpg"))
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>"#
        await expectError(.unsupportedFormat, for: try folder.write(Array(svg.utf8), to: "drawing.svg"))
    }

    @Test(arguments: ["jpg", "png", "tif", "webp"])
    func truncatedFiles(_ format: String) async throws {
        let whole = folder.file("whole.\(format)")
        try ImageWriter.write(text, to: whole)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        await expectError(.corrupt, for: try folder.write(bytes.prefix(bytes.count / 2), to: "half.\(format)"))
    }

    @Test func tooManyPixels() async throws {
        let path = folder.file("page.png")
        try ImageWriter.write(text, to: path)
        await expectError(.tooLarge, for: path, options: ImageLoadingOptions(maximumPixelCount: 1000))
    }

    @Test func decompressionBombIsRefusedBeforeDecoding() async throws {
        // A PNG whose header claims 100,000 x 100,000 pixels: 30 GB if it were decoded.
        await expectError(.tooLarge, for: try folder.write(PNG.header(width: 100_000, height: 100_000), to: "bomb.png"))
    }

    @Test func degenerateImages() async throws {
        let line = Bitmap(width: 400, height: 2, layout: .gray, pixels: [UInt8](repeating: 0, count: 800), image: "line")
        let path = folder.file("line.png")
        try ImageWriter.write(line, to: path)
        await expectError(.degenerateImage, for: path)
    }
}

/// A PNG file with a real header and almost no pixel data: what a decompression bomb looks
/// like until it is decoded.
enum PNG {
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        let header = bigEndian(width) + bigEndian(height) + [8, 0, 0, 0, 0]
        // A zlib stream holding the first row's filter byte and a few zeros.
        let data: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x80, 0x00, 0x00, 0x00, 0x09, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", data) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
