import Foundation
import XCTest

@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// One template context of each kind, its values written out beside the spec that makes them, as SwiftGen keeps its
/// contexts: a documentation page, the field kit's runbook and `explain`'s answer, each made from
/// `Tests/Fixtures/other-dimensions.json` and held against `Tests/Fixtures/contexts/<kind>.txt`. `TemplateContractTests`
/// checks the contexts' shape; these check their values. To accept a change on purpose, run the tests with
/// `PUSHMATRIX_RECORD_CONTEXTS=1` and read the diff.
final class ContextSnapshotTests: XCTestCase {
    private static let matrix = Fixtures.otherDimensions

    func testTheCallOrderPagesContext() throws {
        let book = Phrasebook(matrix: Self.matrix, language: Self.matrix.spec.languages[0].id)
        try assertSnapshot(DocsView(book: book).page("call-order"), named: "page-call-order")
    }

    func testTheRunbooksContext() throws {
        let language = Self.matrix.spec.languages[0].id
        try assertSnapshot(FieldKitView(matrix: Self.matrix).runbook(language, module: "Module"), named: "runbook")
    }

    func testExplainsContext() throws {
        let matrix = Self.matrix
        let payload = Dictionary(uniqueKeysWithValues: matrix.payloadKeyIds.map { ($0, true) })
        let outcomes = matrix.explain(ExplainQuery(payload: payload, setups: [matrix.spec.setups[0].id]))
        let view = ExplainView(book: Phrasebook(matrix: matrix, language: matrix.spec.languages[0].id), without: [], knowsAPNsKeys: false)
        try assertSnapshot(view.value(outcomes, spec: "other-dimensions.json"), named: "explain")
    }

    /// The snapshot of `value`: a line per field, `path: kind = value`, an object's fields by name (some come from a
    /// dictionary, in no order), a list's in its order.
    static func lines(_ value: TemplateValue, at path: String = "") -> [String] {
        switch value {
        case .text(let text):
            return ["\(path): text = \(text.debugDescription)"]
        case .inline(let inline):
            return ["\(path): inline = \(inline.plainText.debugDescription)"]
        case .verbatim(let text):
            return ["\(path): verbatim = \(text.debugDescription)"]
        case .bool(let flag):
            return ["\(path): bool = \(flag)"]
        case .list(let items):
            return ["\(path): list of \(items.count)"] + items.enumerated().flatMap { lines($1, at: "\(path)[\($0)]") }
        case .object(let fields):
            return fields.names.sorted().flatMap { lines(fields[$0]!, at: path.isEmpty ? $0 : path + "." + $0) }
        }
    }

    private func assertSnapshot(_ value: TemplateValue, named name: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let text = Self.lines(value).joined(separator: "\n") + "\n"
        let path = Fixtures.fixture("contexts/\(name).txt")
        if ProcessInfo.processInfo.environment["PUSHMATRIX_RECORD_CONTEXTS"] == "1" {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        let recorded = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.split(separator: "\n").count > 10, "the context has values", file: file, line: line)
        guard recorded != text else { return }
        let have = text.split(separator: "\n", omittingEmptySubsequences: false)
        let want = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        let first = (0..<min(have.count, want.count)).first { have[$0] != want[$0] } ?? min(have.count, want.count)
        XCTFail(
            "\(name): the context differs from \(path) at line \(first + 1):\n"
                + "recorded: \(first < want.count ? String(want[first]) : "(end)")\n"
                + "now:      \(first < have.count ? String(have[first]) : "(end)")",
            file: file, line: line)
    }
}
