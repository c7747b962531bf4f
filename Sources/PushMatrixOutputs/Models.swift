import PushMatrixModel
import PushMatrixSpec

/// The view models of one run, made from the matrix: the model of each plan view for an item. Every template's
/// context also carries `outsideApp`, whether some handler runs in an app extension.
struct Models: Sendable {
    enum Model {
        case template(TemplateValue)
        /// A file its view writes whole: an emitter's Swift, or a payload's JSON.
        case bytes([UInt8])
        /// A plain Swift file, copied with the module's name in place of `{{module}}` (`PlainSwift`).
        case plain(module: String)
    }

    package let matrix: Matrix
    package let run: OutputPlan.Job
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
    /// `explain`'s answers for every payload combination, worked out once for the explorer page of every language.
    private let answers: ExplorerAnswers?
    /// Each wrapper's view of every cell, by wrapper id, worked out once for its page in every language.
    private let wrapperAnswers: [String: WrapperAnswers]

    package init(matrix: Matrix, run: OutputPlan.Job) {
        (self.matrix, self.run) = (matrix, run)
        swift = SwiftView(matrix: matrix)
        let conditioned = Dictionary(grouping: matrix.conditionScenarios(), by: \.payload)
        let leaving = matrix.spec.taps.filter { !$0.touchesNotification }.map(\.id)
        groups = matrix.scenariosByPayload.map {
            SwiftView.Group(
                $0.payload, $0.scenarios, conditioned: conditioned[$0.payload] ?? [], leaving: leaving, keys: matrix.payloadKeyIds)
        }
        sites = SwiftView.callSites(matrix)
        let languages = run.product == .generate ? matrix.spec.languages.map(\.id) : []
        texts = Dictionary(uniqueKeysWithValues: languages.map { ($0, DocsView(book: Phrasebook(matrix: matrix, language: $0)).texts) })
        conditionChanges = languages.isEmpty || matrix.spec.conditions.isEmpty ? [] : matrix.spec.cells.map(matrix.conditionChanges)
        answers = languages.isEmpty ? nil : ExplorerAnswers(matrix)
        let wrappers = languages.isEmpty ? [] : matrix.spec.wrappers
        wrapperAnswers = Dictionary(uniqueKeysWithValues: zip(wrappers.map(\.id), wrappers.parallelMap { WrapperAnswers(matrix, $0) }))
    }

    package func model(_ key: PlannedFile.ModelKey) -> Model {
        switch (key.view, key.item) {
        case (.simulatorPayload, .payload(let index)):
            return .bytes(FieldKitView(matrix: matrix).simulatorFile(matrix.payloads[index]))
        case (.devicePayload, .payload(let index)):
            return .bytes(FieldKitView(matrix: matrix).deviceFile(matrix.payloads[index]))
        case (.plain, _):
            return .plain(module: run.module)
        case (.docsPage, _), (.runbook, _):
            let fields: TemplateFields = ["outsideApp": .bool(swift.outsideApp)]
            guard case .object(let own) = template(key) else { return .template(.object(fields)) }
            return .template(fields.merging(own))
        default:
            return .bytes(swiftFile(key))
        }
    }

    /// The Swift file an emitter prints for `key`.
    private func swiftFile(_ key: PlannedFile.ModelKey) -> [UInt8] {
        let suite = SuiteEmitter(view: swift, module: run.module, framework: key.tests)
        switch (key.view, key.item) {
        case (.dimensions, _):
            return DimensionsEmitter(view: swift).file()
        case (.classifier, _):
            return ClassifierEmitter(view: swift, sites: sites).file()
        case (.scenarioTable, _):
            let conditioned = groups.filter { $0.ownCount < $0.names.count }.map(\.name)
            return ScenarioTableEmitter(view: swift, conditioned: conditioned, module: run.module).file()
        case (.scenarioGroup, .group(let index)):
            return ScenarioGroupEmitter(view: swift, group: groups[index], module: run.module).file()
        case (.sequences, _):
            return SequencesEmitter(view: swift, names: groups.flatMap(\.names), module: run.module).file()
        case (.skeleton, _):
            return SkeletonEmitter(view: swift).file()
        case (.suite, .group(let index)):
            return suite.groupFile(groups[index])
        case (.sequenceSuite, _):
            return suite.sequenceFile()
        case (.testTags, _):
            return suite.tagsFile()
        case (.probe, _):
            return ProbeEmitter(matrix: matrix, module: run.module, specName: run.specName).file()
        default:
            preconditionFailure("no emitter prints the files of \(key.view) for \(key.item)")
        }
    }

    private func template(_ key: PlannedFile.ModelKey) -> TemplateValue {
        let module = run.module
        switch (key.view, key.item) {
        case (.docsPage, .page(let id, let language)):
            let view = DocsView(
                book: Phrasebook(matrix: matrix, language: language), texts: texts[language], conditionChanges: conditionChanges,
                answers: answers, wrapperAnswers: wrapperAnswers)
            guard case .object(let fields) = view.page(id) else { return view.page(id) }
            return .object(fields.merging(view.articleFields(id, module: module)))
        case (.runbook, .language(let language)): return FieldKitView(matrix: matrix).runbook(language, module: module)
        default: return .object([:])  // no other view has templates
        }
    }
}
