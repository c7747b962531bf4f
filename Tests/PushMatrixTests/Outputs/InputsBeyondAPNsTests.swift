import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// `Tests/Fixtures/inputs-beyond-apns.json`: inputs iOS gives beside the payload (`from`), one mattering in the
/// foreground only (`mattersOnlyIn`), a method without an Objective-C selector and no reception-handler facts.
final class InputsBeyondAPNsTests: XCTestCase {
    func testInputsBesideThePayloadAreNamedByWhereTheyComeFromAndNeverReadFromIt() throws {
        let spec = Fixtures.fixture("inputs-beyond-apns.json")
        let valid = Command.run(["validate", "--spec", spec])
        XCTAssertEqual(valid.status, 0, valid.stderr)
        let files = try Generator.render(Matrix(SpecLoader.load(path: spec)), templates: Fixtures.templates)
        func page(_ path: String) throws -> String { String(decoding: try XCTUnwrap(files[path], path), as: UTF8.self) }
        let matrix = try page("Docs/en/reception-methods.md")
        XCTAssertTrue(matrix.contains("## mustReport (PushKit metadata): yes, encrypted call (route): no"), matrix)
        XCTAssertTrue(
            matrix.contains("| reception handler | `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` |  |"),
            "a method without a selector has only its Swift name")
        XCTAssertTrue(matrix.contains("| `application:didFinishLaunchingWithOptions:` |"))
        XCTAssertTrue(try page("Docs/en/explorer.html").contains(#"["mustReport","mustReport (PushKit metadata)",null,[],true]"#))
        XCTAssertEqual(files.keys.filter { $0.contains("reception-handler") }, [], "no reception-handler facts, no page")
        XCTAssertFalse(try page("Docs/en/index.md").contains("reception-handler"))
        XCTAssertTrue(
            try page("Sources/PushHandlers/Dimensions.swift").contains(
                "public init(userInfo: [AnyHashable: Any], mustReport: Bool = false, encrypted: Bool = false) {"))

        let payload = Fixtures.temporaryDirectory(self) + "/push.json"
        try #"{"aps": {"mustReport": 1}}"#.write(toFile: payload, atomically: true, encoding: .utf8)
        for (flags, told) in [([String](), "mustReport (PushKit metadata): no"), (["--must-report"], "mustReport (PushKit metadata): yes")]
        {
            let answer = Command.run(["explain", "--spec", spec, "--payload", payload, "--state", "foreground"] + flags)
            XCTAssertEqual(answer.status, 0, answer.stderr)
            XCTAssertTrue(answer.stdout.contains(told), "the payload's aps never sets it; its flag does: \(answer.stdout)")
        }
    }
}
