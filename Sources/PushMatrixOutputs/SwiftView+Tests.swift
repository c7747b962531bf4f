/// The holes of the conformance suite's files, for either test framework.
extension SwiftView {
    /// The suite's shared helpers; Swift Testing's also declare a tag per setup and app state.
    func testSupport(_ framework: TestFramework, module: String) -> [String: String] {
        var holes = ["imports": SwiftPrinter.imports([module, framework.module])]
        if framework == .swiftTesting {
            // A setup and an app state may share an id; a tag is declared once.
            var tags: [String] = []
            for id in spec.setups.map(\.id) + spec.appStates.map(\.id) where !tags.contains(id) { tags.append(id) }
            holes["tags"] = tags.map { "    @Tag static var \($0): Self" }.joined(separator: "\n")
        }
        return holes
    }

    /// One payload combination's tests: XCTest's a method per scenario, named without the payload combination its class is named for; Swift
    /// Testing's a parameterized test per setup and app state, in the order the scenarios reach them.
    func testFile(_ group: Group, module: String, framework: TestFramework) -> [String: String] {
        var holes = ["imports": SwiftPrinter.imports([module, framework.module]), "typeName": group.typeName]
        let conditioned = group.ownCount < group.names.count ? group.name + "__underConditions" : nil
        switch framework {
        case .xctest:
            // A list's scenarios are one test, over the list (see `Group`).
            let listed = Set(group.lists.flatMap(\.members))
            holes["tests"] = Self.xcTests(
                (0..<group.ownCount).filter { !listed.contains($0) }.map {
                    (group.testNames[$0], group.summaries[$0], "." + group.names[$0])
                }
                    + group.lists.map { (String($0.name.dropFirst(group.name.count + 2)), $0.summary, "PushScenario." + $0.name) })
        case .swiftTesting:
            var cells: [(setup: String, appState: String, names: [String])] = []
            for (scenario, name) in zip(group.scenarios.prefix(group.ownCount), group.names) {
                if let index = cells.firstIndex(where: { $0.setup == scenario.setup && $0.appState == scenario.appState }) {
                    cells[index].names.append(name)
                } else {
                    cells.append((scenario.setup, scenario.appState, [name]))
                }
            }
            holes["words"] = Self.payloadWords(group.payload, keys: matrix.payloadKeyIds)
            holes["tests"] = SwiftPrinter.hole(indent: 4) { out in
                for (index, (setup, appState, names)) in cells.enumerated() {
                    if index > 0 { out.print("") }
                    out.print("@Test(")
                    out.print("    \"\(setup) · \(appState)\", .tags(.\(setup), .\(appState)),")
                    out.print("    arguments: ScenarioCase.cases([")
                    // swift-format wants a trailing comma after the last argument unless it is the only one.
                    for name in names { out.print("        .\(name)" + (names.count > 1 ? "," : "")) }
                    out.print("    ]))")
                    out.print("func \(setup)__\(appState)(_ test: ScenarioCase) async {")
                    out.print("    await expectConforms(test.scenario)")
                    out.print("}")
                }
                guard let conditioned else { return }
                out.print("")
                out.print("@Test(\"under conditions\", arguments: ScenarioCase.cases(PushScenario.\(conditioned)))")
                out.print("func underConditions(_ test: ScenarioCase) async {")
                out.print("    await expectConforms(test.scenario)")
                out.print("}")
            }
        }
        return holes
    }

    /// XCTest methods, a blank line apart: `summary` as each doc comment, then `assertConforms` on `conforming` (`.name`), wrapped.
    static func xcTests(_ tests: [(name: String, summary: String, conforming: String)]) -> String {
        SwiftPrinter.hole(indent: 4) { out in
            for (index, test) in tests.enumerated() {
                if index > 0 { out.print("") }
                out.print("/// " + SwiftPrinter.comment(test.summary))
                out.print("func test_\(test.name)() {")
                out.print("    " + SwiftPrinter.wrapped(call: "assertConforms(\(test.conforming))", indent: 8))
                out.print("}")
            }
        }
    }
}
