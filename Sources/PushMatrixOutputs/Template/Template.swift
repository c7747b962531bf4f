import PushMatrixSupport

/// A logic-less template (strict Mustache subset), parsed once, rendered often; an unknown name is an error, not empty,
/// catching typos.
public struct Template: Sendable {
    public let file: String
    let nodes: [TemplateNode]
    let endsWithLiteralNewline: Bool

    public init(source: String, file: String) throws(DiagnosticsError) {
        var parser = TemplateParser(source: source, file: file)
        nodes = parser.parse()
        guard parser.diagnostics.isEmpty else { throw DiagnosticsError(parser.diagnostics) }
        self.file = file
        endsWithLiteralNewline = parser.endsWithLiteralNewline
    }

    /// Maps a `{{> name}}` to its template, asked once per name per call; what it throws without a location points at
    /// the tag.
    public typealias Partials = (String) throws(DiagnosticsError) -> Template

    public func render(_ context: TemplateValue, format: some OutputFormat, partials: Partials) throws(DiagnosticsError) -> String {
        String(decoding: try renderBytes(context, format: format, partials: partials), as: UTF8.self)
    }

    /// The output as UTF-8, which is what gets written: no String is built on the way.
    public func renderBytes(_ context: TemplateValue, format: some OutputFormat, partials: Partials) throws(DiagnosticsError) -> [UInt8] {
        var renderer = TemplateRenderer(format: format, root: context)
        try renderer.render(self, dropFinalNewline: false, partials: partials)
        return renderer.out
    }

    /// For templates without partials; any `{{> name}}` is an error.
    public func render(_ context: TemplateValue, format: some OutputFormat) throws(DiagnosticsError) -> String {
        try render(context, format: format) { (name: String) throws(DiagnosticsError) -> Template in
            throw DiagnosticsError([Diagnostic(file: file, location: nil, message: "unknown partial '\(name)'")])
        }
    }
}

/// One render call's state. Output is appended to a buffer, so rendering is linear.
struct TemplateRenderer<Format: OutputFormat> {
    package let format: Format
    package var out: [UInt8] = []
    private var stack: [TemplateValue]
    private var lists: [(index: Int, count: Int)] = []  // innermost list iteration last, for the @ helpers
    private var indent: [UInt8] = []  // prefix for each line of the current standalone partial
    private var partialDepth = 0
    /// A template uses a few partials, many times each: a scan finds one faster than hashing its name.
    private var cache: [(name: String, template: Template)] = []

    static var maxPartialDepth: Int { 64 }

    package init(format: Format, root: TemplateValue) {
        self.format = format
        stack = [root]
    }

    package mutating func render(_ template: Template, dropFinalNewline: Bool, partials: Template.Partials) throws(DiagnosticsError) {
        try render(template.nodes, file: template.file, partials: partials)
        // An inline partial drops its file's trailing newline, which editors add but the caller's line does not want.
        if dropFinalNewline && template.endsWithLiteralNewline && out.last == .newline {
            out.removeLast()
            if out.last == .carriageReturn { out.removeLast() }  // a "\r\n" goes whole
        }
    }

