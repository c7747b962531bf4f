import PushMatrixModel
import PushMatrixSpec

/// Builds the view models the documentation templates read: every text already in the page's
/// language, links already pointing at the page's format.
struct DocsView {
    package let book: Phrasebook
    package var matrix: Matrix { book.matrix }
    package var spec: Spec { matrix.spec }
    /// Every page text in this language, filled once for all pages.
    package let texts: TemplateValue
    package let anchors: Anchors
    /// For each cell, the conditions that change it, and how many of its paths each changes.
    package let conditionChanges: [[(condition: String, paths: Int)]]
    /// `explain`'s answers for the explorer, when the run worked them out for every language; nil: the explorer works
    /// them out.
    let answers: ExplorerAnswers?
    /// Each wrapper's view of every cell, by wrapper id, when the run worked them out for every language; a wrapper
    /// missing here has its page work them out.
    let wrapperAnswers: [String: WrapperAnswers]

    /// `texts`, when given, must be another view's of the same language: the pages of one language share it.
    init(
        book: Phrasebook, texts: TemplateValue? = nil, conditionChanges: [[(condition: String, paths: Int)]] = [],
        answers: ExplorerAnswers? = nil, wrapperAnswers: [String: WrapperAnswers] = [:]
    ) {
        (self.book, self.conditionChanges) = (book, conditionChanges)
        self.answers = answers
        self.wrapperAnswers = wrapperAnswers
        anchors = Anchors(book.matrix.spec)
        self.texts = texts ?? .object(TemplateFields(book.matrix.spec.texts.mapValues { .inline(book.text($0)) }))
    }

    /// The pages `OutputPlan.pages` makes for `spec`, in its order, each with the names of its title and summary
    /// texts (the index has no summary).
    package static func pages(_ spec: Spec) -> [(id: String, title: String, summary: String?)] {
        OutputPlan.pages(spec).map { id in (id, titles[id]!.title, titles[id]!.summary) }
    }

    /// Every page's id: those of `pages`, then each wrapper's.
    package static func everyPage(_ spec: Spec) -> [String] {
        OutputPlan.pages(spec) + spec.wrappers.map { OutputPlan.wrapperPage($0.id) }
    }

    /// Each page's title and summary texts, by page id.
    private static let titles: [String: (title: String, summary: String?)] = [
        "index": ("indexTitle", nil),
        "reception-methods": ("title", "receptionMethodsSummary"),
        OutputPlan.explorer: ("explorerTitle", "explorerSummary"),
        "setup": ("setupGuideTitle", "setupGuideSummary"),
        "conditions": ("conditionsTitle", "conditionsSummary"),
        "reception-handler": ("receptionHandlerTitle", "receptionHandlerSummary"),
        "permission": ("permissionTitle", "permissionSummary"),
        "call-order": ("callOrderTitle", "callOrderSummary"),
    ]

    /// The page made in HTML only: no Markdown file nor DocC article.
    package static let explorer = OutputPlan.explorer

    package func page(_ id: String) -> TemplateValue {
        switch id {
        case Self.explorer: return explorer()
        case "index": return index()
        case "reception-methods": return receptionMethods()
        case "reception-handler": return receptionHandler(spec.receptionHandler!)
        case "permission": return permission(spec.permission!)
        case "setup": return setupGuide(spec.setupGuide!)
        case "conditions": return conditions()
        case "call-order": return callOrder()
        default: return wrapperPage(spec.wrappers.first { OutputPlan.wrapperPage($0.id) == id }!)
        }
    }

    /// Whether some cell takes more than one path: only then do pages style path labels.
    var hasPaths: Bool { spec.cells.contains { !$0.paths.isEmpty } }

    /// What every page has: its language, texts, title, and links to the other pages and languages.
    func common(page: String, title: String) -> TemplateFields { common(page: page, titled: text(title)) }

    /// What every page has, for a page whose title is not one of the spec's texts.
    func common(page: String, titled title: Inline) -> TemplateFields {
        [
            "language": .verbatim(book.language), "page": .verbatim(page), "pageTitle": .inline(title), "texts": texts,
            "hasPaths": .bool(hasPaths), "isIndex": .bool(page == "index"),
            "glue": .object(TemplateFields(book.glue.mapValues { .verbatim($0) })),
            "otherLanguages": .list(
                spec.languages.filter { $0.id != book.language }.map { language in
                    .object(["name": .text(language.name), "id": .verbatim(language.id)])
                }),
            "pages": .list(
                Self.pages(spec).compactMap { page in
                    page.summary.map { summary in
                        .object([
                            "id": .verbatim(page.id), "title": .inline(text(page.title)), "summary": .inline(text(summary)),
                            "htmlOnly": .bool(page.id == Self.explorer), "hasArticle": .bool(page.id != Self.explorer),
                        ])
                    }
                }
                    + spec.wrappers.map { wrapper in
                        let name = book.name(wrapper.name)
                        return .object([
                            "id": .verbatim(OutputPlan.wrapperPage(wrapper.id)),
                            "title": .inline(book.phrase("wrapperPageTitle", ["wrapper": name])),
                            "summary": .inline(book.phrase("wrapperPageSummary", ["wrapper": name])), "htmlOnly": false,
                            "hasArticle": false,
                        ])
                    }),
        ]
    }

