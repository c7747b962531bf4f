/// Usage texts, with examples, for `--help`.
enum Help {
    static let main = """
    pushmatrix — generate docs from the iOS push-notification reception matrix

    USAGE: pushmatrix <command> [options]

    COMMANDS:
      generate   Render every output from the spec into the output directory
      validate   Check the spec and report every problem
      explain    Tell what happens to a push in each init API and app state
      templates  Export the built-in templates to override some of them
      help       Show help for a command

    OPTIONS:
      --version  Print the version
      -h, --help Show help

    Without --spec, the spec is Spec/push-matrix.json when it exists, else the built-in one;
    without --templates, Templates/ when it exists, else the built-in templates. A templates
    directory may hold only the files it overrides.

    EXAMPLES:
      pushmatrix generate
      pushmatrix generate --check
      pushmatrix templates export MyTemplates
      pushmatrix explain --alert --category --api ios10 --state background
      pushmatrix explain --payload push.json --json

    """

    static func text(for command: String) -> String? {
        switch command {
        case "generate": return """
            USAGE: pushmatrix generate [--spec FILE] [--templates DIR] [--output DIR] [--check] [--force]
                                       [--quiet | --verbose]

            Renders every output in memory, then writes only the files whose bytes changed and
            removes files it generated earlier that are no longer produced. Other files in the
            output directory are never touched. Nothing is written when the spec is invalid.
            Code between pushmatrix:begin and pushmatrix:end lines is kept; a generated file
            edited anywhere else is reported (exit 1) and left alone unless --force is given.

            OPTIONS:
              --spec FILE       The spec (default: Spec/push-matrix.json)
              --templates DIR   The templates (default: Templates)
              --output DIR      Where outputs go (default: Generated)
              --module NAME     The generated Swift module (default: PushHandlers): Sources/NAME,
                                Tests/NAMEConformanceTests
              --check           Write nothing; exit 1 listing every missing, stale or extra file
              --force           Overwrite generated files edited outside their pushmatrix:begin/end regions;
                                with --check, compare every file even when the inputs are unchanged
              --quiet           Print only problems
              --verbose         Print every file's fate: written, unchanged or removed

            EXAMPLES:
              pushmatrix generate --output Docs/Generated
              pushmatrix generate --check

            """
        case "validate": return """
            USAGE: pushmatrix validate [--spec FILE] [--templates DIR] [--quiet]

            Reports every problem in the spec as FILE:LINE:COLUMN: error: PATH: MESSAGE, then
            renders the templates in memory (when DIR exists) to catch texts they need but the
            spec lacks. Writes nothing.
            Exit status: 0 valid, 1 invalid, 2 usage error.

            """
        case "explain": return explain(nil)
        case "templates": return """
            USAGE: pushmatrix templates export DIR [--force]

            Copies the built-in templates into DIR. Keep the files you change and delete the
            rest: with --templates DIR, a template missing from DIR falls back to the built-in
            one. Existing files are not overwritten without --force.

            """
        default: return nil
        }
    }

    /// `explain`'s options are named after the spec's ids, so its help is made from the spec.
    static func explain(_ spec: Spec?) -> String {
        func ids(_ list: [String]?) -> String { list.map { " (\($0.joined(separator: ", ")))" } ?? "" }
        let keys = spec.map { $0.payloadKeys.map { "--" + Identifier.hyphenated($0.id) } } ?? ["--<payload-key>"]
        let without = spec.map { $0.handlers.filter(\.optional).map { "--without-\(Identifier.hyphenated($0.id))-handler" } } ?? ["--without-<handler>-handler"]
        let languages = spec.map { $0.languages.map(\.id).joined(separator: "|") } ?? "LANG"
        let options = [
            ("--payload FILE", "A real APNs payload: {\"aps\": {...}, ...}; - reads standard input"),
            (keys.joined(separator: ", "), "Payload keys that are set, when no file is given"),
            ("--api ID", "Only these init APIs" + ids(spec?.initAPIs.map(\.id)) + "; repeat or separate with commas"),
            ("--state ID", "Only these app states" + ids(spec?.appStates.map(\.id))),
        ] + without.map { ($0, "The app does not implement this optional handler") } + [
            ("--lang \(languages)", "Language of the text output"),
            ("--json", "Print JSON, one object per init API and app state"),
            ("--spec FILE", "The spec (default: Spec/push-matrix.json)"),
        ]
        let width = options.map(\.0.count).max()!
        let lines = options.map { "  " + $0.0 + String(repeating: " ", count: width + 2 - $0.0.count) + $0.1 }
        return """
            USAGE: pushmatrix explain (--payload FILE | payload flags) [options]

            Tells what iOS does with a push: which handlers run on arrival and with which
            application state, whether Notification Center shows it, and what each possible tap
            calls. The options below are made from the spec's ids.

            OPTIONS:
            \(lines.joined(separator: "\n"))

            EXAMPLES:
              pushmatrix explain \(keys.prefix(2).joined(separator: " "))
              pushmatrix explain --payload push.json --json

            """
    }
}
