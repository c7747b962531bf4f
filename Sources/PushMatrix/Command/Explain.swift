import PushMatrixModel
import PushMatrixOutputs
import PushMatrixSpec
import PushMatrixSupport

extension Command {
    /// `explain`: the payload flags and `--without-<handler>-handler` are named after the spec's ids, whatever its
    /// dimensions.
    static func explain(_ rest: [String], _ result: inout Result) throws {
        // The options are named after the spec's ids, so the spec is read before them. A request is answered by the
        // first built-in matrix that answers its push type (the current matrix for alert and background pushes) unless
        // --spec says otherwise.
        let request = try Arguments.value("--request", in: rest).map { path in try (path, input(path, what: "request")) }
        let routed = request.flatMap { APNsRequest.pushType($0.1) }.flatMap(BuiltInFiles.answering)?.reference
        let specFile = Arguments.spec(in: rest) ?? (request == nil ? specPath(nil) : routed ?? SpecLoader.builtInName)
        let matrix = try Matrix(SpecLoader.load(path: specFile))
        let spec = matrix.spec
        var args = try Help.explain(spec).arguments(rest)
        _ = args.value("--spec")
        let templates = templatesDirectory(&args)
        var flags: [String: Bool] = [:]
        for key in spec.payloadKeys { flags[key.id] = args.flag("--" + Identifier.hyphenated(key.id)) }
        // An input iOS gives beside the payload is no part of a payload file: its flag goes with one.
        let inPayload = Set(spec.payloadKeys.filter { $0.apnsKey != nil }.map(\.id))
        let file = try payloadFile(&args, matrix, flags: flags.filter { inPayload.contains($0.key) }, request: request?.1)
        let (apnsKeys, rootKeys) = (file?.apnsKeys, file?.rootKeys)  // known from a payload or request only
        if let file {
            flags = file.flags.merging(flags) { fromFile, _ in fromFile }
            result.stderr += file.warnings.map { $0.description + "\n" }.joined()
        }
        let setupOption = "--" + spec.naming.label
        let setups = try ids(args.allValues(setupOption), of: spec, specFile, option: setupOption)
        let states = try ids(args.allValues("--state"), of: spec, specFile, option: "--state")
        let asked = try ids(args.allValues("--condition"), of: spec, specFile, option: "--condition") ?? []
        let wrapper = try wrapperQuery(&args, matrix, specFile, rootKeys: rootKeys, conditions: asked)
        let conditions = asked.filter { !(wrapper?.settled.contains($0) ?? false) }
        let handler = try ids(args.value("--handler").map { [$0] } ?? [], of: spec, specFile, option: "--handler")?[0]
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
        let (json, compact, noteTexts) = (args.flag("--json"), args.flag("--compact"), args.flag("--note-texts"))
        try args.finish()
        guard !(json && compact), json || !noteTexts else {
            throw Arguments.UsageError(message: "--compact shapes the text output and --note-texts the JSON: use --compact without --json")
        }
        var view = ExplainView(book: Phrasebook(matrix: matrix, language: language), without: Set(without), knowsAPNsKeys: apnsKeys != nil)
        view.wrapper = wrapper
        guard handler == nil || (!flags.values.contains(true) && apnsKeys == nil && asked.isEmpty && without.isEmpty && wrapper == nil)
        else {
            throw Arguments.UsageError(
                message: "--handler answers for every payload, as the cells are: give it no payload, condition, wrapper or --without option"
            )
        }
        let outcomes =
            handler.map { matrix.outcomes(calling: $0, setups: setups, appStates: states) }
            ?? matrix.explain(
                ExplainQuery(
                    payload: flags, setups: setups, appStates: states, without: Set(without), apnsKeys: apnsKeys, conditions: conditions))
        if json {
            result.stdout +=
                ExplainView.json(outcomes, matrix: matrix, conditions: conditions, notes: noteTexts ? view : nil, wrapper: view.wrapper)
                .serialized() + "\n"
            return
        }
        let value =
            handler.map { view.value(calling: $0, outcomes, spec: specFile) }
            ?? view.value(outcomes, spec: specFile, conditions: conditions, compact: compact)
        result.stdout += try TemplateLibrary(directory: templates).render("explain/explain.txt", value, format: PlainFormat())
    }

    /// What `--payload` or `--request` (`-` for standard input) reads, with its warnings and findings; nil without
    /// either. Neither is taken with the payload flags, nor with each other. `request` is the request's bytes, read
    /// once, before the spec.
    private static func payloadFile(_ args: inout Arguments, _ matrix: Matrix, flags: [String: Bool], request: [UInt8]?) throws
        -> APNsPayload.Reading?
    {
        let (payload, requestPath) = (args.value("--payload"), args.value("--request"))
        guard let path = requestPath ?? payload else { return nil }
        guard requestPath == nil || (payload == nil && !flags.values.contains(true)) else {
            throw Arguments.UsageError(message: "--request carries its own payload: give it without --payload or the payload flags")
        }
        guard !flags.values.contains(true) else {
            throw Arguments.UsageError(message: "use either --payload or the payload flags, not both")
        }
        let file = inputName(path)
        guard let request else { return try APNsPayload.read(bytes: input(path, what: "payload"), file: file, matrix: matrix) }
        return try APNsRequest.read(bytes: request, file: file, matrix: matrix, now: FileSystem.now())
    }

