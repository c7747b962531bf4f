import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixOutputs

/// The field kit of each built-in spec and of the other-dimensions fixture: a payload file per
/// combination for the simulator and for a device, with exactly that combination's keys, and a
/// runbook per language that renders.
final class FieldKitTests: XCTestCase {
    func testPayloadFilesHaveExactlyTheirCombinationsKeys() throws {
        for (matrix, spec) in [
            (Fixtures.builtIn, Fixtures.spec), (Fixtures.current, Fixtures.currentSpec),
            (Fixtures.otherDimensions, Fixtures.fixture("other-dimensions.json")),
        ] {
            let output = Fixtures.temporaryDirectory(self) + "/kit"
            let result = Command.run(["field-kit", "--spec", spec, "--output", output])
            XCTAssertEqual(result.status, 0, result.stderr)
            let keys = matrix.spec.payloadKeys
            for payload in matrix.payloads {
                let name = SwiftView.payloadName(payload, keys: matrix.payloadKeyIds)
                let expected = Set(keys.indices.filter(payload.isSet).compactMap { keys[$0].apnsKey })
                let visible = keys.indices.contains { payload.isSet($0) && keys[$0].makesVisible }
                let simulator = try object(output + "/Payloads/\(name).apns")
                XCTAssertEqual(simulator["Simulator Target Bundle"] as? String, FieldKitView.bundlePlaceholder)
                XCTAssertEqual(
                    Set(try XCTUnwrap(simulator["aps"] as? [String: Any]).keys), expected, "\(spec): \(name).apns")
                let device = try object(output + "/Payloads/\(name).device.json")
                let aps = try XCTUnwrap((device["payload"] as? [String: Any])?["aps"] as? [String: Any])
                XCTAssertEqual(Set(aps.keys), expected, "\(spec): \(name).device.json")
                XCTAssertEqual(
                    device["headers"] as? [String: String],
                    visible
                        ? ["apns-push-type": "alert", "apns-priority": "10"]
                        : ["apns-push-type": "background", "apns-priority": "5"],
                    name)
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: output + "/Payloads")
            XCTAssertEqual(files.count, 2 * matrix.payloads.count + 1, "and send.sh")
            for language in matrix.spec.languages.map(\.id) {
                let runbook = try XCTUnwrap(
                    FileManager.default.contents(atPath: output + "/Runbook/\(language)/runbook.md"))
                let html = try ExternalTool.output("cmark-gfm", ["--extension", "table"], input: runbook)
                XCTAssertEqual(MarkdownRenderingTests.blocks("h1", in: html).count, 1, language)
                let rows = MarkdownRenderingTests.blocks(
                    "tr", in: MarkdownRenderingTests.blocks("tbody", in: html).first ?? "")
                XCTAssertEqual(rows.count, matrix.payloads.count, "\(language): a row per payload file")
            }
        }
    }

