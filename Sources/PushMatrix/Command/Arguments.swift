import PushMatrixSupport

/// A command line split into options, so each command can take what it knows and report the rest.
struct Arguments {
    struct UsageError: Error { var message: String }

    private(set) var flags: [String] = []
    private(set) var values: [(name: String, value: String)] = []
    private(set) var positionals: [String] = []
    /// Every option the command takes, for suggestions.
    private let known: [String]

    /// `valued` lists the options that take a value (`--spec F` or `--spec=F`); `known`, all of them (see
    /// `CommandInfo.arguments`).
    init(_ arguments: [String], valued: Set<String>, known: [String]) throws(UsageError) {
        self.known = known
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else {
                positionals.append(argument)
                continue
            }
            if let equals = argument.firstIndex(of: "=") {
                values.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
            } else if valued.contains(argument) {
                guard let value = rest.popFirst() else { throw UsageError(message: "\(argument) needs a value") }
                values.append((argument, value))
            } else {
                flags.append(argument)
            }
        }
    }

    /// `--spec` in `arguments` (the last, as `value` finds it), for commands with options named for spec ids: `explain`
    /// and its help.
    static func spec(in arguments: [String]) -> String? { value("--spec", in: arguments) }

    /// The last value of the option `name` in `arguments`, read before they are parsed.
    static func value(_ name: String, in arguments: [String]) -> String? {
        var found: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == name { found = rest.popFirst() ?? found }
            if argument.hasPrefix(name + "=") { found = String(argument.dropFirst(name.count + 1)) }
        }
        return found
    }

    mutating func flag(_ name: String) -> Bool {
        let found = flags.contains(name)
        flags.removeAll { $0 == name }
        return found
    }

    mutating func value(_ name: String) -> String? { allValues(name).last }

    mutating func allValues(_ name: String) -> [String] {
        let found = values.filter { $0.name == name }.map(\.value)
        values.removeAll { $0.name == name }
        return found
    }

    /// Flags matching `prefix…suffix`, taken out; returns the middle parts.
    mutating func flags(prefix: String, suffix: String) -> [String] {
        let found = flags.filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) && $0.count > prefix.count + suffix.count }
        flags.removeAll { found.contains($0) }
        return found.map { String($0.dropFirst(prefix.count).dropLast(suffix.count)) }
    }

    /// Fails on anything no one took, suggesting the nearest known option.
    func finish(positionals expected: Int = 0) throws(UsageError) {
        if let unknown = flags.first ?? values.first?.name {
            throw UsageError(message: "unknown option '\(unknown)'" + Suggestion.didYouMean(unknown, in: known))
        }
        if positionals.count > expected { throw UsageError(message: "unexpected argument '\(positionals[expected])'") }
    }
}
