import Foundation

/// The objects of a JSON Lines file that a contender wrote, as `ocr read --format jsonl` and the
/// peers' scripts write them: lines that are not such objects (an image that failed) are skipped,
/// and a file not written gives none.
enum JSONLines {
    static func objects<Object: Decodable>(_ type: Object.Type, in path: String) -> [Object] {
        ((try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n") ?? []).compactMap { line in
            try? JSONDecoder().decode(Object.self, from: Data(line.utf8))
        }
    }
}
