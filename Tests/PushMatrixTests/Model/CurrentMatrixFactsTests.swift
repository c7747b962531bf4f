import Foundation
import XCTest

@testable import PushMatrix
@testable import PushMatrixModel
@testable import PushMatrixSpec

/// The current-iOS matrix against the facts Apple documents (see the sources of
/// Spec/push-matrix-current.json). Each test checks one documented fact over every cell it
/// concerns; the last ones check that every cell says where its content comes from.
final class CurrentMatrixFactsTests: XCTestCase {
    private let matrix = Fixtures.current
    private var cells: [Cell] { matrix.spec.cells }

    private static let keys = ["alert", "contentAvailable", "mutableContent", "category"]
    private static let setups = ["appDelegate", "scenes", "swiftUI"]
    private static let sceneSetups: Set = ["scenes", "swiftUI"]
    private static let states = ["foreground", "background", "terminated", "forceQuit"]
    /// States in which the app has no process when the push arrives.
    private static let notRunning: Set = ["terminated", "forceQuit"]

    private func has(_ cell: Cell, _ key: String) -> Bool { cell.payload.first { $0.key.id == key }?.value ?? false }
    private func calls(_ cell: Cell, tap: String) -> [Call]? { cell.taps.first { $0.tap.id == tap }?.calls }
    private func handlers(_ calls: [Call]) -> [String] { calls.map(\.handler.id) }
    private func name(_ cell: Cell) -> String {
        let payload = Self.keys.filter { has(cell, $0) }.joined(separator: "+")
        return "\(payload.isEmpty ? "none" : payload) · \(cell.setup.id) · \(cell.appState.id)"
    }
    private func source(of cell: Cell) -> Source? { matrix.spec.sources.first { $0.id == cell.source.id } }

    // MARK: - The shape of the matrix

    func testEveryCombinationHasExactlyOneCell() {
        let spec = matrix.spec
        XCTAssertEqual(spec.payloadKeys.map(\.id), Self.keys)
        XCTAssertEqual(spec.setups.map(\.id), Self.setups)
        XCTAssertEqual(spec.appStates.map(\.id), Self.states)
        XCTAssertEqual(cells.count, 192)
        var seen: [String: Int] = [:]
        for cell in cells {
            XCTAssertEqual(Set(cell.payload.map(\.key.id)), Set(Self.keys), name(cell))
            seen[name(cell), default: 0] += 1
        }
        XCTAssertEqual(seen.count, 16 * 3 * 4)
        XCTAssertEqual(seen.filter { $0.value != 1 }, [:])
        let payloads = Dictionary(grouping: cells) { cell in Self.keys.map { has(cell, $0) } }
        XCTAssertEqual(payloads.count, 16)
        XCTAssertEqual(payloads.values.filter { $0.count != 3 * 4 }.count, 0)
    }

    // MARK: - Apple-documented facts

    /// Service extension page: the extension modifies only notifications that show an alert and
    /// carry mutable-content; it runs in its own process, so the app never gets that call, and
    /// it belongs to the arrival of the push, not to a tap.
    func testTheServiceExtensionRunsExactlyForMutableAlerts() {
        let handler = matrix.spec.handlers.first { $0.id == "serviceExtension" }
        XCTAssertEqual(handler?.inExtension, true, "the service extension is not part of the app's process")
        for cell in cells {
            let delivery = handlers(cell.onDelivery)
            let expected = has(cell, "alert") && has(cell, "mutableContent")
            XCTAssertEqual(delivery.contains("serviceExtension"), expected, name(cell))
            if expected {
                XCTAssertEqual(
                    delivery.first, "serviceExtension", "\(name(cell)): the extension runs before the app hears")
            }
            for (tap, calls) in cell.taps {
                XCTAssertFalse(handlers(calls).contains("serviceExtension"), "\(name(cell)), \(tap.id)")
            }
        }
    }

