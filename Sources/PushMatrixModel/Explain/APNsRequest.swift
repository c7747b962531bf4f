import PushMatrixJSON
import PushMatrixSpec
import PushMatrixSupport

/// The mistakes in an APNs request that `explain --request` reports: each rule's severity, its wording and the Apple
/// page it comes from, in this one table. A finding's message is what was found, then the rule, its id and address.
package enum APNsRule: String, CaseIterable {
    case unknownPushType = "push-type-unknown"
    case missingPushType = "push-type-missing"
    case alertWithoutInteraction = "alert-push-not-visible"
    case backgroundWithInteraction = "background-push-visible"
    case backgroundWithoutContentAvailable = "background-push-without-content-available"
    case backgroundPriority = "background-push-priority"
    case voipTopic = "voip-topic"
    case voipTopicMissing = "voip-topic-missing"
    case payloadSize = "payload-size"
    case collapseIdSize = "collapse-id-size"
    case voipExpiration = "voip-expiration"
    case expirationZero = "expiration-zero"

    static let requests = "https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns"
    static let background = "https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app"
    static let voip = "https://developer.apple.com/documentation/pushkit/responding-to-voip-notifications-from-pushkit"

    /// The rule's severity, its address and its words.
    var entry: (severity: Diagnostic.Severity, address: String, words: String) {
        switch self {
        case .unknownPushType:
            (.error, Self.requests, "APNs knows the push types " + Spec.apnsPushTypes.joined(separator: ", "))
        case .missingPushType:
            (.warning, Self.requests, "Apple recommends it for every push on iOS, as newer features may not work without it")
        case .alertWithoutInteraction:
            (.warning, Self.requests, "an alert push alerts, badges or sounds; APNs may refuse, delay or drop a push whose type misfits")
        case .backgroundWithInteraction:
            (.warning, Self.background, "a background push's aps has no key that alerts the person (alert, badge, sound)")
        case .backgroundWithoutContentAvailable:
            (.warning, Self.background, "a background push's aps has content-available set to 1")
        case .backgroundPriority:
            (.warning, Self.requests, "a background push goes at priority 5, and Apple calls 10 an error")
        case .voipTopic:
            (.warning, Self.requests, "a voip push's apns-topic is the app's bundle ID followed by .voip")
        case .voipTopicMissing:
            (.note, Self.requests, "Apple lists apns-topic as required, and a voip push's topic ends in .voip")
        case .payloadSize:
            (.warning, Self.requests, "APNs takes at most \(APNsPayload.limit) bytes of payload, \(APNsPayload.voipLimit) for a voip push")
        case .collapseIdSize:
            (.warning, Self.requests, "Apple caps apns-collapse-id at 64 bytes")
        case .voipExpiration:
            (.warning, Self.voip, "Apple advises 0 or a few seconds ahead for a voip push, so that no call rings long after")
        case .expirationZero:
            (.note, Self.requests, "APNs then tries once and does not store the push: a device offline at that moment never gets it")
        }
    }

    /// This rule's diagnostic for the value at `path`: `found`, then the rule.
    func finding(_ found: String, file: String, at node: JSONNode, path: String) -> Diagnostic {
        let (severity, address, words) = entry
        return Diagnostic(
            file: file, location: node.location, path: path, message: "\(found); \(words) [\(rawValue): \(address)]", severity: severity)
    }
}

/// Reads an APNs request as the field kit's `.device.json` holds it, `{"headers": {...}, "payload": {...}}`: the
/// payload as `APNsPayload` reads it, and the headers checked against Apple's rules (`APNsRule`).
public enum APNsRequest {
    /// A header's value and its text (empty unless a string).
    typealias Header = (node: JSONNode, text: String)
    /// How far after `now` a voip push's expiration may lie before it counts as far off: Apple advises a few seconds.
    static let voipExpirationSlack = 60

