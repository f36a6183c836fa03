import Foundation

/// Turns the paths a user gave, files and folders, into the image files to read.
///
/// ```swift
/// let (files, missing) = ImageFiles.resolve(["Samples/", "extra.png"])
/// for error in missing { print(error) }   // "extra.png: no such file or folder"
/// print(files)                            // the images in Samples/, in natural order
/// ```
public enum ImageFiles {
    /// Extensions of the image files looked for inside folders; files named directly are always
    /// tried, whatever their name.
    public static let extensions: Set<String> = ["pdf", "jpg", "jpeg", "png", "tif", "tiff", "webp", "gif", "heic", "heif", "avif"]

    /// Files named directly, in the order given, and the images inside each folder (searched
    /// recursively, hidden files skipped) in natural order: `page2` before `page10`. Paths that
    /// do not exist come back as errors, so that the rest can still be read.
    public static func resolve(_ paths: [String]) -> (files: [String], missing: [OCRError]) {
        var files: [String] = []
        var missing: [OCRError] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(OCRError(.fileNotFound, path: path, reason: "no such file or folder"))
                continue
            }
            files += isDirectory.boolValue ? images(in: path) : [path]
        }
        return (files, missing)
    }

    private static func images(in folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder)
        guard let walker = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { return [] }
        var found: [String] = []
        for case let url as URL in walker where extensions.contains(url.pathExtension.lowercased()) {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            // Keep the folder as the user spelled it, so output paths look like their input.
            let relative = url.path.dropFirst(root.path.count).drop { $0 == "/" }
            found.append((folder as NSString).appendingPathComponent(String(relative)))
        }
        return found.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
    }
}
