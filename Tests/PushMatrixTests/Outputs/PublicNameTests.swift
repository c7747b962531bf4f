import Foundation
import PushMatrixSupport
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// The generated module is copied into app targets or imported beside an app's own types, so
/// every name it declares at the top level, public or not, begins with `Push` (`push` for a
/// function): an app's `Event` or `Handler` is neither redeclared nor shadowed.
final class PublicNameTests: XCTestCase {
    func testEveryTopLevelNameOfTheGeneratedModulesBeginsWithPush() throws {
        // A top-level declaration: at the start of a line, after any attributes and modifiers.
        let declaration = try Regex(
            #"^(?:@\w+(?:\([^)]*\))? +)*(?:(?:nonisolated|public|open|internal|fileprivate|private|final|indirect) +)*(?:struct|enum|class|protocol|typealias|actor|func|let|var) +`?(\w+)"#
        ).anchorsMatchLineEndings()
        let roots = [
            Fixtures.generated + "/Sources/PushHandlers", Fixtures.currentGenerated + "/Sources/CurrentPushHandlers",
            Fixtures.root.path + "/Examples/PushDemo/Generated/Sources/PushDemoHandlers",
        ]
        var names: [String: String] = [:]
        for root in roots {
            for file in SwiftCompiler.sources(in: root) {
                let text = try String(contentsOfFile: file, encoding: .utf8)
                for match in text.matches(of: declaration) {
                    names[String(match.output[1].substring ?? "")] = file.replacingOccurrences(
                        of: Fixtures.root.path + "/", with: "")
                }
            }
        }
        XCTAssertGreaterThan(names.count, 30, "the declarations are read: \(names.keys.sorted())")
        for (name, file) in names.sorted(by: { $0.key < $1.key }) {
            XCTAssertTrue(
                name.hasPrefix("Push") || name.hasPrefix("push"),
                "\(file): `\(name)` can collide with an app's own type")
        }
    }

    /// The setup type is `PushSetup` in every spec; a spec cannot rename it (`setupNames` is no key).
    func testTheSetupTypeTakesThePrefix() throws {
        for (matrix, _, generated, module) in Fixtures.builtIns {
            let dimensions = try String(
                contentsOfFile: generated + "/Sources/\(module)/Dimensions.swift", encoding: .utf8)
            XCTAssertTrue(dimensions.contains("public enum PushSetup: String"), "\(matrix.spec.file)")
        }
        let renamed = Fixtures.specText.replacing(
            "\"specVersion\": 1,", with: "\"specVersion\": 1, \"setupNames\": {\"swiftType\": \"Way\"},")
        XCTAssertThrowsError(try SpecLoader.load(bytes: Array(renamed.utf8), file: "renamed.json")) { error in
            let messages = (error as? DiagnosticsError)?.diagnostics.map(\.message) ?? []
            XCTAssertEqual(messages, ["unknown key 'setupNames'"])
        }
    }
}
