/// A command as the command line declares it: its parser takes exactly these options and its `--help` lists exactly
/// these, so they agree.
struct CommandInfo {
    struct Option {
        let name: String
        /// What the value is called in help (`--spec FILE`); nil for a flag.
        let value: String?
        /// One line per `\n`.
        let help: String

        static func flag(_ name: String, _ help: String) -> Option { Option(name: name, value: nil, help: help) }
        static func value(_ name: String, _ value: String, _ help: String) -> Option { Option(name: name, value: value, help: help) }
    }

    let name: String
    /// One line, for the main help's list of commands.
    let summary: String
    /// What follows the command on its usage line before the options (`export DIR`).
    var operands = ""
    /// The paragraph under the usage line; nil for the command's built-in text, `help/NAME.txt` (`HelpTexts.about`).
    var about: String? = nil
    let options: [Option]
    let examples: [String]

    /// The command's arguments, split as its options say.
    func arguments(_ rest: [String]) throws(Arguments.UsageError) -> Arguments {
        try Arguments(rest, valued: Set(options.filter { $0.value != nil }.map(\.name)), known: options.map(\.name))
    }

    var help: String {
        let labels = options.map { $0.name + ($0.value.map { " " + $0 } ?? "") }
        let width = labels.map(\.count).max() ?? 0
        let lines = zip(labels, options).flatMap { label, option in
            option.help.split(separator: "\n").enumerated().map { n, line in
                "  " + (n == 0 ? label : "").padding(to: width + 2) + line
            }
        }
        let usage = ["USAGE: pushmatrix", name, operands, options.isEmpty ? "" : "[options]"].filter { !$0.isEmpty }.joined(separator: " ")
        return usage + "\n\n" + (about ?? HelpTexts.about(name)) + "\n"
            + (lines.isEmpty ? "" : "\nOPTIONS:\n" + lines.joined(separator: "\n") + "\n")
            + (examples.isEmpty ? "" : "\nEXAMPLES:\n" + examples.map { "  pushmatrix " + $0 + "\n" }.joined())
    }
}

extension String {
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
