/// A JSON value for `--json` output. Objects are ordered pairs, not dictionaries: output is deterministic, in the
/// caller's order.
public indirect enum JSONOutput: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number as its literal is written.
    case number(String)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])
}

extension JSONOutput {
    /// Pretty-printed: 2-space indent, `"key": value`, `[]`/`{}` when empty, no final newline; `compact`: no space or
    /// line break.
    public func serialized(compact: Bool = false) -> String {
        var out = ""
        write(to: &out, indent: compact ? nil : 0)
        return out
    }

    private func write(to out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .number(let literal): out += literal
        case .string(let value): JSONOutput.writeString(value, to: &out)
        case .array(let items):
            writeContainer(items, open: "[", close: "]", to: &out, indent: indent) { item, out in
                item.write(to: &out, indent: indent.map { $0 + 1 })
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &out, indent: indent) { member, out in
                JSONOutput.writeString(member.0, to: &out)
                out += indent == nil ? ":" : ": "
                member.1.write(to: &out, indent: indent.map { $0 + 1 })
            }
        }
    }

    private func writeContainer<Element>(
        _ elements: [Element], open: String, close: String, to out: inout String, indent: Int?,
        element: (Element, inout String) -> Void
    ) {
        // Pretty: each element on its own line, one level in; compact, or empty: nothing between them but commas.
        let pretty = elements.isEmpty ? nil : indent
        let inner = pretty.map { "\n" + String(repeating: " ", count: 2 * ($0 + 1)) } ?? ""
        out += open
        for (index, item) in elements.enumerated() {
            out += index == 0 ? inner : "," + inner
            element(item, &out)
        }
        out += (pretty.map { "\n" + String(repeating: " ", count: 2 * $0) } ?? "") + close
    }

    /// RFC 8259 escaping: only `"`, `\` and control characters; everything else is written as is.
    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u00" + (hex.count == 1 ? "0" + hex : hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
