import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSupport

final class TemplateTests: XCTestCase {
    // MARK: Helpers

    private func render(
        _ source: String, _ context: TemplateValue = [:], format: some OutputFormat = PlainFormat(),
        partials: [String: String] = [:], file: String = "page.md", line: UInt = #line
    ) -> String? {
        do {
            let template = try Template(source: source, file: file)
            return try template.render(context, format: format) { (name: String) throws(DiagnosticsError) -> Template in
                guard let source = partials[name] else {
                    throw DiagnosticsError([Diagnostic(file: "", location: nil, message: "no partial '\(name)'")])
                }
                return try Template(source: source, file: "\(name).md")
            }
        } catch {
            XCTFail("unexpected: \(error.diagnostics.map(\.description))", line: line)
            return nil
        }
    }

    /// The diagnostics, as `file:line:col: error: message`, of parsing and rendering `source`.
    private func errors(
        _ source: String, _ context: TemplateValue = [:], partials: [String: String] = [:], line: UInt = #line
    ) -> [String] {
        do {
            let template = try Template(source: source, file: "page.md")
            _ = try template.render(context, format: PlainFormat()) {
                (name: String) throws(DiagnosticsError) -> Template in
                guard let source = partials[name] else {
                    throw DiagnosticsError([Diagnostic(file: "", location: nil, message: "no partial '\(name)'")])
                }
                return try Template(source: source, file: "\(name).md")
            }
            XCTFail("expected an error", line: line)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    // MARK: Values

    func testInterpolation() {
        XCTAssertEqual(render("Hello, {{name}}!", ["name": "World"]), "Hello, World!")
        XCTAssertEqual(render("{{ name }}|{{\tname\t}}", ["name": "x"]), "x|x")
        XCTAssertEqual(render("no tags\nat all\n"), "no tags\nat all\n")
        XCTAssertEqual(render(""), "")
    }

    func testDottedNamesAndCurrentValue() {
        let context: TemplateValue = ["a": ["b": ["c": "deep"]], "items": ["x", "y"]]
        XCTAssertEqual(render("{{a.b.c}}", context), "deep")
        XCTAssertEqual(render("{{#items}}{{.}},{{/items}}", context), "x,y,")
        XCTAssertEqual(render("{{#a.b}}{{c}}{{/a.b}}", context), "deep")
    }

    func testNamesResolveOutward() {
        let context: TemplateValue = ["title": "T", "rows": [["name": "r1"], ["name": "r2", "title": "own"]]]
        XCTAssertEqual(render("{{#rows}}{{name}}:{{title}} {{/rows}}", context), "r1:T r2:own ")
    }

    func testInlineValues() {
        let value = TemplateValue.inline(.text("call ") + .code("a|b") + .text(" *now*"))
        XCTAssertEqual(render("{{v}}", ["v": value]), "call a|b *now*")
        XCTAssertEqual(render("{{v}}", ["v": value], format: MarkdownFormat()), "call `a\\|b` \\*now\\*")
    }

    func testInlineConveniences() {
        let i = Inline.text("a ") + .code("b")
        XCTAssertEqual(i.segments, [.text("a "), .code("b")])
        XCTAssertEqual(i.plainText, "a b")
        XCTAssertFalse(i.isEmpty)
        XCTAssertTrue(Inline().isEmpty)
        XCTAssertTrue((Inline.text("") + .code("")).isEmpty)
        XCTAssertEqual(MarkdownFormat().inline(i), "a `b`")
    }

    // MARK: Sections

    func testSections() {
        let context: TemplateValue = [
            "yes": true, "no": false, "empty": [], "list": ["a", "b"], "obj": ["k": "v"],
            "text": "t", "blank": "", "inl": .inline(.code("c")), "noInl": .inline(Inline()),
        ]
        XCTAssertEqual(render("{{#yes}}Y{{/yes}}{{#no}}N{{/no}}", context), "Y")
        XCTAssertEqual(render("{{#empty}}E{{/empty}}{{#list}}[{{.}}]{{/list}}", context), "[a][b]")
        XCTAssertEqual(render("{{#obj}}{{k}}{{/obj}}", context), "v")
        XCTAssertEqual(render("{{#text}}<{{.}}>{{/text}}{{#blank}}B{{/blank}}", context), "<t>")
        XCTAssertEqual(render("{{#inl}}<{{.}}>{{/inl}}{{#noInl}}X{{/noInl}}", context), "<c>")
    }

    func testInvertedSections() {
        let context: TemplateValue = [
            "yes": true, "no": false, "empty": [], "list": ["a"], "obj": [:], "text": "t", "blank": "",
            "noInl": .inline(Inline()),
        ]
        XCTAssertEqual(
            render("{{^no}}1{{/no}}{{^empty}}2{{/empty}}{{^blank}}3{{/blank}}{{^noInl}}4{{/noInl}}", context), "1234")
        XCTAssertEqual(render("{{^yes}}1{{/yes}}{{^list}}2{{/list}}{{^obj}}3{{/obj}}{{^text}}4{{/text}}", context), "")
    }

    func testListHelpers() {
        let context: TemplateValue = ["rows": ["a", "b", "c"]]
        XCTAssertEqual(
            render("{{#rows}}{{@index}}/{{@number}}={{.}}{{^@last}}, {{/@last}}{{/rows}}", context),
            "0/1=a, 1/2=b, 2/3=c")
        XCTAssertEqual(render("{{#rows}}{{#@first}}first {{/@first}}{{/rows}}", context), "first ")
        // The helpers follow the innermost list.
        let nested: TemplateValue = ["outer": [["inner": ["x", "y"]], ["inner": ["z"]]]]
        XCTAssertEqual(render("{{#outer}}{{@index}}:{{#inner}}{{@index}}{{/inner}};{{/outer}}", nested), "0:01;1:0;")
    }

    func testComments() {
        XCTAssertEqual(render("a{{! a comment }}b{{!\nmulti\nline }}c"), "abc")
    }

    // MARK: Standalone lines

    func testStandaloneLinesAreRemoved() {
        let source = """
            | header |
            {{#rows}}
              {{! one row per entry }}
            | {{name}} |
            {{/rows}}
            {{^rows}}
            | none |
            {{/rows}}
            end

            """
        let context: TemplateValue = ["rows": [["name": "a"], ["name": "b"]]]
        XCTAssertEqual(render(source, context), "| header |\n| a |\n| b |\nend\n")
        XCTAssertEqual(render(source, ["rows": []]), "| header |\n| none |\nend\n")
    }

    func testStandaloneEdgeCases() {
        // Indented tags, tabs, CRLF, and a last line without a newline are standalone too.
        XCTAssertEqual(render("a\n  \t{{#t}}\t \nb\n  {{/t}}", ["t": true]), "a\nb\n")
        XCTAssertEqual(render("a\r\n{{#t}}\r\nb\r\n{{/t}}\r\nc", ["t": true]), "a\r\nb\r\nc")
        XCTAssertEqual(render("{{!c}}\nfirst"), "first")
        // Not standalone: other text or a value tag on the line.
        XCTAssertEqual(render(" x {{#t}}\n{{/t}} y", ["t": true]), " x \n y")
        XCTAssertEqual(render("{{#t}}{{v}}{{/t}}\n", ["t": true, "v": "1"]), "1\n")
        XCTAssertEqual(render("  {{v}}\n", ["v": "1"]), "  1\n")
        // A multi-line comment on lines of its own is removed with them.
        XCTAssertEqual(render("a\n  {{! one\n two }}  \nb"), "a\nb")
    }

    /// Cases from the Mustache spec's sections and partials suites.
    func testMustacheSpecWhitespace() {
        let t: TemplateValue = ["boolean": true, "data": "|"]
        XCTAssertEqual(render("  {{#boolean}}\n#{{/boolean}}\n/", t), "#\n/")
        XCTAssertEqual(render("#{{#boolean}}\n/\n  {{/boolean}}", t), "#\n/\n")
        XCTAssertEqual(render(" {{#boolean}}YES{{/boolean}}\n {{#boolean}}GOOD{{/boolean}}\n", t), " YES\n GOOD\n")
        XCTAssertEqual(render("|\r\n{{>partial}}\r\n|", t, partials: ["partial": ">"]), "|\r\n>|")
        XCTAssertEqual(render("  {{>partial}}\n>", t, partials: ["partial": ">\n>"]), "  >\n  >>")
        XCTAssertEqual(render(">\n  {{>partial}}", t, partials: ["partial": ">\n>"]), ">\n  >\n  >")
        XCTAssertEqual(render("  {{data}}  {{> partial}}\n", t, partials: ["partial": ">\n>"]), "  |  >\n>\n")
        XCTAssertEqual(render("a{{>p}}b", t, partials: ["p": "x\r\n"]), "axb")
    }

    // MARK: Partials

    func testPartials() {
        let partials = ["row": "- {{name}}\n", "sep": ", "]
        let context: TemplateValue = ["rows": [["name": "a"], ["name": "b"]]]
        // Standalone: the tag's line is replaced by the partial, trailing newline kept.
        XCTAssertEqual(
            render("list:\n{{#rows}}\n{{> row}}\n{{/rows}}\nend", context, partials: partials),
            "list:\n- a\n- b\nend")
        // Inline: the partial's trailing newline is dropped.
        XCTAssertEqual(render("{{#rows}}[{{>row}}]{{/rows}}", context, partials: partials), "[- a][- b]")
        XCTAssertEqual(
            render("{{#rows}}{{name}}{{^@last}}{{>sep}}{{/@last}}{{/rows}}", context, partials: partials), "a, b")
    }

    /// Output of several megabytes is kept in chunks and joined at the end. Rows of varying
    /// length with multi-byte text, each with an inline partial that takes back its line
    /// break, put chunk edges at many different offsets.
    func testLargeOutputIsWholeAndExact() {
        let rows: [TemplateValue] = (0..<60_000).map { n in
            ["text": .text(String(repeating: "é", count: n % 37) + String(n))]
        }
        let expected = (0..<60_000).map { n in String(repeating: "é", count: n % 37) + String(n) + "x|" }.joined()
        let rendered = render("{{#rows}}{{text}}{{>p}}|{{/rows}}", ["rows": .list(rows)], partials: ["p": "x\r\n"])
        XCTAssertGreaterThan(expected.utf8.count, 2 << 20)
        XCTAssertEqual(rendered?.utf8.count, expected.utf8.count)
        XCTAssertTrue(rendered == expected)
    }

    /// A large output renders whole and in order.
    func testLargeOutputRendersWhole() throws {
        let rows: [TemplateValue] = (0..<300_000).map { n in .text(String(n)) }
        let bytes = try Template(source: "{{#rows}}{{.}},{{/rows}}", file: "page.md").renderBytes(
            ["rows": .list(rows)], format: PlainFormat(),
            partials: { (_: String) throws(DiagnosticsError) -> Template in
                throw DiagnosticsError([])
            })
        XCTAssertTrue(bytes == Array((0..<300_000).map { "\($0)," }.joined().utf8))
    }

    func testStandalonePartialIsIndented() {
        let partials = ["item": "- {{name}}\n{{#sub}}\n  - {{.}}\n{{/sub}}\n\n", "wrap": "<\n  {{>item}}\n>\n"]
        let context: TemplateValue = ["name": "n", "sub": ["x", "y\nz"]]
        // Each line of the partial is indented (empty lines excepted); values' own newlines are not.
        XCTAssertEqual(render("  {{> item}}\nend", context, partials: partials), "  - n\n    - x\n    - y\nz\n\nend")
        XCTAssertEqual(
            render("  {{> wrap}}\n", context, partials: partials),
            "  <\n    - n\n      - x\n      - y\nz\n\n  >\n")
    }

    func testPartialsAreRequestedOncePerRender() throws {
        var requests: [String] = []
        let template = try Template(source: "{{#rows}}{{>p}}{{/rows}}", file: "page.md")
        let out = try template.render(["rows": ["a", "b", "c"]], format: PlainFormat()) {
            (name: String) throws(DiagnosticsError) -> Template in
            requests.append(name)
            return try Template(source: "{{.}}", file: "p.md")
        }
        XCTAssertEqual(out, "abc")
        XCTAssertEqual(requests, ["p"])
    }

    // MARK: Markdown

    func testMarkdownTextEscaping() {
        let md = MarkdownFormat()
        XCTAssertEqual(md.text("a|b"), "a\\|b")
        XCTAssertEqual(
            md.text("*bold* _em_ `code` [link](x) <tag> ~s~ #1 a&b $x$ \\"),
            "\\*bold\\* \\_em\\_ \\`code\\` \\[link\\](x) \\<tag\\> \\~s\\~ \\#1 a\\&b \\$x\\$ \\\\")
        XCTAssertEqual(md.text("one\ntwo\r\nthree"), "one<br>two<br>three")
        // Readable: ordinary punctuation, digits and non-ASCII are left alone.
        let plain = "Hello, world. (a/b) 'q' \"q\" a-b+c=d? x:y; café → 1!"
        XCTAssertEqual(md.text(plain), plain)
    }

    func testMarkdownCodeSpans() {
        let md = MarkdownFormat()
        XCTAssertEqual(md.code("x"), "`x`")
        XCTAssertEqual(md.code("a`b"), "``a`b``")
        XCTAssertEqual(md.code("a``b`c"), "```a``b`c```")
        XCTAssertEqual(md.code("`x"), "`` `x ``")
        XCTAssertEqual(md.code("x`"), "`` x` ``")
        XCTAssertEqual(md.code(" x "), "`  x  `")  // CommonMark would strip one space from each side
        XCTAssertEqual(md.code("  "), "`  `")
        XCTAssertEqual(md.code("a|b"), "`a\\|b`")
        XCTAssertEqual(md.code("a\nb\r\nc"), "`a b c`")
        XCTAssertEqual(md.code("*_<"), "`*_<`")  // no backslash escapes inside code
        XCTAssertEqual(md.code(""), "")
        // What a plain span may hold, and the first byte that makes it not plain.
        XCTAssertEqual(md.code(" x"), "` x`")
        XCTAssertEqual(md.code("x "), "`x `")
        XCTAssertEqual(md.code("通知 · é"), "`通知 · é`")
        XCTAssertEqual(md.code("a\u{85}b\u{7F}"), "`a\u{FFFD}b\u{FFFD}`")
        XCTAssertEqual(md.code("a\tb"), "`a\u{FFFD}b`")
    }

    func testListsRenderEachItemInOrder() {
        let value: TemplateValue = ["items": .list((0..<3).map { ["n": .text(String($0))] })]
        for _ in 0..<2 { XCTAssertEqual(render("{{#items}}{{n}},{{/items}}", value), "0,1,2,") }
        XCTAssertEqual(render("{{^items}}none{{/items}}", ["items": .list([])]), "none")
    }

    func testCodeSpansInEachFormat() {
        let value = Inline.code("a<b")
        XCTAssertEqual(HTMLFormat().inline(value), "<code>a&lt;b</code>")
        XCTAssertEqual(SwiftCommentFormat().inline(.code("a\nb")), "a b")
        XCTAssertEqual(PlainFormat().inline(value), "a<b")
    }

    func testMarkdownRenderingKeepsTemplateTextAsIs() {
        let out = render("| *{{name}}* |\n", ["name": "a|b*c"], format: MarkdownFormat())
        XCTAssertEqual(out, "| *a\\|b\\*c* |\n")
    }

    // MARK: Parse errors

    func testMismatchedSection() {
        XCTAssertEqual(
            errors("{{#rows}}\n  x\n    {{#cells}}\n{{/rows}}\n{{/cells}}"),
            [
                "page.md:4:1: error: section 'cells' opened at 3:5 is closed by '{{/rows}}'",
                "page.md:5:1: error: section 'rows' opened at 1:1 is closed by '{{/cells}}'",
            ])
    }

    func testUnclosedAndUnopenedSections() {
        XCTAssertEqual(
            errors("a\n {{#rows}}\n{{^x}}"),
            [
                "page.md:2:2: error: unclosed section 'rows' (opened here)",
                "page.md:3:1: error: unclosed section 'x' (opened here)",
            ])
        XCTAssertEqual(errors("ab{{/rows}}"), ["page.md:1:3: error: '{{/rows}}' closes no open section"])
    }

    func testUnterminatedTags() {
        XCTAssertEqual(errors("ok\nx {{name\n}}"), ["page.md:2:3: error: '{{' is not closed by '}}' on the same line"])
        XCTAssertEqual(errors("{{#a}}{{name"), ["page.md:1:7: error: '{{' is not closed by '}}' on the same line"])
        XCTAssertEqual(errors("é{{! note\n"), ["page.md:1:2: error: comment '{{!' is never closed by '}}'"])
    }

    func testBadTags() {
        XCTAssertEqual(errors("{{}}"), ["page.md:1:1: error: empty tag '{{}}': expected a name"])
        XCTAssertEqual(errors(" {{  }}"), ["page.md:1:2: error: empty tag '{{}}': expected a name"])
        XCTAssertEqual(
            errors("{{{name}}}"),
            [
                "page.md:1:1: error: unescaped output '{{{' is not supported: every value is escaped by the output format"
            ])
        XCTAssertEqual(
            errors("{{& name}}"),
            [
                "page.md:1:1: error: unescaped output '{{&' is not supported: every value is escaped by the output format"
            ])
        XCTAssertEqual(errors("{{=<% %>=}}"), ["page.md:1:1: error: changing delimiters with '{{=' is not supported"])
        XCTAssertEqual(
            errors("{{#}}{{/}}"),
            [
                "page.md:1:1: error: '{{#' needs a name",
                "page.md:1:6: error: '{{/' needs a name",
            ])
        XCTAssertEqual(errors("{{>}}"), ["page.md:1:1: error: '{{>' needs the name of a partial"])
        XCTAssertEqual(errors("{{> a b}}"), ["page.md:1:1: error: invalid partial name 'a b'"])
        XCTAssertEqual(
            errors("{{a b}}\n{{a..b}}\n{{#x.}}{{/x.}}"),
            [
                "page.md:1:1: error: invalid name 'a b': expected letters, digits, '_' or '-', with '.' between fields",
                "page.md:2:1: error: invalid name 'a..b': expected letters, digits, '_' or '-', with '.' between fields",
                "page.md:3:1: error: invalid name 'x.': expected letters, digits, '_' or '-', with '.' between fields",
                "page.md:3:8: error: invalid name 'x.': expected letters, digits, '_' or '-', with '.' between fields",
            ])
        XCTAssertEqual(
            errors("{{@idx}} {{@foo}}"),
            [
                "page.md:1:1: error: unknown helper '@idx' (did you mean '@index'?)",
                "page.md:1:10: error: unknown helper '@foo'; the list helpers are @first, @last, @index and @number",
            ])
    }

    func testColumnsCountUnicodeScalars() {
        // "é" written as e + combining accent is two scalars.
        XCTAssertEqual(errors("e\u{301}🙂{{/x}}"), ["page.md:1:4: error: '{{/x}}' closes no open section"])
    }

    // MARK: Render errors

    func testUnknownNames() {
        let context: TemplateValue = ["handler": "h", "rows": [["name": "n"]]]
        XCTAssertEqual(
            errors("\n  {{handlr}}", context), ["page.md:2:3: error: unknown name 'handlr' (did you mean 'handler'?)"])
        XCTAssertEqual(errors("{{zzz}}", context), ["page.md:1:1: error: unknown name 'zzz'"])
        XCTAssertEqual(
            errors("{{#rows}}{{nam}}{{/rows}}", context),
            [
                "page.md:1:10: error: unknown name 'nam' (did you mean 'name'?)"
            ])
        XCTAssertEqual(
            errors("{{#rows}}{{@indx}}{{/rows}}", context),
            [
                "page.md:1:10: error: unknown helper '@indx' (did you mean '@index'?)"
            ])
        XCTAssertEqual(errors("{{^missing}}x{{/missing}}", context), ["page.md:1:1: error: unknown name 'missing'"])
    }

    func testUnknownFields() {
        let context: TemplateValue = ["a": ["bee": "x"], "t": "text", "rows": []]
        XCTAssertEqual(errors("{{a.be}}", context), ["page.md:1:1: error: 'a' has no field 'be' (did you mean 'bee'?)"])
        XCTAssertEqual(errors("{{a.bee.c}}", context), ["page.md:1:1: error: 'a.bee' is text, so it has no field 'c'"])
        XCTAssertEqual(
            errors("{{#rows.x}}{{/rows.x}}", context), ["page.md:1:1: error: 'rows' is a list, so it has no field 'x'"])
    }

    func testValuesThatAreNotText() {
        let context: TemplateValue = ["rows": [], "flag": true, "obj": [:]]
        XCTAssertEqual(errors("{{rows}}", context), ["page.md:1:1: error: '{{rows}}' needs text but 'rows' is a list"])
        XCTAssertEqual(errors("{{flag}}", context), ["page.md:1:1: error: '{{flag}}' needs text but 'flag' is a bool"])
        XCTAssertEqual(errors("{{obj}}", context), ["page.md:1:1: error: '{{obj}}' needs text but 'obj' is an object"])
        XCTAssertEqual(errors("{{.}}", context), ["page.md:1:1: error: '{{.}}' needs text but '.' is an object"])
        XCTAssertEqual(
            errors("{{@first}}", ["rows": ["a"]]),
            ["page.md:1:1: error: '@first' is only available inside a list section"])
        XCTAssertEqual(
            errors("{{#rows}}{{@first}}{{/rows}}", ["rows": ["a"]]),
            [
                "page.md:1:10: error: '{{@first}}' needs text but '@first' is a bool"
            ])
    }

    func testPartialErrors() {
        // A lookup failure without a location points at the tag.
        XCTAssertEqual(errors("x\n {{> nope}}"), ["page.md:2:2: error: no partial 'nope'"])
        // Errors inside a partial are reported in the partial's file.
        XCTAssertEqual(errors("{{>p}}", partials: ["p": "\n{{name}}"]), ["p.md:2:1: error: unknown name 'name'"])
        XCTAssertEqual(
            errors("{{>p}}", partials: ["p": "{{#a}}"]), ["p.md:1:1: error: unclosed section 'a' (opened here)"])
        XCTAssertEqual(
            errors("{{>p}}", partials: ["p": "{{>p}}"]),
            [
                "p.md:1:1: error: partial 'p' is nested more than 64 deep; does it include itself?"
            ])
        XCTAssertEqual(errors("{{>p}}"), ["page.md:1:1: error: no partial 'p'"])
        do {
            _ = try Template(source: "{{>p}}", file: "page.md").render([:], format: PlainFormat())
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.diagnostics.map(\.description), ["page.md:1:1: error: unknown partial 'p'"])
        }
    }

    // MARK: Scale

    func testRenderingIsLinear() throws {
        let rows = TemplateValue.list((0..<20_000).map { ["name": .text("row \($0)"), "code": .inline(.code("x|y"))] })
        let template = try Template(source: "{{#rows}}\n| {{name}} | {{code}} |\n{{/rows}}\n", file: "t.md")
        let out = try template.render(["rows": rows], format: MarkdownFormat())
        XCTAssertEqual(out.split(separator: "\n").count, 20_000)
        XCTAssertTrue(out.hasPrefix("| row 0 | `x\\|y` |\n| row 1 |"))
    }
}
