import PushMatrixSupport

/// A Swift file shipped as plain text, with holes its view fills: `{{name}}` becomes the value the view gives `name`, Swift that the view
/// printed (`SwiftPrinter`). A hole has no sections, loops, partials or escaping; every decision is the view's. A hole alone on its line is
/// replaced with that line by the value's own lines, which carry their own indentation, so an empty value leaves no line.
enum SwiftFile {
    static func filled(_ text: String, _ values: [String: String], file: String) throws(DiagnosticsError) -> [UInt8] {
        let bytes = Array(text.utf8)
        var out: [UInt8] = [], problems: [Diagnostic] = [], start = 0
        out.reserveCapacity(bytes.count)
        // Lines without a hole are copied in one piece up to the next line with a `{{`; a line number is counted only for a problem.
        while let hole = nextHole(bytes, from: start) {
            let lineStart = bytes[start..<hole].lastIndex(of: .newline).map { $0 + 1 } ?? start
            out += bytes[start..<lineStart]
            let end = bytes[hole...].firstIndex(of: .newline) ?? bytes.count, next = min(end + 1, bytes.count)
            let number = { bytes[..<lineStart].reduce(0) { $1 == .newline ? $0 + 1 : $0 } }
            start = next
            if let name = standaloneHole(bytes[lineStart..<end]), let value = values[name] {
                if !value.isEmpty {
                    out += value.utf8
                    out += bytes[end..<next]
                }
                continue
            }
            var copied = lineStart, at = lineStart
            while at + 1 < end {
                guard bytes[at] == .openBrace, bytes[at + 1] == .openBrace else {
                    at += 1
                    continue
                }
                out += bytes[copied..<at]
                var close = at + 2
                while close + 1 < end && !(bytes[close] == .closeBrace && bytes[close + 1] == .closeBrace) { close += 1 }
                guard close + 1 < end else {
                    problems.append(problem(file, number(), bytes[lineStart..<at], "'{{' without a closing '}}'"))
                    (copied, at) = (end, end)
                    break
                }
                let name = String(decoding: bytes[at + 2..<close], as: UTF8.self)
                if let value = values[name] {
                    out += value.utf8
                } else {
                    problems.append(unknown(name, values, file, number(), bytes[lineStart..<at]))
                }
                (copied, at) = (close + 2, close + 2)
            }
            out += bytes[copied..<next]
        }
        out += bytes[start...]
        if !problems.isEmpty { throw DiagnosticsError(problems) }
        return out
    }

    /// Where the next `{{` at or after `start` is.
    private static func nextHole(_ bytes: [UInt8], from start: Int) -> Int? {
        var from = start
        while let brace = bytes[from...].firstIndex(of: .openBrace) {
            if brace + 1 < bytes.count && bytes[brace + 1] == .openBrace { return brace }
            from = brace + 1
        }
        return nil
    }

    /// The name of the hole a line holds alone, after its indentation.
    private static func standaloneHole(_ line: ArraySlice<UInt8>) -> String? {
        let body = line.drop { $0 == .space }
        guard body.count > 4, body.first == .openBrace, body.dropFirst().first == .openBrace, body.last == .closeBrace,
            body.dropLast().last == .closeBrace
        else { return nil }
        let name = body.dropFirst(2).dropLast(2)
        return name.contains(.closeBrace) ? nil : String(decoding: name, as: UTF8.self)
    }

    private static func unknown(_ name: String, _ values: [String: String], _ file: String, _ line: Int, _ before: ArraySlice<UInt8>)
        -> Diagnostic
    {
        if let first = name.first, "#^/>!&{".contains(first) {
            return problem(file, line, before, "'{{\(name)}}': a plain Swift file has holes only, not a template's tags")
        }
        return problem(file, line, before, "no value named '\(name)'; this file may use " + values.keys.sorted().joined(separator: ", "))
    }

    /// A problem on a 0-based line, after the bytes `before` of it, at a 1-based line and column.
    private static func problem(_ file: String, _ line: Int, _ before: ArraySlice<UInt8>, _ message: String) -> Diagnostic {
        let column = String(decoding: before, as: UTF8.self).unicodeScalars.count + 1
        return Diagnostic(file: file, location: SourceLocation(line: line + 1, column: column), message: message)
    }
}
