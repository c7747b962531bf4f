/// The command line's built-in texts, compiled into the binary by the PushMatrixEmbed plugin from
/// the files beside this one.
enum HelpTexts {
    /// What a command does, in a paragraph: `help/COMMAND.txt` without its last line end.
    static func about(_ command: String) -> String { String(EmbeddedFiles.all["help/\(command).txt"]!.dropLast()) }
}
