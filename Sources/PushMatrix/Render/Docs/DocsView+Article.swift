extension DocsView {
    /// A documentation page's model, for the DocC article that sums the page up: the page's own
    /// fields, with the module, the page's summary, and every language its full page is in.
    func article(_ id: String, module: String) -> TemplateValue {
        guard case .object(let fields) = page(id) else { return page(id) }
        let summary = Self.pages(spec).first { $0.id == id }?.summary
        return fields.merging([
            "module": .verbatim(module),
            "summary": .inline(summary.map(text) ?? Inline([])),
            "languages": .list(spec.languages.map { .object(["name": .text($0.name), "id": .verbatim($0.id)]) }),
            "hasPermission": .bool(spec.permission != nil),
        ])
    }
}
