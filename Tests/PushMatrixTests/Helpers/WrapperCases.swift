import PushMatrixModel
import PushMatrixSpec
import XCTest

/// A case read in a wrapper's source: a cell of the current matrix, whether the push came from the wrapper's own
/// backend, the conditions asked, and the events each place's calls become on one of the cell's paths, as the lines
/// `cites` names decide them.
struct WrapperCase {
    /// The payload keys set; the others are not.
    var keys: Set<String>
    var setup: String
    var state: String
    var ownMessage = true
    var conditions: [String] = []
    /// Which path of the answer (1: the first).
    var path = 1
    /// The events by place (`delivery` or a tap's id), in order; a place left out is not checked.
    var events: [String: [String]]
    /// The source lines that decide the case: `FLTFirebaseMessagingPlugin.m 534-559`.
    var cites: String
}

extension XCTestCase {
    /// Checks each case against `explain`'s answer in the wrapper's events, and that the case cites lines.
    func assertCases(_ cases: [WrapperCase], wrapper id: String, file: StaticString = #filePath, line: UInt = #line) {
        let matrix = Fixtures.current
        guard let wrapper = matrix.spec.wrappers.first(where: { $0.id == id }) else {
            return XCTFail("the current spec has no wrapper '\(id)'", file: file, line: line)
        }
        for (number, item) in cases.enumerated() {
            let name = "case \(number + 1) (\(item.setup), \(item.state), \(item.keys.sorted()))"
            XCTAssertFalse(item.cites.isEmpty, "\(name) cites no lines", file: file, line: line)
            let payload = Dictionary(uniqueKeysWithValues: matrix.payloadKeyIds.map { ($0, item.keys.contains($0)) })
            let query = ExplainQuery(payload: payload, setups: [item.setup], appStates: [item.state], conditions: item.conditions)
            guard let outcome = matrix.explain(query).first else {
                XCTFail("\(name): no answer", file: file, line: line)
                continue
            }
            let paths = [outcome] + outcome.paths
            guard paths.indices.contains(item.path - 1) else {
                XCTFail("\(name): the answer has \(paths.count) paths, not \(item.path)", file: file, line: line)
                continue
            }
            let places = matrix.wrapped(paths[item.path - 1], by: wrapper, ownMessage: item.ownMessage)
            for (place, expected) in item.events {
                let found = places.first { $0.place == place }?.events ?? []
                XCTAssertEqual(found, expected, "\(name) at \(place), per \(item.cites)", file: file, line: line)
            }
        }
    }
}
