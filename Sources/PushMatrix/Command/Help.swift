import PushMatrixOutputs
import PushMatrixSpec

/// Every command's declaration (see `CommandInfo`), and the main help made from them.
enum Help {
    /// `--spec`, which every command that reads a spec takes.
    static let specOption = CommandInfo.Option.value(
        "--spec", "FILE",
        "The spec: a file, or builtin:NAME (see 'pushmatrix specs'); default: the\none the output remembers, else Spec/push-matrix.json, else builtin:current"
    )

    /// `--templates`, which every command that renders takes.
    static let templatesOption = CommandInfo.Option.value(
        "--templates", "DIR", "The templates (default: Templates, else the built-in ones)")

    static let generate = CommandInfo(
        name: "generate", summary: "Render every output from the spec into the output directory",
        options: [
            specOption,
            templatesOption,
            .value("--output", "DIR", "Where outputs go (default: Generated)"),
            .value(
                "--module", "NAME",
                "The generated Swift module (default: the one the output remembers, else\nPushHandlers): Sources/NAME, Tests/NAMEConformanceTests"
            ),
            .value(
                "--tests", TestFramework.allCases.map(\.rawValue).joined(separator: "|"),
                "The conformance suite's test framework (default: xctest)"),
            .flag("--check", "Write nothing; exit 1 listing every missing, stale or extra file"),
            .flag(
                "--force",
                "Overwrite generated files edited outside their pushmatrix:begin/end regions;\nwith --check, compare every file even when the inputs are unchanged"
            ),
            .flag("--quiet", "Print only problems"),
            .flag("--verbose", "Print every file's fate: written, unchanged or removed"),
        ],
        examples: ["generate --output Docs/Generated", "generate --check"])

    static let validate = CommandInfo(
        name: "validate", summary: "Check the spec and report every problem",
        options: [specOption, templatesOption, .flag("--quiet", "Print only problems")],
        examples: ["validate --spec Spec/push-matrix.json"])

    static let templates = CommandInfo(
        name: "templates", summary: "Export the built-in templates to override some of them", operands: "export DIR",
        options: [.flag("--force", "Overwrite files that are already there")],
        examples: ["templates export MyTemplates"])

    static let observe = CommandInfo(
        name: "observe", summary: "Compare field logs with the spec", operands: "LOG...",
        options: [
            specOption, .flag("--json", "Print JSON: confirmed, contradicted, unobserved, inconsistent"),
            .value(
                "--update-spec", "OUT",
                "Write the spec to OUT with every fully observed cell given an observed source\n(and the observed calls where they differ)"),
        ],
        examples: ["observe --spec builtin:current run.jsonl", "observe field/*.jsonl --json"])

    static let fieldKit = CommandInfo(
        name: "field-kit", summary: "Write the kit for measuring the spec on devices",
        options: [
            specOption, templatesOption, .value("--output", "DIR", "Where the kit goes (required)"),
            .value("--module", "NAME", "The generated Swift module, MODULE above (default: PushHandlers)"),
            .flag("--force", "Overwrite kit files edited since they were written"),
        ],
        examples: ["field-kit --spec builtin:current --output FieldKit"])

    static let specs = CommandInfo(
        name: "specs", summary: "List the built-in matrices",
        options: [], examples: ["specs", "validate --spec builtin:current"])

    static let help = CommandInfo(
        name: "help", summary: "Show help for a command", operands: "[COMMAND]",
        about: "Prints the help of COMMAND, or this overview without one.", options: [], examples: ["help generate"])

    /// `explain`'s options are named after the spec's ids, so its declaration is made from the spec (placeholders
    /// without one).
    static func explain(_ spec: Spec?) -> CommandInfo {
        func ids(_ list: [String]?) -> String {
            guard let list else { return "" }
            return list.isEmpty ? " (this spec has none)" : " (\(list.joined(separator: ", ")))"
        }
        let naming = spec?.naming ?? .current
        let inputs = spec?.payloadKeys.map { ("--" + Identifier.hyphenated($0.id), $0.from?.place) } ?? [("--<payload-key>", nil)]
        let keys = inputs.map(\.0)
        let without =
            spec?.handlers.filter(\.optional).map { "--without-\(Identifier.hyphenated($0.id))-handler" } ?? ["--without-<handler>-handler"]
        let languages = spec.map { $0.languages.map(\.id).joined(separator: "|") } ?? "LANG"
        let flags = inputs.map { flag, from in
            CommandInfo.Option.flag(
                flag,
                from.map { "This input is set: iOS gives it beside the payload (\($0.rawValue)), so also with a file" }
                    ?? "This payload key is set (when no file is given)")
        }
        let filters: [CommandInfo.Option] = [
            .value(
                "--" + naming.label, "ID", "Only these \(naming.words)s" + ids(spec?.setups.map(\.id)) + "; repeat or separate with commas"),
            .value("--state", "ID", "Only these app states" + ids(spec?.appStates.map(\.id))),
            .value("--condition", "ID", "Answer under these conditions, in order" + ids(spec?.conditions.map(\.id))),
            .value("--handler", "ID", "Instead: where this handler is called, for every payload" + ids(spec?.handlers.map(\.id))),
            .value(
                "--wrapper", "ID",
                "Also in this wrapper's events: what the app's Dart or JavaScript code sees" + ids(spec?.wrappers.map(\.id))),
            .value("--sender", "own|other", "With --wrapper: the push came from the wrapper's own backend (the default) or another"),
        ]
        let output: [CommandInfo.Option] = [
            .value("--lang", languages, "Language of the text output"),
            .flag("--compact", "Print each path on one line"),
            .flag("--json", "Print JSON, one object per \(naming.words) and app state"),
            .flag("--note-texts", "With --json: each note's text beside its id, in the --lang language"),
            specOption, templatesOption,
        ]
        let payload = CommandInfo.Option.value("--payload", "FILE", "A real APNs payload: {\"aps\": {...}, ...}; - reads standard input")
        let request = CommandInfo.Option.value(
            "--request", "FILE",
            "An APNs request, {\"headers\": {...}, \"payload\": {...}}, checked against Apple's rules; its push type picks the matrix")
        return CommandInfo(
            name: "explain", summary: "Tell what happens to a push in each setup and app state",
            options: [payload, request] + flags + filters + without.map { .flag($0, "The app does not implement this optional handler") }
                + output,
            examples: [
                "explain " + keys.prefix(2).joined(separator: " "), "explain --payload push.json --json",
                "explain --payload push.json --wrapper flutterfire", "explain --request alert.device.json",
            ])
    }

    static func commands(_ spec: Spec?) -> [CommandInfo] { [generate, validate, explain(spec), observe, fieldKit, specs, templates, help] }

    static var main: String {
        let commands = commands(try? SpecLoader.load(path: nil).spec)
        let width = commands.map(\.name.count).max()!
        return """
            pushmatrix — generate docs, Swift handlers and conformance tests from the iOS
            push-notification reception matrix

            USAGE: pushmatrix <command> [options]

            COMMANDS:
            \(commands.map { "  " + $0.name.padding(to: width + 2) + $0.summary }.joined(separator: "\n"))

            OPTIONS:
              --version  Print the version
              -h, --help Show help

            Run 'pushmatrix help <command>' or 'pushmatrix <command> --help' for a command's options.

            EXAMPLES:
            \(commands.flatMap(\.examples).prefix(5).map { "  pushmatrix " + $0 }.joined(separator: "\n"))

            """
    }

    /// A command's help; explain's is made from `spec`.
    static func text(for command: String, spec: Spec? = nil) -> String? { commands(spec).first { $0.name == command }?.help }
}
