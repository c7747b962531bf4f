import PushMatrixJSON
import PushMatrixSupport

/// The built-in specs, compiled into the binary so that an installed `pushmatrix`
/// works from any directory. The PushMatrixEmbed plugin embeds them from `Spec/`, through the
/// links beside this file: there is no copy to keep in step. The templates are
/// the render stage's (`BuiltInFiles.templates`).
package enum BuiltInFiles {
    /// A matrix compiled in, as `--spec builtin:NAME` names it.
    package struct Spec: Sendable {
        package let name: String
        /// Where it lives in this repository.
        package let file: String
        /// One line on what it covers, for `pushmatrix specs`.
        package let covers: String
        package let bytes: [UInt8]

        package var reference: String { BuiltInFiles.prefix + name }
    }

    package static let prefix = "builtin:"

    private static func embedded(_ name: String) -> [UInt8] { Array(EmbeddedFiles.all[name]!.utf8) }

    /// The built-in matrices; the first is the default.
    package static let specs = [
        Spec(
            name: "current", file: "Spec/push-matrix-current.json",
            covers: "iOS 13–27: scenes, SwiftUI, willPresent, service extensions, force-quit (the default)",
            bytes: embedded("push-matrix-current.json")),
        Spec(
            name: "ios8-10", file: "Spec/push-matrix.json", covers: "iOS 8–10, measured on devices",
            bytes: embedded("push-matrix.json")),
        Spec(
            name: "voip", file: "Spec/push-matrix-voip.json",
            covers: "iOS 13–27 VoIP pushes: PushKit with CallKit or LiveCommunicationKit, what must be reported and by when",
            bytes: embedded("push-matrix-voip.json")),
    ]

    /// The first built-in matrix that answers pushes of `type`, as its `pushTypes` say (alert and background when it
    /// names none).
    package static func answering(_ type: String) -> Spec? {
        specs.indices.first { pushTypes[$0].contains(type) }.map { specs[$0] }
    }

    /// Each built-in matrix's push types, read once.
    private static let pushTypes = specs.map { spec in
        guard case .array(let named)? = (try? JSONParser.parse(spec.bytes))?["pushTypes"]?.value else {
            return PushMatrixSpec.Spec.defaultPushTypes
        }
        return named.compactMap(\.string)
    }

    /// What a field log calls the spec at `path` with these bytes: the built-in name of a
    /// built-in spec (however it is referred to), else the file's name without `.json`.
    package static func name(of path: String?, bytes: [UInt8]) -> String {
        if let builtIn = specs.first(where: { $0.bytes == bytes }) { return builtIn.name }
        let file = path?.split(separator: "/").last.map(String.init) ?? "spec"
        return file.hasSuffix(".json") ? String(file.dropLast(".json".count)) : file
    }

    /// The built-in matrix `reference` names (`builtin:NAME`); nil for a reference that is not
    /// of that form. Throws for an unknown name.
    package static func spec(_ reference: String) throws(DiagnosticsError) -> Spec? {
        guard reference.hasPrefix(prefix) else { return nil }
        let name = reference.dropFirst(prefix.count)
        guard let spec = specs.first(where: { $0.name == name }) else {
            let names = specs.map(\.reference).joined(separator: ", ")
            throw DiagnosticsError([
                Diagnostic(
                    file: reference, location: nil,
                    message: "no built-in spec '\(name)'" + Suggestion.didYouMean(String(name), in: specs.map(\.name))
                        + "; the built-in specs are \(names)")
            ])
        }
        return spec
    }
}
