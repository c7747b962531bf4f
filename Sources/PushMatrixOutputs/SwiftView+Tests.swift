/// The view models of the conformance suite, for either test framework.
extension SwiftView {
    /// The suite's shared helpers; Swift Testing's also declare a tag per setup and app state.
    func testSupport(_ framework: TestFramework, module: String) -> TemplateValue {
        var fields: TemplateFields = ["module": .verbatim(module)]
        if framework == .swiftTesting {
            // A setup and an app state may share an id; a tag is declared once.
            var tags: [String] = []
            for id in spec.setups.map(\.id) + spec.appStates.map(\.id) where !tags.contains(id) { tags.append(id) }
            fields["tags"] = .list(tags.map { .verbatim($0) })
        }
        return .object(fields)
    }

    /// One payload combination's tests: XCTest's a method per scenario, named without the
    /// payload combination its class is named for; Swift Testing's a parameterized test per
    /// setup and app state, in the order the scenarios reach them.
    func testFile(_ group: Group, module: String, framework: TestFramework) -> TemplateValue {
        var fields: TemplateFields = ["module": .verbatim(module), "typeName": .verbatim(group.typeName)]
        switch framework {
        case .xctest:
            fields["scenarios"] = .list(
                group.names.indices.map {
                    .object([
                        "name": .verbatim(group.testNames[$0]), "summary": .text(group.summaries[$0]),
                        "assertion": .verbatim(SwiftPrinter.wrapped(call: "assertConforms(.\(group.names[$0]))", indent: 8)),
                    ])
                })
        case .swiftTesting:
            var cells: [(setup: String, appState: String, names: [String])] = []
            for (scenario, name) in zip(group.scenarios, group.names) {
                if let index = cells.firstIndex(where: { $0.setup == scenario.setup && $0.appState == scenario.appState }) {
                    cells[index].names.append(name)
                } else {
                    cells.append((scenario.setup, scenario.appState, [name]))
                }
            }
            fields["words"] = .verbatim(Self.payloadWords(group.payload, keys: matrix.payloadKeyIds))
            fields["tests"] = .list(
                cells.map { cell in
                    .object([
                        "setup": .verbatim(cell.setup), "appState": .verbatim(cell.appState),
                        // swift-format wants a trailing comma after the last argument unless it is the only one.
                        "scenarios": .list(cell.names.map { .verbatim(cell.names.count > 1 ? $0 + "," : $0) }),
                    ])
                })
        }
        return .object(fields)
    }
}
