import Foundation
import OCRKit
import Testing

struct DataFoldersTests {
    @Test func looksInTheHomeTheUserTheInstallPrefixThenTheSystem() {
        let folders = DataFolders.standard(environment: ["OCRKIT_HOME": "/opt/ocr", "HOME": "/home/ada"],
                                           executable: URL(fileURLWithPath: "/opt/tools/bin/ocr"))
        #expect(folders.places.map(\.name) == ["OCRKIT_HOME", "user", "prefix", "system", "system"])
        #expect(folders.places.map(\.models) == ["/opt/ocr/models", "/home/ada/.local/share/ocrkit/models",
                                                 "/opt/tools/share/ocrkit/models", "/usr/local/share/ocrkit/models",
                                                 "/usr/share/ocrkit/models"])
        #expect(folders.libraryCandidates("libonnxruntime.so.1") == [
            "/opt/ocr/lib/libonnxruntime.so.1", "/home/ada/.local/share/ocrkit/lib/libonnxruntime.so.1",
            "/opt/tools/lib/ocrkit/libonnxruntime.so.1",
        ])
        #expect(folders.destination.models == "/opt/ocr/models")
    }

    @Test func followsTheXDGVariablesAndIgnoresRelativeOnes() {
        let folders = DataFolders.standard(environment: ["XDG_DATA_HOME": "/data/", "XDG_DATA_DIRS": "/a:relative:/b/", "HOME": "/h"],
                                           executable: nil)
        #expect(folders.places.map(\.models) == ["/data/ocrkit/models", "/a/ocrkit/models", "/b/ocrkit/models"])
        #expect(folders.destination.name == "user")
        let relative = DataFolders.standard(environment: ["XDG_DATA_HOME": "data", "HOME": "/h"], executable: nil)
        #expect(relative.destination.models == "/h/.local/share/ocrkit/models")
    }

    @Test func aProgramOutsideABinFolderHasNoPrefixAndOneUnderUsrLocalIsNotListedTwice() {
        let built = DataFolders.standard(environment: ["HOME": "/h"], executable: URL(fileURLWithPath: "/src/OCRKit/.build/debug/ocr"))
        #expect(!built.places.contains { $0.name == "prefix" })
        let installed = DataFolders.standard(environment: ["HOME": "/h"], executable: URL(fileURLWithPath: "/usr/local/bin/ocr"))
        #expect(installed.places.map(\.name) == ["user", "prefix", "system"])
        #expect(installed.places[1].libraries == "/usr/local/lib/ocrkit")
    }

    @Test func locatesTheFirstPlaceHoldingAFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("datafolders-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: "\(root)/second/models/ppocr/v4", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(root)/first/models/ppocr/v6", withIntermediateDirectories: true)
        let folders = DataFolders(places: [.init(name: "a", models: "\(root)/first/models", libraries: nil),
                                           .init(name: "b", models: "\(root)/second/models", libraries: nil)])
        #expect(folders.locate("ppocr/v6") == "\(root)/first/models/ppocr/v6")
        #expect(folders.locate("ppocr/v4") == "\(root)/second/models/ppocr/v4")
        #expect(folders.locate("ppocr/v6-tiny") == nil)
    }
}
