import PushMatrixModel
import PushMatrixSpec

/// The page on setting an app up: its sections in order, each with its code and its sources.
extension DocsView {
    package func setupGuide(_ guide: SetupGuide) -> TemplateValue {
        common(page: "setup", title: "setupGuideTitle").merging([
            "intro": .inline(Self.spans(book.text(guide.intro))),
            "sections": .list(
                guide.sections.map { section in
                    .object([
                        "id": .verbatim(section.id),
                        "heading": .inline(Self.spans(book.text(section.heading))),
                        "paragraphs": .list(section.paragraphs.map { .inline(Self.spans(book.text($0))) }),
                        "hasCode": .bool(section.code != nil),
                        "code": .text(section.code?[book.language] ?? ""),
                        // Inside a Markdown code fence nothing is escaped; validation keeps fences out of the code.
                        "fencedCode": .verbatim(section.code?[book.language] ?? ""),
                        "sources": sources(section.sources.map(\.id)),
                    ])
                }),
            "sources": sources(guide.sections.flatMap { $0.sources.map(\.id) }),
        ])
    }

    /// The guide's and the conditions' prose writes code between backticks, as Markdown does; each such span
    /// becomes a code segment, so both formats mark it up their own way.
    static func spans(_ inline: Inline) -> Inline {
        Inline(
            inline.segments.flatMap { segment -> [Inline.Segment] in
                guard case .text(let text) = segment else { return [segment] }
                return text.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, piece in
                    piece.isEmpty ? nil : index % 2 == 0 ? .text(String(piece)) : .code(String(piece))
                }
            })
    }
}