    package func index() -> TemplateValue {
        common(page: "index", title: "indexTitle").merging([
            "sources": .list(spec.sources.map { source($0) }), "kinds": kinds, "hasKinds": .bool(spec.showsSourceKinds),
            "hasMatrices": .bool(!spec.relatedMatrices.isEmpty),
            "hasGlossary": .bool(spec.glossary.contains(where: \.listed)),
            "glossary": .list(
                spec.glossary.filter(\.listed).map {
                    .object(["term": .inline(book.text($0.term)), "meaning": .inline(book.text($0.meaning))])
                }),
            "matrices": .list(
                spec.relatedMatrices.map { related in
                    .object([
                        "name": .inline(book.text(related.name)), "description": .inline(book.text(related.description)),
                        "href": .verbatim(related.href.values[book.language] ?? ""),
                    ])
                }),
        ])
    }

    package func text(_ name: String) -> Inline { spec.texts[name].map { book.text($0) } ?? Inline([]) }

    /// The sources of these ids, each once, in order of first mention.
    package func sources(_ ids: [String]) -> TemplateValue {
        .list(ids.uniqued().map { source(matrix.sources[$0]!) })
    }

    /// A source as the source partials read it; `detailed: false` leaves its caveat, evidence and address to the
    /// index's list, which its title then links to.
    package func source(_ source: Source, detailed: Bool = true) -> TemplateValue {
        let shows = spec.showsSourceKinds && detailed
        // What backs the source: its references, its device and iOS version, or the titles of the sources an
        // expectation is based on.
        let basedOn = source.basedOn.map { book.quoted(book.text(matrix.sources[$0.id]!.title)).plainText }
        let references = (source.references.map { book.text($0).plainText } + basedOn).joined(separator: book.glue["items"]!)
        let deviceAndOS = [source.device, source.os].compactMap { $0.map { book.text($0).plainText } }
        let seenOn = deviceAndOS.joined(separator: book.phrase("listSeparator").plainText)
        let evidence = [references, seenOn].filter { !$0.isEmpty }.joined(separator: book.glue["items"]!)
        let beyond = source.saw?.beyond.map { Inline.text(book.glue["space"]!) + book.phrase("sourceBeyond", ["reason": book.text($0)]) }
        return .object([
            "anchor": .verbatim(anchors.source(source.id)), "onIndex": .bool(!detailed),
            "title": .inline(book.text(source.title)), "cited": .inline(book.quoted(book.text(source.title))),
            "platforms": .inline(book.text(source.platforms)),
            // A source used beyond what it saw says why after its caveat.
            "caveat": .inline(detailed ? book.text(source.caveat) + (beyond ?? Inline([])) : Inline([])),
            "kind": .inline(spec.showsSourceKinds ? kindLabel(source.kind) : Inline([])),
            // Validated to be an https URL of plain characters, so either format may print it as is.
            "address": .verbatim(shows ? source.address ?? "" : ""),
            "evidence": .text(shows ? evidence : ""),
        ])
    }

    func kindLabel(_ kind: Source.Kind) -> Inline { book.phrase(Phrases.kindPhrase(kind)) }

    /// Each kind of source with what it can support: the legend of a page whose cells show kinds.
    package var kinds: TemplateValue {
        .list(
            spec.showsSourceKinds
                ? Source.Kind.allCases.map { kind in
                    .object([
                        "id": .verbatim(kind.rawValue), "label": .inline(kindLabel(kind)),
                        "meaning": .inline(book.phrase(Phrases.kindPhrase(kind) + "Meaning")),
                    ])
                } : [])
    }

    /// What a cell shows of its source: its kind, and whether nobody has observed it.
    func cellSource(_ cell: Cell) -> TemplateFields {
        let kind = matrix.sources[cell.source.id]!.kind
        let unobserved = isUnobserved(cell)
        // A cell with several paths names each path's kind in its label, not once below.
        return [
            "kind": .verbatim(kind.rawValue), "kindLabel": .inline(kindLabel(kind)), "unobserved": .bool(unobserved),
            "kindNote": .bool(unobserved && cell.paths.isEmpty),
        ]
    }

    /// Whether no path of the cell was seen on a device, where the page shows kinds.
    func isUnobserved(_ cell: Cell) -> Bool {
        spec.showsSourceKinds && ([cell.source.id] + cell.paths.map(\.source.id)).allSatisfy { matrix.sources[$0]!.kind != .observed }
    }
}

extension TemplateFields {
    /// This page's values over the common ones.
    package func merging(_ values: TemplateFields) -> TemplateValue {
        .object(merging(values) as TemplateFields)
    }
}