    /// The payload's reading, its warnings joined by the headers' findings in document order. A push type `matrix`
    /// does not answer (`pushTypes`) is refused with the findings and the built-in matrix that answers it, if one does;
    /// so is an unknown push type. An input iOS gives in PushKit's metadata is taken as set: the request cannot say,
    /// and set is the answer that asks the most of the app (a note says so). `now`, in seconds since 1970, is what a
    /// voip push's expiration is measured from.
    public static func read(bytes: [UInt8], file: String, matrix: Matrix, now: Int) throws(DiagnosticsError) -> APNsPayload.Reading {
        let root = try JSONParser.parse(bytes, file: file, maxDepth: SpecLoader.maxDepth)
        let (headers, payload) = try parts(root, file: file)
        func header(_ name: String) -> Header? { headers.first { $0.key.lowercased() == name }.map { ($0.value, $0.value.string ?? "") } }
        let type = header("apns-push-type")
        let answered = matrix.spec.pushTypes.map(\.id)
        // A push type the matrix does not answer is the error to report, whatever its payload lacks for this matrix.
        let refused = type.map { !answered.contains($0.text) } ?? false
        let read = { () throws(DiagnosticsError) in try APNsPayload.read(payload, file: file, matrix: matrix, path: "payload.") }
        let empty: APNsPayload.Reading = ([:], [], [], [])
        var reading = refused ? (try? read()) ?? empty : try read()
        let findings = checks(header, type: type, root: root, file: file, apnsKeys: reading.apnsKeys, now: now)
        reading.warnings = (reading.warnings + findings).sorted { ($0.location ?? root.location) < ($1.location ?? root.location) }
        // After the findings, since it is about the answer rather than a place in the request.
        for key in matrix.spec.payloadKeys where key.from?.place == .metadata && !refused {
            reading.flags[key.id] = true
            let taken = "\(key.id) comes from iOS, not from the request: the answer takes it as set; ask without --request for the other"
            reading.warnings.append(Diagnostic(file: file, location: root.location, path: "", message: taken, severity: .note))
        }
        guard let type, refused else { return reading }
        guard Spec.apnsPushTypes.contains(type.text) else {
            let unknown = "'\(type.text)' is not a push type" + Suggestion.didYouMean(type.text, in: Spec.apnsPushTypes)
            throw DiagnosticsError(
                reading.warnings + [APNsRule.unknownPushType.finding(unknown, file: file, at: type.node, path: "headers.apns-push-type")])
        }
        let other = BuiltInFiles.answering(type.text).map { "; \($0.reference) answers them: give it with --spec, or leave --spec out" }
        let message = "this matrix answers \(answered.joined(separator: " and ")) pushes, not \(type.text)" + (other ?? "")
        throw DiagnosticsError(
            reading.warnings + [Diagnostic(file: file, location: type.node.location, path: "headers.apns-push-type", message: message)])
    }

    /// The request's `apns-push-type`, if `bytes` hold a JSON object whose headers give one; nil otherwise (`read`
    /// then says what is wrong).
    public static func pushType(_ bytes: [UInt8]) -> String? {
        guard case .object(let headers)? = (try? JSONParser.parse(bytes))?["headers"]?.value else { return nil }
        return headers.first { $0.key.lowercased() == "apns-push-type" }?.value.string
    }

    /// The request's headers, each a string, and its payload; refused when it is not such an object.
    private static func parts(_ root: JSONNode, file: String) throws(DiagnosticsError) -> ([JSONNode.Member], JSONNode) {
        func refusal(_ location: SourceLocation, path: String = "", _ message: String) -> DiagnosticsError {
            DiagnosticsError([Diagnostic(file: file, location: location, path: path, message: message)])
        }
        let shape = "an APNs request: a JSON object with a \"headers\" object of strings and a \"payload\" object"
        guard case .object = root.value else { throw refusal(root.location, "expected \(shape), found \(root.typeName)") }
        if let repeated = APNsPayload.firstRepeatedKey(root) ?? root["headers"].flatMap(APNsPayload.firstRepeatedKey) {
            throw refusal(repeated.keyLocation, "duplicate key '\(repeated.key)': the request is ambiguous")
        }
        for key in ["headers", "payload"] where root[key]?.typeName != "object" {
            throw refusal(
                (root[key] ?? root).location, path: key,
                "expected \(shape), found " + (root[key].map { "\"\(key)\" is \($0.typeName)" } ?? "no \"\(key)\""))
        }
        guard case .object(let headers) = root["headers"]!.value else { return ([], root) }
        if let odd = headers.first(where: { $0.value.string == nil }) {
            throw refusal(odd.value.location, path: "headers.\(odd.key)", "expected a string, found \(odd.value.typeName)")
        }
        return (headers, root["payload"]!)
    }

