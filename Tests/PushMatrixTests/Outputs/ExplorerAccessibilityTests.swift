import Foundation
import XCTest

@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// The explorer pages of both built-in matrices, in both languages, as a screen reader and a keyboard meet them: the
/// group every radio button and checkbox sits in has a name, and each list of checkboxes the script makes goes into a
/// group of its own, named for its question; every in-page link lands on an element that exists and can take focus;
/// the script writes no in-page link, and the matrix page has every cell its links name; no click handler sits on an
/// element the keyboard cannot reach, and the focus stays visible.
final class ExplorerAccessibilityTests: XCTestCase {
    /// One element as its start tag gives it: its name, its attributes, the elements it sits in (innermost last, as
    /// indices into the page's list) and the text it holds.
    struct Element {
        let name: String
        let attributes: [String: String]
        let ancestors: [Int]
        var text = ""
    }

    /// A page read as a list of elements, its scripts' and style sheets' contents kept apart.
    struct Page {
        var elements: [Element] = []
        var scripts: [String] = []
        var styles: [String] = []

        func element(id: String) -> Element? { elements.first { $0.attributes["id"] == id } }
    }

    /// Elements that have no end tag.
    private static let void: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"]

    private static func decoded(_ text: Substring) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The elements of `html`, with the text between tags given to every element open around it.
    static func read(_ html: String) -> Page {
        var page = Page()
        var open: [Int] = []
        var rest = html[...]
        while let tag = rest.firstMatch(of: /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=\/>]+(?:="[^"]*")?)*)\s*(\/?)>/) {
            let text = decoded(rest[rest.startIndex..<tag.range.lowerBound])
            for index in open { page.elements[index].text += text }
            rest = rest[tag.range.upperBound...]
            let name = tag.2.lowercased()
            if !tag.1.isEmpty {
                if let at = open.lastIndex(where: { page.elements[$0].name == name }) { open.removeSubrange(at...) }
                continue
            }
            if name == "script" || name == "style" {
                let end = rest.range(of: "</\(name)>") ?? rest.endIndex..<rest.endIndex
                if name == "script" { page.scripts.append(String(rest[rest.startIndex..<end.lowerBound])) }
                if name == "style" { page.styles.append(String(rest[rest.startIndex..<end.lowerBound])) }
                rest = rest[end.upperBound...]
                continue
            }
            var attributes: [String: String] = [:]
            for attribute in tag.3.matches(of: /([^\s=\/>]+)(?:="([^"]*)")?/) {
                attributes[attribute.1.lowercased()] = attribute.2.map(decoded) ?? ""
            }
            page.elements.append(Element(name: name, attributes: attributes, ancestors: open))
            if tag.4.isEmpty && !void.contains(name) { open.append(page.elements.count - 1) }
        }
        return page
    }

    /// Whether the keyboard reaches `element`, or a link or a script can move the focus onto it.
    static func focusable(_ element: Element) -> Bool {
        switch element.name {
        case "a": element.attributes["href"] != nil || element.attributes["tabindex"] != nil
        case "button", "input", "select", "textarea", "summary": true
        default: element.attributes["tabindex"] != nil
        }
    }

    /// Whether `element` groups choices: a fieldset, or an element whose role is a group.
    static func isGroup(_ element: Element) -> Bool {
        element.name == "fieldset" || ["group", "radiogroup"].contains(element.attributes["role"])
    }

    /// The name a group of choices has: its legend's text (a fieldset's first child), or the text of the elements its
    /// `aria-labelledby` names, or its `aria-label`; nil when it is no group or has no name.
    static func groupName(_ index: Int, in page: Page) -> String? {
        let element = page.elements[index]
        var name = ""
        if element.name == "fieldset" {
            let legend = page.elements.indices.first { page.elements[$0].ancestors.last == index }
            name = legend.map { page.elements[$0].name == "legend" ? page.elements[$0].text : "" } ?? ""
        } else if isGroup(element) {
            let ids = (element.attributes["aria-labelledby"] ?? "").split(separator: " ").map(String.init)
            name = ids.map { page.element(id: $0)?.text ?? "" }.joined() + (element.attributes["aria-label"] ?? "")
        } else {
            return nil
        }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Each explorer page of both built-in matrices in both languages, read once: its name, its HTML, what `read` makes
    /// of it, and the ids on the matrix page beside it.
    private static let pages = Result {
        try Fixtures.builtIns.flatMap { builtIn in
            let files = try Fixtures.rendered(builtIn.matrix)
            return ["en", "ja"].map { language in
                let html = String(decoding: files["Docs/\(language)/explorer.html"] ?? [], as: UTF8.self)
                let matrixPage = String(decoding: files["Docs/\(language)/reception-methods.html"] ?? [], as: UTF8.self)
                let ids = Set(matrixPage.matches(of: /\sid="([^"]+)"/).map { String($0.1) })
                return (path: "\(builtIn.module) Docs/\(language)/explorer.html", html: html, page: read(html), matrixIds: ids)
            }
        }
    }

    func testEveryChoiceIsInANamedGroup() throws {
        for (path, html, page, _) in try Self.pages.get() {
            let choices = page.elements.filter { $0.name == "input" && ["radio", "checkbox"].contains($0.attributes["type"]) }
            XCTAssertFalse(choices.isEmpty, path)
            for choice in choices {
                let group = choice.ancestors.last { Self.isGroup(page.elements[$0]) }
                let named = group.flatMap { Self.groupName($0, in: page) } != nil
                XCTAssertTrue(named, "\(path): the \(choice.attributes["type"]!) \(choice.attributes["value"] ?? "")'s group has no name")
            }
            // The script makes checkboxes in one function only, and every call puts them into a named group.
            let script = try XCTUnwrap(page.scripts.last, path)
            XCTAssertEqual(script.components(separatedBy: "el(\"input\")").count - 1, 1, path)
            XCTAssertFalse(script.contains("createElement(\"input\")"), path)
            let calls = script.matches(of: /D\.(\w+)\.forEach\(function \([^)]*\) \{ checkbox\(byId\("([^"]+)"\)/)
            XCTAssertEqual(calls.count, script.components(separatedBy: "checkbox(byId(").count - 1, path)
            let data = try ExplorerDataTests.data(html)
            for call in calls {
                let index = page.elements.firstIndex { $0.attributes["id"] == String(call.2) }
                // A page without the list (a spec without conditions) has no group for it either.
                let made = (data[String(call.1)] as? [Any])?.isEmpty == false
                XCTAssertTrue(
                    index.flatMap { Self.groupName($0, in: page) } != nil || (!made && index == nil),
                    "\(path): the script's checkboxes in #\(call.2)")
            }
        }
    }

    func testEveryInPageLinkLandsOnAnElementThatTakesFocus() throws {
        for (path, html, page, anchors) in try Self.pages.get() {
            let links = page.elements.compactMap { $0.attributes["href"] }.filter { $0.hasPrefix("#") }
            XCTAssertFalse(links.isEmpty, path)
            for target in Set(links) {
                let element = page.element(id: String(target.dropFirst()))
                XCTAssertNotNil(element, "\(path): \(target) names no element")
                XCTAssertTrue(element.map(Self.focusable) ?? true, "\(path): \(target) cannot take focus")
            }
            for element in page.elements {
                XCTAssertLessThanOrEqual(Int(element.attributes["tabindex"] ?? "0") ?? 1, 0, "\(path): the keyboard's order is the page's")
            }
            // The script's one link goes to the matrix page, which has every cell it can name.
            let script = try XCTUnwrap(page.scripts.last, path)
            XCTAssertEqual(script.matches(of: /\.href = "([^"]*)"/).map { String($0.1) }, ["reception-methods.html#"], path)
            XCTAssertFalse(script.contains("setAttribute(\"href\""), path)
            let cells = try XCTUnwrap(ExplorerDataTests.data(html)["cells"] as? [[String: Any]], path)
            for cell in cells {
                let anchor = try XCTUnwrap(cell["a"] as? String, path)
                XCTAssertTrue(anchors.contains(anchor), "\(path): reception-methods.html#\(anchor) names no element")
            }
        }
    }

    func testTheKeyboardReachesEveryHandlerAndSeesTheFocus() throws {
        for (path, _, page, _) in try Self.pages.get() {
            for element in page.elements where !Self.focusable(element) {
                let handlers = element.attributes.keys.filter { $0.hasPrefix("on") }
                XCTAssertEqual(handlers, [], "\(path): a handler on a <\(element.name)> the keyboard cannot reach")
            }
            // A click handler the script adds acts on links alone, which Enter follows as a click.
            let script = try XCTUnwrap(page.scripts.last, path)
            let listeners = script.matches(of: /addEventListener\("click", function \(event\) \{\n(.*)\n/)
            XCTAssertEqual(listeners.count, script.components(separatedBy: "addEventListener(\"click\"").count - 1, path)
            for listener in listeners {
                XCTAssertTrue(listener.1.contains(".closest(\"a["), "\(path): \(listener.1)")
            }
            let style = page.styles.joined()
            XCTAssertTrue(style.contains(":focus-visible { outline: 3px solid"), path)
            XCTAssertNil(style.firstMatch(of: /outline:\s*(none|0)\b/), "\(path): no style hides the focus")
        }
    }
}
