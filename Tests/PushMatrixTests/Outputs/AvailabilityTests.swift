import Foundation
import XCTest

/// The current matrix's Swift runs from iOS 13, its lowest version: every API it uses that iOS
/// introduced later is guarded by `#available` or `@available`. Linux checks no availability, so
/// this holds the sources against a table of introduction versions read from the SDK's
/// interface files, each entry with its source.
final class AvailabilityTests: XCTestCase {
    private static let lowest = 13

    /// An API, how a line of Swift uses it, the iOS version that introduced it, and where that is
    /// written.
    private static let introduced: [(api: String, pattern: String, iOS: Int, source: String)] = [
        (
            "UNNotificationPresentationOptions.banner", #"\.banner\b"#, 14,
            "UserNotifications.framework/Headers/UNUserNotificationCenter.h: UNNotificationPresentationOptionBanner API_AVAILABLE(macos(11.0), ios(14.0), watchos(7.0), tvos(14.0))"
        ),
        (
            "UNNotificationPresentationOptions.list", #"\.list\b"#, 14,
            "UserNotifications.framework/Headers/UNUserNotificationCenter.h: UNNotificationPresentationOptionList API_AVAILABLE(macos(11.0), ios(14.0), watchos(7.0), tvos(14.0))"
        ),
        (
            "UIApplicationDelegateAdaptor", #"UIApplicationDelegateAdaptor\("#, 14,
            "SwiftUI.swiftinterface: @available(iOS 14.0, tvOS 14.0, *) public struct UIApplicationDelegateAdaptor"
        ),
        (
            "App", #":\s*App\s*\{"#, 14,
            "SwiftUI.swiftinterface: @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *) public protocol App"
        ),
        (
            "WindowGroup", #"\bWindowGroup\s*\{"#, 14,
            "SwiftUI.swiftinterface: @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *) public struct WindowGroup"
        ),
    ]

    /// Each use of a table entry newer than `lowest` in `text` without a guard for its version in
    /// the lines before it, up to the start of the declaration it is in.
    static func unguarded(_ text: String, file: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        var found: [String] = []
        for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            for entry in introduced
            where entry.iOS > lowest && line.range(of: entry.pattern, options: .regularExpression) != nil {
                if !isGuarded(lines, before: number, iOS: entry.iOS) {
                    found.append("\(file):\(number + 1): \(entry.api) needs iOS \(entry.iOS) (\(entry.source))")
                }
            }
        }
        return found
    }

    /// Whether the line or one before it, back to the declaration at the file's top level it is
    /// in and that declaration's attributes, holds `#available(iOS N` or `@available(iOS N` with N
    /// at least `iOS`.
    private static func isGuarded(_ lines: [String], before number: Int, iOS: Int) -> Bool {
        var index = number
        while index >= 0 {
            let line = lines[index]
            if let match = line.range(of: #"[#@]available\(iOS (\d+)"#, options: .regularExpression),
                Int(line[match].filter(\.isNumber)) ?? 0 >= iOS
            {
                return true
            }
            let topLevel =
                !line.isEmpty && !line.hasPrefix(" ") && !line.hasPrefix("}") && !line.hasPrefix("//")
                && !line.hasPrefix("#")
            if topLevel && !line.hasPrefix("@") && index > 0 && !lines[index - 1].hasPrefix("@") { return false }
            index -= 1
        }
        return false
    }

    func testEveryNewerAPIInTheCurrentSwiftIsGuarded() throws {
        let root = Fixtures.currentGenerated + "/Sources/CurrentPushHandlers"
        var problems: [String] = []
        for file in SwiftCompiler.sources(in: root) {
            problems += Self.unguarded(try String(contentsOfFile: file, encoding: .utf8), file: file)
        }
        XCTAssertEqual(problems, [])
    }

    /// The check can fail: the default presentation options without their guard are named.
    func testAnUnguardedUseIsNamed() throws {
        let file = Fixtures.currentGenerated + "/Sources/CurrentPushHandlers/Skeleton/PushAppDelegate.swift"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let guarded = "        if #available(iOS 14.0, *) { return [.banner, .list, .sound] }\n"
        XCTAssertTrue(text.contains(guarded))
        let problems = Self.unguarded(
            text.replacingOccurrences(of: guarded, with: "        return [.banner, .list, .sound]\n"), file: "f")
        XCTAssertEqual(problems.count, 2, "\(problems)")
        XCTAssertTrue(problems[0].hasPrefix("f:"), "\(problems)")
        XCTAssertTrue(problems[0].contains("UNNotificationPresentationOptions.banner needs iOS 14"), "\(problems)")
    }
}
