import XCTest

/// FlutterFire's `firebase_messaging` in the current matrix: what each native call becomes in the app's Dart code, case
/// by case, as the plugin's iOS source decides it. `M` is `FLTFirebaseMessagingPlugin.m` at the wrapper's commit.
final class FlutterFireWrapperTests: XCTestCase {
    private let wrapper = "flutterfire"

    /// On arrival: the presentation handler sends `onMessage` for an own push; the reception handler sends
    /// `onBackgroundMessage` in the background and `onMessage` in front only for a push without an alert.
    func testArrivalBecomesOnMessageInFrontAndOnBackgroundMessageBehind() {
        assertCases(
            [
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "foreground", events: ["delivery": ["onMessage"]], cites: "M 465-493"),
                WrapperCase(
                    keys: ["alert"], setup: "scenes", state: "foreground", ownMessage: false, events: ["delivery": []], cites: "M 476-517"),
                WrapperCase(
                    keys: ["alert", "contentAvailable"], setup: "appDelegate", state: "foreground", events: ["delivery": ["onMessage"]],
                    cites: "M 489-493, 712-719"),
                WrapperCase(
                    keys: ["alert", "mutableContent"], setup: "swiftUI", state: "foreground", events: ["delivery": ["onMessage"]],
                    cites: "firebase_messaging.podspec 28-29; M 465-493"),
                WrapperCase(
                    keys: ["alert", "contentAvailable", "mutableContent", "category"], setup: "appDelegate", state: "foreground", path: 3,
                    events: ["delivery": ["onMessage"]], cites: "podspec 28-29; M 712-719, 489-493"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "appDelegate", state: "foreground", events: ["delivery": ["onMessage"]],
                    cites: "M 712-719"),
                // iOS 18.0's second presentation call for the same push: the plugin's guard sends one onMessage.
                WrapperCase(
                    keys: ["alert"], setup: "scenes", state: "foreground", path: 2, events: ["delivery": ["onMessage"]],
                    cites: "M 479-493, 519-526"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "scenes", state: "background", events: ["delivery": ["onBackgroundMessage"]],
                    cites: "M 655-711"),
                WrapperCase(
                    keys: ["alert", "contentAvailable"], setup: "swiftUI", state: "background",
                    events: ["delivery": ["onBackgroundMessage"]], cites: "M 665-711"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "appDelegate", state: "terminated", events: ["delivery": ["onBackgroundMessage"]],
                    cites: "M 655-711"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "scenes", state: "background", ownMessage: false, events: ["delivery": []],
                    cites: "M 655, 723"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "appDelegate", state: "forceQuit", events: ["delivery": []],
                    cites: "no native call, so M 643-724 never runs"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "appDelegate", state: "background", conditions: ["backgroundAppRefreshOff"],
                    events: ["delivery": []], cites: "the condition removes the call, so M 643-724 never runs"),
            ],
            wrapper: wrapper)
    }

    /// A response to an own push in a running app, whatever the action and in front too, is `onMessageOpenedApp`;
    /// another backend's push reaches nothing.
    func testResponsesInARunningAppBecomeOnMessageOpenedApp() {
        assertCases(
            [
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "background", events: ["body": ["onMessageOpenedApp"]],
                    cites: "M 534-559"),
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "background", ownMessage: false, events: ["body": []],
                    cites: "M 535, 556"),
                WrapperCase(
                    keys: ["alert"], setup: "scenes", state: "foreground", events: ["body": ["onMessageOpenedApp"]], cites: "M 556-559"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "appDelegate", state: "background",
                    events: ["actionButton": ["onMessageOpenedApp"], "dismiss": ["onMessageOpenedApp"]], cites: "M 534-559"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "appDelegate", state: "foreground", ownMessage: false,
                    events: ["actionButton": [], "dismiss": []], cites: "M 535, 556"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "scenes", state: "background", events: ["dismiss": ["onMessageOpenedApp"]],
                    cites: "M 536-559"),
                WrapperCase(
                    keys: ["alert"], setup: "scenes", state: "background", conditions: ["sceneDisconnected"], path: 2,
                    events: ["body": ["getInitialMessage"], "icon": []], cites: "M 730-749, 334-341, 548-557"),
            ],
            wrapper: wrapper)
    }

    /// A cold start by an own push: the launching call stores the message for `getInitialMessage()` and the action
    /// call that follows sends nothing; a launch without the notification leaves `getInitialMessage()` null.
    func testColdStartsStoreTheMessageForGetInitialMessage() {
        assertCases(
            [
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "terminated", events: ["body": ["getInitialMessage"], "icon": []],
                    cites: "M 436-459, 354-363, 548-559, 364-384"),
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "terminated", ownMessage: false, events: ["body": []],
                    cites: "M 354-363, 535, 1278-1294"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "scenes", state: "terminated", events: ["body": ["getInitialMessage"], "icon": []],
                    cites: "M 730-749, 334-341, 548-559"),
                WrapperCase(
                    keys: ["alert"], setup: "swiftUI", state: "terminated", events: ["body": ["getInitialMessage"]],
                    cites: "M 730-749, 548-559"),
                WrapperCase(
                    keys: ["alert"], setup: "swiftUI", state: "terminated", path: 2, events: ["body": ["onMessageOpenedApp"]],
                    cites: "M 730-749, 364-368, 556-559"),
                WrapperCase(
                    keys: ["alert", "contentAvailable"], setup: "scenes", state: "terminated", path: 2,
                    events: ["delivery": ["onBackgroundMessage"], "body": ["onMessageOpenedApp"], "icon": []],
                    cites: "M 655-711, 364-368, 556-559"),
                WrapperCase(
                    keys: ["alert", "contentAvailable"], setup: "appDelegate", state: "terminated", path: 2,
                    events: ["delivery": ["onBackgroundMessage"], "body": ["onMessageOpenedApp"]], cites: "M 655-711, 534-559"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "appDelegate", state: "terminated",
                    events: ["actionButton": ["getInitialMessage"], "dismiss": ["getInitialMessage"]], cites: "M 354-363, 548-559"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "scenes", state: "terminated",
                    events: ["actionButton": ["onMessageOpenedApp"], "dismiss": ["onMessageOpenedApp"]], cites: "M 534-559"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "scenes", state: "terminated", ownMessage: false,
                    events: ["body": [], "actionButton": [], "icon": []], cites: "M 730-749, 535, 556"),
            ],
            wrapper: wrapper)
    }
}
