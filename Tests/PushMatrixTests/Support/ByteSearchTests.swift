import XCTest

@testable import PushMatrixSupport

/// The byte searches the glossary check uses.
final class ByteSearchTests: XCTestCase {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testItFindsTheFirstOccurrenceFromAPlace() {
        XCTAssertEqual(bytes("abcabc").firstIndex(of: bytes("bc")), 1)
        XCTAssertEqual(bytes("abcabc").firstIndex(of: bytes("bc"), from: 2), 4)
        XCTAssertEqual(bytes("abcabc").firstIndex(of: bytes("abcabc")), 0)
        XCTAssertNil(bytes("abcab").firstIndex(of: bytes("abc"), from: 1))
        XCTAssertNil(bytes("ab").firstIndex(of: bytes("abc")))
        XCTAssertNil(bytes("aab").firstIndex(of: bytes("ac")))
        XCTAssertEqual(bytes("x").firstIndex(of: []), 0)
        XCTAssertEqual(bytes("アプリの状態").firstIndex(of: bytes("状態")), 12)
    }

    func testRemovingTakesOutEveryOccurrence() {
        XCTAssertEqual(bytes("a--b--c").removing(bytes("--")), bytes("abc"))
        XCTAssertEqual(bytes("----").removing(bytes("--")), [])
        XCTAssertEqual(bytes("abc").removing(bytes("x")), bytes("abc"))
        XCTAssertEqual(bytes("アプリスイッチャーとアプリ").removing(bytes("アプリスイッチャー")), bytes("とアプリ"))
    }

    func testANeedleSetFindsEachNeedleAnywhereInOneReading() {
        let set = NeedleSet([bytes("bc"), bytes("x"), bytes("アプリ"), bytes("cab"), bytes("zz")])
        XCTAssertEqual(set.found(in: bytes("abcab")), [0, 3])
        XCTAssertEqual(set.found(in: bytes("x")), [1], "a one-byte needle at the end")
        XCTAssertEqual(set.found(in: bytes("ax b")), [1], "a one-byte needle before any byte")
        XCTAssertEqual(set.found(in: bytes("アプリスイッチャー")), [2])
        XCTAssertEqual(set.found(in: bytes("z")), [], "a needle longer than what is left")
        XCTAssertEqual(set.found(in: []), [])
    }
}
