/// The cells by payload, setup and app state, made once: validation reports its repeats and gaps, the matrix looks
/// cells up in it.
package struct CellIndex: Sendable {
    /// Each payload key's position, which addresses the table.
    package let keyIndex: [String: Int]
    /// Each setup's position, which addresses the table.
    package let setupIndex: [String: Int]
    /// Each app state's position, which addresses the table.
    package let stateIndex: [String: Int]
    /// How many setups there are.
    package let setups: Int
    package let states: Int
    /// How many combinations the dimensions make: a cell is needed for each.
    package let combinations: Int
    /// Whether the cells given could come near covering every combination (else `table` is empty): then each missing
    /// one is found and named. A table of every combination is made only up to about twice the cells given, so its size
    /// follows from the spec's bytes.
    let coverable: Bool
    /// The first cell of each combination, as an index into `spec.cells`, or -1 (see `slot`).
    package let table: [Int]
    /// Each cell that repeats a combination an earlier cell covers, with that earlier cell.
    package let repeats: [(cell: Int, earlier: Int)]

    package init(_ spec: Spec) {
        let keys = spec.payloadKeys.map(\.id)
        keyIndex = Self.positions(keys)
        setupIndex = Self.positions(spec.setups.map(\.id))
        stateIndex = Self.positions(spec.appStates.map(\.id))
        (setups, states) = (spec.setups.count, spec.appStates.count)
        // 2^keys × setups × states, counted without overflow: a count past Int's range is `.max`.
        let (perPayload, wide) = setups.multipliedReportingOverflow(by: states)
        let (all, wider) = keys.count < Int.bitWidth - 1 ? (1 << keys.count).multipliedReportingOverflow(by: perPayload) : (0, true)
        combinations = wide || wider ? .max : all
        coverable = combinations <= 2 * spec.cells.count + Self.namedGap
        var table = [Int](repeating: -1, count: coverable ? combinations : 0)
        var repeats: [(cell: Int, earlier: Int)] = []
        for index in spec.cells.indices where coverable {
            let cell = spec.cells[index]
            guard let setup = setupIndex[cell.setup.id], let state = stateIndex[cell.appState.id] else { continue }
            let slot = Self.slot(Payload(cell.payload, keys: keys, keyIndex: keyIndex), setup, state, setups: setups, states: states)
            if table[slot] >= 0 { repeats.append((index, table[slot])) } else { table[slot] = index }
        }
        (self.table, self.repeats) = (table, repeats)
    }

    /// Where the cell of a payload, a setup's position and an app state's position is in `spec.cells`; -1 when no cell
    /// covers it.
    package func cell(_ payload: Payload, _ setup: Int, _ state: Int) -> Int {
        table[Self.slot(payload, setup, state, setups: setups, states: states)]
    }

    /// How many more combinations than twice the cells a spec may lack and still have each missing cell named (a small
    /// spec's gaps).
    static let namedGap = 64

    package static func positions(_ ids: [String]) -> [String: Int] {
        Dictionary(ids.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
    }

    /// Payload-major, then setup, then app state: the docs' order.
    package static func slot(_ payload: Payload, _ setup: Int, _ state: Int, setups: Int, states: Int) -> Int {
        (Int(payload.bits) * setups + setup) * states + state
    }
}
