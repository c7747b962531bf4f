import PushMatrixSupport

extension SpecDecoder {
    static func wrapper(_ reader: NodeReader, _ naming: SetupNaming, _ languages: [String]) -> Wrapper {
        Wrapper(
            id: reader.required.string("id"),
            name: reader.required.text("name"),
            package: reader.required.string("package"),
            versions: reader.required.text("versions", plainIn: languages),
            language: reader.required.string("language"),
            repository: reader.required.string("repository"),
            commit: reader.required.string("commit"),
            ownMessageKey: reader.string("ownMessageKey", optional: true),
            delegate: reader.required.text("delegate"),
            settles: reader.strings("settles", optional: true),
            events: reader.objects("events", wrapperEvent),
            rules: reader.objects("rules") { wrapperRule($0, naming) },
            origin: reader.origin)
    }

    private static func wrapperEvent(_ reader: NodeReader) -> Wrapper.Event {
        Wrapper.Event(
            id: reader.required.string("id"),
            api: reader.required.string("api"),
            stored: reader.bool("stored", default: false) ?? false,
            text: reader.required.text("text"),
            origin: reader.origin)
    }

    /// A rule's cells are written on the rule itself (`payload`, the setups' key, `appStates`).
    private static func wrapperRule(_ reader: NodeReader, _ naming: SetupNaming) -> Wrapper.Rule {
        Wrapper.Rule(
            id: reader.required.string("id"),
            handler: reader.required.identifier("handler"),
            states: nonEmptyStrings(reader, "states", "lists none; leave it out for every state"),
            cells: selection(reader, naming),
            at: nonEmptyStrings(reader, "at", "lists no place; leave it out for every place"),
            afterLaunch: reader.member("afterLaunch", optional: true).flatMap { _ in reader.bool("afterLaunch") },
            ownMessage: reader.member("ownMessage", optional: true).flatMap { _ in reader.bool("ownMessage") },
            repeated: reader.member("repeated", optional: true).flatMap { _ in reader.bool("repeated") },
            withoutNotification: reader.member("withoutNotification", optional: true).flatMap { _ in reader.bool("withoutNotification") },
            events: reader.strings("events"),
            timing: reader.text("timing", optional: true),
            unknown: reader.text("unknown", optional: true),
            says: reader.required.text("says"),
            file: reader.required.string("file"),
            function: reader.required.string("function"),
            lines: reader.required.string("lines"),
            commit: reader.string("commit", optional: true),
            origin: reader.origin)
    }
}
