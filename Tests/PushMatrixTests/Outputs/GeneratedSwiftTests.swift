import Foundation
import XCTest

@testable import PushMatrix

/// The generated Swift as users get it: lint-clean, and compiling and passing for a spec with
/// other dimensions too.
final class GeneratedSwiftTests: XCTestCase {
    /// `swift test --filter Conformance` runs both committed XCTest suites of this package (the VoIP suite runs in its
    /// example app): on Linux SwiftPM
    /// hands XCTest every matching test as `Module.Class/method`, joined by commas, in one
    /// argument, which may not exceed 128 KiB (MAX_ARG_STRLEN). The suites keep well within it,
    /// 8 KiB to spare for the tests added beside them, with a method per scenario whose name is
    /// its scenario's without the payload combination its class is named for.
    func testTheSuitesNamesFitTheArgumentThatFiltersThem() throws {
        var names: [String] = []
        for (matrix, _, generated, module) in Fixtures.uiKitBuiltIns {
            let target = module + "ConformanceTests"
            let folder = generated + "/Tests/" + target
            var count = 0
            for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                guard
                    let type = text.components(separatedBy: "\nfinal class ").dropFirst().first?.prefix(while: {
                        $0 != ":"
                    })
                else {
                    continue
                }
                let bodies = text.components(separatedBy: "\n    func test_").dropFirst()
                let methods = bodies.map { "test_" + $0.prefix { $0 != "(" } }
                XCTAssertEqual(Set(methods).count, methods.count, "\(file): every method has a name of its own")
                for (method, body) in zip(methods, bodies) {
                    let call = body.components(separatedBy: "assertConforms(").dropFirst().first ?? ""
                    let scenario = call.drop { $0.isWhitespace || $0 == "." }.prefix { $0 != ")" && !$0.isWhitespace }
                    // A sequence's test is named as the sequence is; a scenario's, without its payload.
                    let checked =
                        type == "SequenceConformanceTests"
                        ? scenario == method.dropFirst(5) : scenario.hasSuffix("__" + method.dropFirst(5))
                    XCTAssertTrue(checked, "\(method) checks its scenario, \(scenario)")
                }
                count += methods.count
                names += methods.map { "\(target).\(type)/\($0)" }
            }
            // A way back that leaves the notification alone, and the conditions, have a test per payload combination,
            // over a list.
            let leaving = Set(matrix.spec.taps.filter { !$0.touchesNotification }.map(\.id))
            let listed = matrix.scenarios.filter { $0.tap.map(leaving.contains) == true }
            let lists =
                Set(listed.map { "\($0.payload) \($0.tap!)" }).count
                + Set(matrix.conditionScenarios().map(\.payload)).count
            XCTAssertEqual(
                count, matrix.scenarios.count - listed.count + matrix.pushSequences().count + lists,
                "\(module): a test per scenario and sequence, and one per list")
        }
        let argument = names.joined(separator: ",").utf8.count
        XCTAssertLessThanOrEqual(
            argument, 128 * 1024 - 8 * 1024, "the names --filter Conformance passes, with 8 KiB to spare")
    }

    /// A payload combination's file spells its payload once, and hands it once to the rows that
    /// share it: a matrix with many keys would otherwise repeat a long expression in every scenario.
    func testEachScenarioFileSpellsItsPayloadOnce() throws {
        let folder = Fixtures.generated + "/Sources/PushHandlersTestSupport/Scenarios"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0 != "ScenarioTable.swift" && $0 != "Sequences.swift"
        }
        XCTAssertEqual(files.count, 1 << Fixtures.builtIn.payloadKeyIds.count)
        for name in files {
            let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            XCTAssertEqual(text.components(separatedBy: "PushPayload(").count - 1, 1, name)
            XCTAssertEqual(text.components(separatedBy: "__payload)").count - 1, 1, name)
        }
    }

    /// What an app links carries no test data: no file of the module the app links names a
    /// scenario, a sequence or a check, and every scenario is in the test-support module.
    func testTheModuleAnAppLinksHoldsNoScenarios() throws {
        for (_, _, generated, module) in Fixtures.builtIns {
            let runtime = generated + "/Sources/" + module
            for file in try FileManager.default.subpathsOfDirectory(atPath: runtime) where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: runtime + "/" + file, encoding: .utf8)
                for name in ["PushScenario", "PushSequence", "PushConformanceCheck", "PushHandlerUnderTest"] {
                    XCTAssertFalse(text.contains(name), "\(module)/\(file) names \(name)")
                }
            }
            let scenarios = generated + "/Sources/\(module)TestSupport/Scenarios/ScenarioTable.swift"
            XCTAssertTrue(FileManager.default.fileExists(atPath: scenarios), scenarios)
        }
    }
}
