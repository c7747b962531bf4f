import PushMatrixJSON
import PushMatrixModel
import PushMatrixSpec

/// The field kit's files besides the probe app: one payload file per payload combination for the simulator (`xcrun simctl push`) and one
/// for a device (the `aps` dictionary with the `apns-push-type` and `apns-priority` headers it needs), and the runbook's model.
struct FieldKitView {
    package let matrix: Matrix
    package var spec: Spec { matrix.spec }

    /// The payload combination's file name, as the Swift scenario groups name it.
    package func name(_ payload: Payload) -> String { SwiftView.payloadName(payload, keys: matrix.payloadKeyIds) }

    /// A payload without a key that makes it visible is a background push: type `background`, priority 5, or APNs refuses it.
    func headers(_ payload: Payload) -> (type: String, priority: String) {
        let visible = spec.payloadKeys.indices.contains { payload.isSet($0) && spec.payloadKeys[$0].makesVisible }
        return visible ? ("alert", "10") : ("background", "5")
    }

    /// The `aps` dictionary of exactly the combination's keys, each set (see `presentWhen`); the alert's body names the combination.
    package func aps(_ payload: Payload) -> JSONOutput {
        .object(
            spec.payloadKeys.indices.filter(payload.isSet).map { index in
                let key = spec.payloadKeys[index]
                let value: JSONOutput =
                    switch key.presentWhen.first.flatMap({ APNsMatcher(rawValue: $0.id) }) {
                    case .object: .object([("title", .string("pushmatrix")), ("body", .string(name(payload)))])
                    case .one: .int(1)
                    default: .string(Self.sampleString)
                    }
                return (key.apnsKey, value)
            })
    }

    /// `Payloads/NAME.apns`, for the simulator.
    func simulatorFile(_ payload: Payload) -> [UInt8] {
        let simulator = JSONOutput.object([("Simulator Target Bundle", .string(Self.bundlePlaceholder)), ("aps", aps(payload))])
        return Array((simulator.serialized() + "\n").utf8)
    }

    /// `Payloads/NAME.device.json`, for a device: the APNs headers and the payload.
    func deviceFile(_ payload: Payload) -> [UInt8] {
        let (type, priority) = headers(payload)
        let device = JSONOutput.object([
            ("headers", .object([("apns-push-type", .string(type)), ("apns-priority", .string(priority))])),
            ("payload", .object([("aps", aps(payload))])),
        ])
        return Array((device.serialized() + "\n").utf8)
    }

    /// The value of every string key a payload file sets: the category the probe registers, too.
    static let sampleString = "pushmatrix"

    /// What a tester replaces with the probe app's bundle identifier.
    static let bundlePlaceholder = "YOUR.PROBE.APP.BUNDLE.ID"

    /// The probe's app targets: the folders of its files besides `Shared`.
    var probeTargets: [String] {
        Set(spec.swiftFiles.probe.compactMap { $0.file.split(separator: "/").first.map(String.init) }).subtracting(["Shared"]).sorted()
    }

    /// The probe app's holes: the generated module and each set of import lines that names it, the spec its runs name, the category and
    /// action it registers, the payload keys, and the spec's words for app states and taps in each of its languages.
    package func probe(module: String, specName: String) -> [String: String] {
        let keys = spec.payloadKeys.map(\.id), imports = { (others: [String]) in SwiftPrinter.imports(others + [module]) }
        return [
            "module": module, "imports": imports(["Foundation"]), "importsUIKit": imports(["Foundation", "UIKit"]),
            "importsNotifications": imports(["Foundation", "UserNotifications"]),
            "importsUIKitNotifications": imports(["Foundation", "UIKit", "UserNotifications"]),
            "importsSwiftUI": imports(["Foundation", "SwiftUI", "UIKit"]),
            "specName": SwiftView.literal(specName), "category": SwiftView.literal(Self.sampleString),
            "actionId": SwiftView.literal(Self.sampleString + ".action"), "actionTitle": SwiftView.literal(Self.sampleString),
            "keyPairs": SwiftPrinter.hole(indent: 12) { out in for key in keys { out.print("(\"\(key)\", payload.\(key)),") } },
            "payloadArguments": SwiftPrinter.hole(indent: 12) { out in
                for key in keys { out.print("\(key): set[\"\(key)\"] == true" + (key == keys.last ? "" : ",")) }
            },
            "words": SwiftPrinter.hole(indent: 8) { out in for language in spec.languages { printWords(language.id, &out) } },
        ]
    }

