import Foundation
import XCTest

@testable import PushMatrixSpec

/// What validate asks of a wrapper: references that resolve, a citation for every rule, and rules that decide every
/// native call of every cell with none left deciding nothing.
final class WrapperValidationTests: XCTestCase {
    /// A wrapper whose rules decide every call: one rule per handler, the presentation handler's own push first.
    static func minimalWrapper() -> [String: Any] {
        let handlers = ["launch", "sceneConnect", "presentation", "reception", "action", "serviceExtension"]
        let own: [String: Any] = [
            "id": "presentationOwn", "handler": "presentation", "ownMessage": true, "events": ["received"],
            "says": ["en": "It hands the app its own pushes.", "ja": "自身のプッシュをアプリに渡します。"], "file": "ios/Plugin.m",
            "function": "userNotificationCenter:willPresentNotification:withCompletionHandler:", "lines": "10-20",
        ]
        let rest = handlers.map { handler -> [String: Any] in
            [
                "id": handler + "Nothing", "handler": handler, "events": [] as [String],
                "says": ["en": "It passes nothing on.", "ja": "何も渡しません。"], "file": "ios/Plugin.m", "function": handler,
                "lines": "30",
            ]
        }
        return [
            "id": "sample", "name": ["en": "Sample", "ja": "Sample"], "package": "sample_push", "versions": "1.0 and later",
            "language": "Dart", "repository": "https://github.com/example/sample", "commit": String(repeating: "a", count: 40),
            "ownMessageKey": "gcm.message_id", "delegate": ["en": "It sets itself as the delegate.", "ja": "自身をデリゲートにします。"],
            "settles": ["sdkOwnsDelegate"],
            "events": [["id": "received", "api": "Sample.onReceived", "text": ["en": "A push arrived.", "ja": "プッシュが届いた。"]]],
            "rules": [own] + rest,
        ]
    }

    /// The messages validate gives the current spec with `wrapper` (changed by `edit`) as its only wrapper.
    private func errors(_ edit: (inout [String: Any]) -> Void) throws -> [String] {
        var wrapper = Self.minimalWrapper()
        edit(&wrapper)
        return try currentSpecErrors(wrappers: [wrapper])
    }

    private func rules(_ wrapper: inout [String: Any], _ edit: (inout [[String: Any]]) -> Void) {
        var rules = wrapper["rules"] as! [[String: Any]]
        edit(&rules)
        wrapper["rules"] = rules
    }

    func testAWrapperWhoseRulesDecideEveryCallIsValid() throws {
        XCTAssertEqual(try errors { _ in }, [])
    }

    func testACallNoRuleDecidesIsNamedWithItsPlace() throws {
        let found = try errors { wrapper in rules(&wrapper) { $0.removeAll { $0["handler"] as? String == "reception" } } }
        XCTAssertTrue(found.contains { $0.contains("has no rule for handler 'reception'") && $0.contains("\"events\": []") }, "\(found)")
    }

    func testARuleThatDecidesNothingIsRefused() throws {
        let found = try errors { wrapper in
            rules(&wrapper) { rules in
                var late = rules[0]
                late["id"] = "tooLate"
                rules.append(late)
            }
        }
        XCTAssertEqual(found, ["rule 'tooLate' of wrapper 'sample' decides no call of any cell; remove it or widen it"])
    }

    func testEveryRuleCitesAFullCommitAndItsLines() throws {
        let found = try errors { wrapper in
            wrapper["commit"] = "abc123"
            rules(&wrapper) { rules in
                rules[0]["lines"] = "10-"
                rules[1]["file"] = " "
                rules[2]["commit"] = String(repeating: "B", count: 40)
            }
        }
        XCTAssertTrue(
            found.contains("commit 'abc123'; expected the full commit the source was read at (40 lowercase hex digits)"), "\(found)")
        XCTAssertTrue(found.contains { $0.contains("rule 'presentationOwn': lines '10-'") }, "\(found)")
        XCTAssertTrue(found.contains("rule 'launchNothing': name the file it was read in"), "\(found)")
        XCTAssertTrue(found.contains { $0.hasPrefix("commit 'BBBB") }, "\(found)")
    }

    func testReferencesResolve() throws {
        let found = try errors { wrapper in
            wrapper["settles"] = ["sdkOwnsDelegates"]
            rules(&wrapper) { rules in
                rules[0]["events"] = ["recieved"]
                rules[0]["at"] = ["body", "everywhere"]
                rules[0]["states"] = ["activ"]
            }
        }
        XCTAssertTrue(found.contains { $0.hasPrefix("unknown condition 'sdkOwnsDelegates'") }, "\(found)")
        XCTAssertTrue(found.contains { $0 == "unknown event 'recieved' (did you mean 'received'?)" }, "\(found)")
        XCTAssertTrue(found.contains { $0.hasPrefix("unknown place 'everywhere'") }, "\(found)")
        XCTAssertTrue(found.contains { $0.hasPrefix("unknown handler state 'activ'") }, "\(found)")
    }

    func testOnlyAWrapperWithAnOwnMessageKeyTellsItsOwnPushes() throws {
        let found = try errors { wrapper in wrapper["ownMessageKey"] = nil }
        XCTAssertTrue(found.contains { $0.contains("names no ownMessageKey, so it cannot tell its own pushes") }, "\(found)")
    }
}

extension XCTestCase {
    /// `validate`'s messages for the current spec with `wrappers` in place of its own.
    func currentSpecErrors(wrappers: [[String: Any]]) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.currentSpec))
        var spec = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        spec["wrappers"] = wrappers
        let edited = try JSONSerialization.data(withJSONObject: spec)
        do {
            _ = try SpecLoader.load(bytes: Array(edited), file: "spec.json")
            return []
        } catch {
            return error.diagnostics.map(\.message)
        }
    }
}
