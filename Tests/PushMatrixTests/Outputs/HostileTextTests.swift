import Foundation
import XCTest

@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// Every spec text that reaches a page, made hostile in `hostile-text.json` (markup, a script, an event handler, a
/// `javascript:` link, Markdown emphasis, code and table syntax), lands in both formats' pages as text only: HTML holds
/// no element or attribute the spec wrote and shows the text literally; Markdown holds it backslash-escaped, as
/// `MarkdownFormat` writes it.
final class HostileTextTests: XCTestCase {
    /// The hostile text every hostile field of the fixture ends with, numbered by field (`alert(3)`).
    static func hostile(_ number: Int) -> String {
        #" "><script>alert(\#(number))</script><img src=x onerror=alert(\#(number))>[x](javascript:alert(\#(number))) `t\#(number)` | *e* _u_ ~s~ # &amp; \ $m$"#
    }

    /// What the sources' and setups' `platforms` end with, and the hostile title: the checks take these out with the
    /// numbered texts.
    static let markup = " `t` | <b>x</b>"
    static let others = [markup, "Title </title><script>alert(1)</script> & more"]

    /// Texts of the fixture no page uses, texts only the explorer's page uses (the overview grid and its legend, which
    /// ExplorerDataTests holds to the rule), and texts only the other HTML pages use.
    static let unused: Set = ["columnValue"]
    static let explorerOnly: Set = [
        "overviewHeading", "overviewIntro", "legendHeading", "badgeLaunch", "badgeNotificationCenter", "badgeIgnored",
        "payloadColumn",
    ]
    static let htmlOnly = explorerOnly.union(["backToText"])

