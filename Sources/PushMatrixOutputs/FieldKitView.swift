import PushMatrixJSON
import PushMatrixModel
import PushMatrixSpec

/// The field kit's files besides the probe app: one payload file per payload the server can send for the simulator
/// (`xcrun simctl push`) and one for a device (the payload with the APNs headers it needs), and the runbook's model.
/// A spec with an input from PushKit's metadata measures VoIP pushes: a payload without a route set goes as a `voip`
/// push, one with a route as the alert push with mutable content that the route's service extension decrypts; both
/// carry the call as `call`.
struct FieldKitView {
    package let matrix: Matrix
    package var spec: Spec { matrix.spec }

    /// Whether the spec's pushes are PushKit's: an input comes from PushKit's metadata.
    var pushKit: Bool { spec.payloadKeys.contains { $0.from?.place == .metadata } }

    /// The inputs `from` picks, as bits.
    private func bits(_ from: (PayloadKey.From?) -> Bool) -> UInt64 {
        spec.payloadKeys.indices.filter { from(spec.payloadKeys[$0].from?.place) }.reduce(0) { $0 | 1 << UInt64($1) }
    }

    /// The inputs a payload file carries, as bits: every one but PushKit's metadata, which iOS gives, not the server.
    private var sentMask: UInt64 { bits { $0 != .metadata } }

    /// The payload file's name: the inputs it sets, as the Swift scenario groups name them, leaving out what iOS gives; a
    /// VoIP push that sets none is `voip`.
    package func name(_ payload: Payload) -> String {
        let sent = Payload(bits: payload.bits & sentMask)
        return pushKit && sent.bits == 0 ? "voip" : SwiftView.payloadName(sent, keys: matrix.payloadKeyIds)
    }

    /// The indices in `matrix.payloads` of the payloads that have a file: the first of those that differ only in what
    /// iOS gives. A VoIP kit has no simulator files: `simctl push` sends no VoIP push and runs no service extension.
    package func fileIndices(simulator: Bool) -> [Int] {
        var seen: Set<UInt64> = []
        let files = matrix.payloads.indices.filter { seen.insert(matrix.payloads[$0].bits & sentMask).inserted }
        return simulator && pushKit ? [] : files
    }

    /// A payload without a key that makes it visible is a background push: type `background`, priority 5, or APNs
    /// refuses it. A VoIP push goes at priority 10, Apple's default, for which Apple gives no rule of its own.
    func headers(_ payload: Payload) -> (type: String, priority: String) {
        if pushKit { return payload.bits & bits { $0 == .route } != 0 ? ("alert", "10") : ("voip", "10") }
        let visible = spec.payloadKeys.indices.contains { payload.isSet($0) && spec.payloadKeys[$0].makesVisible }
        return visible ? ("alert", "10") : ("background", "5")
    }

