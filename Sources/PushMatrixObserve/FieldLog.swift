import PushMatrixJSON
import PushMatrixModel
import PushMatrixSpec
import PushMatrixSupport

/// A field log (format 1, docs/field-log.md): JSON lines; per run a `start` line naming cell, tap, missing handlers and
/// conditions, a `call` line per call, an `end` line. Each line is checked against the spec's ids; a bad one is
/// reported and skipped.
package struct FieldLog {
    package static let version = 1
    /// Longer lines are refused unread: a recorder writes a few hundred bytes a line.
    static let maxLineLength = 1 << 16

    package struct Call: Hashable, Sendable {
        package var handler: String
        package var state: String?
    }

    /// One run from its `start` line to its `end` line.
    package struct Run: Sendable {
        package var id: String
        package var file: String
        package var line: Int
        package var device: String
        package var os: String
        package var payload: Payload
        package var setup: String
        package var appState: String
        package var tap: String?
        package var without: [String]
        /// The ids of the spec's conditions the run was made under, in declared order; empty when none.
        package var conditions: [String] = []
        package var calls: [Call] = []
    }

    package var runs: [Run] = []
    package var problems: [Diagnostic] = []

    private let matrix: Matrix
    private var open: Run?
    /// A run whose start line was refused: its other lines are passed over, not reported again.
    private var refused: String?
    /// Where each run id started, so a second run with the same id is reported.
    private var started: [String: (file: String, line: Int)] = [:]

    package init(matrix: Matrix) { self.matrix = matrix }

    /// Reads one log file's bytes; call `finish()` after the last file.
    package mutating func read(_ bytes: [UInt8], file: String) {
        if bytes.isEmpty { problem(file, nil, "the log is empty") }
        for (index, var text) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            if text.last == UInt8(ascii: "\r") { text = text.dropLast() }
            if text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            if text.count > Self.maxLineLength {
                problem(file, line, "line is \(text.count) bytes long; a log line is at most \(Self.maxLineLength)")
                continue
            }
            do throws(JSONSyntaxError) {
                entry(try JSONParser.parse(Array(text), maxDepth: 8), file: file, line: line)
            } catch {
                problem(file, line, "not JSON (\(error.message), column \(error.location.column))")
            }
        }
    }

    /// Reports a run still open at the end of the last file: it was cut off.
    package mutating func finish() {
        if let run = open { problem(run.file, run.line, "run '\(run.id)' has no end line (the log may be truncated); it is not compared") }
        open = nil
    }

    private mutating func problem(_ file: String, _ line: Int?, _ message: String) {
        problems.append(Diagnostic(file: file, location: line.map { SourceLocation(line: $0, column: 1) }, message: message))
    }

    private mutating func entry(_ node: JSONNode, file: String, line: Int) {
        var reader = LineReader(node: node)
        guard case .object = node.value else { return problem(file, line, "expected a JSON object, found \(node.typeName)") }
        guard case .number(let version)? = node["v"]?.value, version == String(Self.version) else {
            return problem(file, line, "\"v\": expected \(Self.version), the log format this pushmatrix reads")
        }
        guard let id = reader.string("run"), let event = reader.string("event") else {
            return problem(file, line, reader.failure ?? "expected \"run\" and \"event\"")
        }
        if id == refused && event != "start" {
            if event == "end" { refused = nil }
            return
        }
        switch event {
        case "start": start(&reader, id: id, file: file, line: line)
        case "call": call(&reader, id: id, file: file, line: line)
        case "end":
            guard open?.id == id else { return problem(file, line, "end of run '\(id)', which is not the run in progress") }
            runs.append(open!)
            open = nil
        default: problem(file, line, "\"event\": unknown event '\(event)'; expected start, call or end")
        }
    }

    private mutating func start(_ reader: inout LineReader, id: String, file: String, line: Int) {
        if let run = open {
            problem(run.file, run.line, "run '\(run.id)' has no end line before run '\(id)' starts; it is not compared")
            open = nil
        }
        refused = id  // until the line is accepted
        if let first = started[id] {
            return problem(file, line, "run id '\(id)' was already used (\(first.file):\(first.line)); each run needs its own id")
        }
        started[id] = (file, line)
        let spec = matrix.spec
        let keys = matrix.payloadKeyIds
        let payload = reader.object("payload").map { members -> Payload? in
            guard Set(members.map(\.key)) == Set(keys), members.count == keys.count else { return nil }
            let flags = members.compactMap { member in if case .bool(let set) = member.value.value { (member.key, set) } else { nil } }
            return flags.count == members.count ? Payload(Dictionary(uniqueKeysWithValues: flags), keys: keys) : nil
        }
        let setupKey =
            reader.node[spec.naming.label] == nil && reader.node[OlderNames.fieldLogSetupKey] != nil
            ? OlderNames.fieldLogSetupKey : spec.naming.label
        guard let device = reader.string("device"), let os = reader.string("os"),
            let setup = reader.id(setupKey, spec.setups.map(\.id)),
            let appState = reader.id("appState", spec.appStates.map(\.id)),
            let tap = reader.optionalID("tap", spec.taps.map(\.id)),
            let without = reader.ids("without", spec.handlers.filter(\.optional).map(\.id)),
            let conditions = reader.node["conditions"] == nil ? [] : reader.ids("conditions", spec.conditions.map(\.id), of: "conditions")
        else { return problem(file, line, reader.failure ?? "incomplete start line") }
        guard let payload = payload ?? nil else {
            return problem(file, line, "\"payload\": expected exactly the keys \(keys.joined(separator: ", ")), each true or false")
        }
        refused = nil
        open = Run(
            id: id, file: file, line: line, device: device, os: os, payload: payload, setup: setup, appState: appState, tap: tap,
            without: without.sorted(), conditions: spec.conditions.map(\.id).filter(conditions.contains))
    }

    private mutating func call(_ reader: inout LineReader, id: String, file: String, line: Int) {
        guard open?.id == id else {
            let context = open.map { "inside run '\($0.id)'" } ?? "before its start line"
            return problem(file, line, "call of run '\(id)' \(context); runs must not interleave")
        }
        guard let handler = reader.id("handler", matrix.spec.handlers.map(\.id)),
            let state = reader.optionalID("state", matrix.spec.handlerStates.map(\.id))
        else { return problem(file, line, reader.failure ?? "incomplete call line") }
        open!.calls.append(Call(handler: handler, state: state))
    }
}

