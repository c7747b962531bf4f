import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A generated page as a tree. The pages are well-formed XML as well as HTML, so Foundation's
/// XML parser reads them; a page that is not fails the test that reads it.
final class HTMLElement {
    let name: String
    let attributes: [String: String]
    var children: [Node] = []

    enum Node {
        case element(HTMLElement)
        case text(String)
    }

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    var elements: [HTMLElement] { children.compactMap { if case .element(let e) = $0 { e } else { nil } } }

    /// Every element below this one, depth first.
    var descendants: [HTMLElement] { elements.flatMap { [$0] + $0.descendants } }

    func all(_ name: String, where test: (HTMLElement) -> Bool = { _ in true }) -> [HTMLElement] {
        descendants.filter { $0.name == name && test($0) }
    }

    var id: String? { attributes["id"] }
    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

    /// The text a reader sees, skipping elements `skip` rejects; `<br/>` is a line break.
    func text(skipping skip: (HTMLElement) -> Bool = { _ in false }) -> String {
        children.map { child in
            switch child {
            case .text(let s): return s
            case .element(let e): return e.name == "br" ? "\n" : (skip(e) ? "" : e.text(skipping: skip))
            }
        }.joined()
    }

    static func parse(_ data: Data) throws -> HTMLElement {
        let builder = Builder()
        let parser = XMLParser(data: data)
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw ReadError("not well-formed at line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "")")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: HTMLElement?
        var stack: [HTMLElement] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = HTMLElement(name: name, attributes: attributes)
            stack.last?.children.append(.element(element))
            if root == nil { root = element }
            stack.append(element)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.children.append(.text(string))
        }
    }
}
