/// Usage texts, with examples, for `--help`.
enum Help {
    static let main = """
    pushmatrix — generate docs from the iOS push-notification reception matrix

    USAGE: pushmatrix <command> [options]

    COMMANDS:
      generate   Render every output from the spec into the output directory
      validate   Check the spec and report every problem
      explain    Tell what happens to a push in each init API and app state
      help       Show help for a command

    OPTIONS:
      --version  Print the version
      -h, --help Show help

    EXAMPLES:
      pushmatrix generate
      pushmatrix generate --check
      pushmatrix explain --alert --category --api ios10 --state background
      pushmatrix explain --payload push.json --json

    """

    static func text(for command: String) -> String? {
        switch command {
        case "generate": return """
            USAGE: pushmatrix generate [--spec FILE] [--templates DIR] [--output DIR] [--check]

            Renders every output in memory, then writes only the files whose bytes changed and
            removes files it generated earlier that are no longer produced. Other files in the
            output directory are never touched. Nothing is written when the spec is invalid.

            OPTIONS:
              --spec FILE       The spec (default: Spec/push-matrix.json)
              --templates DIR   The templates (default: Templates)
              --output DIR      Where outputs go (default: Generated)
              --check           Write nothing; exit 1 listing every missing, stale or extra file

            EXAMPLES:
              pushmatrix generate --output Docs/Generated
              pushmatrix generate --check

            """
        case "validate": return """
            USAGE: pushmatrix validate [--spec FILE]

            Reports every problem in the spec as FILE:LINE:COLUMN: error: PATH: MESSAGE.
            Exit status: 0 valid, 1 invalid, 2 usage error.

            """
        case "explain": return """
            USAGE: pushmatrix explain (--payload FILE | [--alert] [--content-available] [--category])
                                      [--api ID]... [--state ID]... [--without-action-handler]
                                      [--lang en|ja] [--json] [--spec FILE]

            Tells what iOS does with a push: which handlers run on arrival and with which
            application state, whether Notification Center shows it, and what each possible tap
            calls. The payload flags and handler options are named after the spec's ids.

            OPTIONS:
              --payload FILE              A real APNs payload: {"aps": {...}, ...}
              --alert, --content-available, --category
                                          Payload keys, when no file is given
              --api ID, --state ID        Narrow to these init APIs / app states (default: all)
              --without-action-handler    The app does not implement the action handler
              --lang en|ja                Language of the text output (default: en)
              --json                      Print JSON, one object per init API and app state

            EXAMPLES:
              pushmatrix explain --alert --content-available --api ios8_9 --state background
              pushmatrix explain --payload push.json --json --without-action-handler

            """
        default: return nil
        }
    }
}
