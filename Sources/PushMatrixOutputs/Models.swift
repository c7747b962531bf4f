import PushMatrixModel
import PushMatrixSpec

/// The view models of one run, made from the matrix: the model of each plan view for an item.
/// Every template's context also carries the fields all templates may read (`SwiftView.common`),
/// and every plain Swift file's holes the names (`SwiftView.names`).
struct Models: Sendable {
    enum Model {
        case template(TemplateValue)
        /// A file its view writes whole.
        case bytes([UInt8])
        /// The values of a plain Swift file's holes (`SwiftFile`), and the holes filled with
        /// another plain file, by its path, itself filled with those values.
        case holes([String: String], files: [String: String] = [:])
    }

    package let matrix: Matrix, run: OutputPlan.Run
    private let swift: SwiftView
    /// Each payload combination's scenarios with their names, worked out once for every file
    /// that reads them (its scenario file and test class, the sequences).
    private let groups: [SwiftView.Group]
    /// The matrix inverted: the classifier reads it.
    private let sites: [SwiftView.CallSite]
    /// Each language's page texts (`DocsView.texts`), filled once for every page of `generate`.
    private let texts: [String: TemplateValue]
    /// For each cell, the conditions that change it (`Matrix.conditionChanges`), worked out once
    /// for the cells of every page and the page of conditions.
    private let conditionChanges: [[(condition: String, paths: Int)]]

    package init(matrix: Matrix, run: OutputPlan.Run) {
        (self.matrix, self.run) = (matrix, run)
        swift = SwiftView(matrix: matrix)
        let conditioned = Dictionary(grouping: matrix.conditionScenarios(), by: \.payload)
        let leaving = matrix.spec.taps.filter { !$0.touchesNotification }.map(\.id)
        groups = swift.scenarioGroups.map {
            SwiftView.Group(
                $0.payload, $0.scenarios, conditioned: conditioned[$0.payload] ?? [], leaving: leaving, keys: matrix.payloadKeyIds)
        }
        sites = SwiftView.callSites(matrix)
        let languages = run.product == .generate ? matrix.spec.languages.map(\.id) : []
        texts = Dictionary(uniqueKeysWithValues: languages.map { ($0, DocsView(book: Phrasebook(matrix: matrix, language: $0)).texts) })
        conditionChanges = languages.isEmpty || matrix.spec.conditions.isEmpty ? [] : matrix.spec.cells.map(matrix.conditionChanges)
    }

    package func model(_ key: PlannedFile.ModelKey) -> Model {
        switch key.item {
        case .payload(let index):
            let kit = FieldKitView(matrix: matrix), payload = matrix.payloads[index]
            return .bytes(key.view == .simulatorPayload ? kit.simulatorFile(payload) : kit.deviceFile(payload))
        case .group(let index) where key.view == .scenarioGroup:
            return .bytes(swift.scenarioFile(groups[index]))
        default:
            if let own = holes(key) {
                // The two skeletons' machinery files share how the app delegate routes a call.
                let files = key.view == .skeleton ? ["routing": "swift/SkeletonRouting.swift"] : [:]
                return .holes(own.merging(swift.names) { own, _ in own }, files: files)
            }
            var fields = swift.common
            if case .object(let own) = template(key) { for name in own.names { fields[name] = own[name] } }
            return .template(.object(fields))
        }
    }

    /// The holes of a view whose files are plain Swift, or nil for a view of templates.
    private func holes(_ key: PlannedFile.ModelKey) -> [String: String]? {
        switch key.view {
        case .dimensions: return swift.dimensions()
        case .skeleton: return swift.skeleton()
        case .scenarioTable: return swift.scenarioTable(conditioned: groups.filter { $0.ownCount < $0.names.count }.map(\.name))
        case .sequences: return swift.sequences(names: groups.flatMap(\.names))
        case .classifier: return swift.classifier(sites)
        case .runtime: return swift.runtime()
        case .kit: return FieldKitView(matrix: matrix).probe(module: run.module, specName: run.specName)
        case .testSupport: return swift.testSupport(key.tests, module: run.module)
        case .suite:
            guard case .group(let index) = key.item else { return nil }
            return swift.testFile(groups[index], module: run.module, framework: key.tests)
        case .sequenceSuite: return swift.sequenceSuite(key.tests, module: run.module)
        case .module: return ["module": run.module]
        default: return nil
        }
    }

    private func template(_ key: PlannedFile.ModelKey) -> TemplateValue {
        let module = run.module
        switch (key.view, key.item) {
        case (.docsPage, .page(let id, let language)):
            let view = DocsView(
                book: Phrasebook(matrix: matrix, language: language), texts: texts[language], conditionChanges: conditionChanges)
            guard case .object(let fields) = view.page(id) else { return view.page(id) }
            return .object(fields.merging(view.articleFields(id, module: module)))
        case (.runbook, .language(let language)): return FieldKitView(matrix: matrix).runbook(language, module: module)
        default: return .object([:])  // no other view has templates
        }
    }
}
