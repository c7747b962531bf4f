import Foundation
import PushMatrix

// Colour only for a person at a terminal, and never when NO_COLOR is set (no-color.org).
let colored = isatty(2) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
let result = Command.run(Array(CommandLine.arguments.dropFirst()), colored: colored)
FileHandle.standardOutput.write(Data(result.stdout.utf8))
FileHandle.standardError.write(Data(result.stderr.utf8))
exit(result.status)
