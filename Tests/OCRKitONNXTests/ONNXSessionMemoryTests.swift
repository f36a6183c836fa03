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
        let models = try PPOCRModelSet(folder: InstalledDependencies.ppocrModels("v6"))
        let page = try TextRenderer.render("Released memory\nreads the same: 42.50 EUR", font: "DejaVu Sans 20", margin: 40)
        let (width, height) = ((page.width + 31) / 32 * 32, (page.height + 31) / 32 * 32)
        var values = [Float](repeating: 0, count: 3 * width * height)
        page.sample(Rect(x: 0, y: 0, width: Double(page.width), height: Double(page.height)).quad, width: width, height: height,
                    format: models.detectorFormat, into: &values, at: .image(width: width, height: height))
        let input = Tensor(shape: [1, 3, height, width], values: values)
        func map(releasesMemory: Bool) throws -> Tensor {
            let session = try ONNXSession(runtime: runtime, model: models.detector, plansMemory: false, releasesMemory: releasesMemory)
            return try #require(try session.run([session.inputNames[0]: input]).values.first)
        }
        let released = try map(releasesMemory: true), kept = try map(releasesMemory: false)
        #expect(released == kept)
        // Text was found: the map is not empty.
        #expect(released.values.filter { $0 > 0.3 }.count > 500)
    }
}
