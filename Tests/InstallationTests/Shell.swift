import Foundation
import OCRKitTestSupport

/// What a program printed and how it ended.
struct Ran {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs `arguments` from the folder `folder`, as a person at a shell there would, with the
/// environment changed by `environment` (`nil` removes a variable); waited for off Swift's
/// cooperative threads.
func run(_ arguments: [String], in folder: String, environment: [String: String?] = [:]) async throws -> Ran {
    let logs = try TemporaryFolder()
    let output = logs.file("output"), errors = logs.file("errors")
    let outcome = try await ChildProcess.run("/bin/sh", ["-c", #"cd "$1" && shift && exec "$@""#, "sh", folder] + arguments,
                                             output: output, errors: errors, environment: environment)
    return Ran(status: outcome.status,
               output: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
               errors: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
}

/// Every file and link under `folder`, as paths relative to it.
func files(under folder: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: "\(folder)/\(path)", isDirectory: &isFolder), isFolder.boolValue { continue }
        found.append(path)
    }
    return found.sorted()
}
