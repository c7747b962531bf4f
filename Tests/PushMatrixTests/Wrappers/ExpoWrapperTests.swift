import XCTest

/// Expo Notifications, as read in expo/expo's iOS source: each case is a cell of the current matrix and the events
/// its calls become, citing the lines that decide them (NCM is NotificationCenterManager.swift at 9d0c82bd).
final class ExpoWrapperTests: XCTestCase {
    private let received = "onNotificationReceived"
    private let handled = "onHandleNotification"
    private let last = "lastNotificationResponse"
    private let response = "onNotificationResponse"
    private let task = "backgroundTask"

    private var opened: [String] { [last, response] }

    func testArrivalInFrontOffersThePushToTheListenerThenTheHandler() {
        let shown = [received, handled]
        assertCases(
            [
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "foreground", events: ["delivery": shown, "body": opened],
                    cites: "NCM 96-108; EmitterModule.swift 49-52 @ 40d12f34; HandlerModule.swift 41-46 @ 392b54c8"),
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "foreground", path: 2, events: ["delivery": shown + shown],
                    cites: "NCM 96-108: each presentation call is offered to the modules again"),
                WrapperCase(keys: ["alert"], setup: "scenes", state: "foreground", events: ["delivery": shown], cites: "NCM 96-108"),
                WrapperCase(
                    keys: ["alert"], setup: "swiftUI", state: "foreground", ownMessage: false, events: ["delivery": shown],
                    cites: "NCM 96-108; EXNotificationSerializer.m 71-75 @ 2d3f8ee9: another backend's push differs only in data"),
                WrapperCase(
                    keys: ["alert", "mutableContent"], setup: "appDelegate", state: "foreground", events: ["delivery": shown],
                    cites: "NCM 10-17: the extension's call reaches no module; NCM 96-108"),
                WrapperCase(
                    keys: ["alert", "mutableContent"], setup: "scenes", state: "background", events: ["delivery": []],
                    cites: "NCM 10-17: no Expo code runs in the service extension"),
            ], wrapper: "expo")
    }

    func testReceptionRunsTheRegisteredTaskAndNothingElse() {
        let taskLines = "TaskManagerAppDelegateSubscriber.swift 13-15 @ 5f28f546; NotificationsBackgroundTaskConsumer.swift 7-9, 30-33"
        assertCases(
            [
                WrapperCase(
                    keys: ["contentAvailable"], setup: "appDelegate", state: "background", events: ["delivery": [task]], cites: taskLines),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "appDelegate", state: "terminated", events: ["delivery": [task]], cites: taskLines),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "scenes", state: "terminated", events: ["delivery": [task], "icon": []],
                    cites: taskLines + "; NotificationsAppDelegateSubscriber.swift 4-28 @ acc7553e"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "swiftUI", state: "foreground", events: ["delivery": [task]],
                    cites: taskLines + "; EmitterModule.swift 37-40 @ 40d12f34: the Emitter's reception sends nothing"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "appDelegate", state: "forceQuit", events: ["delivery": []],
                    cites: "TaskManagerAppDelegateSubscriber.swift 4-7, 13-15: no other way in for a force-quit app"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "appDelegate", state: "background", conditions: ["backgroundAppRefreshOff"],
                    events: ["delivery": []], cites: taskLines + ": no reception call, so no task"),
                WrapperCase(
                    keys: ["alert", "contentAvailable"], setup: "appDelegate", state: "foreground",
                    events: ["delivery": [received, handled, task]], cites: "NCM 96-108; " + taskLines),
                WrapperCase(
                    keys: ["alert", "contentAvailable"], setup: "scenes", state: "foreground", path: 3,
                    events: ["delivery": [task, received, handled]], cites: taskLines + "; NCM 96-108"),
                WrapperCase(
                    keys: ["alert", "contentAvailable"], setup: "appDelegate", state: "background", ownMessage: false,
                    events: ["delivery": [task], "body": opened],
                    cites: taskLines + "; BackgroundEventTransformer.swift 10-51 @ 11b29ace; EmitterModule.swift 42-47 @ 40d12f34"),
            ], wrapper: "expo")
    }

    func testColdStartTapsReachTheEmitterThroughTheQueue() {
        let queue = "NCM 110-123, 63-72; EmitterModule.swift 42-47 @ 40d12f34"
        let launch = "TaskManagerAppDelegateSubscriber.swift 4-7 @ 5f28f546; " + queue
        let scene = "NotificationsAppDelegateSubscriber.swift 4-28 @ acc7553e; " + queue
        assertCases(
            [
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "terminated", events: ["body": opened, "icon": []], cites: launch),
                WrapperCase(keys: ["alert"], setup: "scenes", state: "terminated", events: ["body": opened, "icon": []], cites: scene),
                WrapperCase(keys: ["alert"], setup: "scenes", state: "terminated", path: 2, events: ["body": opened], cites: scene),
                WrapperCase(keys: ["alert"], setup: "swiftUI", state: "terminated", events: ["body": opened, "icon": []], cites: scene),
                WrapperCase(keys: ["alert"], setup: "swiftUI", state: "forceQuit", events: ["body": opened], cites: scene),
                WrapperCase(
                    keys: ["alert", "category"], setup: "appDelegate", state: "terminated",
                    events: ["actionButton": opened, "dismiss": opened, "icon": []],
                    cites: launch + "; EXNotificationSerializer.m 15-19 @ 2d3f8ee9: the button's or Apple's dismiss id"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "scenes", state: "terminated", events: ["actionButton": opened, "dismiss": opened],
                    cites: queue + ": the app is started off screen for the action"),
            ], wrapper: "expo")
    }

    func testTapsOnARunningAppGoStraightToTheEmitter() {
        let emitter = "EmitterModule.swift 42-47 @ 40d12f34"
        assertCases(
            [
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "background", events: ["body": opened, "icon": []],
                    cites: emitter + "; EXNotificationSerializer.m 15-19 @ 2d3f8ee9: Expo's default action id"),
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "background", ownMessage: false, events: ["body": opened],
                    cites: emitter + ": no check of the sender"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "appDelegate", state: "background",
                    events: ["actionButton": opened, "dismiss": opened], cites: emitter + "; NotificationsBackgroundTaskConsumer.swift 7-9"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "scenes", state: "foreground", events: ["actionButton": opened, "dismiss": opened],
                    cites: emitter),
                WrapperCase(
                    keys: ["alert"], setup: "swiftUI", state: "background", path: 2, events: ["body": opened, "icon": []],
                    cites: "NotificationsAppDelegateSubscriber.swift 4-28 @ acc7553e; " + emitter),
            ], wrapper: "expo")
    }
}
