/// Prints generated Swift at the indentation it is told, with swift-format's layout rules, so a file printed from code needs no template.
struct SwiftPrinter {
    /// The line length of the package's swift-format configuration, which generated code keeps to.
    static let lineLength = 140

    private(set) var bytes: [UInt8] = []
    private var indent = 0

    /// One line (which may go on over lines of its own, already laid out); an empty line gets no indentation.
    mutating func print(_ line: String) {
        if !line.isEmpty {
            bytes.append(contentsOf: repeatElement(.space, count: indent))
            bytes.append(contentsOf: line.utf8)
        }
        bytes.append(.newline)
    }

    /// What `body` prints from `indent` spaces in, as a plain file's hole (`SwiftFile`): its lines without the last line break, or nothing.
    static func hole(indent: Int = 0, _ body: (inout SwiftPrinter) -> Void) -> String {
        var printer = SwiftPrinter()
        printer.indent = indent
        body(&printer)
        if printer.bytes.last == .newline { printer.bytes.removeLast() }
        return String(decoding: printer.bytes, as: UTF8.self)
    }

    /// `modules`' import lines in swift-format's OrderedImports order; one hole, since the module's name decides where its line goes.
    static func imports(_ modules: [String]) -> String {
        modules.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { "import " + $0 }.joined(separator: "\n")
    }

    /// `public static let NAME: TYPE = [...]` four spaces in, an element a line and `after` the bracket; `= []` on one line when empty.
    static func staticList(_ declaration: String, _ elements: [String], after: String = "") -> String {
        hole(indent: 4) { out in
            guard !elements.isEmpty else { return out.print("public static let \(declaration) = []") }
            out.print("public static let \(declaration) = [")
            for element in elements { out.print("    \(element),") }
            out.print("]" + after)
        }
    }

    /// Text from the spec or the matrix made safe for a `//` comment: on one line, with no control characters.
    static func comment(_ text: String) -> String { SwiftCommentFormat().text(text) }

    /// What `body` prints, `by` more spaces in.
    mutating func indented(by extra: Int = 4, _ body: (inout SwiftPrinter) -> Void) {
        indent += extra
        body(&self)
        indent -= extra
    }

    /// How a scenario's declaration opens, and the extra indent of its arguments, as swift-format lays it out: on one line with its type
    /// while that fits, then without it, and only then broken after the `=` with everything after indented.
    static func scenarioDeclaration(_ name: String) -> (String, String) {
        let prefix = "    public static let \(name)"
        if (prefix + ": PushScenario = PushScenario(").count <= lineLength {
            return ("public static let \(name): PushScenario = PushScenario(", "")
        }
        if (prefix + " = PushScenario(").count <= lineLength { return ("public static let \(name) = PushScenario(", "") }
        if (prefix + " =").count <= lineLength { return ("public static let \(name) =\n        PushScenario(", "    ") }
        return ("public static\n        let \(name) =\n        PushScenario(", "    ")
    }

    /// `text` split at each ", " (empty pieces left out) like `split(separator: ", ")`, by bytes: an ASCII separator ends whole characters.
    private static func arguments(_ text: Substring) -> [String] {
        let bytes = Array(text.utf8)
        var pieces: [String] = [], start = 0, index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: ","), index + 1 < bytes.count, bytes[index + 1] == .space else {
                index += 1
                continue
            }
            if start < index { pieces.append(String(decoding: bytes[start..<index], as: UTF8.self)) }
            (start, index) = (index + 2, index + 2)
        }
        if start < bytes.count { pieces.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return pieces
    }

    /// A call written at `indent` as swift-format lays it out: on its line while it fits, else with its arguments from the next line, four
    /// spaces in, as many to a line as fit. Precondition: the arguments hold no ", " of their own (enum cases and literals).
    static func wrapped(call line: String, indent: Int) -> String {
        // A line that fits in bytes fits in characters, which cost more to count.
        guard indent + line.utf8.count > lineLength, indent + line.count > lineLength else { return line }
        guard let open = line.firstIndex(of: "(") else { return line }
        let margin = String(repeating: " ", count: indent + 4)
        var lines: [String] = [], current = "", length = 0  // `current` and its length in characters
        for argument in arguments(line[line.index(after: open)...]) {
            let count = argument.count
            if current.isEmpty || indent + 4 + length + 2 + count + 1 <= lineLength {
                (current, length) = current.isEmpty ? (argument, count) : (current + ", " + argument, length + 2 + count)
            } else {
                lines.append(current + ",")
                (current, length) = (argument, count)
            }
        }
        return line[...open] + "\n" + (lines + [current]).map { margin + $0 }.joined(separator: "\n")
    }
}
