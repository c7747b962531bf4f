import PushMatrixSupport

/// A Swift file shipped as plain text, with holes its view fills: `{{name}}` becomes the value
/// the view gives `name`, Swift that the view printed (`SwiftPrinter`). A hole has no sections,
/// loops, partials or escaping; every decision is the view's. A hole alone on its line is
/// replaced with that line by the value's own lines, which carry their own indentation, so an
/// empty value leaves no line.
enum SwiftFile {
    static func filled(_ text: String, _ values: [String: String], file: String) throws(DiagnosticsError) -> [UInt8] {
        var out: [UInt8] = [], problems: [Diagnostic] = [], first = true
        out.reserveCapacity(text.utf8.count)
        for (number, line) in Array(text.utf8).split(separator: .newline, omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            let alone = standaloneHole(rest).flatMap { values[$0] }
            if alone?.isEmpty == true { continue }
            if !first { out.append(.newline) }
            first = false
            if let alone {
                out += alone.utf8
                continue
            }
            while let open = rest.firstRange(of: Self.open) {
                out += rest[..<open.lowerBound]
                let column = line.distance(from: line.startIndex, to: open.lowerBound) + 1
                guard let close = rest[open.upperBound...].firstRange(of: Self.close) else {
                    problems.append(problem(file, number, column, "'{{' without a closing '}}'"))
                    rest = rest[rest.endIndex...]
                    break
                }
                let name = String(decoding: rest[open.upperBound..<close.lowerBound], as: UTF8.self)
                if let value = values[name] {
                    out += value.utf8
                } else if let first = name.first, "#^/>!&{".contains(first) {
                    let message = "'{{\(name)}}': a plain Swift file has holes only, not a template's tags"
                    problems.append(problem(file, number, column, message))
                } else {
                    let known = values.keys.sorted().joined(separator: ", ")
                    problems.append(problem(file, number, column, "no value named '\(name)'; this file may use \(known)"))
                }
                rest = rest[close.upperBound...]
            }
            out += rest
        }
        if !problems.isEmpty { throw DiagnosticsError(problems) }
        return out
    }

    private static let open = Array("{{".utf8), close = Array("}}".utf8)

    /// The name of the hole a line holds alone, after its indentation.
    private static func standaloneHole(_ line: ArraySlice<UInt8>) -> String? {
        let body = line.drop { $0 == .space }
        guard body.starts(with: open), body.count > 4, body.suffix(2).elementsEqual(close) else { return nil }
        let name = body.dropFirst(2).dropLast(2)
        return name.contains(UInt8(ascii: "}")) ? nil : String(decoding: name, as: UTF8.self)
    }

    private static func problem(_ file: String, _ line: Int, _ column: Int, _ message: String) -> Diagnostic {
        Diagnostic(file: file, location: SourceLocation(line: line + 1, column: column), message: message)
    }
}
