import XCTest

/// React Native Firebase's messaging module (`rnfirebase`) against the current matrix: each case is a cell, a sender
/// and a path, with the events its native calls become as the cited lines of the wrapper's iOS source decide them.
final class RNFirebaseWrapperTests: XCTestCase {
    private let presentation = "RNFBMessaging+UNUserNotificationCenter.m"
    private let reception = "RNFBMessaging+AppDelegate.m"
    private let launching = "RNFBMessaging+NSNotificationCenter.m"

    func testForegroundArrivalsBecomeOnMessageOnce() {
        assertCases(
            [
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "foreground", events: ["delivery": ["onMessage"]],
                    cites: "\(presentation) 119-128"),
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "foreground", path: 2,
                    events: ["delivery": ["onMessage", "onMessage"]], cites: "\(presentation) 119-128"),
                WrapperCase(
                    keys: ["alert", "contentAvailable"], setup: "scenes", state: "foreground", events: ["delivery": ["onMessage"]],
                    cites: "\(presentation) 125, \(reception) 319-325"),
                WrapperCase(
                    keys: ["alert", "contentAvailable"], setup: "appDelegate", state: "foreground", path: 2,
                    events: ["delivery": ["onMessage"]], cites: "\(presentation) 125, \(reception) 319-325"),
                WrapperCase(
                    keys: ["alert", "contentAvailable"], setup: "appDelegate", state: "foreground", path: 3,
                    events: ["delivery": ["onMessage"]], cites: "\(presentation) 125, \(reception) 319-325"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "swiftUI", state: "foreground", events: ["delivery": ["onMessage"]],
                    cites: "\(reception) 319-325"),
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "foreground", ownMessage: false, events: ["delivery": []],
                    cites: "\(presentation) 119, 141-148"),
            ],
            wrapper: "rnfirebase")
    }

    func testSilentPushesReachTheBackgroundHandlerOnly() {
        assertCases(
            [
                WrapperCase(
                    keys: ["contentAvailable"], setup: "appDelegate", state: "background",
                    events: ["delivery": ["backgroundMessageHandler"]], cites: "\(reception) 236-318"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "appDelegate", state: "terminated",
                    events: ["delivery": ["backgroundMessageHandler"], "icon": []], cites: "\(reception) 236-318"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "scenes", state: "terminated",
                    events: ["delivery": ["backgroundMessageHandler"], "icon": []], cites: "\(reception) 236-318"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "swiftUI", state: "forceQuit", events: ["delivery": []],
                    cites: "\(reception) 195-236 (no call to decide)"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "appDelegate", state: "background", ownMessage: false,
                    events: ["delivery": []], cites: "\(reception) 229-233"),
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "background", events: ["delivery": []],
                    cites: "\(reception) 195-236 (no call to decide)"),
                WrapperCase(
                    keys: ["alert", "mutableContent"], setup: "scenes", state: "background", events: ["delivery": []],
                    cites: "\(launching) 72-76"),
                WrapperCase(
                    keys: ["contentAvailable"], setup: "appDelegate", state: "background", conditions: ["backgroundAppRefreshOff"],
                    events: ["delivery": []], cites: "\(reception) 236-318 (the condition removes the call)"),
                WrapperCase(
                    keys: ["alert", "contentAvailable"], setup: "scenes", state: "terminated", conditions: ["lowPowerMode"],
                    events: ["delivery": []], cites: "\(reception) 236-318 (the condition removes the call)"),
            ],
            wrapper: "rnfirebase")
    }

    func testTapsWhileTheAppRuns() {
        assertCases(
            [
                WrapperCase(
                    keys: ["alert", "category"], setup: "appDelegate", state: "foreground",
                    events: ["body": ["onNotificationOpenedApp", "getInitialNotification"], "actionButton": [], "dismiss": []],
                    cites: "\(presentation) 155-162"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "scenes", state: "background",
                    events: ["body": ["onNotificationOpenedApp", "getInitialNotification"], "actionButton": [], "dismiss": []],
                    cites: "\(presentation) 155-162"),
                WrapperCase(
                    keys: ["alert"], setup: "scenes", state: "background", path: 2,
                    events: ["body": ["onNotificationOpenedApp", "getInitialNotification"], "icon": []],
                    cites: "\(presentation) 155-162, \(launching) 81-166"),
                WrapperCase(
                    keys: ["alert", "contentAvailable"], setup: "appDelegate", state: "terminated", path: 2,
                    events: ["delivery": ["backgroundMessageHandler"], "body": ["onNotificationOpenedApp", "getInitialNotification"]],
                    cites: "\(reception) 236-318, \(presentation) 155-162"),
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "background", ownMessage: false, events: ["body": []],
                    cites: "\(presentation) 155-156, 166-173"),
            ],
            wrapper: "rnfirebase")
    }

    func testColdStartTapsLeaveOnlyTheStoredMessage() {
        assertCases(
            [
                WrapperCase(
                    keys: ["alert"], setup: "appDelegate", state: "terminated",
                    events: ["body": ["getInitialNotification"], "icon": []], cites: "\(presentation) 155-162, \(launching) 81-166"),
                WrapperCase(
                    keys: ["alert"], setup: "scenes", state: "terminated",
                    events: ["body": ["getInitialNotification"], "icon": []], cites: "\(presentation) 155-162, \(launching) 81-166"),
                WrapperCase(
                    keys: ["alert"], setup: "scenes", state: "terminated", path: 2, events: ["body": ["getInitialNotification"]],
                    cites: "\(presentation) 155-162"),
                WrapperCase(
                    keys: ["alert"], setup: "swiftUI", state: "forceQuit",
                    events: ["body": ["getInitialNotification"], "icon": []], cites: "\(presentation) 155-162, \(launching) 57-61, 84-86"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "appDelegate", state: "terminated",
                    events: ["actionButton": [], "dismiss": []], cites: "\(presentation) 155-156, \(launching) 81-166"),
                WrapperCase(
                    keys: ["alert", "category"], setup: "swiftUI", state: "forceQuit", events: ["actionButton": [], "dismiss": []],
                    cites: "\(presentation) 155-156"),
                WrapperCase(
                    keys: ["alert"], setup: "scenes", state: "forceQuit", ownMessage: false, events: ["body": [], "icon": []],
                    cites: "\(presentation) 155-156, 166-173"),
            ],
            wrapper: "rnfirebase")
    }
}
