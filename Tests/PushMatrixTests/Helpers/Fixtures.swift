import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputDirectory
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// Paths of the package's own spec, templates and test fixtures, found from this file.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let spec = root.appendingPathComponent("Spec/push-matrix.json").path
    static let templates = root.appendingPathComponent("Templates").path
    static let generated = root.appendingPathComponent("Generated").path
    static let currentSpec = root.appendingPathComponent("Spec/push-matrix-current.json").path
    static let currentGenerated = root.appendingPathComponent("Generated/Current").path
    static let voipGenerated = root.appendingPathComponent("Generated/VoIP").path
    static func fixture(_ name: String) -> String { root.appendingPathComponent("Tests/Fixtures/\(name)").path }

    // Loaded once per test run: a matrix is a value, and no test changes these files.
    static let builtIn: Matrix = try! Matrix(SpecLoader.load(path: spec))
    static let current: Matrix = try! Matrix(SpecLoader.load(path: currentSpec))
    static let otherDimensions: Matrix = try! Matrix(SpecLoader.load(path: fixture("other-dimensions.json")))
    static let voipSpec = root.appendingPathComponent("Spec/push-matrix-voip.json").path
    static let voip: Matrix = try! Matrix(SpecLoader.load(path: voipSpec))

    /// Every file `generate` renders from `matrix` with the package's templates and the default
    /// module; rendered once per test run for the fixture matrices, which many tests read.
    static func rendered(_ matrix: Matrix) throws -> [String: [UInt8]] {
        switch matrix.spec.file {
        case spec: return try renderedBuiltIn.get()
        case currentSpec: return try renderedCurrent.get()
        case fixture("other-dimensions.json"): return try renderedOtherDimensions.get()
        case voipSpec: return try renderedVoIP.get()
        default: return try Generator.render(matrix, templates: templates)
        }
    }
    private static let renderedBuiltIn = Result { try Generator.render(builtIn, templates: templates) }
    private static let renderedCurrent = Result { try Generator.render(current, templates: templates) }
    private static let renderedOtherDimensions = Result { try Generator.render(otherDimensions, templates: templates) }
    private static let renderedVoIP = Result { try Generator.render(voip, templates: templates) }

    /// The built-in matrices, each with the committed output generated from it.
    static var builtIns: [(matrix: Matrix, spec: String, generated: String, module: String)] {
        [
            (builtIn, spec, generated, "PushHandlers"), (current, currentSpec, currentGenerated, "CurrentPushHandlers"),
            (voip, voipSpec, voipGenerated, "VoIPPushHandlers"),
        ]
    }

    /// The built-in matrices whose skeleton and suite drive UIKit's app delegate, the router and its branches: all but
    /// the VoIP matrix, whose PushKit delegate the spec's own files bring.
    static var uiKitBuiltIns: [(matrix: Matrix, spec: String, generated: String, module: String)] {
        builtIns.filter { $0.matrix.spec.swiftFiles?.delegate != .pushKit }
    }

    static var specText: String { try! String(contentsOfFile: spec, encoding: .utf8) }

    /// `snapshot` without the manifest, which names the spec as seen from the output directory:
    /// what to compare between outputs made in different places.
    static func outputs(_ directory: String) -> [String: Data] {
        snapshot(directory).filter { $0.key != OutputWriter.manifestName }
    }

    /// Every file under `directory` by its relative path, leaving out nested directories that
    /// hold another spec's output (their own manifest), as `Generated/Current` does.
    static func snapshot(_ directory: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: directory)! {
            files[path] = FileManager.default.contents(atPath: directory + "/" + path)
        }
        let nested = files.keys.filter { $0.hasSuffix("/" + OutputWriter.manifestName) }.map {
            String($0.dropLast(OutputWriter.manifestName.count))
        }
        return files.filter { file in !nested.contains { file.key.hasPrefix($0) } }
    }

    /// A fresh temporary directory, removed when the test ends.
    static func temporaryDirectory(_ test: XCTestCase) -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushmatrix-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }
}