    /// How diagnostics name the file at `path`: `-` is standard input.
    private static func inputName(_ path: String) -> String { path == "-" ? "(standard input)" : path }

    /// The bytes of the payload or request (`what`) at `path`, or of standard input for `-`.
    private static func input(_ path: String, what: String) throws(DiagnosticsError) -> [UInt8] {
        do {
            return try path == "-" ? FileSystem.standardInput() : FileSystem.contents(path)
        } catch {
            throw DiagnosticsError([Diagnostic(file: inputName(path), location: nil, message: "cannot read the \(what) (\(error))")])
        }
    }

    /// What `--wrapper` and `--sender` ask, if a wrapper is named: the wrapper, who sent the push, and which of the
    /// `conditions` asked its rules settle.
    private static func wrapperQuery(
        _ args: inout Arguments, _ matrix: Matrix, _ specFile: String, rootKeys: Set<String>?, conditions: [String]
    ) throws(Arguments.UsageError) -> ExplainView.WrapperQuery? {
        let named = try ids(args.value("--wrapper").map { [$0] } ?? [], of: matrix.spec, specFile, option: "--wrapper")
        let wrapper = named.map { id in matrix.spec.wrappers.first { $0.id == id[0] }! }
        let ownMessage = try sender(args.value("--sender"), wrapper: wrapper, rootKeys: rootKeys)
        return wrapper.map { ExplainView.WrapperQuery(wrapper: $0, ownMessage: ownMessage, settled: matrix.settled(conditions, by: $0)) }
    }

    /// Whether the push came from the wrapper's own backend: as `--sender` says, else as a payload file's top-level keys
    /// say (`rootKeys`), else yes.
    private static func sender(_ value: String?, wrapper: Wrapper?, rootKeys: Set<String>?) throws(Arguments.UsageError) -> Bool {
        guard let value else {
            guard let key = wrapper?.ownMessageKey, let rootKeys else { return true }
            return rootKeys.contains(key)
        }
        guard let wrapper else { throw Arguments.UsageError(message: "--sender tells a wrapper's answer: add --wrapper") }
        guard ["own", "other"].contains(value) else {
            throw Arguments.UsageError(message: "--sender: unknown value '\(value)'; expected own or other")
        }
        guard wrapper.ownMessageKey != nil || value == "own" else {
            throw Arguments.UsageError(message: "--sender: \(wrapper.id) treats every push alike, whoever sent it")
        }
        return value == "own"
    }

    /// Ids given repeatedly or comma-separated, each one of `spec`'s that `option` takes; nil when none were given
    /// (meaning all). An unknown id is refused with the nearest known one, else those whose words it is, and with the
    /// built-in spec that has it.
    private static func ids(_ values: [String], of spec: Spec, _ specFile: String, option: String) throws(Arguments.UsageError) -> [String]?
    {
        let ids = values.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let own = known(option, in: spec).map(\.id)
        for id in ids where !own.contains(id) {
            let listed = own.isEmpty ? "; \(specFile) has none" : "; \(specFile) has \(own.joined(separator: ", "))"
            let other = BuiltInFiles.specs.first { builtIn in
                (try? SpecLoader.load(path: builtIn.reference)).map { known(option, in: $0.spec).contains { $0.id == id } } == true
            }
            let elsewhere = other.map { "; \($0.reference) has it: add --spec \($0.reference)" } ?? ""
            let words = known(option, in: spec).map { ($0.id, Array($0.name.values.values), $0.texts) }
            throw Arguments.UsageError(
                message: "\(option): unknown value '\(id)'" + Suggestion.didYouMean(id, in: own, words: words) + listed + elsewhere)
        }
        return ids.isEmpty ? nil : ids
    }

    /// The ids `option` takes from `spec`, each with its name and the other texts (in every language) its words are
    /// looked up in.
    private static func known(_ option: String, in spec: Spec) -> [(id: String, name: LocalizedText, texts: [String])] {
        switch option {
        case "--state": return spec.appStates.map { ($0.id, $0.name, Array($0.description.values.values)) }
        case "--condition": return spec.conditions.map { ($0.id, $0.name, Array($0.text.values.values)) }
        case "--handler": return spec.handlers.map { ($0.id, $0.name, $0.description.values.values + $0.methods.map(\.swift)) }
        case "--wrapper": return spec.wrappers.map { ($0.id, $0.name, [$0.package]) }
        default: return spec.setups.map { ($0.id, $0.name, Array($0.description.values.values)) }
        }
    }
}
