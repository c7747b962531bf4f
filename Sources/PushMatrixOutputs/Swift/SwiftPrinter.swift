/// Prints generated Swift a line at a time, at a depth it keeps itself: an emitter opens and closes blocks, and the
/// printer indents what they hold, so no emitter names a column. It also owns the layout rules of swift-format that
/// generated code keeps: where a long call breaks, and which list elements take a trailing comma.
struct SwiftPrinter {
    /// The line length of the package's swift-format configuration, which generated code keeps to.
    static let lineLength = 140

    /// The spaces of one level of indentation.
    static let indentWidth = 4

    /// The file so far.
    private(set) var bytes: [UInt8] = []

    /// How many spaces the next line starts with.
    private(set) var column = 0

    /// One line at the current depth; an empty line gets no indentation.
    mutating func print(_ line: String) {
        if !line.isEmpty {
            bytes.append(contentsOf: repeatElement(.space, count: column))
            bytes.append(contentsOf: line.utf8)
        }
        bytes.append(.newline)
    }

    /// An empty line.
    mutating func blankLine() {
        bytes.append(.newline)
    }

    /// What `body` prints, one level deeper.
    mutating func indented(_ body: (inout SwiftPrinter) -> Void) {
        column += Self.indentWidth
        body(&self)
        column -= Self.indentWidth
    }

    /// `opening`, what `body` prints one level deeper, then `closing` at the opening's depth.
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftPrinter) -> Void) {
        print(opening)
        indented(body)
        print(closing)
    }

    /// `switch subject {`, the cases `body` prints at the switch's own depth, as swift-format lays them out, then `}`.
    mutating func switchOn(_ subject: String, _ cases: (inout SwiftPrinter) -> Void) {
        print("switch \(subject) {")
        cases(&self)
        print("}")
    }

    /// A `case` or `default` label, and what `body` prints under it one level deeper.
    mutating func label(_ label: String, _ body: (inout SwiftPrinter) -> Void) {
        print(label)
        indented(body)
    }

    /// A declaration's `signature` and its body: the brace on the signature's line while that fits, else on a line
    /// of its own, as swift-format lays it out.
    mutating func body(_ signature: String, _ body: (inout SwiftPrinter) -> Void) {
        if fits(signature + " {") {
            print(signature + " {")
        } else {
            print(signature)
            print("{")
        }
        indented(body)
        print("}")
    }

    /// `lines` as `///` lines.
    mutating func docComment(_ lines: [String]) {
        for line in lines {
            print("/// " + Self.comment(line))
        }
    }

    /// `lines` as `//` lines.
    mutating func lineComment(_ lines: [String]) {
        for line in lines {
            print("// " + Self.comment(line))
        }
    }

    /// `modules`' import lines in the order swift-format's `OrderedImports` wants.
    mutating func imports(_ modules: [String]) {
        for module in Self.importOrder(modules) {
            print("import " + module)
        }
    }

    /// `modules` sorted as swift-format's `OrderedImports` sorts import lines: by their bytes.
    static func importOrder(_ modules: [String]) -> [String] {
        modules.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The elements of a collection literal too long for one line, one to a line, each laid out as a `call`:
    /// swift-format puts a comma after each when there are several, and none after one alone.
    mutating func elements(_ elements: [String]) {
        for element in elements {
            call(elements.count > 1 ? element + "," : element)
        }
    }

    /// A call's arguments, one to a line: a comma after each but the last.
    mutating func arguments(_ arguments: [String]) {
        for (index, argument) in arguments.enumerated() {
            print(index < arguments.count - 1 ? argument + "," : argument)
        }
    }

    /// `declaration = [...]`, an element a line (each with its comma) and `after` the bracket; `= []` when empty.
    mutating func list(_ declaration: String, _ elements: [String], after: String = "") {
        guard !elements.isEmpty else {
            print(declaration + " = []")
            return
        }
        block(declaration + " = [", closing: "]" + after) { out in
            for element in elements {
                out.print(element + ",")
            }
        }
    }

    /// Whether `line` fits at the current depth.
    func fits(_ line: String) -> Bool {
        // A line that fits in bytes fits in characters, which cost more to count.
        column + line.utf8.count <= Self.lineLength || column + line.count <= Self.lineLength
    }

    /// A call as swift-format lays it out: on its line while it fits, else with its arguments from the next line,
    /// one level deeper, as many to a line as fit, and its closing parenthesis (with the comma after it, if any)
    /// after the last argument while that fits, else on a line of its own. Precondition: the arguments hold no ", "
    /// of their own (enum cases and literals).
    mutating func call(_ line: String) {
        guard !fits(line), let open = line.firstIndex(of: "("), line.hasSuffix(")") || line.hasSuffix("),") else {
            print(line)
            return
        }
        print(String(line[...open]))
        let closing = line.hasSuffix(",") ? ")," : ")"
        let arguments = line[line.index(after: open)...].dropLast(closing.count)
        let width = Self.lineLength - column - Self.indentWidth
        var lines = Self.packed(Self.arguments(arguments), width: width)
        let last = lines.removeLast()
        let closesLastLine = last.count + closing.count <= width
        indented { out in
            for packed in lines {
                out.print(packed)
            }
            out.print(closesLastLine ? last + closing : last)
        }
        if !closesLastLine {
            print(closing)
        }
    }

    /// `arguments` joined by ", " into as few lines as fit in `width` characters, a comma ending each but the last.
    private static func packed(_ arguments: [String], width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var length = 0
        for argument in arguments {
            let count = argument.count
            if current.isEmpty {
                current = argument
                length = count
            } else if length + 2 + count + 1 <= width {
                current += ", " + argument
                length += 2 + count
            } else {
                lines.append(current + ",")
                current = argument
                length = count
            }
        }
        lines.append(current)
        return lines
    }

    /// `text` split at each ", " (empty pieces left out), by bytes: an ASCII separator ends whole characters.
    private static func arguments(_ text: Substring) -> [String] {
        text.utf8.split(separator: ", ".utf8).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `head` followed by `call`, as swift-format lays out an initializer that ends a declaration: on one line
    /// while it fits, else broken after the call's parenthesis with its arguments one level deeper.
    mutating func declaration(_ head: String, call name: String, arguments: String) {
        let oneLine = head + name + "(" + arguments + ")"
        guard !fits(oneLine) else {
            print(oneLine)
            return
        }
        print(head + name + "(")
        indented { out in
            out.print(arguments + ")")
        }
    }

    /// `public static let name = value`, laid out as swift-format does: on one line while that fits, else broken after
    /// the `=` (and, if need be, after `static`), with the value one level deeper.
    mutating func staticLet(_ name: String, _ value: String) {
        let head = "public static let \(name) ="
        if fits(head + " " + value) {
            print(head + " " + value)
        } else if fits(head) {
            print(head)
            indented { out in
                out.print(value)
            }
        } else {
            print("public static")
            indented { out in
                out.print("let \(name) =")
                out.print(value)
            }
        }
    }

    /// Text from the spec or the matrix made safe for a `//` comment: on one line, with no control characters.
    static func comment(_ text: String) -> String { SwiftCommentFormat().text(text) }

    /// A Swift string literal for any text.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.isControl {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
