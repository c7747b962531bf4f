import PushMatrixModel

extension DocsView {
    /// What a page's DocC article reads besides the page's own fields: the module, the page's summary, every language
    /// its full page is in, and which delegate the module's skeleton is. Every page's model carries them, so an article shares its page's model in the
    /// spec's first language.
    func articleFields(_ id: String, module: String) -> TemplateFields {
        let summary = Self.pages(spec).first { $0.id == id }?.summary
        return [
            "module": .verbatim(module),
            "summary": .inline(summary.map(text) ?? Inline([])),
            "languages": .list(spec.languages.map { .object(["name": .text($0.name), "id": .verbatim($0.id)]) }),
            "hasPermission": .bool(spec.permission != nil),
            "uiKitDelegate": .bool(spec.swiftFilesOrDefault.delegate == .uiKit),
        ]
    }
}
