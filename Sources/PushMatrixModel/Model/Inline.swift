/// Inline text: plain text with code spans; each output format renders it (Markdown: `code`, HTML: <code>code</code>).
public struct Inline: Sendable, Hashable {
    public enum Segment: Sendable, Hashable {
        case text(String)
        case code(String)

        /// The segment's characters, without any markup.
        public var content: String {
            switch self {
            case .text(let s), .code(let s): return s
            }
        }
    }

    public var segments: [Segment]

    public init(_ segments: [Segment] = []) { self.segments = segments }

    public static func text(_ s: String) -> Inline { Inline([.text(s)]) }
    public static func code(_ s: String) -> Inline { Inline([.code(s)]) }

    public static func + (a: Inline, b: Inline) -> Inline { Inline(a.segments + b.segments) }
    public static func += (a: inout Inline, b: Inline) { a.segments += b.segments }

    /// True when rendering would produce nothing (no segments, or only empty ones).
    public var isEmpty: Bool { segments.allSatisfy { $0.content.isEmpty } }

    /// Code spans as their bare text, e.g. for plain-text contexts and comparisons.
    public var plainText: String { segments.map(\.content).joined() }
}
