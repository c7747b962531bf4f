/// The older names of spec texts and phrase placeholders, read as today's: a spec written
/// before its second dimension was called a setup still loads unchanged.
enum OlderNames {
    /// Text names the templates read, by their older name.
    static let textNames = ["columnAPI": "columnSetup", "initAPIsHeading": "setupsHeading", "initAPIsIntro": "setupsIntro"]

    /// Placeholders of the phrases that name setups, by their older name.
    static let placeholders = ["api": "setup", "apis": "setups"]

    /// `texts` with each older name read as today's, unless the spec also gives today's.
    static func texts(_ texts: [String: LocalizedText]) -> [String: LocalizedText] {
        var mapped = texts
        for (older, current) in textNames.sorted(by: { $0.key < $1.key }) where mapped[current] == nil {
            mapped[current] = mapped.removeValue(forKey: older)
        }
        return mapped
    }

    /// `phrases` with each older placeholder (`{{api}}`, `{{apis}}`) written as today's, in the
    /// phrases that may name setups.
    static func phrases(_ phrases: [String: LocalizedText]) -> [String: LocalizedText] {
        var mapped = phrases
        for (id, text) in phrases where Phrases.placeholders[id].map({ !$0.isDisjoint(with: placeholders.values) }) ?? false {
            mapped[id] = placeholdersRenamed(text)
        }
        return mapped
    }

    private static func placeholdersRenamed(_ text: LocalizedText) -> LocalizedText {
        var text = text
        text.values = text.values.mapValues { value in
            placeholders.reduce(value) { value, names in
                value.replacing("{{\(names.key)}}", with: "{{\(names.value)}}")
                    .replacing("{{ \(names.key) }}", with: "{{ \(names.value) }}")
            }
        }
        return text
    }
}
