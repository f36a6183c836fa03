import OCRKit
import OCRKitImages
@testable import OCRKitONNX
import OCRKitTestSupport
import Testing

@Suite(.enabled(if: InstalledDependencies.hasPPOCR, InstalledDependencies.missingReason))
struct ONNXSessionMemoryTests {
    /// A detector's session that gives its blocks back as they are freed (mapped from the system,
    /// most of them megabytes) computes what one with ONNX Runtime's arena computes.
    @Test func aSessionThatReleasesItsMemoryComputesTheSame() throws {
        let runtime = try ONNXRuntime.shared(libraryPath: InstalledDependencies.onnxRuntimeLibrary)
        let model = InstalledDependencies.ppocrModels("v6") + "/PP-OCRv6_det_small.onnx"
        let page = try TextRenderer.render("Released memory\nreads the same: 42.50 EUR", font: "DejaVu Sans 20", margin: 40)
        let (width, height) = ((page.width + 31) / 32 * 32, (page.height + 31) / 32 * 32)
        // White around the page, as the engine pads; grey levels centred on 0.
        var values = [Float](repeating: 0.5, count: 3 * width * height)
        for channel in 0..<3 {
            for y in 0..<page.height {
                for x in 0..<page.width {
                    values[(channel * height + y) * width + x] = Float(page.pixels[(y * page.width + x) * page.layout.channels]) / 255 - 0.5
                }
            }
        }
        let input = Tensor(shape: [1, 3, height, width], values: values)
        func map(releasesMemory: Bool) throws -> Tensor {
            let session = try ONNXSession(runtime: runtime, model: model, plansMemory: false, releasesMemory: releasesMemory)
            return try #require(try session.run([session.inputNames[0]: input]).values.first)
        }
        let released = try map(releasesMemory: true), kept = try map(releasesMemory: false)
        #expect(released == kept)
        // Text was found: the map is not empty.
        #expect(released.values.filter { $0 > 0.3 }.count > 500)
    }
}
