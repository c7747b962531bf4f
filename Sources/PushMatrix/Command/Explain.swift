import PushMatrixModel
import PushMatrixOutputs
import PushMatrixSpec
import PushMatrixSupport

extension Command {
    /// `explain`: the payload flags and `--without-<handler>-handler` are named after the spec's ids, whatever its
    /// dimensions.
    static func explain(_ rest: [String], _ result: inout Result) throws {
        // The options are named after the spec's ids, so the spec is read before them.
        let specFile = specPath(Arguments.spec(in: rest))
        let matrix = try Matrix(SpecLoader.load(path: specFile))
        let spec = matrix.spec
        var args = try Help.explain(spec).arguments(rest)
        _ = args.value("--spec")
        let templates = templatesDirectory(&args)
        var flags: [String: Bool] = [:]
        for key in spec.payloadKeys { flags[key.id] = args.flag("--" + Identifier.hyphenated(key.id)) }
        var apnsKeys: Set<String>?  // known from a payload only
        if let payload = args.value("--payload") {
            guard flags.values.allSatisfy({ !$0 }) else {
                throw Arguments.UsageError(message: "use either --payload or the payload flags, not both")
            }
            // `-` is standard input, named so in diagnostics.
            let file = payload == "-" ? "(standard input)" : payload
            let bytes: [UInt8]
            do {
                bytes = try payload == "-" ? FileSystem.standardInput() : FileSystem.contents(payload)
            } catch {
                throw DiagnosticsError([Diagnostic(file: file, location: nil, message: "cannot read the payload (\(error))")])
            }
            let read = try APNsPayload.read(bytes: bytes, file: file, matrix: matrix)
            (flags, apnsKeys) = (read.flags, read.apnsKeys)
            result.stderr += read.warnings.map { $0.description + "\n" }.joined()
        }
        let setupOption = "--" + spec.naming.label
        let setups = try ids(args.allValues(setupOption), of: spec, specFile, option: setupOption) { $0.setups.map(\.id) }
        let states = try ids(args.allValues("--state"), of: spec, specFile, option: "--state") { $0.appStates.map(\.id) }
        let conditions = try ids(args.allValues("--condition"), of: spec, specFile, option: "--condition") { $0.conditions.map(\.id) } ?? []
        let optional = Dictionary(uniqueKeysWithValues: spec.handlers.filter(\.optional).map { (Identifier.hyphenated($0.id), $0.id) })
        let without = try args.flags(prefix: "--without-", suffix: "-handler").map { name throws(Arguments.UsageError) in
            guard let id = optional[name] else {
                let known = optional.keys.sorted().joined(separator: ", ")
                throw Arguments.UsageError(message: "--without-\(name)-handler: '\(name)' is not an optional handler (optional: \(known))")
            }
            return id
        }
        let language = args.value("--lang") ?? spec.languages[0].id
        guard spec.languages.contains(where: { $0.id == language }) else {
            let known = spec.languages.map(\.id)
            throw Arguments.UsageError(
                message: "--lang: unknown language '\(language)'" + Suggestion.didYouMean(language, in: known)
                    + "; the spec has \(known.joined(separator: ", "))")
        }
        let json = args.flag("--json")
        try args.finish()

        let outcomes = matrix.explain(
            ExplainQuery(
                payload: flags, setups: setups, appStates: states, without: Set(without), apnsKeys: apnsKeys, conditions: conditions))
        if json {
            let document = ExplainView.json(outcomes, matrix: matrix, conditions: !conditions.isEmpty)
            result.stdout += document.serialized() + "\n"
        } else {
            let view = ExplainView(
                book: Phrasebook(matrix: matrix, language: language), without: Set(without), knowsAPNsKeys: apnsKeys != nil
            ).value(outcomes, spec: specFile, conditions: conditions)
            result.stdout += try TemplateLibrary(directory: templates).render("explain/explain.txt", view, format: PlainFormat())
        }
    }

    /// Ids given repeatedly or comma-separated, each one of `spec`'s (`known` lists them); nil when none were given
    /// (meaning all). An unknown id is refused with the nearest known one, and with the built-in spec that has it.
    private static func ids(
        _ values: [String], of spec: Spec, _ specFile: String, option: String, known: (Spec) -> [String]
    ) throws(Arguments.UsageError) -> [String]? {
        let ids = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let own = known(spec)
        for id in ids where !own.contains(id) {
            let listed = own.isEmpty ? "; \(specFile) has none" : "; \(specFile) has \(own.joined(separator: ", "))"
            let other = BuiltInFiles.specs.first { builtIn in
                (try? SpecLoader.load(path: builtIn.reference)).map { known($0.spec).contains(id) } == true
            }
            let elsewhere = other.map { "; \($0.reference) has it: add --spec \($0.reference)" } ?? ""
            throw Arguments.UsageError(
                message: "\(option): unknown value '\(id)'" + Suggestion.didYouMean(id, in: own) + listed + elsewhere)
        }
        return ids.isEmpty ? nil : ids
    }
}
