import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// The call-order page read back: for each setup, what each tap calls must be what the
/// matrix's cells say, method by method; and the facts that come only from the call order's
/// own source stand apart, under a heading that names that source's platforms.
final class CallOrderPageTests: XCTestCase {
    func testEachSetupsTapOrdersAreTheMatrixs() throws {
        try assertPagesAgree(Fixtures.builtIn)
    }

    func testTheCurrentMatrixsTapOrdersAreItsCells() throws {
        try assertPagesAgree(Fixtures.current)
    }

    func testOtherDimensionsTapOrdersAreTheMatrixs() throws {
        try assertPagesAgree(Fixtures.otherDimensions)
    }

    /// Where the payload changes what a tap calls, the page says for which payloads.
    func testAPayloadThatChangesATapsCallsIsNamed() throws {
        let cell =
            #"{"payload": {"alert": true, "contentAvailable": false, "category": false}, "setup": "ios8_9", "appState": "background", "onDelivery": [], "notificationCenter": true, "taps": {"body": [{"handler": "reception", "state": "inactive"}]}"#
        let text = Fixtures.specText
        XCTAssertTrue(text.contains(cell))
        let changed = text.replacingOccurrences(
            of: cell,
            with: cell.replacingOccurrences(
                of: #"[{"handler": "reception", "state": "inactive"}]"#,
                with: #"[{"handler": "action", "state": "inactive"}]"#))
        let matrix = try Matrix(SpecLoader.load(bytes: Array(changed.utf8), file: "changed.json"))
        let ways = try assertPagesAgree(matrix)
        XCTAssertTrue(ways.contains { $0.payloads.count == 1 }, "one way names the one payload that differs")
    }

    func testTheIOS7FactsAreLabelledAndCited() throws {
        let matrix = Fixtures.builtIn
        let source = try XCTUnwrap(matrix.spec.sources.first { $0.id == matrix.spec.callOrder!.source.id })
        XCTAssertEqual(source.platforms.values, ["en": "iOS 7", "ja": "iOS 7"])
        let files = try Fixtures.rendered(matrix)
        for language in matrix.spec.languages.map(\.id) {
            let book = Phrasebook(matrix: matrix, language: language)
            let plain = { (text: LocalizedText) in book.text(text).plainText }
            let platforms = plain(source.platforms)
            let cited =
                plain(try XCTUnwrap(matrix.spec.texts["sourcesLabel"])) + book.glue["space"]!
                + book.quoted(book.text(source.title)).plainText
                + book.glue["open"]!
                + platforms + book.glue["close"]!
            let label = plain(
                try XCTUnwrap(matrix.spec.texts["observationsHeading"], "a heading for what only the source shows"))
            XCTAssertTrue(label.contains(platforms), "the heading names \(platforms): \(label)")
            let facts =
                matrix.spec.callOrder!.rules.map { plain($0.text) }
                + matrix.spec.callOrder!.tapOpensApp.map { plain($0.text) }

            // Markdown: everything after the label's heading is the source's; nothing before it is.
            let markdown = MarkdownMatrixReader.unescape(
                String(decoding: files["Docs/\(language)/call-order.md"]!, as: UTF8.self))
            let heading = try XCTUnwrap(markdown.range(of: "\n## " + label + "\n"), "\(language): the iOS 7 heading")
            let (before, after) = (markdown[..<heading.lowerBound], markdown[heading.upperBound...])
            for fact in facts {
                XCTAssertTrue(after.contains(fact), "\(language): under the label: \(fact)")
                XCTAssertFalse(before.contains(fact), "\(language): not before the label: \(fact)")
            }
            XCTAssertTrue(after.hasSuffix(cited + "\n"), "\(language): the section cites its source")
            XCTAssertFalse(before.contains(cited), "\(language): the matrix's part does not cite it")

            // HTML: the same, by section.
            let page = try HTMLElement.parse(Data(files["Docs/\(language)/call-order.html"]!))
            let section = try XCTUnwrap(page.all("section").first { $0.id == "observations" })
            XCTAssertEqual(section.all("h2").first?.text(), label)
            let items = section.all("li").map { $0.text() }
            for fact in facts { XCTAssertTrue(items.contains { $0.hasSuffix(fact) }, "\(language) HTML: \(fact)") }
            XCTAssertEqual(section.all("p").last?.text(), cited)
            XCTAssertFalse(page.all("section").first { $0.id == "tap-order" }!.text().contains(cited))
        }
    }

    /// cmark-gfm sees each way's calls as a numbered list inside the way's item.
    func testCmarkGFMNestsEachWaysCalls() throws {
        let matrix = Fixtures.builtIn
        for language in matrix.spec.languages {
            let page = try XCTUnwrap(
                FileManager.default.contents(atPath: Fixtures.generated + "/Docs/\(language.id)/call-order.md"))
            let html = try ExternalTool.output("cmark-gfm", ["--extension", "table", "--unsafe"], input: page)
            let ways = try CallOrderReader(book: Phrasebook(matrix: matrix, language: language.id)).markdown(
                String(decoding: page, as: UTF8.self))
            let nested = MarkdownRenderingTests.blocks("li", in: html).filter { $0.contains("<ol>") }
            XCTAssertEqual(nested.count, ways.count, language.id)
        }
    }

    /// Renders the page in every language and format, reads its ways back and compares them
    /// with the cells. Returns the ways read from the last page.
    @discardableResult
    private func assertPagesAgree(_ matrix: Matrix, file: StaticString = #filePath, line: UInt = #line) throws
        -> [CallOrderReader.Way]
    {
        let files = try Fixtures.rendered(matrix)
        var last: [CallOrderReader.Way] = []
        for language in matrix.spec.languages.map(\.id) {
            let reader = CallOrderReader(book: Phrasebook(matrix: matrix, language: language))
            let markdown = try reader.markdown(
                String(decoding: files["Docs/\(language)/call-order.md"]!, as: UTF8.self))
            let html = try reader.html(HTMLElement.parse(Data(files["Docs/\(language)/call-order.html"]!)))
            for (format, ways) in [("md", markdown), ("html", html)] {
                assertAgree(ways, matrix, "\(language) \(format)", file: file, line: line)
            }
            last = html
        }
        return last
    }

    /// Every (setup, tap, app state, payload) the cells allow is told by one way per distinct
    /// sequence of calls the cell's paths make, with those calls and each call's method for that
    /// setup; a sequence of the cell's first path is never told as another path's; no way
    /// tells anything else.
    private func assertAgree(
        _ ways: [CallOrderReader.Way], _ matrix: Matrix, _ label: String, file: StaticString, line: UInt
    ) {
        let spec = matrix.spec
        let payloads = Combination.payloads(matrix.payloadKeyIds)
        var used = Set<Int>()
        for setup in spec.setups {
            XCTAssertTrue(
                ways.contains { $0.setup == setup.id }, "\(label): a section for \(setup.id)", file: file, line: line)
            for state in spec.appStates {
                for payload in payloads {
                    let paths = matrix.cell(payload: payload, setup: setup.id, appState: state.id).allPaths
                    for tap in paths[0].taps.map(\.tap) {
                        let where_ = "\(label): \(setup.id), \(state.id), \(tap.id), \(payload)"
                        let flags = Payload(payload, keys: matrix.payloadKeyIds)
                        let matching = ways.indices.filter {
                            ways[$0].setup == setup.id && ways[$0].tap == tap.id
                                && ways[$0].appStates.contains(state.id)
                                && (ways[$0].payloads.isEmpty || ways[$0].payloads.contains(flags))
                        }
                        var expected: [[CallOrderReader.Step]] = []
                        for path in paths {
                            let calls = path.taps.first { $0.tap.id == tap.id }!.calls.map { call in
                                CallOrderReader.Step(
                                    method: spec.handlers.first { $0.id == call.handler.id }!.methods.first {
                                        $0.setup.id == setup.id
                                    }!
                                    .swift,
                                    call: CellOutline.call(
                                        call.handler.id, call.bringsNotification ? call.state?.id : "!"))
                            }
                            // A tap that calls nothing has no order.
                            if !calls.isEmpty && !expected.contains(calls) { expected.append(calls) }
                        }
                        XCTAssertEqual(matching.map { ways[$0].steps }, expected, where_, file: file, line: line)
                        if let first = matching.first,
                            paths[0].taps.first(where: { $0.tap.id == tap.id })?.calls.isEmpty == false
                        {
                            XCTAssertFalse(ways[first].laterPath, where_, file: file, line: line)
                        }
                        used.formUnion(matching)
                    }
                }
            }
        }
        XCTAssertEqual(
            used.count, ways.count, "\(label): every way on the page tells some cell", file: file, line: line)
    }
}

/// Reads the tap orders of a generated call-order page back into ids, knowing only the spec's
/// wording: section anchors give the setup, a way's label its app states, tap and payloads.
struct CallOrderReader {
    let book: Phrasebook
    var spec: Spec { book.matrix.spec }
    /// How a way's label ends when it names a later path.
    private let laterPaths: Set<String>
    /// Each payload condition's text → the payloads it covers.
    private let readings: [String: [Payload]]

    init(book: Phrasebook) {
        self.book = book
        let separator = book.phrase("otherPathSeparator").plainText
        laterPaths = Set(
            book.matrix.spec.cells.flatMap {
                $0.allPaths.dropFirst().map { separator + book.pathLabel(nil, $0).plainText }
            })
        let count = book.matrix.payloadKeyIds.count
        readings = Dictionary(
            PayloadCube.all(count: count).map { cube in
                (book.condition(cube).plainText, Payload.all(count: count).filter(cube.contains))
            },
            uniquingKeysWith: { a, _ in a })
    }

    struct Step: Equatable, CustomStringConvertible {
        var method: String
        var call: String
        var description: String { "\(method) → \(call)" }
    }

    struct Way {
        var setup: String
        var tap: String
        var appStates: [String]
        var payloads: [Payload]
        var steps: [Step]
        /// The way names a later path of some cells as where its calls come from.
        var laterPath = false
    }

    func markdown(_ page: String) throws -> [Way] {
        let setups = Dictionary(
            uniqueKeysWithValues: spec.setups.map { ("<a id=\"order-\(Identifier.hyphenated($0.id))\"></a>", $0.id) })
        var ways: [Way] = []
        var setup: String?
        for line in page.components(separatedBy: "\n") {
            if let id = setups[line] {
                setup = id
            } else if line.hasPrefix("<a id=") || line.hasPrefix("## ") {
                setup = nil
            } else if let setup, line.hasPrefix("- ") {
                ways.append(try way(setup, MarkdownMatrixReader.unescape(String(line.dropFirst(2)))))
            } else if setup != nil, let number = line.range(of: #"^  [0-9]+\. "#, options: .regularExpression) {
                guard !ways.isEmpty else { throw ReadError("a step before any way: \(line)") }
                ways[ways.count - 1].steps.append(
                    try step(withoutMarkers(MarkdownMatrixReader.unescape(String(line[number.upperBound...])))))
            }
        }
        return ways
    }

    func html(_ page: HTMLElement) throws -> [Way] {
        var ways: [Way] = []
        for setup in spec.setups {
            guard
                let section = page.all("section").first(where: { $0.id == "order-\(Identifier.hyphenated(setup.id))" })
            else { continue }
            for item in section.all("ul").first?.elements ?? [] {
                var way = try self.way(
                    setup.id, item.text(skipping: { $0.name == "ol" }).trimmingCharacters(in: .whitespacesAndNewlines))
                way.steps =
                    try item.all("ol").first?.elements.map { try step($0.text(skipping: { $0.name == "sup" })) } ?? []
                ways.append(way)
            }
        }
        return ways
    }

    private func plain(_ inline: Inline) -> String { inline.plainText }

    /// `Background or Suspended, after a tap on the action button (payload; payload):`
    private func way(_ setup: String, _ text: String) throws -> Way {
        let colon = book.glue["lineColon"]!
        let (open, close) = (book.glue["open"]!, book.glue["close"]!)
        guard text.hasSuffix(colon) else { throw ReadError("a way's label ends with '\(colon)': \(text)") }
        var label = String(text.dropLast(colon.count))
        let later = laterPaths.first { label.hasSuffix($0) }
        if let later { label = String(label.dropLast(later.count)) }
        var payloads: [Payload] = []
        let or = plain(book.phrase("tapSeparator"))
        if label.hasSuffix(close), let start = label.range(of: open, options: .backwards) {
            // Typesetting spaces the separator from Latin text beside it.
            let parts = label[start.upperBound...].dropLast(close.count).components(separatedBy: or).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if parts.allSatisfy({ readings[$0] != nil }) {
                payloads = parts.flatMap { readings[$0]! }
                label = String(label[..<start.lowerBound])
            }
        }
        for tap in spec.taps {
            let suffix =
                plain(book.phrase("listSeparator")) + plain(book.phrase("afterTap", ["tap": book.name(tap.name)]))
            guard label.hasSuffix(suffix) else { continue }
            let states = try appStates(String(label.dropLast(suffix.count)))
            return Way(
                setup: setup, tap: tap.id, appStates: states, payloads: payloads, steps: [], laterPath: later != nil)
        }
        throw ReadError("no tap in '\(label)'")
    }

    /// `A, B or C` → app state ids.
    private func appStates(_ text: String) throws -> [String] {
        let pair = text.components(separatedBy: plain(book.phrase("tapSeparator")))
        let names =
            pair.count == 2 ? pair[0].components(separatedBy: plain(book.phrase("listSeparator"))) + [pair[1]] : pair
        return try names.map { name in
            guard let state = spec.appStates.first(where: { plain(book.name($0.name)) == name }) else {
                throw ReadError("no app state '\(name)'")
            }
            return state.id
        }
    }

    /// `method: action handler (.inactive)`; method names hold ':' but never the language's colon (`: `, `：`).
    private func step(_ text: String) throws -> Step {
        guard let colon = text.range(of: book.glue["colon"]!),
            let calls = PhraseMatcher(book: book).calls(String(text[colon.upperBound...])),
            calls.count == 1
        else {
            throw ReadError("not a step: \(text)")
        }
        return Step(method: String(text[..<colon.lowerBound]), call: CellOutline.call(calls[0].handler, calls[0].state))
    }

    /// The text without its trailing footnote markers.
    private func withoutMarkers(_ text: String) -> String {
        var text = text
        let footnotes = Footnotes(book: book)
        var found = true
        while found {
            found = false
            for number in 1...20 {
                let marker = plain(footnotes.marker(number))
                let glue = ["markerBetween", "markerSeparator"].first {
                    text.hasSuffix(plain(book.phrase($0)) + marker)
                }
                if let glue, case let suffix = plain(book.phrase(glue)) + marker, text.hasSuffix(suffix) {
                    text.removeLast(suffix.count)
                    found = true
                }
            }
        }
        return text
    }
}
