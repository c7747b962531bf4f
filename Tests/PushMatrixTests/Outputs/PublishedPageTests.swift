import Foundation
import XCTest

@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// What a reader of a published page gets, for every page of both built-in matrices in every language, in Markdown and
/// HTML: code as written, no markup left over, text that fits the page it stands on, and nothing meant for the people
/// who write the spec.
final class PublishedPageTests: XCTestCase {
    /// Full-width punctuation, which the Japanese typesetting rule writes in prose and never in code.
    private static let fullWidth = Set("：（）、。〜「」・；，".unicodeScalars)

    func testTypesettingNeverTouchesCode() throws {
        var problems: [String] = []
        for (name, page) in try Self.pages() {
            let code = name.hasSuffix(".md") ? Self.markdownCode(page) : Self.htmlCode(page)
            for piece in code where piece.unicodeScalars.contains(where: Self.fullWidth.contains) {
                problems.append("\(name): full-width punctuation in code: \(piece.prefix(80))")
            }
        }
        XCTAssertEqual(problems, [], problems.prefix(20).joined(separator: "\n"))
    }

    func testMarkdownRendersWithoutLiteralMarkup() throws {
        let pages = try Self.pages().filter { $0.key.hasSuffix(".md") }.sorted { $0.key < $1.key }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("published-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for (index, page) in pages.enumerated() {
            let file = directory.appendingPathComponent("\(index).md").path
            try Data(page.value.utf8).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        let rendered = try ExternalTool.outputs("cmark-gfm", files.map { ["--extension", "table", "--unsafe", $0] })
        var problems: [String] = []
        for (page, html) in zip(pages, rendered) {
            problems += Self.literalMarkup(in: html).map { "\(page.key): \($0)" }
        }
        XCTAssertEqual(problems, [], problems.prefix(20).joined(separator: "\n"))
    }

    func testHTMLShowsNoLiteralMarkup() throws {
        var problems: [String] = []
        for (name, page) in try Self.pages() where name.hasSuffix(".html") {
            problems += Self.literalMarkup(in: page).map { "\(name): \($0)" }
        }
        XCTAssertEqual(problems, [], problems.prefix(20).joined(separator: "\n"))
    }

    /// A code block's comments are prose in the page's language: Japanese on a Japanese page, and on any other page none.
    func testCodeCommentsAreInThePagesLanguage() throws {
        var problems: [String] = []
        var comments = 0
        for (name, page) in try Self.pages() {
            for comment in Self.codeComments(page, html: name.hasSuffix(".html")) {
                comments += 1
                if Self.isJapanese(comment) != name.contains("/ja/") { problems.append("\(name): //\(comment)") }
            }
        }
        XCTAssertGreaterThan(comments, 0, "the setup guide's code has comments")
        XCTAssertEqual(problems, [], problems.prefix(20).joined(separator: "\n"))
    }

    /// "This cell" and "this column" only inside a matrix cell, and every link to a section lands on one that exists.
    func testTemplateTextFitsItsPage() throws {
        let pages = try Self.pages()
        let outsideCells = ["this cell", "this column", "このセル", "この列"]
        var problems: [String] = []
        var anchors: [String: Set<Substring>] = [:]
        for (name, page) in pages {
            let text = Self.withoutCells(page, html: name.hasSuffix(".html")).lowercased()
            for phrase in outsideCells {
                for match in text.matches(of: Regex<Substring>(verbatim: phrase)) {
                    let start = text.index(match.range.lowerBound, offsetBy: -40, limitedBy: text.startIndex) ?? text.startIndex
                    problems.append("\(name): '\(phrase)' outside a cell: …\(text[start..<match.range.upperBound])")
                }
            }
            problems += Self.brokenSectionLinks(name, page, pages, anchors: &anchors)
        }
        XCTAssertEqual(problems, [], problems.prefix(20).joined(separator: "\n"))
    }

    /// A glossary entry kept only to hold the texts to one term (`listed: false`) is for the spec's writers: its
    /// meaning reaches no page.
    func testTranslatorNotesNeverReachReaders() throws {
        var problems: [String] = []
        var unlisted = 0
        for builtIn in Fixtures.builtIns {
            let files = try Fixtures.rendered(builtIn.matrix).filter { $0.key.hasSuffix(".md") || $0.key.hasSuffix(".html") }
            for entry in builtIn.matrix.spec.glossary where !entry.listed {
                unlisted += 1
                for language in builtIn.matrix.spec.languages {
                    let meaning = Phrasebook(matrix: builtIn.matrix, language: language.id).text(entry.meaning).plainText
                    for (path, bytes) in files where String(decoding: bytes, as: UTF8.self).contains(meaning) {
                        problems.append("\(path): the writers' note on '\(entry.id)'")
                    }
                }
            }
        }
        XCTAssertGreaterThan(unlisted, 0, "the current matrix keeps terms for its writers only")
        XCTAssertEqual(problems, [], problems.prefix(20).joined(separator: "\n"))
    }

    /// The checks find what the third Japanese review found by hand, so that a page free of them says something.
    func testTheChecksFindTheReviewedDefects() {
        XCTAssertEqual(Self.markdownCode("`apns-priority：5` と\n```\nlet a = 1 // 値、1\n```\n"), ["let a = 1 ", "apns-priority：5"])
        XCTAssertEqual(Self.htmlCode("<p><code>content-available：1</code></p><pre>x // 例。</pre>"), ["x ", "content-available：1"])
        XCTAssertEqual(Self.literalMarkup(in: "<li>**対象：**content-available</li>").count, 2)
        XCTAssertEqual(Self.literalMarkup(in: "<p>\\`xcrun simctl push\\` で送る</p>").count, 2)
        XCTAssertEqual(Self.literalMarkup(in: "<p><strong>対象</strong>：<code>a__b</code></p>"), [])
        XCTAssertEqual(Self.codeComments("`a // b`\n```swift\nlet a = 1 // one\n```\n", html: false), [" one"])
        XCTAssertEqual(Self.codeComments("<pre>x = 1 // 一つ\ny</pre>", html: true), [" 一つ"])
        XCTAssertEqual([" one", " 一つ", " iOS 14 以降"].map(Self.isJapanese), [false, true, true])
    }

    /// Every generated Markdown and HTML page, by its path under its matrix's output.
    private static func pages() throws -> [String: String] {
        var pages: [String: String] = [:]
        for builtIn in Fixtures.builtIns {
            for (path, bytes) in try Fixtures.rendered(builtIn.matrix) where path.hasSuffix(".md") || path.hasSuffix(".html") {
                pages["\(builtIn.module)/\(path)"] = String(decoding: bytes, as: UTF8.self)
            }
        }
        return pages
    }

    /// The code spans and code blocks of a Markdown page; a code block's comments are prose, in the page's language.
    static func markdownCode(_ page: String) -> [String] {
        var blocks: [String] = []
        var prose: [Substring] = []
        var fence: [Substring]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let open = fence { blocks.append(withoutComments(open.joined(separator: "\n"))) }
                fence = fence == nil ? [] : nil
            } else if fence != nil {
                fence!.append(line)
            } else {
                prose.append(line)
            }
        }
        let spans = prose.joined(separator: "\n").matches(of: /(`+)(.+?)\1/).map { String($0.output.2) }
        return blocks + spans
    }

    /// The contents of a page's `<code>` and `<pre>` elements, the blocks without their comments.
    static func htmlCode(_ page: String) -> [String] {
        let body = page.replacing(/(?s)<script\b.*?<\/script>/, with: "").replacing(/(?s)<style\b.*?<\/style>/, with: "")
        let blocks = body.matches(of: /(?s)<pre\b[^>]*>(.*?)<\/pre>/).map { withoutComments(String($0.output.1)) }
        let spans = body.replacing(/(?s)<pre\b.*?<\/pre>/, with: "").matches(of: /(?s)<code\b[^>]*>(.*?)<\/code>/)
        return blocks + spans.map { String($0.output.1) }
    }

    /// The `//` comments of a page's code blocks, each without its slashes.
    static func codeComments(_ page: String, html: Bool) -> [String] {
        let blocks =
            html
            ? page.replacing(/(?s)<script\b.*?<\/script>/, with: "").matches(of: /(?s)<pre\b[^>]*>(.*?)<\/pre>/).map(\.output.1)
            : page.matches(of: /(?s)```[^\n]*\n(.*?)```/).map(\.output.1)
        return blocks.flatMap { $0.split(separator: "\n") }.compactMap { line in
            line.firstRange(of: "//").map { String(line[$0.upperBound...]) }
        }
    }

    /// Whether the text has kana or kanji.
    static func isJapanese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
    }

    private static func withoutComments(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line
        }
        .joined(separator: "\n")
    }

