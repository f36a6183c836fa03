import Foundation
import OCRKit
import Testing

struct ImageFilesTests {
    @Test func foldersGiveTheirImagesInNaturalOrderAndMissingPathsAreErrors() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ocrkit-image-files-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/scans/sub", withIntermediateDirectories: true)
        for name in ["scans/page10.png", "scans/page2.JPG", "scans/notes.txt", "scans/.hidden.png", "scans/sub/page1.tif", "named.bin"] {
            FileManager.default.createFile(atPath: root + "/" + name, contents: Data([0]))
        }
        let (files, missing) = ImageFiles.resolve([root + "/named.bin", root + "/scans", root + "/gone.png"])
        #expect(files == [root + "/named.bin", root + "/scans/page2.JPG", root + "/scans/page10.png", root + "/scans/sub/page1.tif"])
        #expect(missing.map(\.description) == [root + "/gone.png: no such file or folder"])
    }
}