    /// The fixture's hostile fields by number, each with the `texts` name it has, if it is one.
    private func fields() throws -> [(number: Int, text: String?)] {
        let spec = try String(contentsOfFile: Fixtures.fixture("hostile-text.json"), encoding: .utf8)
        var fields: [Int: String?] = [:]
        var text: String?
        for line in spec.split(separator: "\n") {
            if let name = line.firstMatch(of: /^  "([a-zA-Z]+)": \{$/)?.1 { text = String(name) }
            if line.hasPrefix("  }") { text = nil }
            if let number = line.firstMatch(of: /"><script>alert\((\d+)\)/).flatMap({ Int($0.1) }) {
                fields[number] = text
            }
        }
        return fields.map { ($0.key, $0.value) }.sorted { $0.number < $1.number }
    }

    private func pages() throws -> [String: String] { try Self.rendered.get() }

    /// The fixture's pages, rendered once for every test here.
    private static let rendered = Result {
        let files = try Fixtures.rendered(Matrix(SpecLoader.load(path: Fixtures.fixture("hostile-text.json"))))
        return files.filter { $0.key.hasPrefix("Docs/") }.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    func testTheFixtureMakesEveryKindOfFieldHostile() throws {
        let spec = try Matrix(SpecLoader.load(path: Fixtures.fixture("hostile-text.json"))).spec
        let hostile = { (text: LocalizedText) in
            text.values.values.allSatisfy { $0.contains("<") || $0.contains("|") || $0.contains("*/") }
        }
        var kinds: [(String, [LocalizedText])] = [("sources", spec.sources.flatMap { [$0.title, $0.caveat] })]
        kinds.append(("payload keys", spec.payloadKeys.map(\.name)))
        kinds.append(("setups", spec.setups.flatMap { [$0.name, $0.description] }))
        kinds.append(("app states", spec.appStates.flatMap { [$0.name, $0.description] }))
        kinds.append(("handler states", spec.handlerStates.map(\.description)))
        kinds.append(("handlers", spec.handlers.flatMap { [$0.name, $0.description] }))
        kinds.append(("taps", spec.taps.map(\.name)))
        kinds.append(("notes", spec.notes.map(\.text)))
        // The explorer's texts are borrowed; ExplorerDataTests holds its page to the rule.
        kinds.append(("texts", spec.texts.filter { !Phrases.borrowedTexts.contains($0.key) }.values.map { $0 }))
        kinds.append(("design cases", spec.designCases.flatMap { [$0.title, $0.text] }))
        kinds.append(("related matrices", spec.relatedMatrices.flatMap { [$0.name, $0.description] }))
        for (field, texts) in kinds {
            XCTAssertFalse(texts.isEmpty, field)
            XCTAssertTrue(texts.allSatisfy(hostile), field)
        }
        XCTAssertTrue(spec.sources.allSatisfy { $0.platforms.values.values.allSatisfy { $0.contains("<b>x</b>") } })
    }

    /// HTML: the only elements and attributes are the templates'; every hostile field's text shows literally.
    func testHTMLPagesCarryHostileTextAsTextOnly() throws {
        // The explorer's own scripts carry its data: ExplorerDataTests holds those to the same rule.
        let pages = try pages().filter { $0.key.hasSuffix(".html") && !$0.key.hasSuffix("explorer.html") }
        XCTAssertEqual(pages.count, 10)
        var shown = ""
        for (path, html) in pages {
            XCTAssertNil(
                html.range(of: #"<\s*(script|img|iframe|svg)"#, options: [.regularExpression, .caseInsensitive]), path)
            let page = try HTMLElement.parse(Data(html.utf8))
            for element in [page] + page.descendants {
                XCTAssertFalse(
                    ["script", "img", "iframe", "svg", "x"].contains(element.name.lowercased()),
                    "\(path): <\(element.name)>")
                for (name, value) in element.attributes {
                    shown += value
                    XCTAssertFalse(name.lowercased().hasPrefix("on"), "\(path): \(name)=\"\(value)\"")
                    if name == "href" || name == "src" {
                        XCTAssertFalse(
                            value.lowercased().contains("script:") || value.contains("alert("),
                            "\(path): \(name)=\"\(value)\"")
                    }
                }
            }
            shown += page.text()
        }
        let fields = try fields()
        for (number, text) in fields where !Self.unused.contains(text ?? "") && !Self.explorerOnly.contains(text ?? "") {
            XCTAssertTrue(shown.contains(Self.hostile(number)), "field \(number) (\(text ?? "")) shows as text")
        }
        XCTAssertTrue(shown.contains(Self.markup), "platforms show their markup as text")
        // Each hostile text there is whole and escaped: with those taken out, nothing of one is left.
        for (path, html) in pages {
            let rest = Self.withoutHostile(path, html, fields, HTMLFormat())
            XCTAssertFalse(rest.contains("alert(") || rest.contains("javascript:") || rest.contains("{{"), path)
        }
        XCTAssertTrue(pages["Docs/en/index.html"]!.contains(#"<a href="../../Current/Docs/en/index.html">"#))
        XCTAssertTrue(
            pages["Docs/ja/index.html"]!.contains(
                #"<a href="https://example.com/pushmatrix/Current/Docs/ja/index.html">"#))
    }

    /// Markdown: each field's text is there as `MarkdownFormat` escapes it, and nothing of a hostile text is there
    /// otherwise.
    func testMarkdownPagesCarryHostileTextEscaped() throws {
        let pages = try pages().filter { $0.key.hasSuffix(".md") }
        XCTAssertEqual(pages.count, 10)
        let fields = try fields()
        for (path, markdown) in pages {
            let rest = Self.withoutHostile(path, markdown, fields, MarkdownFormat())
            XCTAssertFalse(rest.contains("alert(") || rest.contains("javascript:") || rest.contains("{{"), path)
        }
        let all = pages.values.joined()
        for (number, text) in fields where !Self.unused.contains(text ?? "") && !Self.htmlOnly.contains(text ?? "") {
            XCTAssertTrue(
                all.contains(MarkdownFormat().text(Self.hostile(number))), "field \(number) (\(text ?? "")) escaped")
        }
        XCTAssertTrue(all.contains(MarkdownFormat().text(Self.markup)), "platforms show their markup as text")
        XCTAssertTrue(
            all.contains(#""\>\<script\>alert(1)\</script\>\<img src=x onerror=alert(1)\>\[x\](javascript:alert(1))"#))
        XCTAssertTrue(pages["Docs/en/index.md"]!.contains("](../../Current/Docs/en/index.md): "))
        XCTAssertTrue(
            pages["Docs/ja/index.md"]!.contains("](https://example.com/pushmatrix/Current/Docs/ja/index.md)："))
    }

    /// `page` without each hostile text as `format` escapes it, whole: as written, or on a Japanese page as typeset.
    private static func withoutHostile(
        _ path: String, _ page: String, _ fields: [(number: Int, text: String?)], _ format: some OutputFormat
    )
        -> String
    {
        // Only the fields whose numbers the page shows: each replacement reads the whole page.
        let shown = Set(page.matches(of: /alert[(（](\d+)/).compactMap { Int($0.output.1) })
        let texts = others + fields.filter { shown.contains($0.number) }.map { hostile($0.number) }
        // Typeset, a text loses the space that starts it where it follows full-width punctuation.
        let typeset = path.contains("/ja/") ? texts.map { Typesetting.text($0) } : []
        return (texts + typeset + typeset.map { String($0.drop { $0 == " " }) }).reduce(page) {
            $0.replacingOccurrences(of: format.text($1), with: "")
        }
    }
}