    /// Background-fetch reception page (and the background-updates page): the system does not
    /// start an app the user force-quit for a background push, so a content-available push
    /// without an alert reaches nothing in it, and no force-quit cell calls the reception
    /// handler on arrival.
    func testAForceQuitAppGetsNothingForASilentPush() {
        let forceQuit = cells.filter { $0.appState.id == "forceQuit" }
        XCTAssertEqual(forceQuit.count, 48)
        for cell in forceQuit {
            XCTAssertFalse(handlers(cell.onDelivery).contains("reception"), name(cell))
            XCTAssertEqual(handlers(cell.onDelivery).filter { $0 != "serviceExtension" }, [], name(cell))
            if has(cell, "contentAvailable") && !has(cell, "alert") {
                XCTAssertTrue(cell.ignored, name(cell))
                XCTAssertTrue(cell.onDelivery.isEmpty, name(cell))
                XCTAssertTrue(cell.taps.isEmpty, name(cell))
            }
        }
    }

    /// Background-fetch reception page: the reception handler runs for a content-available push
    /// both in the foreground and in the background, and the system launches or wakes an app
    /// that is not running (unless the user force-quit it) to run it off screen.
    func testAContentAvailablePushCallsTheReceptionHandlerOnArrival() {
        let expectedState = ["foreground": "active", "background": "background", "terminated": "background"]
        let silent = cells.filter { has($0, "contentAvailable") && $0.appState.id != "forceQuit" }
        XCTAssertEqual(silent.count, 8 * 3 * 3)
        for cell in silent {
            let reception = cell.onDelivery.filter { $0.handler.id == "reception" }
            XCTAssertEqual(reception.count, 1, name(cell))
            XCTAssertEqual(reception.first?.state?.id, expectedState[cell.appState.id], name(cell))
        }
    }

    /// willPresent page: a notification that arrives while the app is in the foreground goes to
    /// the presentation handler, which decides how it is shown; in any other state the system
    /// shows it without asking the app.
    func testAForegroundAlertGoesToThePresentationHandler() {
        for cell in cells {
            let presentation = cell.onDelivery.filter { $0.handler.id == "presentation" }
            if cell.appState.id == "foreground" && has(cell, "alert") {
                XCTAssertEqual(presentation.count, 1, name(cell))
                XCTAssertEqual(presentation.first?.state?.id, "active", name(cell))
            } else {
                XCTAssertEqual(presentation.count, 0, name(cell))
            }
            for (tap, calls) in cell.taps {
                XCTAssertFalse(handlers(calls).contains("presentation"), "\(name(cell)), \(tap.id)")
            }
        }
    }

    /// Default-action page: opening the app from a notification is its default action, and it
    /// reaches the notification-center delegate's didReceive method.
    func testABodyTapEndsInTheActionHandler() {
        for cell in cells where cell.notificationCenter {
            guard let body = calls(cell, tap: "body") else {
                XCTFail("\(name(cell)): no body tap")
                continue
            }
            XCTAssertEqual(body.last?.handler.id, "action", name(cell))
            XCTAssertEqual(handlers(body).filter { $0 == "action" }.count, 1, name(cell))
        }
    }

    /// Handling-actions page with the foreground-option page: an action registered without the
    /// foreground option is handled in the background through didReceive, launching the app off
    /// screen when needed. (This combines two Apple pages; neither says it alone.)
    func testAnActionButtonOffScreenRunsInTheBackground() {
        for cell in cells {
            guard let calls = calls(cell, tap: "actionButton") else { continue }
            XCTAssertEqual(calls.last?.handler.id, "action", name(cell))
            XCTAssertEqual(
                calls.last?.state?.id, cell.appState.id == "foreground" ? "active" : "background", name(cell))
        }
    }

    /// Dismiss-action page: the dismiss action is sent only for a category registered with the
    /// custom dismiss option, when the user explicitly dismisses a notification on screen; it
    /// too goes to didReceive. Action buttons likewise come from the category.
    func testDismissAndActionButtonsExistOnlyWithACategory() {
        for cell in cells {
            let withCategory = cell.notificationCenter && has(cell, "category")
            XCTAssertEqual(calls(cell, tap: "dismiss") != nil, withCategory, name(cell))
            XCTAssertEqual(calls(cell, tap: "actionButton") != nil, withCategory, name(cell))
            if let dismiss = calls(cell, tap: "dismiss") {
                XCTAssertEqual(dismiss.last?.handler.id, "action", name(cell))
            }
        }
    }

