import Foundation
import XCTest

@testable import PushMatrixSpec

extension XCTestCase {
    /// The current spec with the first `count` occurrences of `old` (which must occur) replaced by `new`, as
    /// `validate` reports it: the messages of its errors, none when it loads.
    func currentSpecErrors(replacing old: String, with new: String, count: Int = 1) throws -> [String] {
        let text = try String(contentsOfFile: Fixtures.currentSpec, encoding: .utf8)
        XCTAssertTrue(text.contains(old), old)
        var edited = text
        for _ in 0..<count {
            edited = edited.replacingOccurrences(of: old, with: new, options: [], range: edited.range(of: old))
        }
        do {
            _ = try SpecLoader.load(bytes: Array(edited.utf8), file: "spec.json")
            return []
        } catch {
            return error.diagnostics.map(\.message)
        }
    }
}
