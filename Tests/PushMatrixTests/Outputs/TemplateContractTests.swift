import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs

/// docs/templates.md is the contract of every overridable template: the fields its context
/// holds. These tests make every context the generator builds, for specs that reach every
/// field, and hold each against its documented table, so a field added, renamed or dropped
/// fails here until the documentation says so.
final class TemplateContractTests: XCTestCase {
    private static let document = Fixtures.root.appendingPathComponent("docs/templates.md").path
    /// Object keys named by the spec rather than the generator, written `<name>` in the contract.
    private static let specNamed: Set<String> = ["texts"]
    /// Fields the generator adds to every template's context.
    private static let every = "every template"
    /// Fields the generator adds to every documentation page's context.
    private static let everyPage = "every page"

    func testEveryContextIsDocumentedFieldByField() throws {
        let made = Self.contexts()
        let documented = try Self.documented()
        // `explain` is rendered apart from the output plan and has none of the common fields.
        let planned = made.filter { $0.key != "explain" }.map(\.value)
        let common = planned.reduce(planned[0]) { $0.intersection($1) }
        let pages = made.filter { $0.key.hasPrefix("page ") }.map(\.value)
        let pageShared = pages.reduce(pages[0]) { $0.intersection($1) }.subtracting(common)
        var expected = [Self.every: common, Self.everyPage: pageShared]
        for (context, fields) in made {
            expected[context] =
                context == "explain"
                ? fields : fields.subtracting(common).subtracting(context.hasPrefix("page ") ? pageShared : [])
        }
        var problems: [String] = []
        for context in Set(expected.keys).union(documented.keys).sorted() {
            let want = expected[context] ?? []
            let have = documented[context] ?? []
            guard want != have else { continue }
            problems.append("### `\(context)`")
            problems += want.subtracting(have).sorted().map { "  undocumented: | `\($0.field)` | \($0.kind) |" }
            problems += have.subtracting(want).sorted().map { "  documented but not in the context: `\($0)`" }
        }
        XCTAssertTrue(
            problems.isEmpty, "docs/templates.md and the contexts differ:\n" + problems.joined(separator: "\n"))
    }

    /// The contract finds a field a context gains, so the comparison above can fail.
    func testAFieldAddedToAContextIsFound() {
        var fields: Set<String> = []
        Self.shape(["rows": [["name": "x", "texts": ["anyName": "y"]]]], at: "", into: &fields)
        XCTAssertEqual(
            fields, ["rows: list", "rows[].name: text", "rows[].texts: object", "rows[].texts.<name>: text"])
    }

    /// Each context's fields as `path: kind`, by context: `page ID` for a documentation page (its
    /// Markdown, HTML and DocC article), `explain`, else the view's name.
    private static func contexts() -> [String: Set<String>] {
        var contexts: [String: Set<String>] = [:]
        for matrix in [Fixtures.builtIn, Fixtures.current, Fixtures.otherDimensions] {
            // The test framework changes only Swift files, never a template's context: one run per product reaches them all.
            for product in [OutputPlan.Job.Product.generate, .fieldKit] {
                let run = OutputPlan.Job(product: product, module: "Module")
                let models = Models(matrix: matrix, run: run)
                var seen = Set<PlannedFile.ModelKey>()
                for file in OutputPlan.files(matrix, for: run) where seen.insert(file.key).inserted {
                    let model = models.model(file.key)
                    guard case .template(let value) = model else { continue }
                    let name =
                        if case .page(let page, _) = file.key.item { Self.pageContext(page) } else { "\(file.key.view)" }
                    shape(value, at: "", into: &contexts[name, default: []])
                }
            }
            var explain = ExplainView(
                book: Phrasebook(matrix: matrix, language: matrix.spec.languages[0].id), without: [],
                knowsAPNsKeys: false)
            // A wrapper's answer, where the spec has one, with every condition asked (some it settles).
            explain.wrapper = matrix.spec.wrappers.first.map { wrapper in
                .init(wrapper: wrapper, ownMessage: true, settled: matrix.settled(matrix.spec.conditions.map(\.id), by: wrapper))
            }
            for payload in matrix.payloads {
                // Every condition at once, so each field of an answer under conditions appears.
                let conditions = matrix.spec.conditions.map(\.id)
                let outcomes = matrix.explain(
                    ExplainQuery(payload: payload.flags(matrix.payloadKeyIds), conditions: conditions))
                for compact in [false, true] {
                    shape(
                        explain.value(outcomes, spec: "spec", conditions: conditions, compact: compact), at: "",
                        into: &contexts["explain", default: []])
                }
            }
            for handler in matrix.spec.handlers.map(\.id) {
                let outcomes = matrix.outcomes(calling: handler, setups: nil, appStates: nil)
                shape(explain.value(calling: handler, outcomes, spec: "spec"), at: "", into: &contexts["explain", default: []])
            }
        }
        return contexts
    }

    /// The context a page's fields are documented under: `page wrapper` for every wrapper's page, else `page ID`.
    private static func pageContext(_ page: String) -> String {
        page.hasPrefix("wrapper-") ? "page wrapper" : "page \(page)"
    }

    /// `value`'s fields as `path: kind`; a list's elements are `list[]`, merged.
    static func shape(_ value: TemplateValue, at path: String, into fields: inout Set<String>) {
        let kind: String
        switch value {
        case .text: kind = "text"
        case .inline: kind = "inline"
        case .verbatim: kind = "verbatim"
        case .bool: kind = "bool"
        case .list(let items):
            kind = "list"
            for item in items { shape(item, at: path + "[]", into: &fields) }
        case .object(let members):
            kind = "object"
            let named = specNamed.contains(String(path.split(separator: ".").last ?? ""))
            for name in members.names {
                shape(members[name]!, at: (path.isEmpty ? "" : path + ".") + (named ? "<name>" : name), into: &fields)
            }
        }
        // A list's element objects are implied by their fields; the top level is the context.
        if !path.isEmpty && !(kind == "object" && path.hasSuffix("[]")) { fields.insert("\(path): \(kind)") }
    }

    /// The contract's tables, by context: under each `### \`CONTEXT\`` heading, every row that
    /// starts with a backquoted field, as `field: kind`.
    private static func documented() throws -> [String: Set<String>] {
        var contexts: [String: Set<String>] = [:]
        var context: String?
        for line in try String(contentsOfFile: document, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("#") {
                context = line.hasPrefix("### `") ? line.dropFirst(5).prefix { $0 != "`" }.description : nil
                continue
            }
            guard let context, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            contexts[context, default: []].insert("\(cells[0].dropFirst().dropLast()): \(cells[1])")
        }
        return contexts
    }
}

extension String {
    fileprivate var field: Substring { prefix { $0 != ":" } }
    fileprivate var kind: Substring { suffix(from: index(firstIndex(of: ":")!, offsetBy: 2)) }
}
