import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixSpec
@testable import PushMatrixSupport

/// Each validation rule, shown failing on a small edit of the built-in spec, with the exact
/// diagnostic (file:line:column, JSON path, what was expected).
final class ValidationTests: XCTestCase {
    let file = "Spec/push-matrix.json"

    /// The built-in spec with `old` replaced by `new` on the line of cell `cell` (or anywhere, once).
    struct Edit {
        var text: String
        var line: Int
        var column: Int  // of the replacement

        init(cell: Int? = nil, _ old: String, _ new: String) {
            var lines = Fixtures.specText.components(separatedBy: "\n")
            let index =
                cell.map { c in lines.firstIndex { $0.contains("\"cells\": [") }! + 1 + c }
                ?? lines.firstIndex { $0.contains(old) }!
            let range = lines[index].range(of: old)!
            column =
                lines[index].unicodeScalars.distance(
                    from: lines[index].unicodeScalars.startIndex,
                    to: range.lowerBound.samePosition(in: lines[index].unicodeScalars)!) + 1
            lines[index].replaceSubrange(range, with: new)
            line = index + 1
            text = lines.joined(separator: "\n")
        }
    }

    func errors(_ text: String) -> [String] {
        do {
            _ = try SpecLoader.load(bytes: Array(text.utf8), file: file)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func assertErrors(_ edit: Edit, _ expected: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(errors(edit.text), expected, file: file, line: line)
    }

    func at(_ edit: Edit, offset: Int = 0) -> String { "\(file):\(edit.line):\(edit.column + offset)" }

    func testBuiltInSpecIsValid() {
        XCTAssertEqual(errors(Fixtures.specText), [])
        XCTAssertEqual(Fixtures.builtIn.spec.cells.count, 48)
    }

    /// A spec in the older form (`initAPIs`, `api`, `apis`, `{{api}}`) loads as the same matrix as
    /// its setups form, with the same names outside the file.
    func testTheOlderFormReadsAsSetups() throws {
        let older = try Matrix(SpecLoader.load(path: Fixtures.fixture("minimal-older.json")))
        let current = try Matrix(SpecLoader.load(path: Fixtures.fixture("minimal.json")))
        XCTAssertEqual(older.spec.naming.list, "initAPIs")
        XCTAssertEqual(older.spec.naming.label, current.spec.naming.label)
        XCTAssertEqual(older.spec.setups.map(\.id), current.spec.setups.map(\.id))
        XCTAssertEqual(older.scenarios.count, current.scenarios.count)
        XCTAssertEqual(older.spec.phrases["onlyFor"]?.values, current.spec.phrases["onlyFor"]?.values)
        XCTAssertEqual(older.scenarios.map(\.setup), current.scenarios.map(\.setup))
        XCTAssertEqual(older.spec.permission?.setups.map(\.setup.id), current.spec.permission?.setups.map(\.setup.id))
    }

    func testUnknownHandlerReferenceSuggestsTheNearest() {
        let edit = Edit(cell: 10, #""body": [{"handler": "reception""#, #""body": [{"handler": "recepton""#)
        assertErrors(
            edit,
            [
                "\(at(edit, offset: 21)): error: cells[10].taps.body[0].handler: unknown handler 'recepton' (did you mean 'reception'?)"
            ]
        )
    }

    func testUnknownStateAndNoteReferences() {
        let state = Edit(cell: 1, #""state": "inactive""#, #""state": "inactiv""#)
        assertErrors(
            state,
            [
                "\(at(state, offset: 9)): error: cells[1].taps.body[0].state: unknown handler state 'inactiv' (did you mean 'inactive'?)"
            ])
        let note = Edit(cell: 1, #""notes": ["backgroundAppRefresh"]"#, #""notes": ["backgroundRefresh"]"#)
        assertErrors(
            note,
            [
                "\(at(note, offset: 10)): error: cells[1].onDelivery[0].notes[0]: unknown note 'backgroundRefresh' (did you mean 'backgroundAppRefresh'?)"
            ])
    }

    func testUnknownKeyIsAnErrorWithASuggestion() {
        let edit = Edit(cell: 0, #""notificationCenter""#, #""notificationCentre""#)
        XCTAssertEqual(
            errors(edit.text),
            [
                "\(file):\(edit.line):5: error: cells[0]: missing key 'notificationCenter'",
                "\(at(edit)): error: cells[0].notificationCentre: unknown key 'notificationCentre' (did you mean 'notificationCenter'?)",
            ])
    }

    /// A cell has a few members and is scanned; the spec itself has many and is checked with a
    /// set (the invalid corpus repeats `specVersion`): both report the repeated key.
    func testARepeatedKeyInASmallObjectIsReported() {
        let edit = Edit(cell: 0, #""source": "fieldTests""#, #""source": "fieldTests", "source": "fieldTests""#)
        assertErrors(edit, ["\(at(edit, offset: 24)): error: cells[0].source: duplicate key 'source'"])
    }

    func testWrongType() {
        let edit = Edit(cell: 2, #""ignored": false"#, #""ignored": "no""#)
        assertErrors(edit, ["\(at(edit, offset: 11)): error: cells[2].ignored: expected true or false, found string"])
    }

    func testMalformedJSONIsLocated() {
        let edit = Edit(cell: 0, #""source": "fieldTests"}"#, #""source": "fieldTests",}"#)
        assertErrors(edit, ["\(at(edit, offset: 22)): error: trailing comma before '}'"])
    }

    func testMissingAndEmptyTranslations() {
        let edit = Edit(#""ja": "通知は無視されます。""#, #""jp": "通知は無視されます。""#)
        let errs = errors(edit.text)
        XCTAssertEqual(errs.count, 2, "\(errs)")
        XCTAssertTrue(errs[0].hasSuffix("error: phrases.ignored: missing 'ja' text"), errs[0])
        XCTAssertTrue(errs[1].hasSuffix("error: phrases.ignored: unknown language 'jp' (did you mean 'ja'?)"), errs[1])
        let empty = Edit(#""ja": "通知は無視されます。""#, #""ja": " ""#)
        XCTAssertEqual(errors(empty.text).count, 1)
        XCTAssertTrue(errors(empty.text)[0].hasSuffix("error: phrases.ignored: empty 'ja' text"))
    }

    func testUnknownPlaceholderInText() {
        let edit = Edit(#"{{willPresent}} を実装"#, #"{{willPresnt}} を実装"#)
        XCTAssertEqual(errors(edit.text).count, 1)
        XCTAssertTrue(
            errors(edit.text)[0].hasSuffix(
                "notes[0].text: 'ja' text uses unknown placeholder {{willPresnt}} (did you mean 'willPresent'?)"),
            errors(edit.text)[0])
    }

    func testDuplicateCellAndMissingCell() {
        let edit = Edit(cell: 1, #""appState": "background""#, #""appState": "foreground""#)
        let errs = errors(edit.text)
        XCTAssertTrue(
            errs.contains(
                "\(file):\(edit.line):5: error: cells[1]: duplicate cell: cells[0] already covers this payload, setup and app state"
            ),
            "\(errs)")
        XCTAssertTrue(
            errs.contains {
                $0.hasSuffix(
                    "error: cells: missing cell for payload {alert: true, contentAvailable: true, category: true}, setup 'ios10', app state 'background'"
                )
            }, "\(errs)")
    }

    /// 2^18 combinations, where the spec gives 48 cells: one error, found at once, rather than
    /// naming every missing combination.
    func testFarMoreCombinationsThanCellsIsOneError() throws {
        var spec = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Fixtures.specText.utf8)) as? [String: Any])
        var keys = try XCTUnwrap(spec["payloadKeys"] as? [[String: Any]])
        for n in 0..<15 {
            keys.append([
                "id": "extra\(n)", "name": ["en": "extra", "ja": "extra"],
                "apns": ["key": "extra\(n)", "presentWhen": ["one"]],
            ])
        }
        spec["payloadKeys"] = keys
        let text = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let errs = errors(text)
        XCTAssertTrue(
            errs.contains {
                $0.hasSuffix(
                    "error: payloadKeys: 18 payload keys, 2 setups and 3 app states need a cell for each of 1572864 combinations; the spec has 48 cells"
                )
            }, "\(errs.prefix(3))")
        XCTAssertFalse(errs.contains { $0.contains("missing cell") })
    }

    /// Dimensions whose combinations do not fit in an `Int` (2^62 payload combinations × 2 setups
    /// × 3 app states, and 2^70) are one error, not a crash.
    func testCombinationsPastIntAreOneError() throws {
        for extra in [59, 67] {
            var spec = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Fixtures.specText.utf8)) as? [String: Any])
            var keys = try XCTUnwrap(spec["payloadKeys"] as? [[String: Any]])
            for n in 0..<extra {
                keys.append([
                    "id": "k\(n)", "name": ["en": "k", "ja": "k"], "apns": ["key": "k\(n)", "presentWhen": ["one"]],
                ])
            }
            spec["payloadKeys"] = keys
            let errs = errors(String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self))
            XCTAssertTrue(
                errs.contains { $0.contains("need a cell for each of more than \(Int.max) combinations") },
                "\(errs.prefix(3))")
        }
    }

    func testCellMissingAPayloadKey() {
        let edit = Edit(cell: 0, #", "category": true}"#, "}")
        XCTAssertTrue(
            errors(edit.text).contains(
                "\(file):\(edit.line):5: error: cells[0]: payload is missing key 'category' (true or false)"),
            "\(errors(edit.text))")
    }

    /// Keys in another order than the spec's are as good; a misspelt key is unknown, and the
    /// key it meant is missing.
    func testCellPayloadKeysInAnyOrderOrMisspelt() {
        let reordered = Edit(
            cell: 0, #""alert": true, "contentAvailable": true, "category": true"#,
            #""category": true, "alert": true, "contentAvailable": true"#)
        XCTAssertEqual(errors(reordered.text), [])
        let misspelt = Edit(cell: 0, #""category": true}"#, #""categry": true}"#)
        let errs = errors(misspelt.text)
        XCTAssertTrue(
            errs.contains { $0.contains("error: cells[0].payload.categry: unknown payload key 'categry'") }, "\(errs)")
        XCTAssertTrue(
            errs.contains(
                "\(file):\(misspelt.line):5: error: cells[0]: payload is missing key 'category' (true or false)"),
            "\(errs)")
    }

    func testNotificationCenterNeedsAVisibleKey() {
        // no alert, background
        let edit = Edit(cell: 28, #""notificationCenter": false"#, #""notificationCenter": true"#)
        XCTAssertEqual(
            errors(edit.text),
            [
                "\(file):\(edit.line):5: error: cells[28]: notificationCenter is true, but no key that makes a notification visible (alert) is set",
                "\(file):\(edit.line):5: error: cells[28]: missing tap 'actionButton': the notification is in Notification Center and the payload allows it",
                "\(file):\(edit.line):5: error: cells[28]: missing tap 'body': the notification is in Notification Center and the payload allows it",
            ])
    }

    func testNotRunningAppCallsNothingOnDelivery() {
        let edit = Edit(
            cell: 2, #""onDelivery": []"#, #""onDelivery": [{"handler": "reception", "state": "background"}]"#)
        assertErrors(
            edit,
            [
                "\(at(edit, offset: 15)): error: cells[2].onDelivery[0]: app state 'notRunning' has no running app, so no handler can be called on delivery"
            ])
    }

    func testTapOnlyWhereNotificationCenterShowsIt() {
        let edit = Edit(cell: 0, #""taps": {}"#, #""taps": {"body": [{"handler": "reception", "state": "inactive"}]}"#)
        assertErrors(
            edit,
            [
                "\(at(edit, offset: 9)): error: cells[0].taps.body: tap 'body' is impossible: the notification is not in Notification Center"
            ])
    }

    func testTapNeedsItsRequiredKey() {
        let edit = Edit(
            cell: 7, #""taps": {"#, #""taps": {"actionButton": [{"handler": "action", "state": "background"}], "#)
        assertErrors(
            edit,
            [
                "\(at(edit, offset: 9)): error: cells[7].taps.actionButton: tap 'actionButton' needs payload key 'category' to be set"
            ])
    }

    func testLaunchComesFirstOnlyForANotRunningApp() {
        let edit = Edit(cell: 8, #""body": [{"handler": "launch"}, "#, #""body": ["#)
        assertErrors(
            edit,
            [
                "\(at(edit, offset: 21)): error: cells[8].taps.body[0].handler: a tap on an app that is not running starts it: the first call must be a launching handler (launch)"
            ])
        let early = Edit(cell: 7, #""body": ["#, #""body": [{"handler": "launch"}, "#)
        XCTAssertTrue(
            errors(early.text).contains {
                $0.contains(
                    "cells[7].taps.body[0].handler: handler 'launch' launches the app, so it can only be the first call of a tap on an app that is not running"
                )
            }, "\(errors(early.text))")
    }

    func testHandlerStatesMustMatchTheHandler() {
        let missing = Edit(cell: 0, #"{"handler": "reception", "state": "active"}"#, #"{"handler": "reception"}"#)
        assertErrors(
            missing,
            ["\(at(missing)): error: cells[0].onDelivery[0]: handler 'reception' runs with a state: add \"state\""])
        let extra = Edit(cell: 2, #"{"handler": "launch"}"#, #"{"handler": "launch", "state": "active"}"#)
        XCTAssertTrue(
            errors(extra.text).contains {
                $0.contains(
                    "cells[2].taps.actionButton[0].state: handler 'launch' runs before the app has a state: remove \"state\""
                )
            }, "\(errors(extra.text))")
    }

    func testIgnoredMustAgreeWithTheCell() {
        let edit = Edit(cell: 0, #""ignored": false"#, #""ignored": true"#)
        assertErrors(
            edit,
            [
                "\(file):\(edit.line):5: error: cells[0]: ignored is true, but the cell calls a handler or shows the notification"
            ])
    }

    /// Cells of a long array are read in slices on every core; a cell that cannot be read is
    /// reported where it is, whichever slice it fell in, and the cells around it are still read.
    func testUnreadableCellsOfALongArrayAreEachReported() throws {
        var spec = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Fixtures.specText.utf8)) as? [String: Any])
        let base = try XCTUnwrap(spec["cells"] as? [[String: Any]])
        var cells: [Any] = (0..<2_400).map { base[$0 % base.count] }
        cells[10] = 5
        var broken = base[0]
        broken["ignored"] = "yes"
        cells[2_350] = broken
        spec["cells"] = cells
        let messages = errors(String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self))
            .map { $0.split(separator: " ", maxSplits: 2).dropFirst(2).joined() }
        XCTAssertEqual(
            messages.filter { $0.hasPrefix("cells[10]") || $0.hasPrefix("cells[2350]") },
            [
                "cells[10]: expected an object, found number",
                "cells[2350].ignored: expected true or false, found string",
            ])
    }

    /// A large matrix is checked whole. The built-in cells, with six more payload keys that
    /// change nothing, make 3,072 cells; four of them are then broken, and exactly those
    /// errors (and the two combinations the duplicates leave uncovered) are reported, in
    /// document order, though such a matrix is read and checked in slices on every core.
    func testALargeMatrixIsCheckedWhole() throws {
        var spec = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Fixtures.specText.utf8)) as? [String: Any])
        var keys = try XCTUnwrap(spec["payloadKeys"] as? [[String: Any]])
        let base = try XCTUnwrap(spec["cells"] as? [[String: Any]])
        var cells: [[String: Any]] = []
        for n in 0..<64 {
            for cell in base {
                var copy = cell
                var payload = try XCTUnwrap(cell["payload"] as? [String: Bool])
                for bit in 0..<6 { payload["extra\(bit)"] = n & (1 << bit) != 0 }
                copy["payload"] = payload
                cells.append(copy)
            }
        }
        for bit in 0..<6 {
            keys.append([
                "id": "extra\(bit)", "name": ["en": "extra", "ja": "extra"],
                "apns": ["key": "extra\(bit)", "presentWhen": ["one"]],
            ])
        }
        let calling = try XCTUnwrap(cells.indices.last { !((cells[$0]["onDelivery"] as? [Any])?.isEmpty ?? true) })
        cells[calling]["ignored"] = true
        cells[2_100] = cells[5]
        cells[3] = cells[4]
        cells[2_900]["source"] = "nowhere"
        spec["payloadKeys"] = keys
        spec["cells"] = cells
        spec["designCases"] = try XCTUnwrap(spec["designCases"] as? [[String: Any]]).map { designCase in
            var designCase = designCase
            var cell = designCase["cell"] as? [String: Any] ?? [:]
            var payload = cell["payload"] as? [String: Bool] ?? [:]
            for bit in 0..<6 { payload["extra\(bit)"] = false }
            cell["payload"] = payload
            designCase["cell"] = cell
            return designCase
        }
        let errs = errors(String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self))
        let messages = errs.map { $0.split(separator: " ", maxSplits: 2).dropFirst(2).joined() }
        XCTAssertEqual(
            messages.filter { !$0.hasPrefix("cells: missing cell") },
            [
                "cells[4]: duplicate cell: cells[3] already covers this payload, setup and app state",
                "cells[2100]: duplicate cell: cells[5] already covers this payload, setup and app state",
                "cells[2900].source: unknown source 'nowhere'",
                "cells[\(calling)]: ignored is true, but the cell calls a handler or shows the notification",
            ])
        XCTAssertEqual(messages.filter { $0.hasPrefix("cells: missing cell") }.count, 2)
        // What the reading finds, it finds in every slice, and reports by the cell's place.
        cells[700]["colour"] = "red"
        cells[3_000]["colour"] = "blue"
        spec["cells"] = cells
        let unread = errors(String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self))
        XCTAssertEqual(
            unread.map { $0.split(separator: " ", maxSplits: 2).dropFirst(2).joined() },
            ["cells[700].colour: unknown key 'colour'", "cells[3000].colour: unknown key 'colour'"])
    }

    /// A payload key declared twice counts at its first place, wherever a cell lists it.
    func testARepeatedKeyIdCountsAtItsFirstPlace() {
        let keys = ["a", "b", "a"]
        let origin = Origin(path: "", location: SourceLocation(line: 1, column: 1))
        let pairs = keys.map { (key: Reference(id: $0, origin: origin), value: $0 == "a") }
        XCTAssertEqual(Payload(pairs, keys: keys, keyIndex: CellIndex.positions(keys)).bits, 0b001)
    }

    func testFallbackNoteOnlyOnItsHandler() {
        let edit = Edit(cell: 0, #""state": "active"}"#, #""state": "active", "notes": ["actionHandlerFallback"]}"#)
        XCTAssertEqual(
            errors(edit.text),
            [
                "\(at(edit, offset: 29)): error: cells[0].onDelivery[0].notes[0]: note 'actionHandlerFallback' is about a missing 'action' handler but is attached to a call of 'reception'"
            ])
    }

    /// A note about some setups only cannot be attached to a cell of another.
    func testANoteAboutSomeSetupsStaysOnTheirRows() {
        let edit = Edit(#""id": "backgroundAppRefresh","#, #""id": "backgroundAppRefresh", "setups": ["ios10"],"#)
        let errs = errors(edit.text)
        XCTAssertEqual(errs.count, 4, "the iOS 8/9 cells that carry it: \(errs)")
        let cell = Edit(cell: 4, #""notes": ["backgroundAppRefresh"]"#, #""notes": ["backgroundAppRefresh"]"#)
        XCTAssertEqual(
            errs.first,
            "\(at(cell, offset: 10)): error: cells[4].onDelivery[0].notes[0]: note 'backgroundAppRefresh' is only about setups ios10, not 'ios8_9'"
        )
    }

    func testTheFallbackNotesOwnWordsAreTranslated() {
        let edit = Edit(
            #""en": "The app has no action handler, so iOS calls the reception handler ({{inactiveState}}) here instead.","#,
            "")
        XCTAssertEqual(errors(edit.text).count, 1)
        XCTAssertTrue(
            errors(edit.text)[0].hasSuffix("error: notes[2].whenMissing.text: missing 'en' text"),
            "\(errors(edit.text))")
    }

    /// A note that makes a call depend on APNs keys belongs on calls on delivery, and needs the
    /// phrase that words such a call.
    func testAConditionOnAPNsKeysIsOnACallOnDelivery() {
        let tap = Edit(
            cell: 1, #""notes": ["actionHandlerFallback"]"#,
            #""notes": ["actionHandlerFallback", "soundOrBadgeRequired"]"#)
        XCTAssertEqual(
            errors(tap.text),
            [
                "\(at(tap, offset: 35)): error: cells[1].taps.body[0].notes[1]: note 'soundOrBadgeRequired' sets a condition on APNs keys, so it belongs on a call on delivery only"
            ])
        let phrase = Edit(#""onDeliveryIf": {"#, #""onDeliveryWhen": {"#)
        XCTAssertTrue(
            errors(phrase.text).contains { $0.hasSuffix("error: phrases: missing phrase 'onDeliveryIf'") },
            "\(errors(phrase.text))")
    }

    /// A setup guide's code is one program in every language: its `//` comments may differ, nothing else may, and every
    /// language has it.
    func testSetupGuideCodeDiffersOnlyInItsComments() throws {
        let spec = try String(contentsOfFile: Fixtures.currentSpec, encoding: .utf8)
        let japanese = #""ja": "import UIKit\nimport UserNotifications\n\nfinal class AppDelegate:"#
        XCTAssertEqual(spec.components(separatedBy: japanese).count, 2, "one Japanese sample declares the app delegate")
        let reason = { (edited: String, old: String) in
            self.errors(spec.replacingOccurrences(of: old, with: edited)).map { $0.components(separatedBy: ": error: ").last! }
        }
        XCTAssertEqual(
            reason(japanese.replacingOccurrences(of: "AppDelegate:", with: "MainAppDelegate:"), japanese),
            [
                "setupGuide.sections[1].code: setup guide section 'delegateAssignment': the 'ja' code differs from the 'en' code"
                    + " outside its // comments"
            ])
        XCTAssertEqual(
            reason(japanese.replacingOccurrences(of: "\"ja\"", with: "\"jp\""), japanese),
            ["setupGuide.sections[1].code: setup guide section 'delegateAssignment': no 'ja' code"])
        XCTAssertEqual(reason("// 起動が終わる前に", "// 3 つの構成のどれでも、起動が終わる前に設定する"), [])
    }

    /// The docs print a related matrix's href as is, into a Markdown link and an HTML attribute: anything but a
    /// relative path of plain characters or a plain https URL is refused, located at the href, and a valid one passes.
    func testARelatedMatrixHrefIsAPlainPathOrHTTPSURL() {
        let hostile = [
            #"x" onmouseover="alert(1)"#, #"index"><script>alert(1)</script>"#, "<img src=x onerror=alert(1)>",
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)", "http://example.com/index", "../../my docs/index", "/Current/Docs/en/index",
            "//example.com/index",
            "data:text/html,x", "index#a", "index?q=1", "https://example.com/a b", "https://example.com/<x>",
            #"https://example.com/\"x"#,
        ]
        let edit = { (href: String) in
            let json = href.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return Edit(#""en": "../../Current/Docs/en/index""#, #""en": "\#(json)""#)
        }
        for href in hostile {
            let errs = errors(edit(href).text)
            XCTAssertEqual(
                errs,
                [
                    "\(file):\(edit(href).line - 1):15: error: relatedMatrices[0].href: href '\(href)' is \(Self.notAPlainHref)"
                ], href)
        }
        for href in [
            "../../Current/Docs/en/index", "Current-iOS_1.0/~en/index",
            "https://example.com/pushmatrix/en/index?v=1#top",
        ] {
            XCTAssertEqual(errors(edit(href).text), [], href)
        }
    }

    static let notAPlainHref =
        #"neither a relative path of letters, digits and -._~/ nor an https URL of plain characters (no spaces, &, <, >, ", [ or ])"#

    func testUnsafeAndDuplicateIds() {
        let edit = Edit(#""id": "body","#, #""id": "a b","#)
        let errs = errors(edit.text)
        XCTAssertTrue(
            errs.contains { $0.hasSuffix("taps[1]: id 'a b' may hold only ASCII letters, digits and '_'") }, "\(errs)")
        let keyword = Edit(#""id": "body","#, #""id": "class","#)
        XCTAssertTrue(errors(keyword.text).contains { $0.hasSuffix("taps[1]: id 'class' is a Swift keyword") })
        let duplicate = Edit(#""id": "body","#, #""id": "actionButton","#)
        XCTAssertTrue(
            errors(duplicate.text).contains { $0.contains("taps[1]: duplicate id 'actionButton' among taps") })
    }

    func testEveryErrorIsReportedInDocumentOrder() {
        var text = Edit(cell: 10, #""handler": "reception""#, #""handler": "recepton""#).text
        text = text.replacingOccurrences(
            of: #""setup": "ios10", "appState": "foreground""#, with: #""setup": "ios11", "appState": "foreground""#)
        let errs = errors(text)
        XCTAssertEqual(errs.filter { $0.contains("unknown setup 'ios11' (did you mean 'ios10'?)") }.count, 8)
        XCTAssertTrue(errs.contains { $0.contains("unknown handler 'recepton'") })
        let lines = errs.compactMap { Int($0.split(separator: ":")[1]) }
        XCTAssertEqual(lines, lines.sorted())
    }

    func testBrokenPlaceholderBraces() {
        let broken = Edit(#""en": "The notification is ignored.""#, #""en": "The {{notification is ignored.""#)
        XCTAssertEqual(errors(broken.text).count, 1)
        XCTAssertTrue(
            errors(broken.text)[0].hasSuffix(
                "phrases.ignored: 'en' text has a '{{' or '}}' that does not close a placeholder"),
            errors(broken.text)[0])
    }

    func testRepeatedCallsAndNotes() {
        let call = Edit(
            cell: 0, #""onDelivery": [{"handler": "reception", "state": "active"}]"#,
            #""onDelivery": [{"handler": "reception", "state": "active"}, {"handler": "reception", "state": "active"}]"#
        )
        XCTAssertTrue(
            errors(call.text).contains(
                "\(at(call, offset: 60)): error: cells[0].onDelivery[1]: the same call is listed twice"),
            "\(errors(call.text))")
        let note = Edit(cell: 0, #""state": "active"}"#, #""state": "active", "notes": ["foregroundPresentation"]}"#)
        XCTAssertEqual(
            errors(note.text),
            [
                "\(at(note, offset: 29)): error: cells[0].onDelivery[0].notes[0]: note 'foregroundPresentation' already applies to the whole column"
            ])
    }

    func testDuplicateRuleIdsAndCasePatterns() {
        let rule = Edit(#""id": "remoteOnly","#, #""id": "callCompletionOnce","#)
        XCTAssertTrue(
            errors(rule.text).contains {
                $0.contains("duplicate id 'callCompletionOnce' among reception handler rules")
            },
            "\(errors(rule.text))")
        let pattern = Edit(#""pattern": "(true, true)","#, #""pattern": "(false, _)","#)
        XCTAssertTrue(
            errors(pattern.text).contains {
                $0.contains("case pattern '(false, _)' is empty or repeats an earlier case")
            },
            "\(errors(pattern.text))")
    }

    func testMissingPhraseIsReportedAtPhrases() {
        let edit = Edit(#""ignored": {"#, #""ignoredd": {"#)
        let errs = errors(edit.text)
        XCTAssertTrue(
            errs.contains { $0.contains("error: phrases: missing phrase 'ignored'") && !$0.contains(":1:1:") },
            "\(errs)")
        XCTAssertTrue(errs.contains { $0.contains("unknown phrase 'ignoredd' (did you mean 'ignored'?)") }, "\(errs)")
    }
}
