import PushMatrixModel
import PushMatrixSpec

/// `Dimensions.swift`: the spec's ids as enums (setups, app states, handler states, handlers, taps, permission
/// statuses), what a call means (`PushEvent`) and the payload's keys (`PushPayload`).
struct DimensionsEmitter {
    let view: SwiftView

    private var spec: Spec { view.spec }

    func file() -> [UInt8] {
        var out = SwiftPrinter.generatedFile()
        for (name, doc, cases) in [
            ("PushSetup", "The APIs an app can set notifications up with.", spec.setups.map { ($0.id, $0.description) }),
            ("PushAppState", "Where the app is when a push arrives.", spec.appStates.map { ($0.id, $0.description) }),
            ("PushHandlerState", "`UIApplication.State` while a handler runs.", spec.handlerStates.map { ($0.id, $0.description) }),
        ] {
            printEnum(name, doc: [doc], cases: cases.map { ($0, view.comments.text($1)) }, &out)
            out.blankLine()
        }
        printHandler(&out)
        // The permission statuses, when the spec has them.
        if let statuses = spec.permission?.statuses {
            out.blankLine()
            printEnum(
                "PushPermissionStatus", doc: ["Whether the user lets the app show notifications, as the app should act on it."],
                cases: statuses.map { ($0.id, view.comments.text($0.meaning)) }, &out)
        }
        out.blankLine()
        printTap(&out)
        out.blankLine()
        printEvent(&out)
        out.blankLine()
        printPayload(&out)
        return out.bytes
    }

    /// A `String` enum of ids, each case after its doc comment, then what `members` prints. Without cases (a spec whose
    /// handlers run without a state) it is a struct no raw value makes: Swift gives no raw type to an empty enum, and
    /// code that makes one of an empty enum is code that never runs, which Swift warns of.
    private func printEnum(
        _ name: String, doc: [String], cases: [(id: String, doc: Inline)], _ out: inout SwiftPrinter,
        members: (inout SwiftPrinter) -> Void = { _ in }
    ) {
        out.docComment(doc)
        if cases.isEmpty {
            out.block("nonisolated public struct \(name): RawRepresentable, Hashable, CaseIterable, Sendable {") { out in
                out.lines(["public static let allCases: [Self] = []", "public let rawValue: String"])
                out.print("public init?(rawValue: String) { nil }")
                members(&out)
            }
            return
        }
        out.block("nonisolated public enum \(name): String, CaseIterable, Sendable {") { out in
            for item in cases {
                out.docComment(SwiftView.wrapped(item.doc.plainText))
                out.print("case \(item.id)")
            }
            members(&out)
        }
    }

    private func printHandler(_ out: inout SwiftPrinter) {
        let handlers = spec.handlers
        let cases = handlers.map { ($0.id, Inline.text("The ") + view.comments.name($0.name) + .text(".")) }
        printEnum("PushHandler", doc: ["The delegate methods iOS calls for a push."], cases: cases, &out) { out in
            let onArrival =
                view.otherDeliveries.contains { $0.name == "launchedOnArrival" } ? ", and on arrival where the system starts it" : ""
            printFlag(
                "launchesApp", doc: ["Starts the app: first in every tap on an app that is not running\(onArrival)."], \.launchesApp, &out)
            printFlag(
                "hasState", doc: ["Runs with an application state (and so with a completion handler to call)."],
                \.hasState, &out)
            printFlag("isOptional", doc: ["An app may leave it out."], \.optional, &out)
            out.blankLine()
            out.docComment([
                "True when, under this setup, its method hands the app a `UNNotification` (or a",
                "response holding one), whose request identifier and delivery date come with the payload;",
                "false when it hands the payload alone.",
            ])
            out.block("public func handsNotification(_ setup: PushSetup) -> Bool {") { out in
                out.switchOn("(self, setup)") { out in
                    for handler in handlers {
                        let setups = handler.methods.filter(\.handsNotification).map {
                            "(.\(handler.id), .\($0.setup.id))"
                        }
                        if !setups.isEmpty {
                            out.print("case \(setups.joined(separator: ", ")): return true")
                        }
                    }
                    out.print("default: return false")
                }
            }
            printFlag(
                "runsInApp",
                doc: ["Runs in the app's process; false for an app extension's handler, which the app never sees."],
                { !$0.inExtension }, &out)
        }
    }

    /// A `Bool` property of `PushHandler` that a `switch self` answers for each handler.
    private func printFlag(_ name: String, doc: [String], _ value: (Handler) -> Bool, _ out: inout SwiftPrinter) {
        out.blankLine()
        out.docComment(doc)
        out.block("public var \(name): Bool {") { out in
            out.switchOn("self") { out in
                out.lines(spec.handlers.map { handler in "case .\(handler.id): return \(value(handler))" })
            }
        }
    }

    private func printTap(_ out: inout SwiftPrinter) {
        let doc = [
            "What the user can tap: a part of the notification in Notification Center, or a way back to",
            "the app that leaves the notification alone.",
        ]
        let cases = spec.taps.map { ($0.id, Inline.text("The user taps the ") + view.comments.name($0.name) + .text(".")) }
        printEnum("PushTap", doc: doc, cases: cases, &out) { out in
            out.blankLine()
            out.docComment([
                "False for a way back that leaves the notification alone (opening the app from its icon):",
                "none of its calls hands the app the notification, and nothing answers it.",
            ])
            out.block("public var touchesNotification: Bool {") { out in
                let leaving = spec.taps.filter { !$0.touchesNotification }
                guard !leaving.isEmpty else {
                    out.print("true")
                    return
                }
                out.switchOn("self") { out in
                    out.lines(leaving.map { tap in "case .\(tap.id): return false" })
                    out.print("default: return true")
                }
            }
        }
    }