    /// One element of `ProbeWords.all`: the probe's words in `language`.
    private func printWords(_ language: String, _ out: inout SwiftPrinter) {
        let book = Phrasebook(matrix: matrix, language: language), literal = { (text: Inline) in SwiftView.literal(text.plainText) }
        out.print("ProbeWords(")
        out.indented { out in
            out.print("language: \(SwiftView.literal(language)),")
            out.print("appStates: [")
            for state in spec.appStates {
                out.print("    .\(state.id): (")
                out.print("        \(literal(book.name(state.name))),")
                out.print("        \(literal(book.text(state.description)))")
                out.print("    ),")
            }
            out.print("],")
            out.print("taps: [")
            for tap in spec.taps { out.print("    .\(tap.id): \(literal(book.name(tap.name))),") }
            out.print("],")
            out.print("phrases: ProbePhrases(")
            out.indented { out in printPhrases(language, &out) }
        }
    }

    /// The arguments of `ProbePhrases` in `language`, in its order: a phrase with placeholders is a closure of their Swift names.
    private func printPhrases(_ language: String, _ out: inout SwiftPrinter) {
        let plain = ["Title", "Start", "End", "Terminate", "Export", "NextRun", "OpenRun", "Done", "NoTap", "TapNothing", "Finish"]
        let closures = [("MissingRuns", "count, total"), ("PutApp", "state, description"), ("Send", "payload"), ("Tap", "tap")]
        let label = { (name: String) in name.prefix(1).lowercased() + name.dropFirst() }
        for name in plain { out.print("\(label(name)): \(probePhrase("probe" + name, language)),") }
        for (name, parameters) in closures {
            out.print("\(label(name)): { \(parameters) in")
            out.print("    " + probePhrase("probe" + name, language))
            out.print(name == "Tap" ? "}))," : "},")
        }
    }

    /// The probe's phrase `name` in `language` as a Swift string literal; a placeholder becomes an interpolation of its Swift name.
    private func probePhrase(_ name: String, _ language: String) -> String {
        let escaped = { (text: String) in SwiftView.literal(text).dropFirst().dropLast() }
        var literal = "\""
        for piece in Placeholders.pieces(spec.phrases[name]?[language] ?? "") {
            switch piece {
            case .literal(let text): literal += escaped(text)
            case .name(let placeholder) where Phrases.placeholders[name]!.contains(placeholder): literal += "\\(\(placeholder))"
            case .name(let symbol): literal += escaped(matrix.symbols[symbol] ?? "")
            }
        }
        return literal + "\""
    }

    /// The runbook of `language`: the probe's targets on `module`, its words for app states and taps, each payload file.
    package func runbook(_ language: String, module: String) -> TemplateValue {
        let book = Phrasebook(matrix: matrix, language: language)
        return .object([
            "module": .verbatim(module), "probeTargets": .list(probeTargets.map { .verbatim($0) }), "language": .verbatim(language),
            "scenarios": .verbatim(String(matrix.scenarios.count)), "setupLabel": .verbatim(spec.naming.label),
            "setups": .list(spec.setups.map { .object(["id": .verbatim($0.id), "name": .inline(book.name($0.name))]) }),
            "appStates": .list(
                spec.appStates.map {
                    .object([
                        "id": .verbatim($0.id), "name": .inline(book.name($0.name)), "description": .inline(book.text($0.description)),
                    ])
                }),
            // A way back that leaves the notification alone is the run without a tap, which ends by coming back through the icon.
            "taps": .list(
                spec.taps.filter(\.touchesNotification).map { .object(["id": .verbatim($0.id), "name": .inline(book.name($0.name))]) }),
            "hasConditions": .bool(!spec.conditions.isEmpty),
            "conditions": .list(
                spec.conditions.map {
                    .object(["id": .verbatim($0.id), "name": .inline(book.name($0.name)), "howToSet": .inline(book.text($0.howToSet))])
                }),
            "payloads": .list(
                matrix.payloads.map { payload in
                    let (type, priority) = headers(payload)
                    return .object([
                        "name": .verbatim(name(payload)), "type": .verbatim(type), "priority": .verbatim(priority),
                        "keys": .text(payload.setKeys(matrix.payloadKeyIds).joined(separator: ", ")),
                    ])
                }),
            "bundlePlaceholder": .verbatim(Self.bundlePlaceholder),
            "probe": .object(
                TemplateFields(
                    ["start": "probeStart", "end": "probeEnd", "terminate": "probeTerminate", "export": "probeExport"].mapValues {
                        .inline(book.phrase($0))
                    })),
        ])
    }
}