    /// The `aps` dictionary of exactly the combination's keys, each set (see `presentWhen`); the alert's body names the
    /// combination. An input iOS gives beside the payload (`from`) has no key there: combinations that differ only in
    /// such inputs have the same `aps`. A routed VoIP call is an alert with mutable content, a direct one has none.
    package func aps(_ payload: Payload) -> JSONOutput {
        let alert = JSONOutput.object([("title", .string("pushmatrix")), ("body", .string(name(payload)))])
        if pushKit { return .object(headers(payload).type == "alert" ? [("alert", alert), ("mutable-content", .int(1))] : []) }
        return .object(
            spec.payloadKeys.indices.filter(payload.isSet).compactMap { index in
                let key = spec.payloadKeys[index]
                guard let apnsKey = key.apnsKey else { return nil }
                let value: JSONOutput =
                    switch key.presentWhen.first.flatMap({ APNsMatcher(rawValue: $0.id) }) {
                    case .object: alert
                    case .one: .int(1)
                    default: .string(Self.sampleString)
                    }
                return (apnsKey, value)
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
        // Apple advises a VoIP push an expiration of 0 or a few seconds, so that no call rings late.
        let expiration: [(String, JSONOutput)] = type == "voip" ? [("apns-expiration", .string("0"))] : []
        let device = JSONOutput.object([
            ("headers", .object([("apns-push-type", .string(type)), ("apns-priority", .string(priority))] + expiration)),
            // A VoIP call's id and caller, which the routed call's service extension takes as decrypted.
            ("payload", .object([("aps", aps(payload))] + (pushKit ? [("call", Self.sampleCall)] : []))),
        ])
        return Array((device.serialized() + "\n").utf8)
    }

    /// The value of every string key a payload file sets: the category the probe registers, too.
    static let sampleString = "pushmatrix"

    /// The call a VoIP payload file announces; the probe reports each push under a new UUID all the same.
    static let sampleCall = JSONOutput.object([("callId", .string("pushmatrix-call")), ("caller", .string(sampleString))])

    /// What a tester replaces with the probe app's bundle identifier.
    static let bundlePlaceholder = "YOUR.PROBE.APP.BUNDLE.ID"

    /// The probe's targets: the folders of its files besides `Shared` (a file beside them, the project spec, is none).
    var probeTargets: [String] {
        let folders = spec.swiftFilesOrDefault.probe.filter { $0.file.contains("/") }.compactMap { $0.file.split(separator: "/").first }
        return Set(folders.map(String.init)).subtracting(["Shared"]).sorted()
    }

    /// The runs that settle a spec's answer: a scenario's first path, each tap that touches the notification or none (an
    /// open from the icon logs what the run without a tap logs), each set of handlers left out. `observe` counts the
    /// same ones as not yet observed.
    var runs: Int {
        matrix.scenarios.filter { $0.path == 1 && !matrix.leavesNotification($0.tap) }.count
    }

    /// A block of the first session: cells of one setup and app state that each need `runs` runs.
    private struct Block {
        var setup: Setup
        var state: AppState
        var runs: Int
        var payloads: [String]
        /// Minutes a cell takes: two a run, three where the app has to be ended first.
        var minutesACell: Int { runs * (state.running ? 2 : 3) }
    }

    /// The first session: the cells whose source is `expected`, in blocks of one setup, one app state and one number
    /// of runs a cell needs (none and each tap that touches the notification); the blocks that settle the most cells a
    /// minute first, the larger first on a tie, at most six.
    func firstSession(_ book: Phrasebook) -> [TemplateValue] {
        var blocks: [Block] = []
        for setup in spec.setups {
            for state in spec.appStates {
                let cells = spec.cells.filter {
                    $0.setup.id == setup.id && $0.appState.id == state.id && matrix.sources[$0.source.id]?.kind == .expected
                }
                let byRuns = Dictionary(grouping: cells) { 1 + $0.taps.filter { !matrix.leavesNotification($0.tap.id) }.count }
                for (runs, cells) in byRuns.sorted(by: { $0.key < $1.key }) {
                    blocks.append(Block(setup: setup, state: state, runs: runs, payloads: cells.map { name(matrix.payload(of: $0)) }))
                }
            }
        }
        let order = blocks.indices.sorted { a, b in
            (blocks[a].minutesACell, -blocks[a].payloads.count, a) < (blocks[b].minutesACell, -blocks[b].payloads.count, b)
        }
        return order.prefix(6).map { index in
            let block = blocks[index]
            return .object([
                "setup": .verbatim(block.setup.id), "setupName": .inline(book.name(block.setup.name)),
                "appState": .verbatim(block.state.id),
                // Cells that differ only in what iOS gives share a file.
                "files": .list(block.payloads.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.map { .verbatim($0) }),
                "cells": .verbatim(String(block.payloads.count)),
                "runs": .verbatim(String(block.runs * block.payloads.count)),
                "minutes": .verbatim(String(block.minutesACell * block.payloads.count)),
            ])
        }
    }

    /// The runbook of `language`: the probe's targets on `module`, its words for app states and taps, each payload
    /// file.
    package func runbook(_ language: String, module: String) -> TemplateValue {
        let book = Phrasebook(matrix: matrix, language: language)
        return .object([
            "module": .verbatim(module), "probeTargets": .list(probeTargets.map { .verbatim($0) }), "language": .verbatim(language),
            "scenarios": .verbatim(String(matrix.scenarios.count)), "runs": .verbatim(String(runs)),
            "firstSession": .list(firstSession(book)),
            "setups": .list(spec.setups.map { .object(["id": .verbatim($0.id), "name": .inline(book.name($0.name))]) }),
            "appStates": .list(
                spec.appStates.map {
                    .object([
                        "id": .verbatim($0.id), "name": .inline(book.name($0.name)), "description": .inline(book.text($0.description)),
                    ])
                }),
            // A way back that leaves the notification alone is the run without a tap, which ends by coming back through
            // the icon.
            "taps": .list(
                spec.taps.filter(\.touchesNotification).map { .object(["id": .verbatim($0.id), "name": .inline(book.name($0.name))]) }),
            "hasConditions": .bool(!spec.conditions.isEmpty),
            "conditions": .list(
                spec.conditions.map {
                    .object([
                        "id": .verbatim($0.id), "name": .inline(book.name($0.name)),
                        "howToSet": .inline(DocsView.spans(book.text($0.howToSet))),
                    ])
                }),
            "payloads": .list(
                fileIndices(simulator: false).map { index in
                    let payload = Payload(bits: matrix.payloads[index].bits & sentMask)
                    let (type, priority) = headers(payload)
                    return .object([
                        "name": .verbatim(name(payload)), "type": .verbatim(type), "priority": .verbatim(priority),
                        "keys": .text(payload.setKeys(matrix.payloadKeyIds).joined(separator: ", ")),
                    ])
                }),
            "voip": .bool(pushKit),
            // The wrappers a run may check, each with where a rule it contradicts is reported.
            "wrappers": .list(
                spec.wrappers.map {
                    .object(["id": .verbatim($0.id), "name": .inline(book.name($0.name)), "repository": .verbatim($0.repository)])
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