    private func printEvent(_ out: inout SwiftPrinter) {
        let deliveries = view.otherDeliveries
        out.docComment(["What a call means to the app."])
        out.block("nonisolated public enum PushEvent: Hashable, Sendable {") { out in
            out.docComment(["The push arrived and the app was told at once, in this state."])
            out.print("case delivered(PushHandlerState)")
            out.docComment(["A tap started the app; the call that says which tap may follow."])
            out.print("case launchedByTap")
            out.docComment(["The user tapped this part of the notification."])
            out.print("case tapped(PushTap)")
            for (name, doc) in deliveries {
                out.docComment([doc])
                out.print("case \(name)")
            }
            out.blankLine()
            out.docComment(["A push told to the app on arrival, before any tap."])
            out.block("public var isDelivery: Bool {") { out in
                out.print("if case .delivered = self { return true }")
                out.lines(deliveries.map { "if case .\($0.name) = self { return true }" })
                out.print("return false")
            }
        }
        out.blankLine()
        out.block("nonisolated extension PushEvent: CustomStringConvertible {") { out in
            out.docComment([
                "The event as Swift spells it, e.g. `delivered(.background)`: the form failures name it in."
            ])
            out.block("public var description: String {") { out in
                out.switchOn("self") { out in
                    out.print("case .delivered(let state): return \"delivered(.\\(state))\"")
                    out.print("case .launchedByTap: return \"launchedByTap\"")
                    out.print("case .tapped(let tap): return \"tapped(.\\(tap))\"")
                    out.lines(deliveries.map { "case .\($0.name): return \"\($0.name)\"" })
                }
            }
        }
    }

    private func printPayload(_ out: inout SwiftPrinter) {
        let keys = spec.payloadKeys
        out.docComment(["Which of the keys that decide the matrix a payload sets."])
        out.block("nonisolated public struct PushPayload: Hashable, Sendable {") { out in
            for key in keys {
                let from = key.from.map {
                    "Not in the payload: iOS gives it beside it (\($0.place.rawValue)), as `\(view.matrix.symbols[$0.symbol.id] ?? "")`."
                }
                out.docComment([from ?? "The payload sets `\(key.apnsKey ?? "")` in `aps`."])
                out.print("public var \(key.id): Bool")
            }
            out.blankLine()
            out.docComment(["A payload that sets exactly the keys given as true."])
            out.block("public init(\(keys.map { "\($0.id): Bool" }.joined(separator: ", "))) {") { out in
                out.lines(keys.map { key in "self.\(key.id) = \(key.id)" })
            }
            out.blankLine()
            let given = keys.filter { $0.apnsKey == nil }
            out.docComment([
                "Reads a real APNs payload, as `userInfo` holds it" + (given.isEmpty ? "." : "; the inputs iOS gives beside it, as given.")
            ])
            let parameters = given.map { ", \($0.id): Bool = false" }.joined()
            out.block("public init(userInfo: [AnyHashable: Any]\(parameters)) {") { out in
                if given.count < keys.count { out.print("let aps = userInfo[\"aps\"] as? [String: Any] ?? [:]") }
                out.block("self.init(", closing: ")") { out in
                    out.arguments(keys.map(Self.keyTest))
                }
            }
            out.blankLine()
            out.docComment([
                "A payload that sets exactly these keys and nothing else: no message id, as APNs sends it",
                "when the sender adds none, so equal payloads are equal.",
            ])
            out.block("public func sampleUserInfo() -> [AnyHashable: Any] {") { out in
                out.print((given.count < keys.count ? "var" : "let") + " aps: [String: Any] = [:]")
                out.lines(
                    keys.compactMap { key in
                        key.apnsKey.map { "if \(key.id) { aps[\(SwiftPrinter.literal($0))] = \(Self.sample(key)) }" }
                    })
                out.print("return [\"aps\": aps]")
            }
            out.blankLine()
            out.docComment(["Each payload key's id and whether this payload sets it, in the spec's order."])
            out.block("var keysInSpecOrder: [(id: String, isSet: Bool)] {") { out in
                out.block("[", closing: "]") { out in
                    out.lines(keys.map { key in "(\"\(key.id)\", \(key.id))," })
                }
            }
        }
    }

    /// `init(userInfo:)`'s argument for a key: its value tests on `aps`, joined by a logical or; an input iOS gives
    /// beside the payload, as given.
    private static func keyTest(_ key: PayloadKey) -> String {
        guard let apnsKey = key.apnsKey else { return "\(key.id): \(key.id)" }
        let tests = key.presentWhen.map { "PushPayloadValue.\($0.id)(aps[\(SwiftPrinter.literal(apnsKey))])" }
        return "\(key.id): " + tests.joined(separator: " || ")
    }

    /// A value for a sample payload that the key's first value test accepts.
    private static func sample(_ key: PayloadKey) -> String {
        switch key.presentWhen.first.flatMap({ APNsMatcher(rawValue: $0.id) }) {
        case .object: return "[\"body\": \"pushmatrix\"]"
        case .one: return "1"
        default: return "\"pushmatrix\""
        }
    }
}
