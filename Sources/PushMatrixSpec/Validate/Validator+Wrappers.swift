import PushMatrixSupport

/// A wrapper's rules name what the spec declares, cite a file, a function and lines at a full commit, and decide every
/// native call of every cell (under every condition that adds one) with no rule left that decides none.
extension Validator {
    func checkWrappers(_ references: References) {
        unique("wrappers", spec.wrappers.map { ($0.id, $0.origin) })
        let calls = spec.wrappers.isEmpty ? [] : nativeCalls()
        for wrapper in spec.wrappers {
            unique("events of wrapper '\(wrapper.id)'", wrapper.events.map { ($0.id, $0.origin) })
            unique("rules of wrapper '\(wrapper.id)'", wrapper.rules.map { ($0.id, $0.origin) })
            checkCitation(wrapper)
            references.resolve(wrapper.settles, spec.conditions.map(\.id), "condition")
            let places = ["delivery", Wrapper.anyTap] + references.taps
            for rule in wrapper.rules {
                references.resolve(rule.handler, references.handlers, "handler")
                references.resolve(rule.states ?? [], references.handlerStates, "handler state")
                references.selection(rule.cells)
                references.resolve(rule.at ?? [], places, "place")
                references.resolve(rule.events, wrapper.events.map(\.id), "event")
                if rule.ownMessage != nil && wrapper.ownMessageKey == nil {
                    sink.error(
                        rule.origin, "rule '\(rule.id)': wrapper '\(wrapper.id)' names no ownMessageKey, so it cannot tell its own pushes")
                }
                for (key, value) in [("file", rule.file), ("function", rule.function)] where value.isBlank {
                    sink.error(rule.origin, "rule '\(rule.id)': name the \(key) it was read in")
                }
                if !Self.isLineRange(rule.lines) {
                    sink.error(rule.origin, "rule '\(rule.id)': lines '\(rule.lines)'; expected a line or a range such as 120-168")
                }
            }
            checkCoverage(wrapper, calls)
        }
    }

    /// The wrapper names a GitHub repository and the full commit its rules were read at, and so does a rule read at
    /// another.
    private func checkCitation(_ wrapper: Wrapper) {
        if !wrapper.repository.hasPrefix("https://github.com/") {
            sink.error(
                wrapper.origin, "wrapper '\(wrapper.id)': repository '\(wrapper.repository)'; expected a https://github.com/ address")
        }
        let commits = [(wrapper.commit, wrapper.origin)] + wrapper.rules.compactMap { rule in rule.commit.map { ($0, rule.origin) } }
        for (commit, origin) in commits where commit.count != 40 || !commit.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
            sink.error(origin, "commit '\(commit)'; expected the full commit the source was read at (40 lowercase hex digits)")
        }
    }

    /// `123` or `120-168`, or several such, separated by commas.
    private static func isLineRange(_ lines: String) -> Bool {
        lines.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { part in
            let ends = part.filter { $0 != " " }.split(separator: "-", omittingEmptySubsequences: false)
            return (1...2).contains(ends.count) && ends.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        }
    }

    /// Every call of every path of every cell, and every call a condition adds there, meets a rule; every rule decides
    /// at least one of them. A call no rule meets is reported once per handler, state and place.
    private func checkCoverage(_ wrapper: Wrapper, _ calls: [(Call, Wrapper.Context, Cell)]) {
        var used = Set<String>()
        var told = Set<String>()
        // A wrapper that treats every push alike sees each call once, as its own.
        for (call, context, cell) in calls where context.ownMessage || wrapper.ownMessageKey != nil {
            if let rule = wrapper.rule(for: call, context) {
                used.insert(rule.id)
                continue
            }
            let key = "\(call.handler.id) \(call.state?.id ?? "-") \(context.place) \(context.afterLaunch) \(context.ownMessage)"
            guard told.insert(key).inserted else { continue }
            let own = wrapper.ownMessageKey == nil ? "" : context.ownMessage ? ", its own push" : ", another's push"
            let launch = context.afterLaunch ? " after a launch" : ""
            sink.error(
                wrapper.origin,
                "wrapper '\(wrapper.id)' has no rule for handler '\(call.handler.id)' in state '\(call.state?.id ?? "none")' at "
                    + "'\(context.place)'\(launch)\(own) (first in the cell at \(cell.origin.path)); add one, with \"events\": [] "
                    + "where the app's code sees nothing of it")
        }
        for rule in wrapper.rules where !used.contains(rule.id) {
            sink.error(rule.origin, "rule '\(rule.id)' of wrapper '\(wrapper.id)' decides no call of any cell; remove it or widen it")
        }
    }

    /// Each call of each cell's paths, and each call a condition adds in the cells it selects, with where it happens,
    /// for a push from the wrapper's own backend and for another's.
    private func nativeCalls() -> [(Call, Wrapper.Context, Cell)] {
        let launching = Set(spec.handlers.filter(\.launchesApp).map(\.id))
        var calls: [(Call, Wrapper.Context, Cell)] = []
        for cell in spec.cells {
            let flags = cell.flags
            for own in [true, false] {
                let base = Wrapper.Context(
                    payload: flags, setup: cell.setup.id, appState: cell.appState.id, place: "delivery", afterLaunch: false, ownMessage: own
                )
                let added = spec.conditions.filter {
                    $0.appliesTo.contains(payload: flags, setup: cell.setup.id, appState: cell.appState.id)
                }.flatMap(\.changes).filter { $0.effect == .added }
                for path in cell.allPaths {
                    let places = [("delivery", path.onDelivery)] + path.taps.map { ($0.tap.id, $0.calls) }
                    for (place, made) in places {
                        var context = base
                        context.place = place
                        let extra = added.filter { $0.at.map { $0.id == place } ?? true }.compactMap(\.call)
                        calls += context.each(made + extra, launching: launching).map { ($0.call, $0.context, cell) }
                    }
                }
            }
        }
        return calls
    }
}