    /// didFinishLaunching page: an app that supports scenes gets no launch options, so the
    /// launch handler never carries a notification under scenes or SwiftUI; the scene
    /// connection exists only there.
    func testNoLaunchOptionsUnderScenes() {
        for cell in cells {
            let all = handlers(cell.onDelivery + cell.taps.flatMap(\.calls))
            if Self.sceneSetups.contains(cell.setup.id) {
                XCTAssertFalse(all.contains("launch"), name(cell))
            } else {
                XCTAssertFalse(all.contains("sceneConnect"), name(cell))
            }
        }
    }

    /// Launch-options key page (deprecated, still the path for apps built without scenes) and
    /// the launch sequence: without scenes, a tap that starts the app begins with the launch
    /// handler, and the launch handler runs nowhere but first in a tap on an app not running.
    func testWithoutScenesAColdStartTapBeginsWithLaunch() {
        for cell in cells where cell.setup.id == "appDelegate" {
            XCTAssertFalse(handlers(cell.onDelivery).contains("launch"), name(cell))
            for (tap, calls) in cell.taps where tap.id != "icon" {
                let launches = handlers(calls).enumerated().filter { $0.element == "launch" }.map(\.offset)
                XCTAssertEqual(
                    launches, Self.notRunning.contains(cell.appState.id) ? [0] : [], "\(name(cell)), \(tap.id)")
            }
        }
    }

    /// Opening the app from its icon hands over no notification, so no response follows: the app
    /// (or its scene) is started just where a tap on the notification body would start it.
    func testOpeningFromTheIconBringsNoNotification() {
        for cell in cells {
            for path in cell.allPaths {
                guard let icon = path.taps.first(where: { $0.tap.id == "icon" })?.calls else {
                    // Listed everywhere but in front, for a dropped push, and where nothing is shown and an open would
                    // call nothing.
                    XCTAssertTrue(
                        cell.appState.id == "foreground" || cell.ignored || !cell.notificationCenter,
                        "\(name(cell)): no icon")
                    continue
                }
                XCTAssertTrue(icon.allSatisfy { !$0.bringsNotification }, name(cell))
                XCTAssertTrue(icon.allSatisfy { matrix.handlers[$0.handler.id]?.launchesApp == true }, name(cell))
                if let body = path.taps.first(where: { $0.tap.id == "body" })?.calls {
                    let starts = body.prefix { matrix.handlers[$0.handler.id]?.launchesApp == true }
                    XCTAssertEqual(handlers(icon), handlers(Array(starts)), name(cell))
                }
            }
        }
    }

    /// Connection-options notificationResponse page: when UIKit connects a scene to handle a
    /// notification, the response is in the scene's connection options. So under scenes and
    /// SwiftUI a body tap that starts the app begins with the scene connection, which carries
    /// the tap; the scene connection never comes on arrival.
    func testUnderScenesAColdStartBodyTapBeginsWithTheSceneConnection() {
        let coldStarts = cells.filter {
            Self.sceneSetups.contains($0.setup.id) && Self.notRunning.contains($0.appState.id) && $0.notificationCenter
        }
        XCTAssertEqual(coldStarts.count, 8 * 2 * 2)
        for cell in coldStarts {
            XCTAssertEqual(calls(cell, tap: "body")?.first?.handler.id, "sceneConnect", name(cell))
        }
        for cell in cells {
            XCTAssertFalse(handlers(cell.onDelivery).contains("sceneConnect"), name(cell))
            for (tap, calls) in cell.taps {
                let connects = handlers(calls).enumerated().filter { $0.element == "sceneConnect" }.map(\.offset)
                XCTAssertTrue(connects == [] || connects == [0], "\(name(cell)), \(tap.id)")
            }
        }
        let carriesTap = matrix.spec.handlers.first { $0.id == "sceneConnect" }?.carriesTap
        XCTAssertEqual(carriesTap, true)
    }

