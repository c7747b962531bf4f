import PushMatrixSpec

/// Every file a run can produce, as one table: a row's path and template (patterns over what it ranges over), the view
/// making the model, the format, and when its files exist. `generate`, `field-kit`, `validate`, the input digest and
/// `--tests` read it; an output is a row.
package enum OutputPlan {
    /// What one run makes: `generate` (with a test framework) or the field kit, of a module.
    package struct Job: Sendable {
        package enum Product: Sendable { case generate, fieldKit }
        package var product: Product
        package var module: String
        package var tests: TestFramework = .xctest
        /// The name the field kit's probe gives the spec in the runs it records.
        package var specName: String = "spec"

        package init(product: Product, module: String, tests: TestFramework = .xctest, specName: String = "spec") {
            (self.product, self.module, self.tests, self.specName) = (product, module, tests, specName)
        }
    }

    /// When a row's files exist: in `generate`'s output only (the documentation, the DocC catalog, the suite's fixed
    /// files), in it and the field kit's package (the module's sources), in it when its suite is written for this
    /// framework, or in the field kit only.
    package enum Condition: Sendable {
        case generate
        case module
        case tests(TestFramework)
        case fieldKit

        package func holds(for run: Job) -> Bool {
            switch self {
            case .generate: return run.product == .generate
            case .module: return true
            case .tests(let framework): return run.product == .generate && run.tests == framework
            case .fieldKit: return run.product == .fieldKit
            }
        }
    }

    /// What a row's path and template range over (`{{module}}` is known in every row): one file; each docs page
    /// (`{{page}}`) in each language (`{{language}}`); each page but the index in the first language (a DocC article
    /// shares its page's model); the index in the first language, for the DocC landing page; each payload
    /// combination by group type name (`{{payloadType}}`) or name (`{{payloadName}}`); each language; each file of
    /// one `swiftFiles` part (`{{file}}`, `{{template}}`); one file when the spec has an app delegate skeleton
    /// (`swiftFiles.sources` is not empty and its delegate is UIKit's); one file when the skeleton is UIKit's app
    /// delegate (`swiftFiles.delegate`): its router, memory and classifier, checks and handler under test, which a
    /// PushKit spec leaves out or brings in its own files.
    package enum Range: Sendable {
        case one
        case pages
        /// Each wrapper's page (`{{page}}`, named by `wrapperPage`) in each language.
        case wrapperPages
        case articles
        case index
        case groups
        case payloads
        case languages
        case specFiles(KeyPath<SwiftFiles, [SwiftFiles.File]> & Sendable)
        case skeleton
        case uiKitDelegate
    }

    /// What makes a row's files (`Models` makes each model): a template's context (`docsPage`, `runbook`), an
    /// emitter that prints a whole Swift file (`dimensions` to `probe`), a plain Swift file copied (`plain`), or a
    /// payload file's JSON.
    package enum View: Sendable {
        case docsPage
        case runbook
        case dimensions
        case classifier
        case scenarioTable
        case scenarioGroup
        case sequences
        case skeleton
        case suite
        case sequenceSuite
        case testTags
        case probe
        case plain
        case simulatorPayload
        case devicePayload
    }

    package struct Row: Sendable {
        package let path: String
        /// Nil for a file the view writes whole (the payload files' JSON).
        package let template: String?
        /// What makes the file's content.
        package let view: View
        /// The file's format.
        package let format: Format
        /// What the row's path and template range over.
        package let range: Range
        /// When the row's files exist.
        package let when: Condition
        /// The template for a `template` that neither the user's directory nor the built-ins have (a runbook not yet
        /// translated).
        package let fallback: String?

        init(
            _ path: String, _ template: String?, _ view: View, _ format: Format, _ range: Range, _ when: Condition,
            fallback: String? = nil
        ) {
            (self.path, self.template, self.view, self.format, self.range, self.when, self.fallback) =
                (path, template, view, format, range, when, fallback)
        }
    }

    package enum Format: Sendable { case markdown, html, swift, json }

    /// The generated module's sources: what an app links.
    package static let sources = "Sources/{{module}}"
    /// The test-support module's sources: the scenarios and the conformance checks, which only test targets (and the field
    /// kit's probe) link.
    package static let testSupport = "Sources/{{module}}TestSupport"

    /// The test-support module's name for the generated module `module`.
    package static func testSupportModule(_ module: String) -> String {
        module + "TestSupport"
    }
    /// The conformance suite.
    package static let tests = "Tests/{{module}}ConformanceTests"
    /// The module's DocC catalog.
    package static let catalog = "Sources/{{module}}/{{module}}.docc"

    /// The documentation pages of `spec`, in the order the index lists them: a page for each section the spec has.
    package static func pages(_ spec: Spec) -> [String] {
        let pages: [(id: String, made: Bool)] = [
            ("index", true), ("reception-methods", true), (explorer, true), ("setup", spec.setupGuide != nil),
            ("conditions", !spec.conditions.isEmpty), ("reception-handler", spec.receptionHandler != nil),
            ("permission", spec.permission != nil),
            ("call-order", true),
        ]
        return pages.filter(\.made).map(\.id)
    }

    /// The page made in HTML only: no Markdown file nor DocC article.
    package static let explorer = "explorer"

    /// The page of the wrapper `id`: the matrix in its events.
    package static func wrapperPage(_ id: String) -> String { "wrapper-" + id }

    /// Where `generate` writes a documentation page in Markdown, relative to its output folder.
    package static func markdownPage(_ page: String, language: String) -> String {
        let row = rows.first { row in if case .pages = row.range { row.format == .markdown } else { false } }!
        return Placeholders.filled(row.path, ["language": language, "page": page])
    }

    /// The table. Each row: path, template, view, format, range, condition.
    package static let rows: [Row] = [
        Row("Docs/{{language}}/{{page}}.md", "docs/{{page}}.md", .docsPage, .markdown, .pages, .generate),
        Row("Docs/{{language}}/{{page}}.html", "docs/{{page}}.html", .docsPage, .html, .pages, .generate),
        Row("Docs/{{language}}/{{page}}.md", "docs/wrapper.md", .docsPage, .markdown, .wrapperPages, .generate),
        Row("Docs/{{language}}/{{page}}.html", "docs/wrapper.html", .docsPage, .html, .wrapperPages, .generate),
        Row("\(sources)/Dimensions.swift", nil, .dimensions, .swift, .one, .module),
        Row("\(sources)/Classifier.swift", nil, .classifier, .swift, .uiKitDelegate, .module),
        Row("\(sources)/Runtime.swift", "swift/Runtime.swift", .plain, .swift, .uiKitDelegate, .module),
        Row("\(sources)/FieldRecorder.swift", "swift/FieldRecorder.swift", .plain, .swift, .one, .module),
        Row("\(sources)/PushMemory.swift", "swift/PushMemory.swift", .plain, .swift, .uiKitDelegate, .module),
        Row("\(sources)/{{file}}", "{{template}}", .plain, .swift, .specFiles(\.sources), .module),
        Row("\(sources)/Skeleton/PushAppDelegate+States.swift", nil, .skeleton, .swift, .skeleton, .module),
        Row("\(sources)/Skeleton/PushAppDelegate+Routing.swift", "swift/SkeletonRouting.swift", .plain, .swift, .skeleton, .module),
        Row("\(testSupport)/Scenarios.swift", "swift/TestSupport/Scenarios.swift", .plain, .swift, .one, .module),
        Row(
            "\(testSupport)/ConformanceCheck.swift", "swift/TestSupport/ConformanceCheck.swift", .plain, .swift, .uiKitDelegate,
            .module),
        Row("\(testSupport)/{{file}}", "{{template}}", .plain, .swift, .specFiles(\.testSupport), .module),
        Row(
            "\(testSupport)/PushAppDelegateUnderTest.swift", "swift/TestSupport/PushAppDelegateUnderTest.swift", .plain, .swift,
            .skeleton, .module),
        Row("\(testSupport)/Scenarios/ScenarioTable.swift", nil, .scenarioTable, .swift, .one, .module),
        Row("\(testSupport)/Scenarios/{{payloadType}}.swift", nil, .scenarioGroup, .swift, .groups, .module),
        Row("\(testSupport)/Scenarios/Sequences.swift", nil, .sequences, .swift, .one, .module),
        Row("\(tests)/Conformance.swift", "swift/Tests/Conformance.swift", .plain, .swift, .one, .tests(.xctest)),
        Row("\(tests)/Conformance.swift", "swift/Tests/TestingConformance.swift", .plain, .swift, .one, .tests(.swiftTesting)),
        Row("\(tests)/Tags.swift", nil, .testTags, .swift, .one, .tests(.swiftTesting)),
        Row(
            "\(tests)/HandlerUnderTest.swift", "swift/Tests/HandlerUnderTest.swift", .plain, .swift, .uiKitDelegate, .generate),
        Row("\(tests)/{{file}}", "{{template}}", .plain, .swift, .specFiles(\.tests), .generate),
        Row("\(tests)/{{payloadType}}ConformanceTests.swift", nil, .suite, .swift, .groups, .tests(.xctest)),
        Row("\(tests)/{{payloadType}}ConformanceTests.swift", nil, .suite, .swift, .groups, .tests(.swiftTesting)),
        Row("\(tests)/SequenceConformanceTests.swift", nil, .sequenceSuite, .swift, .one, .tests(.xctest)),
        Row("\(tests)/SequenceConformanceTests.swift", nil, .sequenceSuite, .swift, .one, .tests(.swiftTesting)),
        Row("\(catalog)/{{module}}.md", "docc/module.md", .docsPage, .markdown, .index, .generate),
        Row("\(catalog)/{{page}}.md", "docc/article-{{page}}.md", .docsPage, .markdown, .articles, .generate),
        Row("Package.swift", "fieldkit/Package.swift", .plain, .swift, .one, .fieldKit),
        Row("Probe/Shared/ProbePlan.swift", "swift/probe/ProbePlan.swift", .plain, .swift, .one, .fieldKit),
        Row("Probe/Shared/ProbeStore.swift", "swift/probe/ProbeStore.swift", .plain, .swift, .one, .fieldKit),
        Row("Probe/Shared/ProbeWords.swift", "swift/probe/ProbeWords.swift", .plain, .swift, .one, .fieldKit),
        Row("Probe/Shared/ProbeScreen.swift", "swift/probe/ProbeScreen.swift", .plain, .swift, .one, .fieldKit),
        Row("Probe/Shared/ProbeSpec.swift", nil, .probe, .swift, .one, .fieldKit),
        Row("Probe/{{file}}", "{{template}}", .plain, .swift, .specFiles(\.probe), .fieldKit),
        Row(
            "Runbook/{{language}}/runbook.md", "fieldkit/runbook.{{language}}.md", .runbook, .markdown, .languages, .fieldKit,
            fallback: "fieldkit/runbook.en.md"),
        Row("Payloads/{{payloadName}}.apns", nil, .simulatorPayload, .json, .payloads, .fieldKit),
        Row("Payloads/{{payloadName}}.device.json", nil, .devicePayload, .json, .payloads, .fieldKit),
        Row("Payloads/send.sh", "fieldkit/send.sh", .plain, .swift, .one, .fieldKit),
    ]
}
