/// Builds the view models the documentation templates read: every text already in the page's
/// language, links already pointing at the page's format.
struct DocsView {
    let book: Phrasebook
    var matrix: Matrix { book.matrix }
    var spec: Spec { matrix.spec }
    /// Every page text in this language, filled once for all pages.
    let texts: TemplateValue
    let anchors: Anchors

    init(book: Phrasebook) {
        self.book = book
        anchors = Anchors(book.matrix.spec)
        texts = .object(TemplateFields(book.matrix.spec.texts.mapValues { .inline(book.text($0)) }))
    }

    /// The pages, each with the text that titles it and the one that sums it up in the index.
    /// A page whose section the spec leaves out is not made.
    static func pages(_ spec: Spec) -> [(id: String, title: String, summary: String?)] {
        [("index", "indexTitle", nil), ("reception-methods", "title", "receptionMethodsSummary")]
            + (spec.setupGuide == nil ? [] : [("setup", "setupGuideTitle", "setupGuideSummary")])
            + [("reception-handler", "receptionHandlerTitle", "receptionHandlerSummary")]
            + (spec.permission == nil ? [] : [("permission", "permissionTitle", "permissionSummary")])
            + [("call-order", "callOrderTitle", "callOrderSummary")]
    }

    func page(_ id: String) -> TemplateValue {
        switch id {
        case "index": return index()
        case "reception-methods": return receptionMethods()
        case "reception-handler": return receptionHandler()
        case "permission": return permission(spec.permission!)
        case "setup": return setupGuide(spec.setupGuide!)
        default: return callOrder()
        }
    }

    /// What every page has: its language, texts, title, and links to the other pages and languages.
    func common(page: String, title: String) -> TemplateFields {
        [
            "language": .verbatim(book.language),
            "page": .verbatim(page),
            "pageTitle": .inline(text(title)),
            "texts": texts,
            "otherLanguages": .list(
                spec.languages.filter { $0.id != book.language }.map { language in
                    .object(["name": .text(language.name), "id": .verbatim(language.id)])
                }),
            "pages": .list(
                Self.pages(spec).compactMap { page in
                    page.summary.map { summary in
                        .object(["id": .verbatim(page.id), "title": .inline(text(page.title)), "summary": .inline(text(summary))])
                    }
                }),
        ]
    }

    func index() -> TemplateValue {
        common(page: "index", title: "indexTitle").merging(["sources": .list(spec.sources.map(source))])
    }

    func text(_ name: String) -> Inline { spec.texts[name].map { book.text($0) } ?? Inline([]) }

    /// The sources of these ids, each once, in order of first mention.
    func sources(_ ids: [String]) -> TemplateValue {
        var seen = Set<String>()
        return .list(ids.filter { seen.insert($0).inserted }.map { source(matrix.sources[$0]!) })
    }

    func source(_ source: Source) -> TemplateValue {
        .object([
            "title": .inline(book.text(source.title)), "caveat": .inline(book.text(source.caveat)), "platforms": .text(source.platforms),
        ])
    }
}

extension TemplateFields {
    /// This page's values over the common ones.
    func merging(_ values: TemplateFields) -> TemplateValue {
        .object(merging(values) as TemplateFields)
    }
}
