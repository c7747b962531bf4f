import PushMatrixModel
import PushMatrixSpec

/// One file of a matrix's output plan: its path, its template (nil when its view writes it whole), and what its model
/// is made from.
package struct PlannedFile: Sendable {
    /// What a row's file is for within the row's range.
    package enum Item: Sendable, Hashable {
        case none
        case page(String, language: String)
        case group(Int)
        case payload(Int)
        case language(String)
    }

    /// Files with equal keys render from one model: a page's Markdown and HTML, the probe's files.
    package struct ModelKey: Sendable, Hashable { package let view: OutputPlan.View, item: Item, tests: TestFramework }

    package let path: String
    package let template: String?
    package let fallback: String?
    package let format: OutputPlan.Format
    package let key: ModelKey
}

extension OutputPlan {
    /// The files `run` makes from `matrix`, row by row (of `rows`, the table unless a test adds to it).
    package static func files(_ matrix: Matrix, for run: Job, rows: [Row] = rows) -> [PlannedFile] {
        rows.filter { $0.when.holds(for: run) }.flatMap { expand($0, matrix, module: run.module, tests: run.tests) }
    }

    /// Every file any run can make from `matrix`, each row's files once: for `validate`.
    package static func everyFile(_ matrix: Matrix, module: String, rows: [Row] = rows) -> [PlannedFile] {
        rows.flatMap { row in
            let tests: TestFramework = if case .tests(let framework) = row.when { framework } else { .xctest }
            return expand(row, matrix, module: module, tests: tests)
        }
    }

    /// The templates `run` may read, for the input digest: every built-in template but those that only rows not holding
    /// for the run name, and any other template a holding row names outright. Partials and the spec's own Swift files
    /// count for every run.
    package static func templates(for run: Job, rows: [Row] = rows) -> [String] {
        let used = TemplateNames(rows.filter { $0.when.holds(for: run) })
        let unused = TemplateNames(rows.filter { !$0.when.holds(for: run) })
        let builtIn = TemplateLibrary.paths.filter { !unused.match($0) || used.match($0) }
        return builtIn + used.fixed.subtracting(builtIn).sorted()
    }

    /// Templates some rows name, outright or by a pattern whose `{{…}}` is part of one path segment; `{{template}}`
    /// (the spec's) counts always.
    private struct TemplateNames {
        let fixed: Set<String>
        /// Each pattern's literal parts: the text before the first placeholder, between placeholders, and after the
        /// last.
        let patterns: [[String]]

        init(_ rows: [Row]) {
            let names = rows.flatMap { [$0.template, $0.fallback].compactMap { $0 } }
            fixed = Set(names.filter { Placeholders.names($0).isEmpty })
            patterns = names.filter { !Placeholders.names($0).isEmpty && $0 != "{{template}}" }.map { pattern in
                Placeholders.pieces(pattern).reduce(into: [""]) { literals, piece in
                    switch piece {
                    case .literal(let text): literals[literals.count - 1] = text
                    case .name: literals.append("")
                    }
                }
            }
        }

        func match(_ path: String) -> Bool { fixed.contains(path) || patterns.contains { Self.matches(path, $0) } }

        private static func matches(_ path: String, _ literals: [String]) -> Bool {
            guard let first = literals.first, let last = literals.last, path.hasPrefix(first), path.hasSuffix(last),
                path.utf8.count >= first.utf8.count + last.utf8.count
            else { return false }
            var rest = path.dropFirst(first.count).dropLast(last.count)
            for literal in literals.dropFirst().dropLast() {
                guard let start = rest.indices.first(where: { rest[$0...].hasPrefix(literal) }), !rest[..<start].contains("/") else {
                    return false
                }
                rest = rest[start...].dropFirst(literal.count)
            }
            return !rest.contains("/")
        }
    }

    private static func expand(_ row: Row, _ matrix: Matrix, module: String, tests: TestFramework) -> [PlannedFile] {
        func file(_ values: [String: String], _ item: PlannedFile.Item) -> PlannedFile {
            let all = values.merging(["module": module]) { own, _ in own }
            let fill = { (pattern: String) in Placeholders.filled(pattern, all) }
            return PlannedFile(
                path: fill(row.path), template: row.template.map(fill), fallback: row.fallback, format: row.format,
                key: PlannedFile.ModelKey(view: row.view, item: item, tests: tests))
        }
        let spec = matrix.spec
        let pages = OutputPlan.pages(spec)
        let keys = matrix.payloadKeyIds
        switch row.range {
        case .one:
            return [file([:], .none)]
        case .pages:
            return pages.filter { row.format == .html || $0 != OutputPlan.explorer }.flatMap { page in
                spec.languages.map { file(["page": page, "language": $0.id], .page(page, language: $0.id)) }
            }
        case .wrapperPages:
            return spec.wrappers.map { OutputPlan.wrapperPage($0.id) }.flatMap { page in
                spec.languages.map { file(["page": page, "language": $0.id], .page(page, language: $0.id)) }
            }
        case .articles:
            return pages.filter { $0 != "index" && $0 != OutputPlan.explorer }.map {
                file(["page": $0], .page($0, language: spec.languages[0].id))
            }
        case .index:
            return [file([:], .page("index", language: spec.languages[0].id))]
        case .skeleton:
            let files = spec.swiftFilesOrDefault
            return files.sources.isEmpty || files.delegate != .uiKit ? [] : [file([:], .none)]
        case .uiKitDelegate:
            return spec.swiftFilesOrDefault.delegate == .uiKit ? [file([:], .none)] : []
        case .groups:
            return matrix.scenariosByPayload.enumerated().map {
                file(["payloadType": SwiftView.payloadTypeName($1.payload, keys: keys)], .group($0))
            }
        case .payloads:
            let kit = FieldKitView(matrix: matrix)
            return kit.fileIndices(simulator: row.view == .simulatorPayload).map {
                file(["payloadName": kit.name(matrix.payloads[$0])], .payload($0))
            }
        case .languages:
            return spec.languages.map { file(["language": $0.id], .language($0.id)) }
        case .specFiles(let part):
            return spec.swiftFilesOrDefault[keyPath: part].map { file(["file": $0.file, "template": $0.template], .none) }
        }
    }
}