    private mutating func render(_ nodes: [TemplateNode], file: String, partials: Template.Partials) throws(DiagnosticsError) {
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let text): out += text
            case .lineStart: out += indent
            case .value(let name, let at):
                switch try resolve(name, file: file, at: at) {
                case .text(let s): format.writeText(s, into: &out)
                case .inline(let i): format.write(i, into: &out)
                case .verbatim(let s): out += s.utf8
                case let value: throw Self.error(file, at, "'{{\(name)}}' needs text but '\(name)' is \(value.kindDescription)")
                }
            case .section(let name, let inverted, let body, let at):
                let value = try resolve(name, file: file, at: at)
                if inverted {
                    if value.isFalsy { try render(body, file: file, partials: partials) }
                    continue
                }
                switch value {
                case .bool(let b): if b { try render(body, file: file, partials: partials) }
                case .list(let items):
                    lists.append((0, items.count))
                    for (n, item) in items.enumerated() {
                        lists[lists.count - 1].index = n
                        try render(body, pushing: item, file: file, partials: partials)
                    }
                    lists.removeLast()
                case .text, .inline, .verbatim, .object:
                    if !value.isFalsy { try render(body, pushing: value, file: file, partials: partials) }
                }
            case .partial(let name, let partialIndent, let at):
                try renderPartial(name, indent: partialIndent, file: file, at: at, partials: partials)
            }
        }
    }

    private mutating func render(
        _ nodes: [TemplateNode], pushing value: TemplateValue, file: String, partials: Template.Partials
    ) throws(DiagnosticsError) {
        stack.append(value)
        try render(nodes, file: file, partials: partials)
        stack.removeLast()
    }

    private mutating func renderPartial(
        _ name: String, indent partialIndent: [UInt8]?, file: String, at: SourceLocation, partials: Template.Partials
    ) throws(DiagnosticsError) {
        let template: Template
        if let cached = cache.first(where: { $0.name == name }) {
            template = cached.template
        } else {
            do {
                template = try partials(name)
            } catch {
                throw DiagnosticsError(
                    error.diagnostics.map { d in
                        d.location != nil ? d : Diagnostic(file: file, location: at, path: d.path, message: d.message, severity: d.severity)
                    })
            }
            cache.append((name, template))
        }
        guard partialDepth < Self.maxPartialDepth else {
            throw Self.error(file, at, "partial '\(name)' is nested more than \(Self.maxPartialDepth) deep; does it include itself?")
        }
        // Mustache indents every line of a standalone partial by the tag's indentation; an inline partial's lines are
        // not indented.
        let saved = indent
        indent = partialIndent.map { saved + $0 } ?? []
        partialDepth += 1
        try render(template, dropFinalNewline: partialIndent == nil, partials: partials)
        partialDepth -= 1
        indent = saved
    }

    // MARK: Names

    private func resolve(_ name: TemplateName, file: String, at: SourceLocation) throws(DiagnosticsError) -> TemplateValue {
        guard case .path(let segments) = name else { return stack[stack.count - 1] }
        let first = segments[0]
        var value: TemplateValue
        if first.utf8.first == UInt8(ascii: "@") {
            guard let list = lists.last else { throw Self.error(file, at, "'\(first)' is only available inside a list section") }
            switch first {
            case "@first": value = .bool(list.index == 0)
            case "@last": value = .bool(list.index == list.count - 1)
            case "@index": value = .text(String(list.index))
            default: value = .text(String(list.index + 1))
            }
        } else {
            // Mustache rule: the first field is looked up from the innermost context outward, by index: this runs for
            // every name rendered.
            var found: TemplateValue?
            var level = stack.count - 1
            while found == nil && level >= 0 {
                found = stack[level].field(first)
                level -= 1
            }
            guard let found else {
                var known: [String] = lists.isEmpty ? [] : TemplateName.helpers
                for case .object(let fields) in stack { known += fields.names }
                throw Self.error(file, at, "unknown name '\(first)'" + Suggestion.didYouMean(first, in: known))
            }
            value = found
        }
        for (n, field) in segments.enumerated().dropFirst() {
            if let v = value.field(field) {
                value = v
                continue
            }
            let owner = segments[..<n].joined(separator: ".")
            guard case .object(let fields) = value else {
                throw Self.error(file, at, "'\(owner)' is \(value.kindDescription), so it has no field '\(field)'")
            }
            throw Self.error(file, at, "'\(owner)' has no field '\(field)'" + Suggestion.didYouMean(field, in: fields.names))
        }
        return value
    }

    private static func error(_ file: String, _ at: SourceLocation, _ message: String) -> DiagnosticsError {
        DiagnosticsError([Diagnostic(file: file, location: at, message: message)])
    }
}