    /// A VoIP kit: one device file per payload a server sends (mustReport, which PushKit gives, makes none), a `voip`
    /// push with the headers Apple asks of one and an alert push with mutable content for the routed call, no simulator
    /// file, a probe target per CallKit setup, and the runbook's VoIP section in each language.
    func testTheVoipKitWritesAFilePerSentPayloadAndItsProbe() throws {
        let output = Fixtures.temporaryDirectory(self) + "/kit"
        XCTAssertEqual(Command.run(["field-kit", "--spec", "builtin:voip", "--output", output]).status, 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: output + "/Payloads").sorted()
        XCTAssertEqual(files, ["send.sh", "viaServiceExtension.device.json", "voip.device.json"])
        let voip = try object(output + "/Payloads/voip.device.json")
        XCTAssertEqual(
            voip["headers"] as? [String: String], ["apns-push-type": "voip", "apns-priority": "10", "apns-expiration": "0"])
        XCTAssertEqual(voip["payload"] as? NSDictionary, ["aps": [:], "call": ["callId": "pushmatrix-call", "caller": "pushmatrix"]])
        let routed = try object(output + "/Payloads/viaServiceExtension.device.json")
        XCTAssertEqual(routed["headers"] as? [String: String], ["apns-push-type": "alert", "apns-priority": "10"])
        let payload = try XCTUnwrap(routed["payload"] as? [String: Any])
        XCTAssertEqual((payload["aps"] as? [String: Any])?["mutable-content"] as? Int, 1)
        XCTAssertEqual(payload["call"] as? [String: String], ["callId": "pushmatrix-call", "caller": "pushmatrix"])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: output + "/Probe").sorted(),
            ["Classic", "ServiceExtension", "Shared", "VoIP264", "project.yml"])
        let probe = try String(contentsOfFile: output + "/Probe/Shared/ProbeSpec.swift", encoding: .utf8)
        XCTAssertTrue(probe.contains(#"static let noKeys = "voip""#) && !probe.contains(#"("mustReport", payload"#))
        for (language, heading) in [("en", "## VoIP pushes\n"), ("ja", "## VoIP プッシュ\n")] {
            let runbook = try String(contentsOfFile: output + "/Runbook/\(language)/runbook.md", encoding: .utf8)
            XCTAssertTrue(runbook.contains(heading) && runbook.contains("`voip`") && !runbook.contains("simctl push booted"), language)
        }
    }

    func testTheRunbookIsInEachLanguage() throws {
        let output = Fixtures.temporaryDirectory(self) + "/kit"
        XCTAssertEqual(Command.run(["field-kit", "--spec", Fixtures.currentSpec, "--output", output]).status, 0)
        let english = try String(contentsOfFile: output + "/Runbook/en/runbook.md", encoding: .utf8)
        let japanese = try String(contentsOfFile: output + "/Runbook/ja/runbook.md", encoding: .utf8)
        XCTAssertTrue(english.contains("# Field runbook\n"))
        XCTAssertTrue(japanese.contains("# 実地計測の手順\n"))
        XCTAssertTrue(japanese.contains("`forceQuit`"), "the app states are the spec's")
        XCTAssertEqual(Command.run(["field-kit", "--spec", Fixtures.currentSpec]).status, 2, "--output is required")
    }

    /// `Probe/project.yml` is an XcodeGen project spec (no XcodeGen here, so it is read by its indentation): only keys
    /// XcodeGen's ProjectSpec documents, a target on `Shared` and its own folder for every folder of the probe, each app
    /// with the Push Notifications entitlement, the remote-notification background mode, the local package and, where
    /// the probe has a service extension, an extension target of its own embedded and an app group both share.
    func testTheProjectSpecNamesEveryTargetFolderAndTheKeysAnAppNeeds() throws {
        for spec in [Fixtures.currentSpec, Fixtures.spec] {
            let output = Fixtures.temporaryDirectory(self) + "/kit"
            XCTAssertEqual(Command.run(["field-kit", "--spec", spec, "--output", output, "--module", "Kit"]).status, 0)
            let yaml = try String(contentsOfFile: output + "/Probe/project.yml", encoding: .utf8)
            let lines = yaml.split(separator: "\n").filter { !$0.hasPrefix("#") }
            func keys(indent: Int, under parent: String? = nil) -> [String] {
                var inside = parent == nil
                var found: [String] = []
                for line in lines {
                    let depth = line.prefix { $0 == " " }.count
                    if let parent, depth == indent - 2 { inside = line.trimmingCharacters(in: .whitespaces) == parent + ":" }
                    if inside && depth == indent, !line.dropFirst(depth).hasPrefix("-"), let key = line.split(separator: ":").first {
                        found.append(key.trimmingCharacters(in: .whitespaces))
                    }
                }
                return found
            }
            // A target's lines: after its name, up to the next line indented as little.
            func targetText(_ target: String) -> String {
                let start = lines.firstIndex(of: "  \(target):").map { $0 + 1 } ?? lines.endIndex
                return lines[start...].prefix { $0.hasPrefix("   ") }.joined(separator: "\n")
            }
            XCTAssertEqual(keys(indent: 0), ["name", "options", "settings", "packages", "targets"], spec)
            let targets = keys(indent: 2, under: "targets")
            let folders = try FileManager.default.contentsOfDirectory(atPath: output + "/Probe").filter {
                $0 != "Shared" && !$0.contains(".")
            }
            XCTAssertFalse(folders.isEmpty)
            let documented: Set<String> = [
                "type", "platform", "deploymentTarget", "sources", "dependencies", "settings", "info", "entitlements",
            ]
            for folder in folders {
                XCTAssertTrue(yaml.contains("sources: [Shared, \(folder)]"), "\(spec): a target on Probe/\(folder)")
            }
            let apps = folders.filter { folder in targets.contains(folder) }
            XCTAssertEqual(
                folders.filter { !apps.contains($0) }, spec == Fixtures.currentSpec ? ["ServiceExtension"] : [],
                "every other folder is an app target")
            for target in targets {
                XCTAssertEqual(Set(keys(indent: 4, under: target)).subtracting(documented), [], "\(spec): \(target)")
            }
            XCTAssertTrue(yaml.contains("DEVELOPMENT_TEAM: YOUR_TEAM_ID"))
            XCTAssertTrue(yaml.contains("packages:\n  Kit:\n    path: ..\n"))
            for app in apps {
                let block = targetText(app)
                for needed in [
                    "type: application", "- package: Kit", "products: [Kit, KitTestSupport]", "UIBackgroundModes: [remote-notification]",
                    "aps-environment: development", "PushMatrixProbeWithout", "UIFileSharingEnabled: true", "entitlements:",
                ] {
                    XCTAssertTrue(block.contains(needed), "\(spec): \(app) lacks \(needed)")
                }
                if spec == Fixtures.currentSpec {
                    XCTAssertTrue(block.contains("- target: \(app)ServiceExtension"), "\(app) embeds its extension")
                    XCTAssertTrue(block.contains("PushMatrixProbeAppGroup: group.$(PROBE_BUNDLE_ID_PREFIX)"), app)
                    let service = targetText(app + "ServiceExtension")
                    for needed in [
                        "type: app-extension", "sources: [Shared, ServiceExtension]", "com.apple.usernotifications.service",
                        "ProbeNotificationService", "com.apple.security.application-groups",
                    ] {
                        XCTAssertTrue(service.contains(needed), "\(app)ServiceExtension lacks \(needed)")
                    }
                }
            }
        }
    }

    /// `Payloads/send.sh`, run with a `curl` that only records its arguments: a token signed with the key, and each
    /// payload file's headers and payload.
    func testTheSendScriptSendsEachPayloadFileWithItsHeaders() throws {
        try IntegrationTestCase.require()  // it runs openssl and the script
        let openssl = try ExternalTool.path("openssl")
        let directory = Fixtures.temporaryDirectory(self)
        let output = directory + "/kit"
        XCTAssertEqual(Command.run(["field-kit", "--spec", Fixtures.currentSpec, "--output", output]).status, 0)
        _ = try ExternalTool.output(
            openssl, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", directory + "/key.p8"])
        let bin = directory + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$CURL_ARGUMENTS\"\n".write(toFile: bin + "/curl", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/curl")
        for payload in Fixtures.current.payloads.prefix(4) + Fixtures.current.payloads.suffix(2) {
            let name = SwiftView.payloadName(payload, keys: Fixtures.current.payloadKeyIds)
            let arguments = directory + "/\(name).args"
            let environment = [
                "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "CURL_ARGUMENTS": arguments,
                "APNS_KEY_FILE": directory + "/key.p8", "APNS_KEY_ID": "KEY1234567", "APNS_TEAM_ID": "TEAM123456",
                "APNS_TOPIC": "com.example.probe", "DEVICE_TOKEN": "00ff",
            ]
            let run = try ExternalTool.run("/bin/sh", [output + "/Payloads/send.sh", name], environment: environment)
            XCTAssertEqual(run.status, 0, run.errors)
            let sent = try String(contentsOfFile: arguments, encoding: .utf8).split(separator: "\n").map(String.init)
            let device = try object(output + "/Payloads/\(name).device.json")
            let headers = try XCTUnwrap(device["headers"] as? [String: String])
            for (header, value) in headers { XCTAssertTrue(sent.contains("\(header): \(value)"), "\(name): \(header)") }
            XCTAssertTrue(sent.contains("apns-topic: com.example.probe"))
            XCTAssertEqual(sent.last, "https://api.sandbox.push.apple.com/3/device/00ff")
            XCTAssertTrue(sent.contains("--http2"))
            let token = try XCTUnwrap(sent.first { $0.hasPrefix("authorization: bearer ") }).dropFirst("authorization: bearer ".count)
            XCTAssertEqual(token.split(separator: ".").count, 3, "a JSON Web Token")
            let body = try XCTUnwrap(
                sent.firstIndex(of: "--data").map { sent[($0 + 1)...].prefix { !$0.hasPrefix("https://") }.joined(separator: "\n") })
            let sentPayload = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(body.utf8)) as? NSDictionary, body)
            XCTAssertEqual(sentPayload, device["payload"] as? NSDictionary, name)
        }
        // A voip file goes to the VoIP token under the topic with .voip, with its expiration.
        let voip = directory + "/voip"
        XCTAssertEqual(Command.run(["field-kit", "--spec", "builtin:voip", "--output", voip]).status, 0)
        let environment = [
            "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "CURL_ARGUMENTS": directory + "/voip.args", "APNS_KEY_FILE": directory + "/key.p8", "APNS_KEY_ID": "KEY1234567",
            "APNS_TEAM_ID": "TEAM123456", "APNS_TOPIC": "com.example.probe", "VOIP_TOKEN": "0abc",
        ]
        let run = try ExternalTool.run("/bin/sh", [voip + "/Payloads/send.sh", "voip"], environment: environment)
        XCTAssertEqual(run.status, 0, run.errors)
        let sent = try String(contentsOfFile: directory + "/voip.args", encoding: .utf8).split(separator: "\n").map(String.init)
        for header in ["apns-push-type: voip", "apns-expiration: 0", "apns-topic: com.example.probe.voip"] {
            XCTAssertTrue(sent.contains(header), header)
        }
        XCTAssertEqual(sent.last, "https://api.sandbox.push.apple.com/3/device/0abc")
    }

    /// The runbook names its counts apart (runs as `observe` counts them), suggests a first session from the cells marked
    /// `expected`, and keeps code in the conditions' texts as code.
    func testTheRunbookCountsRunsAsObserveDoesAndSuggestsAFirstSession() throws {
        let output = Fixtures.temporaryDirectory(self) + "/kit"
        XCTAssertEqual(Command.run(["field-kit", "--spec", Fixtures.currentSpec, "--output", output]).status, 0)
        let english = try String(contentsOfFile: output + "/Runbook/en/runbook.md", encoding: .utf8)
        let japanese = try String(contentsOfFile: output + "/Runbook/ja/runbook.md", encoding: .utf8)
        let log = output + "/empty.jsonl"
        try Data("\n".utf8).write(to: URL(fileURLWithPath: log))
        let observe = Command.run(["observe", "--spec", Fixtures.currentSpec, "--json", log])
        let unobserved = try XCTUnwrap(
            (JSONSerialization.jsonObject(with: Data(observe.stdout.utf8)) as? [String: Any])?["unobserved"] as? Int)
        XCTAssertTrue(english.contains("- **runs**: \(unobserved)."), "the runbook's runs are observe's")
        XCTAssertTrue(japanese.contains("- **実行**：\(unobserved) 回。"))
        XCTAssertTrue(english.contains("- **scenarios**: \(Fixtures.current.scenarios.count)."))
        for runbook in [english, japanese] {
            XCTAssertFalse(runbook.contains("\\`"), "no escaped backticks")
            XCTAssertTrue(runbook.contains("`xcrun simctl push booted BUNDLE-ID FILE.apns`"))
            XCTAssertTrue(runbook.contains("xcodegen generate") && runbook.contains("sh Payloads/send.sh NAME"))
            XCTAssertTrue(runbook.contains("aps-environment") && runbook.contains("remote-notification") && runbook.contains(".p8"))
            XCTAssertTrue(runbook.contains("| 1 | `appDelegate`"), "the first session's first block")
            XCTAssertFalse(runbook.contains("VOIP_TOKEN"), "no VoIP section in a kit for alert and background pushes")
        }
        let table = english.split(separator: "\n").filter { $0.contains(/^\| \d \| `/) }
        XCTAssertEqual(table.count, 6)
    }

    private func object(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any], path)
    }
}