    /// Notification-center delegate page: the delegate must be set before launching finishes,
    /// or calls made before it is set can be lost. Every didReceive of a tap that started the
    /// app says so through a note that cites that page.
    func testColdStartActionsWarnToSetTheDelegateEarly() {
        let note = matrix.spec.notes.first { $0.id == "delegateBeforeLaunchEnds" }
        XCTAssertEqual(note?.source.id, "appleCenterDelegate")
        for cell in cells where Self.notRunning.contains(cell.appState.id) {
            for (tap, calls) in cell.taps {
                for call in calls where call.handler.id == "action" {
                    XCTAssertTrue(
                        call.notes.contains { $0.id == "delegateBeforeLaunchEnds" }, "\(name(cell)), \(tap.id)")
                }
            }
        }
    }

    /// Background-updates page: a background update carries only content-available and shows
    /// nothing; the service extension page adds that content without alert text is not shown.
    /// Without an alert a push never reaches Notification Center, so there is nothing to tap.
    func testOnlyAlertsReachNotificationCenter() {
        for cell in cells {
            XCTAssertEqual(cell.notificationCenter, has(cell, "alert"), name(cell))
            if !has(cell, "alert") { XCTAssertTrue(cell.taps.allSatisfy { $0.tap.id == "icon" }, name(cell)) }
            if !has(cell, "alert") && !has(cell, "contentAvailable") {
                XCTAssertTrue(cell.ignored, name(cell))
                XCTAssertTrue(cell.onDelivery.isEmpty, name(cell))
            }
        }
        let makesVisible = matrix.spec.payloadKeys.filter(\.makesVisible).map(\.id)
        XCTAssertEqual(makesVisible, ["alert"])
    }

    // MARK: - Provenance

    func testEveryCellNamesASourceWithAKind() {
        for cell in cells {
            guard let source = source(of: cell) else {
                XCTFail("\(name(cell)): unknown source \(cell.source.id)")
                continue
            }
            XCTAssertTrue(source.declaresKind, "\(name(cell)): \(source.id) declares no kind")
        }
        for source in matrix.spec.sources {
            XCTAssertTrue(source.declaresKind, source.id)
            if source.kind == .appleDocumented {
                XCTAssertTrue(source.address?.hasPrefix("https://developer.apple.com/") ?? false, source.id)
            }
        }
    }

    /// Only the force-quit silent pushes are stated outright by an Apple page (the background
    /// fetch page, tested above); every other cell puts documented rules together, or rests on
    /// developers' reports, and must say so.
    func testOnlyDocumentedCellsClaimAnAppleSource() {
        let documented = cells.filter { source(of: $0)?.kind == .appleDocumented }
        let justified = cells.filter {
            $0.appState.id == "forceQuit" && has($0, "contentAvailable") && !has($0, "alert")
        }
        XCTAssertEqual(Set(documented.map(name)), Set(justified.map(name)))
        XCTAssertEqual(documented.count, 12)
        for cell in documented {
            XCTAssertEqual(cell.source.id, "appleFetchCompletion", name(cell))
        }
        for cell in cells where source(of: cell)?.kind != .appleDocumented {
            let kind = source(of: cell)?.kind
            XCTAssertTrue(kind == .expected || kind == .reported, "\(name(cell)): \(kind.map(\.rawValue) ?? "no kind")")
        }
    }

    /// An expectation must name the Apple pages it puts together, and those pages must exist.
    func testExpectationsRestOnAppleSources() {
        let sources = Dictionary(uniqueKeysWithValues: matrix.spec.sources.map { ($0.id, $0) })
        let expectations = Set(cells.map(\.source.id)).compactMap { sources[$0] }.filter { $0.kind == .expected }
        XCTAssertFalse(expectations.isEmpty)
        for source in expectations {
            XCTAssertFalse(source.basedOn.isEmpty, source.id)
            for reference in source.basedOn {
                XCTAssertEqual(
                    sources[reference.id]?.kind, .appleDocumented, "\(source.id) is based on \(reference.id)")
            }
        }
    }
}
