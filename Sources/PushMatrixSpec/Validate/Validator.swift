import PushMatrixSupport

/// Checks what the decoder cannot: safe unique ids, resolved references, translated texts, one cell per combination,
/// the domain rules.
struct Validator {
    package let spec: Spec
    let sink: DiagnosticSink

    /// Reports every problem in `sink`; returns the cells indexed by combination, which the matrix is built on when
    /// there is none.
    package static func validate(_ spec: Spec, sink: DiagnosticSink) -> CellIndex {
        let validator = Validator(spec: spec, sink: sink)
        validator.checkIds()
        validator.checkTexts()
        validator.checkReferences()
        let index = CellIndex(spec)
        CellRules(spec: spec, sink: sink).check(index)
        return index
    }

    // MARK: ids

    private func checkIds() {
        unique("languages", spec.languages.map { ($0.id, $0.origin) }, required: true)
        unique("sources", spec.sources.map { ($0.id, $0.origin) })
        unique("symbols", spec.symbols.map { ($0.name, $0.origin) })
        unique("payload keys", spec.payloadKeys.map { ($0.id, $0.origin) }, required: true)
        unique(spec.naming.words + "s", spec.setups.map { ($0.id, $0.origin) }, required: true)
        unique("app states", spec.appStates.map { ($0.id, $0.origin) }, required: true)
        unique("handler states", spec.handlerStates.map { ($0.id, $0.origin) })
        unique("handlers", spec.handlers.map { ($0.id, $0.origin) }, required: true)
        unique("taps", spec.taps.map { ($0.id, $0.origin) }, required: true)
        unique("notes", spec.notes.map { ($0.id, $0.origin) })
        unique("design cases", spec.designCases.map { ($0.id, $0.origin) })
        unique("conditions", spec.conditions.map { ($0.id, $0.origin) })
        let facts = spec.receptionHandler
        unique("fetch results", (facts?.fetchResults ?? []).map { ($0.id, $0.origin) })
        unique("permission statuses", (spec.permission?.statuses ?? []).map { ($0.id, $0.origin) })
        unique("setup guide sections", (spec.setupGuide?.sections ?? []).map { ($0.id, $0.origin) })
        unique("reception handler rules", (facts?.rules ?? []).map { ($0.id, $0.origin) })
        unique("call order rules", (spec.callOrder?.rules ?? []).map { ($0.id, $0.origin) })
        for setup in spec.permission?.setups ?? [] { unique("rules of \(setup.setup.id)", setup.rules.map { ($0.id, $0.origin) }) }
    }

    /// Reports ids declared twice or unsafe, and, when the list is `required`, an empty one.
    func unique(_ kind: String, _ ids: [(String, Origin)], required: Bool = false) {
        if required && ids.isEmpty {
            sink.error(SourceLocation(line: 1, column: 1), "", "the spec declares no \(kind); at least one is needed")
        }
        var first: [String: Origin] = [:]
        for (id, origin) in ids {
            if let earlier = first[id] {
                sink.error(origin, "duplicate id '\(id)' among \(kind) (first declared at \(earlier.path), line \(earlier.location.line))")
            } else {
                first[id] = origin
            }
            if let problem = Identifier.problem(id) { sink.error(origin, "id '\(id)' \(problem)") }
        }
    }

    // MARK: texts

