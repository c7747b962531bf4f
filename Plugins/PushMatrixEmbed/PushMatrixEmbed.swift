import Foundation
import PackagePlugin

/// Compiles the files under a target's `BuiltIn/` folder into it as `EmbeddedFiles.all`: each
/// file's path under `BuiltIn/` → its text, exactly. Each text is a raw multi-line string
/// literal, which the compiler reads as one constant; the files' bytes written as an array
/// literal (SwiftPM's `embedInCode`) took the compiler about a minute per megabyte.
///
/// The Swift files directly in `BuiltIn/` are the target's own sources and are not embedded.
/// A file must be UTF-8 with `\n` line ends: a multi-line literal would read `\r\n` as `\n`.
@main
struct PushMatrixEmbed: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // The folder is the one of the target's `BuiltIn/BuiltInFiles.swift`.
        guard let target = target as? SourceModuleTarget,
            let own = target.sourceFiles.first(where: {
                $0.url.pathComponents.suffix(2) == ["BuiltIn", "BuiltInFiles.swift"]
            })
        else { return [] }
        let folder = own.url.deletingLastPathComponent()
        let files = try Self.files(in: folder, under: "").filter { $0.key.contains("/") || !$0.key.hasSuffix(".swift") }
        guard !files.isEmpty else { throw EmbedError("\(folder.path): no file to embed") }
        var hashes = "#"  // one more than the longest run of `#` in any file
        for file in files {
            let text = try String(contentsOf: file.url, encoding: .utf8)
            guard !text.utf8.contains(13) else {
                throw EmbedError("\(file.url.path): has a carriage return; embedded files keep \\n line ends")
            }
            guard !file.key.contains("\"") && !file.key.contains("\\") else {
                throw EmbedError("\(file.key): a path with \" or \\")
            }
            while text.contains(hashes) { hashes += "#" }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        // sh writes the literal around each file's bytes, so no file passes through the plugin's
        // own text handling.
        let script = #"""
            out=$1 hashes=$2; shift 2
            {
              echo "// Written by the PushMatrixEmbed build plugin from the files under BuiltIn/."
              echo "enum EmbeddedFiles {"
              echo "    static let all: [String: String] = ["
              while [ $# -gt 0 ]; do
                printf '        "%s": %s"""\n' "$1" "$hashes"; cat "$2"; printf '\n"""%s,\n' "$hashes"; shift 2
              done
              echo "    ]"
              echo "}"
            } > "$out"
            """#
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) built-in files in \(target.name)",
                executable: URL(filePath: "/bin/sh"),
                arguments: ["-c", script, "embed", output.path, hashes] + files.flatMap { [$0.key, $0.url.path] },
                inputFiles: files.map(\.url), outputFiles: [output])
        ]
    }
}

extension PushMatrixEmbed {
    /// Every file in `folder` and the folders in it, symbolic links followed, by its path under
    /// the first `folder` (`prefix` is the path so far), in the order of those paths.
    static func files(in folder: URL, under prefix: String) throws -> [(key: String, url: URL)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.resolvingSymlinksInPath().path).sorted()
        return try names.flatMap { name -> [(key: String, url: URL)] in
            let url = folder.appending(path: name).resolvingSymlinksInPath()
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
            return isFolder.boolValue ? try files(in: url, under: prefix + name + "/") : [(prefix + name, url)]
        }
    }
}

struct EmbedError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
