import PushMatrixModel

extension DocsView {
    /// What a page's DocC article reads besides the page's own fields: the module, the page's summary, and every
    /// language its full page is in. Every page's model carries them, so an article shares its page's model in the
    /// spec's first language.
    func articleFields(_ id: String, module: String) -> TemplateFields {
        let summary = Self.pages(spec).first { $0.id == id }?.summary
        return [
            "module": .verbatim(module),
            "summary": .inline(summary.map(text) ?? Inline([])),
            "languages": .list(spec.languages.map { .object(["name": .text($0.name), "id": .verbatim($0.id)]) }),
            "hasPermission": .bool(spec.permission != nil),
        ]
    }
}
