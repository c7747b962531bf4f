import PushMatrixSpec

/// Fills the spec's texts and phrases for one language: placeholders become the given values, or the spec's symbols as
/// code. Not Sendable: it caches as it goes, and each rendering thread makes its own.
public struct Phrasebook {
    public let matrix: Matrix
    public let language: String
    let cache = PhrasebookCache()
    /// Whether the language's texts follow `Typesetting`'s rule.
    package let typesets: Bool

    public init(matrix: Matrix, language: String) {
        (self.matrix, self.language, typesets) = (matrix, language, Typesetting.applies(to: language))
    }

    /// Values as pairs, not a dictionary: a phrase has few placeholders; hashing a dictionary for each of thousands of
    /// fills costs more.
    public func text(_ text: LocalizedText, _ values: KeyValuePairs<String, Inline> = [:]) -> Inline {
        fill(text[language], values)
    }

    public func phrase(_ name: String, _ values: KeyValuePairs<String, Inline> = [:]) -> Inline {
        fill(matrix.spec.phrases[name]?[language] ?? "", values)
    }

    package func fill(_ template: String, _ values: KeyValuePairs<String, Inline>) -> Inline {
        // Most texts have no placeholder: the text itself, without a look-up.
        guard typesets || template.mayHavePlaceholder else { return template.isEmpty ? Inline([]) : .text(template) }
        let key = Array(template.utf8)
        let known = cache.texts[key]
        if values.isEmpty, let plain = known?.plain { return plain }
        let pieces =
            known?.pieces
            ?? Placeholders.pieces(template).map { piece in
                guard typesets, case .literal(let literal) = piece else { return piece }
                return .literal(Typesetting.text(literal))
            }
        var result = Inline([])
        for piece in pieces {
            switch piece {
            case .literal(let literal) where !typesets: result.segments.append(.text(literal))
            case .literal(let literal): Typesetting.append(.text(literal), to: &result)
            case .name(let name):
                let value = values.first { $0.key == name }?.value ?? matrix.symbols[name].map { Inline.code($0) } ?? .text("")
                if typesets { Typesetting.append(value, to: &result) } else { result += value }
            }
        }
        if known == nil || values.isEmpty { cache.texts[key] = (pieces, values.isEmpty ? result : nil) }
        return result
    }

    /// `a, then b` / `a or b`: items joined by a phrase.
    package func join(_ items: [Inline], with separator: String) -> Inline {
        let glue = phrase(separator)
        var joined = Inline([])
        joined.segments.reserveCapacity(items.reduce(0) { $0 + $1.segments.count } + glue.segments.count * max(0, items.count - 1))
        for (offset, item) in items.enumerated() {
            if offset > 0 {
                append(glue, to: &joined, typesetting: typesets)
            }
            append(item, to: &joined, typesetting: typesets)
        }
        return joined
    }

    /// `piece` after `text`: through `Typesetting` where the language sets its spacing, else as it is.
    private func append(_ piece: Inline, to text: inout Inline, typesetting: Bool) {
        if typesetting {
            Typesetting.append(piece, to: &text)
        } else {
            text += piece
        }
    }

    /// `a, b or c`: the last pair joined by `separator`, the others by the list separator.
    package func list(_ items: [Inline], lastSeparator separator: String) -> Inline {
        guard items.count > 2 else { return join(items, with: separator) }
        return join([join(Array(items.dropLast()), with: "listSeparator"), items.last!], with: separator)
    }

    public func name(_ text: LocalizedText) -> Inline { self.text(text) }

    /// `text (inner)`, with the brackets and spacing the language's typesetting wants.
    package func bracketed(_ text: Inline, _ inner: Inline) -> Inline {
        typesets ? text + .text("（") + inner + .text("）") : text + .text(" (") + inner + .text(")")
    }

    /// A title as a list on one line cites it, so the list splits at each title's end: in 「」 where the language is
    /// typeset (the title's own 「」 becoming 『』), as it is elsewhere.
    package func quoted(_ title: Inline) -> Inline {
        guard typesets else { return title }
        let nested: [Character: Character] = ["「": "『", "」": "』"]
        let inner = title.segments.map { segment in
            guard case .text(let text) = segment else { return segment }
            return Inline.Segment.text(String(text.map { nested[$0] ?? $0 }))
        }
        return .text("「") + Inline(inner) + .text("」")
    }

