/// Every text in the spec, with the placeholders it may use besides the spec's symbols.
enum SpecTexts {
    package static func all(in spec: Spec) -> [(text: LocalizedText, placeholders: Set<String>, mayBeBlank: Bool)] {
        var texts = spec.sources.flatMap {
            [$0.title, $0.caveat, $0.platforms] + $0.references + [$0.saw?.beyond, $0.short].compactMap { $0 }
        }
        texts += spec.sources.flatMap { [$0.device, $0.os].compactMap { $0 } }
        texts += spec.payloadKeys.map(\.name)
        texts += spec.setups.flatMap { [$0.name, $0.description, $0.platforms] }
        texts += spec.appStates.flatMap { [$0.name, $0.description] }
        texts += spec.handlerStates.map(\.description)
        texts += spec.handlers.flatMap { [$0.name, $0.description] }
        texts += spec.taps.map(\.name)
        texts += spec.notes.map(\.text) + spec.notes.compactMap { $0.whenMissing?.text }
        texts += spec.texts.keys.sorted().map { spec.texts[$0]! }
        texts += spec.conditions.flatMap { [$0.name, $0.text, $0.howToSet] }
        texts += spec.wrappers.flatMap { [$0.name, $0.versions, $0.delegate] + $0.events.map(\.text) }
        texts += spec.wrappers.flatMap(\.rules).flatMap { [$0.says, $0.timing, $0.unknown].compactMap { $0 } }
        texts += spec.designCases.flatMap { [$0.title, $0.text] }
        if let facts = spec.receptionHandler { texts += facts.fetchResults.map(\.meaning) + facts.rules.map(\.text) }
        if let permission = spec.permission {
            texts += permission.statuses.flatMap { [$0.meaning, $0.response] } + permission.setups.flatMap { $0.rules.map(\.text) }
        }
        if let order = spec.callOrder { texts += order.tapOpensApp.map(\.text) + order.rules.map(\.text) }
        if let guide = spec.setupGuide { texts += [guide.intro] + guide.sections.flatMap { [$0.heading] + $0.paragraphs } }
        texts += spec.relatedMatrices.flatMap { [$0.name, $0.description, $0.href] }
        texts += spec.glossary.flatMap { [$0.term, $0.meaning] }
        let phrases = spec.phrases.keys.sorted().map {
            (spec.phrases[$0]!, Phrases.placeholders[$0] ?? [], Phrases.mayBeBlank.contains($0))
        }
        return texts.map { ($0, [], false) } + phrases
    }
}
