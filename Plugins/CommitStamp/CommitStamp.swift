import Foundation
import PackagePlugin

/// Writes the commit the package is built from into the target, as `buildCommit`: `ocr
/// --version` and `ocr doctor` say which build they are. `git describe --always --dirty`, so a
/// build with changes not committed says so; `unknown` outside a git checkout. The file is
/// rewritten only when the commit changes, so that a build of the same commit compiles nothing again.
@main
struct CommitStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appending(path: "Commit")
        let script = """
            set -e
            commit=$(git -C "$1" describe --always --dirty 2>/dev/null || echo unknown)
            mkdir -p "$2"
            printf '/// The commit this build is of (CommitStamp).\\nlet buildCommit = "%s"\\n' "$commit" > "$2/Commit.swift.new"
            if cmp -s "$2/Commit.swift.new" "$2/Commit.swift"; then rm "$2/Commit.swift.new"; else mv "$2/Commit.swift.new" "$2/Commit.swift"; fi
            """
        return [.prebuildCommand(
            displayName: "Stamping the commit", executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, "sh", context.package.directoryURL.path, folder.path], outputFilesDirectory: folder)]
    }
}