    private func checkTexts() {
        let languages = spec.languages.map(\.id)
        let symbols = Set(spec.symbols.map(\.name))
        for language in spec.languages where !Placeholders.names(language.footnoteMarker).contains("number") {
            sink.error(language.origin, "footnoteMarker '\(language.footnoteMarker)' must contain {{number}}")
        }
        for (text, extra, mayBeBlank) in SpecTexts.all(in: spec) {
            for language in languages {
                guard let value = text.values[language] else {
                    sink.error(text.origin, "missing '\(language)' text")
                    continue
                }
                if !mayBeBlank && value.isBlank { sink.error(text.origin, "empty '\(language)' text") }
                // Most texts hold no brace, so no placeholder either: nothing to split.
                guard value.utf8.contains(where: { $0 == .openBrace || $0 == .closeBrace }) else { continue }
                let pieces = Placeholders.pieces(value)
                if pieces.contains(where: { if case .literal(let l) = $0 { l.hasBracePair } else { false } }) {
                    sink.error(text.origin, "'\(language)' text has a '{{' or '}}' that does not close a placeholder")
                }
                for case .name(let name) in pieces where !symbols.contains(name) && !extra.contains(name) {
                    let known = Array(extra) + spec.symbols.map(\.name)
                    sink.error(
                        text.origin, "'\(language)' text uses unknown placeholder {{\(name)}}" + Suggestion.didYouMean(name, in: known))
                }
            }
            guard text.values.keys.contains(where: { !languages.contains($0) }) else { continue }
            for key in text.values.keys.sorted() where !languages.contains(key) {
                sink.error(text.origin, "unknown language '\(key)'" + Suggestion.didYouMean(key, in: languages))
            }
        }
        for (name, _) in Phrases.placeholders.sorted(by: { $0.key < $1.key })
        where spec.phrases[name] == nil && Phrases.neededOnlyWhen[name]?(spec) != false {
            sink.error(spec.phrasesOrigin, "missing phrase '\(name)'")
        }
        for name in spec.phrases.keys.sorted() where Phrases.placeholders[name] == nil {
            sink.error(
                spec.phrases[name]!.origin, "unknown phrase '\(name)'" + Suggestion.didYouMean(name, in: Array(Phrases.placeholders.keys)))
        }
    }

    // MARK: references

    /// A guide's code is one program in every language, only its `//` comments translated, and no Markdown fence ends it.
    private func checkCode(_ code: LocalizedText, of section: SetupGuide.Section) {
        let name = "setup guide section '\(section.id)'"
        if code.values.values.contains(where: { $0.contains("```") || $0.contains("~~~") }) {
            sink.error(section.origin, "\(name): code may not contain ``` or ~~~, which would end its Markdown block")
        }
        let languages = spec.languages.map(\.id)
        for language in languages where code.values[language] == nil {
            sink.error(code.origin, "\(name): no '\(language)' code")
        }
        let programs = languages.compactMap { language in code.values[language].map { (language, Self.uncommented($0)) } }
        for (language, program) in programs.dropFirst() where program != programs[0].1 {
            sink.error(code.origin, "\(name): the '\(language)' code differs from the '\(programs[0].0)' code outside its // comments")
        }
    }

