import PushMatrixJSON
import PushMatrixSupport

/// The older names, read as today's: a spec or field log written before the second dimension was called a setup still
/// loads unchanged. The older keys of the setups themselves (`initAPIs`, `api`, `apis`) are `SetupNaming.older`.
package enum OlderNames {
    /// Text names the templates read, by their older name.
    static let textNames = ["columnAPI": "columnSetup", "initAPIsHeading": "setupsHeading", "initAPIsIntro": "setupsIntro"]

    /// Placeholders of the phrases that name setups, by their older name.
    package static let placeholders = ["api": "setup", "apis": "setups"]

    /// The key a field log's start line names its setup with, in logs of the older form.
    package static let fieldLogSetupKey = "api"

    /// `texts` with each older name read as today's, unless the spec also gives today's.
    package static func texts(_ texts: [String: LocalizedText]) -> [String: LocalizedText] {
        var mapped = texts
        for (older, current) in textNames.sorted(by: { $0.key < $1.key }) where mapped[current] == nil {
            mapped[current] = mapped.removeValue(forKey: older)
        }
        return mapped
    }

    /// `phrases` with each older placeholder (`{{api}}`, `{{apis}}`) as today's; `markerBetween` defaults to
    /// `markerSeparator`.
    package static func phrases(_ phrases: [String: LocalizedText]) -> [String: LocalizedText] {
        var mapped = phrases
        if mapped["markerBetween"] == nil { mapped["markerBetween"] = mapped["markerSeparator"] }
        for (id, var text) in phrases where Phrases.placeholders[id].map({ !$0.isDisjoint(with: placeholders.values) }) ?? false {
            text.values = text.values.mapValues { value in
                // A byte search first: most texts hold no older name at all, and replacing costs far more.
                let bytes = Array(value.utf8)
                guard placeholders.keys.contains(where: { bytes.firstIndex(of: Array($0.utf8)) != nil }) else { return value }
                return placeholders.reduce(value) { value, names in
                    value.replacing("{{\(names.key)}}", with: "{{\(names.value)}}")
                        .replacing("{{ \(names.key) }}", with: "{{ \(names.value) }}")
                }
            }
            mapped[id] = text
        }
        return mapped
    }

    /// `phrases` with the phrases of `Phrases.borrowed` it lacks and `needs` taken from the built-in spec: in each of
    /// `languages` the built-in spec has, else in the built-in spec's first. A spec that lacks none it needs costs no
    /// reading of the built-in spec. `section` names the built-in spec's part to borrow from, `phrases` or `texts`
    /// (`names`, `Phrases.borrowedTexts`).
    static func borrowedPhrases(
        _ phrases: [String: LocalizedText], languages: [String], origin: Origin, section: String = "phrases",
        names: [String] = Phrases.borrowed, needs: (String) -> Bool = { _ in true }
    ) -> [String: LocalizedText] {
        var filled = phrases
        for name in names where phrases[name] == nil && needs(name) {
            guard let builtIn = builtIn[section]?[name], let first = builtIn.first?.value else { continue }
            let values = languages.map { language in (language, builtIn.first { $0.language == language }?.value ?? first) }
            filled[name] = LocalizedText(values: Dictionary(values, uniquingKeysWith: { first, _ in first }), origin: origin)
        }
        return filled
    }

    /// The built-in spec's phrases and texts, by section, each as (language, wording) in the spec's order.
    private static let builtIn: [String: [String: [(language: String, value: String)]]] = {
        guard let root = try? JSONParser.parse(BuiltInFiles.specs[0].bytes) else { return [:] }
        var result: [String: [String: [(language: String, value: String)]]] = [:]
        for section in ["phrases", "texts"] {
            guard case .object(let phrases)? = root[section]?.value else { continue }
            for phrase in phrases {
                guard case .object(let values) = phrase.value.value else { continue }
                result[section, default: [:]][phrase.key] = values.compactMap {
                    if case .string(let text) = $0.value.value { ($0.key, text) } else { nil }
                }
            }
        }
        return result
    }()
}