    /// Punctuation templates put between values, as the language's typesetting wants it: `colon` after a label
    /// (`lineColon` at a line's end), `open` and `close` around an aside, `items` between list items on one line,
    /// `detail` between the parts of an aside, `space` where Latin text has a space and Japanese none (after a label
    /// ending in a colon).
    package var glue: [String: String] { typesets ? Self.typesetGlue : Self.spacedGlue }

    /// The glue of a language that `Typesetting` sets (Japanese).
    private static let typesetGlue = [
        "colon": "：", "lineColon": "：", "open": "（", "close": "）", "items": "、", "detail": "／", "space": "",
    ]

    /// The glue of a language written with spaces.
    private static let spacedGlue = [
        "colon": ": ", "lineColon": ":", "open": " (", "close": ")", "items": "; ", "detail": "; ", "space": " ",
    ]

    /// The payloads as few conditions, joined as alternatives: `alert: yes, content-available: yes, either way for
    /// mutable-content, category`. A spec without `eitherWay` lists the payloads one by one.
    package func condition(_ payloads: [Payload]) -> Inline {
        guard matrix.spec.phrases["eitherWay"] != nil else { return join(payloads.map(payload), with: "tapSeparator") }
        return join(PayloadCube.cover(payloads, count: matrix.payloadKeyIds.count).map(condition), with: "tapSeparator")
    }

    package func condition(_ cube: PayloadCube) -> Inline {
        let keys = matrix.spec.payloadKeys.indices
        let fixed = keys.filter { cube.mask & (1 << UInt64($0)) != 0 }
        let free = keys.filter { cube.mask & (1 << UInt64($0)) == 0 }
        let told = fixed.map { keyValue(matrix.spec.payloadKeys[$0], set: cube.bits & (1 << UInt64($0)) != 0) }
        let either =
            free.isEmpty
            ? [] : [phrase("eitherWay", ["keys": join(free.map { keyName(matrix.spec.payloadKeys[$0]) }, with: "keySeparator")])]
        return join([join(told, with: "keySeparator")] + either, with: "listSeparator")
    }

    /// A payload key, set or not, in the language's words.
    private func keyValue(_ key: PayloadKey, set: Bool) -> Inline {
        phrase("keyValue", ["key": keyName(key), "value": phrase(set ? "set" : "notSet")])
    }

    /// A payload key by its name; an input iOS gives beside the payload with where it comes from (`keyFromMetadata`).
    package func keyName(_ key: PayloadKey) -> Inline {
        key.from.map { phrase(Phrases.keyFromPhrase($0.place), ["key": name(key.name)]) } ?? name(key.name)
    }

    /// Cells in words: their payload keys, setups and app states, or every cell.
    package func selection(_ cells: CellSelection) -> Inline {
        let keys = cells.payload.map { key, set in keyValue(matrix.spec.payloadKeys.first { $0.id == key.id }!, set: set) }
        let setups = (cells.setups ?? []).map { name(matrix.setups[$0.id]!.name) }
        let states = (cells.appStates ?? []).map { name(matrix.appStates[$0.id]!.name) }
        let parts = ([join(keys, with: "keySeparator")] + [setups, states].map { list($0, lastSeparator: "tapSeparator") })
            .filter { !$0.segments.isEmpty }
        return parts.isEmpty ? matrix.spec.texts["conditionsEveryCell"].map { text($0) } ?? Inline([]) : join(parts, with: "keySeparator")
    }

    /// `Path 2 (reported: onmyway133)`: a path of a cell with several, by number (`path` is the path as a cell, from
    /// `Cell.allPaths`), naming its source by its short name where it has one; the full title stays in the page's
    /// source list. Without a number, `another path (…)`: calls only later paths make, whose numbers differ from cell
    /// to cell.
    public func pathLabel(_ number: Int?, _ path: Cell) -> Inline {
        pathLabel(number, source: path.source.id, seenOn: path.seenOn, extrapolated: path.extrapolated, premise: path.premise?.id)
    }

