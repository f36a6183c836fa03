import Foundation
import HummingbirdTesting
import OCRKitTestSupport
import Testing

/// The web page's files: served as they are in the repository, and a script that parses.
@Suite(.heavy(hangGuard: .seconds(180)))
struct WebPageTests {
    /// Sources/OCRKitServer/Page, from this file's place in the repository.
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/OCRKitServer/Page").standardized

    @Test func servesThePageAsItsFilesAre() async throws {
        try await ServerFixture().test { client in
            for (path, file, type) in [("/", "index.html", "text/html"), ("/app.css", "app.css", "text/css"), ("/app.js", "app.js", "text/javascript")] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix(type) == true, "\(path)")
                #expect(response.text == (try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)), "\(path)")
            }
        }
    }

    /// node (scripts/setup installs it) parses the script as a browser would load it; a syntax
    /// error would otherwise show only in a browser.
    @Test func theScriptParses() throws {
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("node-check-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: errors) }
        let outcome = try ChildProcess.run("node", ["--check", Self.folder.appendingPathComponent("app.js").path], errors: errors)
        #expect(outcome.status == 0, "\((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
    }
}