    /// The findings on the headers, and on how the push type fits the payload's `aps` keys.
    private static func checks(
        _ header: (String) -> Header?, type: Header?, root: JSONNode, file: String, apnsKeys: Set<String>, now: Int
    ) -> [Diagnostic] {
        let (headers, payload) = (root["headers"]!, root["payload"]!)
        let aps = payload["aps"] ?? payload
        var findings: [Diagnostic] = []
        // A finding on a header's value, or on the headers when it is missing; on a key of `aps`, or on `aps`.
        func add(_ rule: APNsRule, _ found: String, header name: String) {
            let value = header(name)
            findings.append(rule.finding(found, file: file, at: value?.node ?? headers, path: "headers" + (value == nil ? "" : "." + name)))
        }
        func add(_ rule: APNsRule, _ found: String, aps key: String) {
            findings.append(rule.finding(found, file: file, at: aps[key] ?? aps, path: "payload.aps" + (aps[key] == nil ? "" : "." + key)))
        }
        let noticed = ["alert", "badge", "sound"].filter(apnsKeys.contains)
        let (voip, topic, expiration) = (type?.text == "voip", header("apns-topic"), header("apns-expiration"))
        let seconds = expiration.flatMap { Int($0.text) }
        switch type?.text {
        case nil: add(.missingPushType, "no apns-push-type", header: "apns-push-type")
        case "alert" where noticed.isEmpty:
            add(.alertWithoutInteraction, "an alert push without alert, badge or sound", header: "apns-push-type")
        case "background":
            for key in noticed { add(.backgroundWithInteraction, "\(key) in a background push", aps: key) }
            if !APNsMatcher.one.matches(aps["content-available"]) {
                add(.backgroundWithoutContentAvailable, "no content-available 1 in a background push", aps: "content-available")
            }
            let priority = header("apns-priority")
            if priority?.text ?? "10" == "10" {
                add(.backgroundPriority, priority == nil ? "no apns-priority, so APNs takes 10" : "priority 10", header: "apns-priority")
            }
        default: break
        }
        if voip, !(topic?.text.hasSuffix(".voip") ?? false) {
            add(
                topic == nil ? .voipTopicMissing : .voipTopic,
                topic.map { "'\($0.text)' lacks .voip" } ?? "no apns-topic, so the sender must add one", header: "apns-topic")
        }
        let size = root["payload"]!.output.serialized(compact: true).utf8.count
        if size > (voip ? APNsPayload.voipLimit : APNsPayload.limit) {
            findings.append(
                APNsRule.payloadSize.finding("\(size) bytes even without whitespace", file: file, at: root["payload"]!, path: "payload"))
        }
        if let collapse = header("apns-collapse-id"), collapse.text.utf8.count > 64 {
            add(.collapseIdSize, "\(collapse.text.utf8.count) bytes", header: "apns-collapse-id")
        }
        if voip, expiration == nil {
            add(.voipExpiration, "no apns-expiration, so APNs may keep the push for up to 30 days", header: "apns-expiration")
        } else if voip, let seconds, seconds > now + voipExpirationSlack {
            add(.voipExpiration, "\(seconds - now) seconds from now", header: "apns-expiration")
        } else if !voip, seconds == 0 {
            add(.expirationZero, "expiration 0", header: "apns-expiration")
        }
        return findings
    }
}