    /// The code's lines, each up to its `//` comment.
    static func uncommented(_ code: String) -> [Substring] {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line
        }
    }

    private func checkReferences() {
        let references = References(spec: spec, sink: sink)
        let conditional = checkNotes(references)
        checkSources(references)
        checkGlossary()
        checkHandlersAndKeys(references)
        for section in spec.setupGuide?.sections ?? [] {
            references.resolve(section.sources, references.sources, "source")
            if let code = section.code { checkCode(code, of: section) }
        }
        for condition in spec.conditions {
            if condition.sources.isEmpty { sink.error(condition.origin, "condition '\(condition.id)' cites no source") }
            references.resolve(condition.sources, references.sources, "source")
            references.selection(condition.appliesTo)
            for change in condition.changes {
                checkChange(change, references)
            }
            if let saw = condition.saw { checkScope(saw, of: "condition '\(condition.id)'", at: condition.origin, references) }
        }
        checkExtrapolation()
        checkConditionScopes()
        checkWrappers(references)
        for designCase in spec.designCases { references.address(designCase.cell) }
        let facts = spec.receptionHandler
        references.resolve(
            [facts?.source, spec.permission?.source, spec.callOrder?.source].compactMap { $0 }, references.sources, "source")
        references.resolve(facts.map { [$0.handler] } ?? [], references.handlers, "handler")
        checkPermission(references)
        references.resolve((spec.callOrder?.tapOpensApp ?? []).map(\.symbol), references.symbols, "symbol")
        checkCellReferences(references, conditional: conditional)
    }

    /// The notes' references, and the app states' and taps' own; returns the notes that hold only with some APNs keys.
    private func checkNotes(_ references: References) -> Set<String> {
        for note in spec.notes {
            references.resolve(note.sources, references.sources, "source")
            references.resolve(note.setups ?? [], references.setups, spec.naming.words)
            if let fallback = note.whenMissing {
                references.resolve(fallback.handler, references.handlers, "handler")
                references.call(fallback.instead)
                if let handler = spec.handlers.first(where: { $0.id == fallback.handler.id }), !handler.optional {
                    sink.error(fallback.handler.origin, "handler '\(handler.id)' is not optional, so it is never missing")
                }
            }
        }
        references.resolve(spec.appStates.flatMap(\.notes), references.notes, "note")
        let conditional = Set(spec.notes.filter { $0.onlyWithAPNsKeys != nil }.map(\.id))
        misplacedConditions(spec.appStates.flatMap(\.notes), conditional)
        references.resolve(spec.taps.flatMap(\.requires), references.payloadKeys, "payload key")
        return conditional
    }

    /// Each handler's roles make sense together and it has methods for known setups; each payload key's requirements
    /// and value tests are known.
    private func checkHandlersAndKeys(_ references: References) {
        // An extension's handler has no app state and does not launch the app; a handler that carries the tap is a
        // launching one.
        for handler in spec.handlers {
            if handler.inExtension && (handler.hasState || handler.launchesApp) {
                sink.error(handler.origin, "handler '\(handler.id)' runs in an extension: it has no state and cannot launch the app")
            }
            if handler.carriesTap && !handler.launchesApp {
                sink.error(handler.origin, "handler '\(handler.id)' carries the tap, so it must be a launching handler (launchesApp)")
            }
            references.resolve(handler.methods.map(\.setup), references.setups, spec.naming.words)
            if handler.methods.isEmpty { sink.error(handler.origin, "handler '\(handler.id)' has no method for any \(spec.naming.words)") }
        }
        for type in spec.pushTypes where !Spec.apnsPushTypes.contains(type.id) {
            sink.error(type.origin, "'\(type.id)' is not an apns-push-type" + Suggestion.didYouMean(type.id, in: Spec.apnsPushTypes))
        }
        for key in spec.payloadKeys {
            for required in key.requires where references.resolve(required, references.payloadKeys, "payload key") && required.id == key.id
            {
                sink.error(required.origin, "payload key '\(key.id)' cannot require itself")
            }
            if let symbol = key.from?.symbol { references.resolve(symbol, references.symbols, "symbol") }
            if let cells = key.mattersOnlyIn {
                references.selection(cells)
                for own in cells.payload where own.key.id == key.id {
                    sink.error(own.key.origin, "payload key '\(key.id)' cannot select its cells by itself: its twins differ in it")
                }
            }
            for matcher in key.presentWhen where APNsMatcher(rawValue: matcher.id) == nil {
                sink.error(
                    matcher.origin,
                    "unknown value test '\(matcher.id)'; expected one of \(APNsMatcher.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))"
                )
            }
        }
    }

    /// A change names a handler (none for `notShown`), maybe its state, and where: `delivery` or a tap (needed by
    /// `added`).
    private func checkChange(_ change: Condition.CallChange, _ references: References) {
        let effect = change.effect
        if let handler = change.handler {
            references.resolve(handler, references.handlers, "handler")
            if effect == .notShown { sink.error(handler.origin, "a 'notShown' change hides the notification and names no handler") }
        } else if effect != .notShown {
            sink.error(change.origin, "a '\(effect.rawValue)' change needs a \"handler\"")
        }
        if let state = change.state { references.resolve(state, references.handlerStates, "handler state") }
        let places = (["delivery"] + references.taps).map { "'\($0)'" }.joined(separator: ", ")
        if let at = change.at, at.id != "delivery", !references.taps.contains(at.id) {
            sink.error(at.origin, "unknown place '\(at.id)'; expected one of \(places)")
        }
        if effect == .added && change.at == nil { sink.error(change.origin, "an 'added' change needs \"at\", one of \(places)") }
        if effect == .heldUntilOpen && change.at?.id != "delivery" {
            sink.error(change.origin, "a 'heldUntilOpen' change holds a call from delivery: it needs \"at\": \"delivery\"")
        }
    }

    private func checkPermission(_ references: References) {
        guard let permission = spec.permission else { return }
        for point in permission.checkPoints {
            references.resolve(point.symbol, references.symbols, "symbol")
            if let setup = point.setup { references.resolve(setup, references.setups, references.setupWords) }
        }
        for setup in permission.setups {
            references.resolve(setup.setup, references.setups, references.setupWords)
            references.resolve(setup.read, references.symbols, "symbol")
            references.resolve(setup.request, references.symbols, "symbol")
            let statuses = permission.statuses.map(\.id)
            var patterns = Set<String>()
            for item in setup.cases where item.pattern.isBlank || !patterns.insert(item.pattern).inserted {
                sink.error(item.status.origin, "case pattern '\(item.pattern)' is empty or repeats an earlier case")
            }
            references.resolve(setup.cases.map(\.status), statuses, "permission status")
            for status in statuses where !setup.cases.contains(where: { $0.status.id == status }) {
                sink.error(setup.setup.origin, "no case of \(spec.naming.words) '\(setup.setup.id)' gives permission status '\(status)'")
            }
        }
    }

    /// Each cell's references, and its notes against the setups they are about.
    private func checkCellReferences(_ references: References, conditional: Set<String>) {
        // A note about some setups only, by id, with those setups (when they are all known: an unknown one is reported
        // above).
        let setups = Set(spec.setups.map(\.id))
        let scoped = Dictionary(
            spec.notes.compactMap { note in note.setups.map { (note.id, $0.map(\.id)) } }.filter { $0.1.allSatisfy(setups.contains) },
            uniquingKeysWith: { a, _ in a })
        for cell in spec.cells {
            references.address(CellAddress(payload: cell.payload, setup: cell.setup, appState: cell.appState, origin: cell.origin))
            references.resolve(cell.source, references.sources, "source")
            references.resolve(cell.notes, references.notes, "note")
            cell.onDelivery.forEach(references.call)
            for (tap, calls) in cell.taps {
                references.resolve(tap, references.taps, "tap")
                calls.forEach(references.call)
            }
            var pathDeliveries: [Call] = []
            var pathTaps: [Call] = []
            for path in cell.paths {
                references.resolve(path.source, references.sources, "source")
                if let premise = path.premise { references.resolve(premise, spec.conditions.map(\.id), "condition") }
                pathDeliveries += path.onDelivery ?? []
                pathTaps += path.taps.flatMap(\.calls)
                for (tap, _) in path.taps where !cell.taps.contains(where: { $0.tap.id == tap.id }) {
                    sink.error(tap.origin, "a path can only take another way for a tap of its cell: the cell has no tap '\(tap.id)'")
                }
            }
            let pathCalls = pathDeliveries + pathTaps
            pathCalls.forEach(references.call)
            if !conditional.isEmpty {
                misplacedConditions(cell.notes + (cell.taps.flatMap(\.calls) + pathTaps).flatMap(\.notes), conditional)
            }
            guard !scoped.isEmpty else { continue }
            for note in cell.notes + (cell.onDelivery + cell.taps.flatMap(\.calls) + pathCalls).flatMap(\.notes) {
                if let setups = scoped[note.id], !setups.contains(cell.setup.id) {
                    sink.error(
                        note.origin,
                        "note '\(note.id)' is only about \(spec.naming.words)s \(setups.joined(separator: ", ")), not '\(cell.setup.id)'")
                }
            }
        }
    }

    /// No text writes a glossary term another way: a variant is refused outside its entry's allowed phrases and the
    /// glossary.
    private func checkGlossary() {
        unique("glossary", spec.glossary.map { ($0.id, $0.origin) })
        guard !spec.glossary.isEmpty else { return }
        // Texts are searched as UTF-8 bytes, not characters: a variant is found wherever its bytes
        // are, which in the NFC text of a spec is where its characters are, at a fraction of the cost.
        let languages = Array(Set(spec.glossary.flatMap(\.variants.keys)))
        let terms = spec.glossary.flatMap { entry in
            entry.variants.sorted { $0.key < $1.key }.map { language, variants in
                (
                    entry: entry, language: language, at: languages.firstIndex(of: language)!,
                    variants: variants.map { ($0, Array($0.utf8)) },
                    allowed: entry.allowed[language, default: []].map { Array($0.utf8) }
                )
            }
        }
        // Every variant of each language, found in one reading of a text; a term found is then searched again without
        // its allowed forms.
        let needles = languages.indices.map { at in terms.filter { $0.at == at }.flatMap { $0.variants.map(\.1) } }
        let sets = needles.map(NeedleSet.init)
        for (text, _, _) in SpecTexts.all(in: spec) where !text.origin.path.hasPrefix("glossary") {
            let bytes = languages.map { Array(text[$0].utf8) }  // each language's text, read once
            let found = languages.indices.map { at in Set(sets[at].found(in: bytes[at]).map { needles[at][$0] }) }
            for term in terms where term.variants.contains(where: { found[term.at].contains($0.1) }) {
                let unallowed = term.allowed.reduce(bytes[term.at]) { $0.removing($1) }
                for (variant, variantBytes) in term.variants where unallowed.firstIndex(of: variantBytes) != nil {
                    sink.error(
                        text.origin, "writes '\(variant)', which the glossary writes '\(term.entry.term[term.language])' (\(term.language))"
                    )
                }
            }
        }
    }

    /// Each source carries the evidence its kind needs; an expectation rests on documented or reported sources, never
    /// on another expectation. The links the docs print as they are, in Markdown and HTML (source addresses, related
    /// matrices' hrefs), are plain.
    private func checkSources(_ references: References) {
        let kinds = Dictionary(spec.sources.map { ($0.id, $0.kind) }, uniquingKeysWith: { a, _ in a })
        for source in spec.sources {
            if let saw = source.saw { checkScope(saw, of: "source '\(source.id)'", at: source.origin, references) }
            switch source.kind {
            case .appleDocumented, .reported:
                break  // the decoder has checked that an explicit kind lists its address or its reports
            case .expected:
                if source.basedOn.isEmpty {
                    sink.error(source.origin, "source '\(source.id)' is an expectation: name what it follows from in \"basedOn\"")
                }
                for basis in source.basedOn where references.resolve(basis, references.sources, "source") {
                    if let kind = kinds[basis.id], kind != .appleDocumented && kind != .reported {
                        sink.error(
                            basis.origin, "an expectation rests on documented or reported sources, not on '\(basis.id)' (\(kind.rawValue))")
                    }
                }
            case .observed:
                break  // the decoder requires its device and iOS version, texts that may not be blank
            }
        }
        let addresses = spec.sources.compactMap { s in s.address.map { (s.origin, $0, "source '\(s.id)': address", false) } }
        let hrefs = spec.relatedMatrices.flatMap { m in m.href.values.values.sorted().map { (m.href.origin, $0, "href", true) } }
        for (origin, link, name, relative) in addresses + hrefs where !Self.isPlain(link, relative: relative) {
            let path = relative ? "neither a relative path of letters, digits and -._~/ nor" : "not"
            sink.error(origin, "\(name) '\(link)' is \(path) an https URL of plain characters (no spaces, &, <, >, \", [ or ])")
        }
    }

    /// Whether the docs may print `link` as is: a plain https URL or, if `relative`, a path of ASCII letters, digits
    /// and `-._~/`.
    static func isPlain(_ link: String, relative: Bool = false) -> Bool {
        let marks = link.hasPrefix("https://") ? "-._~/:?#@!$'()*+,;=%" : relative && link.first != "/" ? "-._~/" : ""
        return !marks.isEmpty && link.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) || marks.contains($0) }
    }

    /// Reports each of `notes`, attached somewhere other than a call on delivery, that is among the `conditional` ones:
    /// a condition on the payload's APNs keys means something only on a call on delivery, where explain can decide it
    /// from a payload.
    private func misplacedConditions(_ notes: [Reference], _ conditional: Set<String>) {
        for note in notes where conditional.contains(note.id) {
            sink.error(note.origin, "note '\(note.id)' sets a condition on APNs keys, so it belongs on a call on delivery only")
        }
    }
}

/// The value tests a payload key may use to decide from a real APNs payload whether it is set.
package enum APNsMatcher: String, CaseIterable { case nonEmptyString, object, one }

extension String {
    /// Nothing but white space (line breaks included), or nothing at all.
    package var isBlank: Bool { unicodeScalars.allSatisfy { $0.properties.isWhitespace } }

    fileprivate var hasBracePair: Bool {
        var text = self
        // Through the contiguous bytes: walking `utf8` by index costs several times as much.
        return text.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if (byte == .openBrace || byte == .closeBrace) && byte == previous { return true }
                previous = byte
            }
            return false
        }
    }
}
