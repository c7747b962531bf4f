import PushMatrixSupport

/// The built-in spec and templates, compiled into the binary so that an installed `pushmatrix`
/// works from any directory. SwiftPM embeds them (`resources` in Package.swift) from `Spec/`
/// and `Templates/`, through the links beside this file: there is no copy to keep in step.
enum BuiltInFiles {
    /// A matrix compiled in, as `--spec builtin:NAME` names it.
    struct Spec: Sendable {
        let name: String
        /// Where it lives in this repository.
        let file: String
        /// One line on what it covers, for `pushmatrix specs`.
        let covers: String
        let bytes: [UInt8]

        var reference: String { BuiltInFiles.prefix + name }
    }

    static let prefix = "builtin:"

    /// The built-in matrices; the first is the default.
    static let specs = [
        Spec(
            name: "current", file: "Spec/push-matrix-current.json",
            covers: "iOS 13–27: scenes, SwiftUI, willPresent, service extensions, force-quit (the default)",
            bytes: PackageResources.push_matrix_current_json),
        Spec(
            name: "ios8-10", file: "Spec/push-matrix.json", covers: "iOS 8–10, measured on devices",
            bytes: PackageResources.push_matrix_json),
    ]

    /// What a field log calls the spec at `path` with these bytes: the built-in name of a
    /// built-in spec (however it is referred to), else the file's name without `.json`.
    static func name(of path: String?, bytes: [UInt8]) -> String {
        if let builtIn = specs.first(where: { $0.bytes == bytes }) { return builtIn.name }
        let file = path?.split(separator: "/").last.map(String.init) ?? "spec"
        return file.hasSuffix(".json") ? String(file.dropLast(".json".count)) : file
    }