    /// An extrapolated path's kind says so (`reported, extrapolated`); a path taken only under a condition (`premise`)
    /// names it with its mark (`only when the scene was disconnected (C16)`).
    public func pathLabel(_ number: Int?, source id: String, seenOn: String?, extrapolated: Bool = false, premise: String? = nil)
        -> Inline
    {
        let source = matrix.sources[id]!
        let name = number == nil ? "otherPathLabel" : "pathLabel"
        var kind = phrase(Phrases.kindPhrase(source.kind))
        if extrapolated { kind = phrase("kindExtrapolated", ["kind": kind]) }
        if let short = source.short { kind = phrase("pathSource", ["kind": kind, "source": text(short)]) }
        let values: KeyValuePairs<String, Inline> = [
            "number": .text(number.map(String.init) ?? ""), "kind": kind, "source": text(source.title), "versions": .text(seenOn ?? ""),
        ]
        let label = phrase(seenOn == nil ? name : name + "Seen", values)
        guard let premise, let index = matrix.spec.conditions.firstIndex(where: { $0.id == premise }) else { return label }
        let mark = phrase("conditionMark", ["number": .text("\(index + 1)")])
        return phrase("pathOnlyUnder", ["path": label, "condition": text(matrix.spec.conditions[index].name), "mark": mark])
    }

    public func call(_ call: Call) -> Inline {
        let handler = name(matrix.handlers[call.handler.id]!.name)
        if !call.bringsNotification { return phrase("callWithoutNotification", ["handler": handler]) }
        guard let state = call.state.flatMap({ matrix.handlerStates[$0.id] }) else {
            return phrase("callWithoutState", ["handler": handler])
        }
        return phrase("call", ["handler": handler, "state": .code(state.swift)])
    }

    /// The calls in order; a call made twice in a row is told once, as twice.
    public func calls(_ calls: [Call]) -> Inline {
        guard !calls.isEmpty else { return phrase("nothing") }
        var told: [Inline] = []
        var index = calls.startIndex
        while index < calls.endIndex {
            let call = calls[index]
            let next = calls.index(after: index)
            if next < calls.endIndex, calls[next].handler.id == call.handler.id, calls[next].state?.id == call.state?.id,
                call.bringsNotification, calls[next].bringsNotification, let state = call.state.flatMap({ matrix.handlerStates[$0.id] })
            {
                told.append(phrase("callTwice", ["handler": name(matrix.handlers[call.handler.id]!.name), "state": .code(state.swift)]))
                index = calls.index(after: next)
            } else {
                told.append(self.call(call))
                index = next
            }
        }
        return join(told, with: "callSeparator")
    }

    public func payload(_ flags: [String: Bool]) -> Inline { payload(Payload(flags, keys: matrix.payloadKeyIds)) }

    /// Made once per payload: the matrix page names each payload in its contents, its section and its overview row.
    package func payload(_ payload: Payload) -> Inline {
        if let known = cache.payloads[payload] { return known }
        // Each key's two readings are filled once; a payload picks one of each.
        let readings =
            cache.keyReadings
            ?? matrix.spec.payloadKeys.map { key in (set: keyValue(key, set: true), notSet: keyValue(key, set: false)) }
        cache.keyReadings = readings
        let made = join(readings.indices.map { payload.isSet($0) ? readings[$0].set : readings[$0].notSet }, with: "keySeparator")
        cache.payloads[payload] = made
        return made
    }
}

/// What a phrasebook has worked out: the same phrases are filled thousands of times, and a matrix has far fewer
/// distinct cells than cells.
final class PhrasebookCache {
    /// Each text in pieces, and its fill without values, keyed by bytes: hashing a String in a non-Latin script
    /// normalizes it first.
    package var texts: [[UInt8]: (pieces: [Placeholders.Piece], plain: Inline?)] = [:]
    package var steps: [String: [ToldStep]] = [:]
    var keyReadings: [(set: Inline, notSet: Inline)]?
    package var payloads: [Payload: Inline] = [:]
}

extension String {
    /// Whether the text has a `{` at all: most do not.
    var mayHavePlaceholder: Bool { utf8.withContiguousStorageIfAvailable { $0.contains(.openBrace) } ?? utf8.contains(.openBrace) }
}
