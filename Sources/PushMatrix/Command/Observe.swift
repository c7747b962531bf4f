import PushMatrixJSON
import PushMatrixModel
import PushMatrixObserve
import PushMatrixOutputDirectory
import PushMatrixSpec
import PushMatrixSupport

extension Command {
    /// `observe LOG...`: field logs against the spec. Exit 0 if nothing contradicts it, 1 if something does or a line
    /// is bad, 2 on usage.
    static func observe(_ rest: [String], _ result: inout Result) throws {
        var args = try Help.observe.arguments(rest)
        let specFile = specPath(args.value("--spec"))
        let json = args.flag("--json")
        let update = args.value("--update-spec")
        let logs = args.positionals
        try args.finish(positionals: logs.count)
        guard !logs.isEmpty else { throw Arguments.UsageError(message: "observe: name at least one log file") }
        if let update, update.isEmpty || update == specFile || FileSystem.sameFile(update, specFile) {
            throw Arguments.UsageError(message: "--update-spec: name a new file; the spec read is never overwritten")
        }
        let matrix = try Matrix(SpecLoader.load(path: specFile))

        var log = FieldLog(matrix: matrix)
        for file in logs {
            do {
                log.read(try FileSystem.contents(file), file: file)
            } catch {
                log.problems.append(Diagnostic(file: file, location: nil, message: "cannot read the log (\(error))"))
            }
        }
        log.finish()
        let observation = Observation(matrix: matrix, runs: log.runs)
        let report = ObservationReport(matrix: matrix, observation: observation)
        result.stdout += json ? report.json().serialized() + "\n" : report.text()
        result.stderr += log.problems.prefix(maxPrinted).map { $0.description + "\n" }.joined()
        if log.problems.count > maxPrinted { result.stderr += "pushmatrix: \(log.problems.count - maxPrinted) more problems not shown\n" }
        result.status = observation.contradicted.isEmpty && log.problems.isEmpty ? 0 : 1
        guard let path = update else { return }
        // The spec with the observed cells (see `SpecUpdate`), written only when it validates.
        let updated = try SpecUpdate(matrix: matrix, original: SpecLoader.bytes(path: specFile), file: specFile, observation: observation)
        do {
            try FileSystem.replace(path, with: updated.bytes, temporarySuffix: OutputWriter.temporarySuffix)
        } catch {
            throw DiagnosticsError([Diagnostic(file: path, location: nil, message: "cannot write the updated spec (\(error))")])
        }
        result.stderr += updated.warnings(out: path).map { $0.description + "\n" }.joined()
        if !json {
            result.stdout +=
                "\(path): \(updated.confirmed) cells confirmed by observation, \(updated.extended) given a path of what was observed\n"
        }
    }
}

/// What `observe` prints: each observed scenario with its verdict, as text or JSON.
struct ObservationReport {
    let matrix: Matrix
    let observation: Observation

    func text() -> String {
        var out = ""
        for outcome in observation.outcomes {
            let label = Observation.label(outcome.scenario, matrix)
            guard !outcome.confirms else {
                out += "confirmed     \(label)\(paths(outcome.confirmedPaths, of: outcome)) — \(list(outcome.runs))\n"
                continue
            }
            out += (outcome.isInconsistent ? "inconsistent  " : "contradicted  ") + label + "\n"
            for path in outcome.paths { out += "  expected:  \(calls(path.calls))\(paths(path.numbers, of: outcome))\n" }
            for sequence in outcome.observed {
                let listed = outcome.paths(of: sequence)
                out += "  observed:  \(calls(sequence))\(paths(listed, of: outcome)) — \(list(outcome.runs(making: sequence)))\n"
                if listed.isEmpty {
                    let nearest = outcome.nearest(to: sequence)
                    let difference = Observation.difference(expected: nearest.calls, observed: sequence) ?? ""
                    out += "             \(difference)\(paths(nearest.numbers, of: outcome))\n"
                }
            }
        }
        out += "\(observation.confirmed.count) confirmed, \(observation.contradicted.count) contradicted"
        out += " (\(observation.inconsistent.count) with runs that disagree), \(observation.unobserved) not yet observed\n"
        return out
    }