    /// The built-in matrix `reference` names (`builtin:NAME`); nil for a reference that is not
    /// of that form. Throws for an unknown name.
    static func spec(_ reference: String) throws(DiagnosticsError) -> Spec? {
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

    /// Each template by its path under `Templates/`. SwiftPM names an embedded file by its name
    /// alone, so the folders are given here; a test checks this table against `Templates/`.
    static let templates: [String: String] = [
        "fieldkit/Package.swift": PackageResources.Package_swift,
        "fieldkit/runbook.en.md": PackageResources.runbook_en_md,
        "fieldkit/runbook.ja.md": PackageResources.runbook_ja_md,
        "docc/_full-page.md": PackageResources._full_page_md,
        "docc/article-call-order.md": PackageResources.article_call_order_md,
        "docc/article-permission.md": PackageResources.article_permission_md,
        "docc/article-reception-handler.md": PackageResources.article_reception_handler_md,
        "docc/article-reception-methods.md": PackageResources.article_reception_methods_md,
        "docc/article-setup.md": PackageResources.article_setup_md,
        "docc/module.md": PackageResources.module_md,
        "docs/_chip.html": PackageResources._chip_html,
        "docs/_design-cases.html": PackageResources._design_cases_html,
        "docs/_design-cases.md": PackageResources._design_cases_md,
        "docs/_foot.html": PackageResources._foot_html,
        "docs/_footnotes.html": PackageResources._footnotes_html,
        "docs/_footnotes.md": PackageResources._footnotes_md,
        "docs/_head.html": PackageResources._head_html,
        "docs/_kinds.html": PackageResources._kinds_html,
        "docs/_kinds.md": PackageResources._kinds_md,
        "docs/_matrix-table.html": PackageResources._matrix_table_html,
        "docs/_matrix-table.md": PackageResources._matrix_table_md,
        "docs/_nav.md": PackageResources._nav_md,
        "docs/_overview.html": PackageResources._overview_html,
        "docs/_path-steps.html": PackageResources._path_steps_html,
        "docs/_source-item.html": PackageResources._source_item_html,
        "docs/_source-item.md": PackageResources._source_item_md,
        "docs/_sources.html": PackageResources._sources_html,
        "docs/_sources.md": PackageResources._sources_md,
        "docs/_step.html": PackageResources._step_html,
        "docs/_style.html": PackageResources._style_html,
        "docs/_terminology.html": PackageResources._terminology_html,
        "docs/_terminology.md": PackageResources._terminology_md,
        "docs/call-order.html": PackageResources.call_order_html,
        "docs/call-order.md": PackageResources.call_order_md,
        "docs/index.html": PackageResources.index_html,
        "docs/index.md": PackageResources.index_md,
        "docs/permission.html": PackageResources.permission_html,
        "docs/permission.md": PackageResources.permission_md,
        "docs/reception-handler.html": PackageResources.reception_handler_html,
        "docs/reception-handler.md": PackageResources.reception_handler_md,
        "docs/reception-methods.html": PackageResources.reception_methods_html,
        "docs/reception-methods.md": PackageResources.reception_methods_md,
        "docs/setup.html": PackageResources.setup_html,
        "docs/setup.md": PackageResources.setup_md,
        "explain/explain.txt": PackageResources.explain_txt,
        "swift/Classifier.swift": PackageResources.Classifier_swift,
        "swift/Dimensions.swift": PackageResources.Dimensions_swift,
        "swift/PushMemory.swift": PackageResources.PushMemory_swift,
        "swift/Runtime.swift": PackageResources.Runtime_swift,
        "swift/ScenarioGroup.swift": PackageResources.ScenarioGroup_swift,
        "swift/ScenarioTable.swift": PackageResources.ScenarioTable_swift,
        "swift/Sequences.swift": PackageResources.Sequences_swift,
        "swift/Skeleton.swift": PackageResources.Skeleton_swift,
        "swift/SkeletonMachinery.swift": PackageResources.SkeletonMachinery_swift,
        "swift/Tests/Conformance.swift": PackageResources.Conformance_swift,
        "swift/Tests/ConformanceTests.swift": PackageResources.ConformanceTests_swift,
        "swift/Tests/HandlerUnderTest.swift": PackageResources.HandlerUnderTest_swift,
        "swift/Tests/SequenceConformanceTests.swift": PackageResources.SequenceConformanceTests_swift,
        "swift/Tests/TestingConformance.swift": PackageResources.TestingConformance_swift,
        "swift/Tests/TestingConformanceTests.swift": PackageResources.TestingConformanceTests_swift,
        "swift/Tests/TestingSequenceConformanceTests.swift": PackageResources.TestingSequenceConformanceTests_swift,
        "swift/_skeleton-routing.swift": PackageResources._skeleton_routing_swift,
        "swift/current/NotificationService.swift": PackageResources.NotificationService_swift,
        "swift/current/SceneAwareAppDelegate.swift": PackageResources.SceneAwareAppDelegate_swift,
        "swift/current/SceneAwareMachinery.swift": PackageResources.SceneAwareMachinery_swift,
        "swift/current/SceneDelegate.swift": PackageResources.SceneDelegate_swift,
        "swift/current/ServiceExtensionSupport.swift": PackageResources.ServiceExtensionSupport_swift,
        "swift/current/SwiftUIApp.swift": PackageResources.SwiftUIApp_swift,
        "swift/probe/AppDelegateProbe.swift": PackageResources.AppDelegateProbe_swift,
        "swift/probe/ProbePlan.swift": PackageResources.ProbePlan_swift,
        "swift/probe/ProbeScreen.swift": PackageResources.ProbeScreen_swift,
        "swift/probe/ProbeStore.swift": PackageResources.ProbeStore_swift,
        "swift/probe/ProbeWords.swift": PackageResources.ProbeWords_swift,
        "swift/probe/current/AppDelegateSetupProbe.swift": PackageResources.AppDelegateSetupProbe_swift,
        "swift/probe/current/ProbeDelegate.swift": PackageResources.ProbeDelegate_swift,
        "swift/probe/current/ScenesSetupProbe.swift": PackageResources.ScenesSetupProbe_swift,
        "swift/probe/current/ServiceExtensionProbe.swift": PackageResources.ServiceExtensionProbe_swift,
        "swift/probe/current/SwiftUISetupProbe.swift": PackageResources.SwiftUISetupProbe_swift,
    ].mapValues { String(decoding: $0, as: UTF8.self) }
}
