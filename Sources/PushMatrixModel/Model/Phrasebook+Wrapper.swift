import PushMatrixSpec

extension Phrasebook {
    /// `FlutterFire (firebase_messaging 15.2.0 and later, read at 1a2b3c4)`: the wrapper, its versions and the commit
    /// its rules were read at.
    public func wrapperHeading(_ wrapper: Wrapper) -> Inline {
        phrase(
            "wrapperHeading",
            [
                "wrapper": name(wrapper.name), "versions": .text(wrapper.package + " ") + text(wrapper.versions),
                "commit": .code(wrapper.commit),
            ])
    }

    /// One line for each call of a path's places in the wrapper's terms (`notification body: action handler (.inactive) →
    /// FirebaseMessaging.onMessageOpenedApp`), each with the rule that decides it and what the rule leaves to timing or
    /// unsettled. A place without calls has no line.
    public func wrapperLines(_ places: [WrappedPlace], of wrapper: Wrapper) -> [(line: Inline, details: [Inline])] {
        places.flatMap { place in
            let at = place.place == "delivery" ? phrase("arrival") : name(matrix.taps[place.place]!.name)
            return place.calls.map { wrapped in
                var call = self.call(wrapped.call)
                if wrapped.held { call = bracketed(call, phrase("wrapperHeld")) }
                if wrapped.unsettled { call = bracketed(call, phrase("wrapperUnsettled")) }
                let apis = wrapped.rule.events.compactMap { event in wrapper.events.first { $0.id == event.id }.map { Inline.code($0.api) }
                }
                let events = apis.isEmpty ? phrase("wrapperNothing") : join(apis, with: "callSeparator")
                let line = phrase("choiceItem", ["tap": at, "calls": phrase("wrapperCall", ["call": call, "events": events])])
                return (line, wrapperDetails(wrapped.rule))
            }
        }
    }

    /// The rule's citation, then its timing and what it leaves unsettled, where it says; a rule read at another
    /// commit than the wrapper's names it.
    public func wrapperDetails(_ rule: Wrapper.Rule) -> [Inline] {
        let values: KeyValuePairs<String, Inline> = [
            "rule": .code(rule.id), "file": .code(rule.file), "function": .code(rule.function), "lines": .text(rule.lines),
            "commit": .code(String(rule.commit?.prefix(12) ?? "")),
        ]
        let cited = phrase(rule.commit == nil ? "wrapperRule" : "wrapperRuleAt", values)
        let timing = rule.timing.map { phrase("wrapperTiming", ["text": text($0)]) }
        let unknown = rule.unknown.map { phrase("wrapperUnknown", ["text": text($0)]) }
        return [cited] + [timing, unknown].compactMap { $0 }
    }
}
