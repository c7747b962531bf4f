import PushMatrixModel
import PushMatrixSupport

/// The conformance suite's generated files, for either test framework: a test file per payload combination, the
/// sequences' test file, and Swift Testing's tags.
struct SuiteEmitter {
    let view: SwiftView
    let module: String
    let framework: TestFramework

    /// `{payloadType}ConformanceTests.swift`. XCTest's: a method per scenario, named without the payload
    /// combination its class is named for. Swift Testing's: a parameterized test per setup and app state, in the
    /// order the scenarios reach them.
    func groupFile(_ group: SwiftView.Group) -> [UInt8] {
        var out = SwiftPrinter.generatedFile(importing: imports)
        switch framework {
        case .xctest:
            out.docComment([
                "One test per scenario of this payload combination, named for its setup, app state, tap",
                "and the handlers it lacks.",
            ])
            out.block("final class \(group.typeName)ConformanceTests: XCTestCase {") { out in
                printXCTests(Self.xcTests(of: group), &out)
            }
        case .swiftTesting:
            out.docComment([
                "The scenarios of this payload combination: a test per setup and app state, a test case",
                "per scenario.",
            ])
            out.print("@MainActor")
            out.print(
                "@Suite(\"\(SwiftView.payloadWords(group.payload, keys: view.matrix.payloadKeyIds))\", .serialized)")
            out.block("struct \(group.typeName)ConformanceTests {") { out in
                printTestingTests(of: group, &out)
            }
        }
        return out.bytes
    }

    /// `SequenceConformanceTests.swift`: XCTest's a test per sequence; Swift Testing's one test over
    /// `PushSequence.all`.
    func sequenceFile() -> [UInt8] {
        var out = SwiftPrinter.generatedFile(importing: imports)
        out.docComment(["Several pushes in a row: each is a push of its own, however alike their payloads."])
        switch framework {
        case .xctest:
            out.block("final class SequenceConformanceTests: XCTestCase {") { out in
                let tests = view.matrix.pushSequences().map { sequence in
                    (name: sequence.name, summary: SequencesEmitter.summary(sequence), conforming: "." + sequence.name)
                }
                printXCTests(tests, &out)
            }
        case .swiftTesting:
            out.print("@MainActor")
            out.print("@Suite(\"Several pushes\", .serialized)")
            out.block("struct SequenceConformanceTests {") { out in
                out.print("@Test(\"several pushes\", arguments: PushSequence.all.map(SequenceCase.init))")
                out.block("func sequence(_ test: SequenceCase) async {") { out in
                    out.print("await expectConforms(test.sequence)")
                }
            }
        }
        return out.bytes
    }

    /// Swift Testing's `Tags.swift`: a tag per setup and app state; an id both have is declared once.
    func tagsFile() -> [UInt8] {
        let tags = (view.spec.setups.map(\.id) + view.spec.appStates.map(\.id)).uniqued()
        var out = SwiftPrinter.generatedFile(importing: [framework.module])
        out.docComment(["Every test is tagged with its setup and app state, to run a slice in Xcode."])
        out.block("extension Tag {") { out in
            out.lines(tags.map { tag in "@Tag static var \(tag): Self" })
        }
        return out.bytes
    }

    /// What a test file imports: the module, its test-support module and the framework.
    private var imports: [String] { [module, OutputPlan.testSupportModule(module), framework.module] }

    /// A group's XCTest methods: one per scenario, but a list's scenarios (`SwiftView.Group.lists`) are one test.
    private static func xcTests(of group: SwiftView.Group) -> [(name: String, summary: String, conforming: String)] {
        let listed = Set(group.lists.flatMap(\.members))
        let own = (0..<group.ownCount).filter { !listed.contains($0) }.map { index in
            (name: group.testNames[index], summary: group.summaries[index], conforming: "." + group.names[index])
        }
        let lists = group.lists.map { list in
            (
                name: String(list.name.dropFirst(group.name.count + 2)), summary: list.summary,
                conforming: "PushScenario." + list.name
            )
        }
        return own + lists
    }

    /// XCTest methods, a blank line apart: `summary` as each doc comment, then `assertConforms` on `conforming`.
    private func printXCTests(_ tests: [(name: String, summary: String, conforming: String)], _ out: inout SwiftPrinter) {
        out.separated(tests) { out, test in
            out.docComment([test.summary])
            out.block("func test_\(test.name)() {") { out in
                out.call("assertConforms(\(test.conforming))")
            }
        }
    }

    /// A group's Swift Testing tests: one per setup and app state over its scenarios, then one over the scenarios
    /// conditions make.
    private func printTestingTests(of group: SwiftView.Group, _ out: inout SwiftPrinter) {
        let cells = zip(group.scenarios.prefix(group.ownCount), group.names).grouped { [$0.0.setup, $0.0.appState] }
        out.separated(cells) { out, cell in
            let (setup, appState) = (cell.key[0], cell.key[1])
            out.print("@Test(")
            out.indented { out in
                out.print("\"\(setup) · \(appState)\", .tags(.\(setup), .\(appState)),")
                out.block("arguments: ScenarioCase.cases([", closing: "]))") { out in
                    out.elements(cell.members.map { "." + $0.1 })
                }
            }
            out.block("func \(setup)__\(appState)(_ test: ScenarioCase) async {") { out in
                out.print("await expectConforms(test.scenario)")
            }
        }
        guard group.ownCount < group.names.count else {
            return
        }
        out.blankLine()
        out.print(
            "@Test(\"under conditions\", arguments: ScenarioCase.cases(PushScenario.\(group.name)__underConditions))")
        out.block("func underConditions(_ test: ScenarioCase) async {") { out in
            out.print("await expectConforms(test.scenario)")
        }
    }
}
