import XCTest

@testable import PushMatrix
@testable import PushMatrixSupport

final class ParallelTests: XCTestCase {
    func testParallelMapRunsEachElementOnceInOrder() {
        for count in [0, 1, 7, 1000] {
            XCTAssertEqual(Array(0..<count).parallelMap { $0 * 3 }, (0..<count).map { $0 * 3 })
        }
    }
}