    /// ` (path 2)`, ` (paths 1, 2)`; nothing where the scenario has one path.
    private func paths(_ numbers: [Int], of outcome: Observation.Outcome) -> String {
        guard outcome.paths.flatMap(\.numbers).count > 1, !numbers.isEmpty else { return "" }
        return " (path" + (numbers.count > 1 ? "s " : " ") + numbers.map(String.init).joined(separator: ", ") + ")"
    }

    func json() -> JSONOutput {
        let confirmed = observation.confirmed.map { outcome in
            let paths = JSONOutput.array(outcome.confirmedPaths.map(JSONOutput.int))
            return JSONOutput.object(scenario(outcome.scenario) + [("paths", paths), ("runs", runIds(outcome.runs))])
        }
        let contradicted = observation.contradicted.flatMap { outcome in
            outcome.observed.filter { outcome.paths(of: $0).isEmpty }.map { sequence in
                let nearest = outcome.nearest(to: sequence)
                return JSONOutput.object(
                    scenario(outcome.scenario) + [
                        ("expected", calls(nearest.calls)), ("paths", .array(nearest.numbers.map(JSONOutput.int))),
                        ("observed", calls(sequence)),
                        ("difference", .string(Observation.difference(expected: nearest.calls, observed: sequence) ?? "")),
                        ("runs", runIds(outcome.runs(making: sequence))),
                    ])
            }
        }
        let inconsistent = observation.inconsistent.map { outcome in
            let observed = outcome.observed.map { sequence in
                JSONOutput.object([("calls", calls(sequence)), ("runs", runIds(outcome.runs(making: sequence)))])
            }
            return JSONOutput.object(scenario(outcome.scenario) + [("observed", .array(observed))])
        }
        return .object([
            ("confirmed", .array(confirmed)), ("contradicted", .array(contradicted)), ("unobserved", .int(observation.unobserved)),
            ("inconsistent", .array(inconsistent)),
        ])
    }

    /// The runs by id with device and iOS version; past a few, how many and the first ones.
    private func list(_ runs: [FieldLog.Run]) -> String {
        let shown = runs.prefix(3).map { "\($0.id) (\($0.device), iOS \($0.os))" }.joined(separator: ", ")
        return runs.count <= 3 ? shown : "\(runs.count) runs: \(shown), …"
    }

    private func calls(_ calls: [FieldLog.Call]) -> String {
        calls.isEmpty ? "nothing" : calls.map(Observation.describe).joined(separator: ", ")
    }

    private func calls(_ calls: [FieldLog.Call]) -> JSONOutput {
        .array(calls.map { .object([("handler", .string($0.handler)), ("state", $0.state.map(JSONOutput.string) ?? .null)]) })
    }

    private func runIds(_ runs: [FieldLog.Run]) -> JSONOutput { .array(runs.map { .string($0.id) }) }

    private func scenario(_ scenario: Scenario) -> [(String, JSONOutput)] {
        let keys = matrix.payloadKeyIds
        let payload = JSONOutput.object(keys.indices.map { (keys[$0], .bool(scenario.payload.isSet($0))) })
        let cell = JSONOutput.object([
            ("payload", payload), (matrix.spec.naming.label, .string(scenario.setup)), ("appState", .string(scenario.appState)),
        ])
        let tap = scenario.tap.map(JSONOutput.string) ?? .null
        let under = scenario.under.isEmpty ? [] : [("conditions", JSONOutput.array(scenario.under.map(JSONOutput.string)))]
        return [("cell", cell), ("tap", tap), ("without", .array(scenario.missing.map(JSONOutput.string)))] + under
    }
}
