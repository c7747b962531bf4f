import Foundation

/// Brings an output directory in line with the rendered files: writes only files whose bytes
/// changed (each through a temporary file renamed into place), removes files an earlier run
/// generated that are no longer produced, and never touches any other file. A manifest of the
/// generated files is kept beside them so removals are possible without guessing.
public struct OutputWriter {
    public static let manifestName = ".pushmatrix-manifest"

    public enum Fate: String, Sendable { case written, unchanged, removed }
    public enum Problem: String, Sendable { case missing, stale, extra }

    public let directory: String
    public init(directory: String) { self.directory = directory }

    /// The files with the manifest added.
    public static func withManifest(_ files: [String: [UInt8]]) -> [String: [UInt8]] {
        var all = files
        all[manifestName] = Array((files.keys.sorted().joined(separator: "\n") + "\n").utf8)
        return all
    }

    public func write(_ files: [String: [UInt8]]) throws -> [(path: String, fate: Fate)] {
        let files = Self.withManifest(files)
        let previous = previouslyGenerated()  // before the new manifest replaces it
        var report: [(String, Fate)] = []
        for path in files.keys.sorted() {
            let url = url(path)
            if FileManager.default.contents(atPath: url.path).map([UInt8].init) == files[path] {
                report.append((path, .unchanged))
                continue
            }
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(files[path]!).write(to: url, options: .atomic)
            } catch {
                throw DiagnosticsError([Diagnostic(file: url.path, location: nil, message: "cannot write the file (\(error.localizedDescription))")])
            }
            report.append((path, .written))
        }
        for path in previous where files[path] == nil && isRegularFile(path) {
            try FileManager.default.removeItem(at: url(path))
            report.append((path, .removed))
        }
        return report
    }

    /// What differs between the directory and the rendered files; empty when up to date.
    public func check(_ files: [String: [UInt8]]) -> [(path: String, problem: Problem)] {
        let files = Self.withManifest(files)
        var problems: [(String, Problem)] = []
        for path in files.keys.sorted() {
            guard let existing = FileManager.default.contents(atPath: url(path).path) else {
                problems.append((path, .missing))
                continue
            }
            if [UInt8](existing) != files[path] { problems.append((path, .stale)) }
        }
        for path in previouslyGenerated() where files[path] == nil && isRegularFile(path) {
            problems.append((path, .extra))
        }
        return problems
    }

    private func url(_ path: String) -> URL {
        URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(path)
    }

    private func isRegularFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url(path).path)[.type] as? FileAttributeType) == .typeRegular
    }

    /// Paths listed in the existing manifest; entries that could point outside the directory are ignored.
    private func previouslyGenerated() -> [String] {
        guard let data = FileManager.default.contents(atPath: url(Self.manifestName).path),
              let text = String(data: data, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init).filter { path in
            !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains { $0 == ".." || $0 == "." }
        }.sorted()
    }
}
