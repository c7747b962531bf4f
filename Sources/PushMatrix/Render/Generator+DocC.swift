extension Generator {
    /// The module's documentation catalog: a landing page (the index page's topic) and an article
    /// per other documentation page, in the spec's first language, like the Swift's comments.
    static func doccJobs(_ matrix: Matrix, module: String) -> [Job] {
        let catalog = "Sources/\(module)/\(module).docc"
        return DocsView.pages(matrix.spec).map { page in
            { @Sendable out throws in
                let view = DocsView(book: SwiftView(matrix: matrix).comments)
                let (path, template) =
                    page.id == "index"
                    ? ("\(catalog)/\(module).md", "docc/module.md") : ("\(catalog)/\(page.id).md", "docc/article-\(page.id).md")
                return [try out.file(path, template, view.article(page.id, module: module), format: MarkdownFormat())]
            }
        }
    }
}

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