/// Reads the members of one log line, keeping the first problem for the report.
private struct LineReader {
    let node: JSONNode
    var failure: String?

    mutating func fail<T>(_ message: String) -> T? {
        if failure == nil { failure = message }
        return nil
    }

    mutating func string(_ key: String) -> String? {
        guard let value = node[key] else { return fail("\"\(key)\": missing") }
        guard case .string(let text) = value.value else { return fail("\"\(key)\": expected a string, found \(value.typeName)") }
        return text
    }

    mutating func object(_ key: String) -> [JSONNode.Member]? {
        guard let value = node[key], case .object(let members) = value.value else { return fail("\"\(key)\": expected an object") }
        return members
    }

    mutating func id(_ key: String, _ known: [String]) -> String? {
        guard let id = string(key) else { return nil }
        guard known.contains(id) else {
            return fail(
                "\"\(key)\": unknown id '\(id)'" + Suggestion.didYouMean(id, in: known)
                    + "; expected one of \(known.joined(separator: ", "))")
        }
        return id
    }

    /// An id or null; nil (a failure) when the key is missing or the id unknown.
    mutating func optionalID(_ key: String, _ known: [String]) -> String?? {
        guard let value = node[key] else { return fail("\"\(key)\": missing; write null for none") }
        if case .null = value.value { return .some(nil) }
        return id(key, known).map { .some($0) }
    }

    mutating func ids(_ key: String, _ known: [String], of kind: String = "optional handlers") -> [String]? {
        guard let value = node[key], case .array(let items) = value.value else { return fail("\"\(key)\": expected an array of ids") }
        let ids = items.compactMap { if case .string(let id) = $0.value, known.contains(id) { id } else { nil } }
        guard ids.count == items.count else { return fail("\"\(key)\": expected ids of \(kind) (\(known.joined(separator: ", ")))") }
        return ids
    }
}