    /// `**`, `__` and backticks that HTML shows as text: outside code, scripts and styles, after the tags are dropped.
    static func literalMarkup(in html: String) -> [String] {
        var text = html
        let rules: [(Regex<Substring>, String)] = [
            (/(?s)<script\b.*?<\/script>/, "\n"), (/(?s)<style\b.*?<\/style>/, "\n"), (/(?s)<pre\b.*?<\/pre>/, "\n"),
            (/(?s)<code\b[^>]*>.*?<\/code>/, "C"), (/<[^>]*>/, ""), (/&#96;|&grave;|&#x60;/, "`"),
        ]
        for (pattern, replacement) in rules { text = text.replacing(pattern, with: replacement) }
        return text.matches(of: /\*\*|__|`/).map { match in
            let start = text.index(match.range.lowerBound, offsetBy: -30, limitedBy: text.startIndex) ?? text.startIndex
            let end = text.index(match.range.upperBound, offsetBy: 30, limitedBy: text.endIndex) ?? text.endIndex
            return "literal \(match.output): \(text[start..<end])"
        }
    }

    /// The page without its matrix cells, where "this cell" has a cell to name.
    private static func withoutCells(_ page: String, html: Bool) -> String {
        html
            ? without(without(page, from: "<td id=\"cell-", to: "</td>"), from: "<script", to: "</script>")
            : page.split(separator: "\n").filter { !$0.contains("<a id=\"cell-") }.joined(separator: "\n")
    }

    /// `text` without each run from `start` to the next `end`, both included.
    private static func without(_ text: String, from start: String, to end: String) -> String {
        var kept = ""
        var rest = text[...]
        while let open = rest.range(of: start) {
            kept += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: end) else { return kept }
            rest = rest[close.upperBound...]
        }
        return kept + rest
    }

    /// The ids a page's elements carry (`id="…"`).
    private static func ids(_ page: String) -> Set<Substring> {
        Set(page.components(separatedBy: "id=\"").dropFirst().map { $0.prefix { $0 != "\"" } })
    }

    /// Links to a section (`#id`, `page.md#id`) of a page that has no such anchor.
    private static func brokenSectionLinks(
        _ name: String, _ page: String, _ pages: [String: String], anchors: inout [String: Set<Substring>]
    ) -> [String] {
        let directory = name.split(separator: "/").dropLast()
        let body = without(page, from: "<script", to: "</script>")
        let targets = body.matches(of: /(?:\]\(|href=")([A-Za-z0-9._\/-]*)#([A-Za-z0-9._-]+)[)"]/)
        var broken: [String] = []
        for target in targets {
            var parts = Array(directory)
            for part in target.output.1.split(separator: "/") {
                if part == ".." { parts.removeLast() } else { parts.append(part) }
            }
            let file = target.output.1.isEmpty ? name : parts.joined(separator: "/")
            guard let linked = pages[file] else { continue }  // another format or a page outside the docs
            if anchors[file] == nil { anchors[file] = ids(linked) }
            if anchors[file]?.contains(target.output.2) != true {
                broken.append("\(name): link to a missing section \(target.output.0)")
            }
        }
        return broken
    }
}
