import Foundation

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixSpec

/// Reads sentences back into the values a phrase was filled with: the inverse of `Phrasebook`,
/// used by the round-trip tests to recover cells from generated pages.
struct PhraseMatcher {
    let book: Phrasebook
    /// Each phrase in pieces, its literal text typeset as the page's language wants.
    private let pieces: [String: [Placeholders.Piece]]

    init(book: Phrasebook) {
        self.book = book
        pieces = book.matrix.spec.phrases.mapValues { phrase in
            Placeholders.pieces(phrase[book.language]).map { piece in
                guard book.typesets, case .literal(let literal) = piece else { return piece }
                return .literal(Typesetting.text(literal))
            }
        }
    }

    /// Every way `text` can be the phrase `name` filled in: placeholder → the text it stands for.
    func bindings(_ name: String, _ text: String) -> [[String: String]] {
        Self.match(pieces[name]![...], text[...], [:])
    }

    private static func match(_ pieces: ArraySlice<Placeholders.Piece>, _ text: Substring, _ bound: [String: String])
        -> [[String: String]]
    {
        guard let piece = pieces.first else { return text.isEmpty ? [bound] : [] }
        switch piece {
        case .literal(let literal):
            return text.hasPrefix(literal) ? match(pieces.dropFirst(), text.dropFirst(literal.count), bound) : []
        case .name(let name):
            var results: [[String: String]] = []
            var end = text.startIndex
            while true {
                var next = bound
                next[name] = String(text[..<end])
                if !next[name]!.isEmpty { results += match(pieces.dropFirst(), text[end...], next) }
                if end == text.endIndex { break }
                end = text.index(after: end)
            }
            return results
        }
    }

    func plain(_ inline: Inline) -> String { inline.plainText }

    /// `the action handler (.inactive), then …` → calls, or nil when the text is not a call list.
    func calls(_ text: String) -> [(handler: String, state: String?)]? {
        if text == plain(book.phrase("nothing")) { return [] }
        // Typesetting may drop a separator's space beside full-width punctuation (`）→ 受信`).
        let separator = plain(book.phrase("callSeparator"))
        let trimmed = separator.trimmingCharacters(in: .whitespaces)
        let parts =
            book.typesets
            ? text.components(separatedBy: trimmed).map { $0.trimmingCharacters(in: .whitespaces) }
            : text.components(separatedBy: separator)
        var result: [(String, String?)] = []
        for part in parts {
            if let twice = twice(part) {
                result += [twice, twice]
                continue
            }
            guard let call = call(part) else { return nil }
            result.append(call)
        }
        return result
    }

    /// A call made twice in a row, told once (`callTwice`).
    private func twice(_ text: String) -> (String, String?)? {
        let spec = book.matrix.spec
        guard spec.phrases["callTwice"] != nil else { return nil }
        for binding in bindings("callTwice", text) {
            guard let handler = spec.handlers.first(where: { plain(book.name($0.name)) == binding["handler"] }),
                let state = spec.handlerStates.first(where: { $0.swift == binding["state"] })
            else { continue }
            return (handler.id, state.id)
        }
        return nil
    }

    /// A call without the notification reads with `!` for its state. Each phrase is matched
    /// once; the handlers are then tried in the spec's order.
    private func call(_ text: String) -> (String, String?)? {
        let spec = book.matrix.spec
        let withoutNotification =
            spec.phrases["callWithoutNotification"] == nil ? [] : bindings("callWithoutNotification", text)
        let withoutState = bindings("callWithoutState", text)
        let withState = bindings("call", text)
        for handler in spec.handlers {
            let name = plain(book.name(handler.name))
            if withoutNotification.contains(where: { $0["handler"] == name }) { return (handler.id, "!") }
            if withoutState.contains(where: { $0["handler"] == name }) { return (handler.id, nil) }
            for binding in withState where binding["handler"] == name {
                if let state = spec.handlerStates.first(where: { $0.swift == binding["state"] }) {
                    return (handler.id, state.id)
                }
            }
        }
        return nil
    }

    func taps(_ text: String) -> [String]? {
        let pair = text.components(separatedBy: plain(book.phrase("tapSeparator")))
        let names =
            pair.count == 2 ? pair[0].components(separatedBy: plain(book.phrase("listSeparator"))) + [pair[1]] : pair
        let ids = names.map { name in book.matrix.spec.taps.first { plain(book.name($0.name)) == name }?.id }
        return ids.contains(nil) ? nil : ids.compactMap { $0 }
    }
}
