import Foundation
import XCTest

/// Every declaration in the public interface of the generated modules has a doc comment, so
/// DocC and Xcode's Quick Help show something for each.
final class DocCommentTests: XCTestCase {
    /// The sources of the three committed generated modules.
    static let modules = [
        Fixtures.generated + "/Sources/PushHandlers", Fixtures.currentGenerated + "/Sources/CurrentPushHandlers",
        Fixtures.root.appendingPathComponent("Examples/PushDemo/Generated/Sources/PushDemoHandlers").path,
    ]

    func testEveryPublicDeclarationOfTheGeneratedModulesHasADocComment() throws {
        for module in Self.modules {
            let files = try XCTUnwrap(FileManager.default.subpaths(atPath: module)).filter { $0.hasSuffix(".swift") }
                .sorted()
            XCTAssertGreaterThan(files.count, 5, module)
            var declarations = 0
            for file in files {
                let report = DocCommentScanner.scan(try String(contentsOfFile: module + "/" + file, encoding: .utf8))
                declarations += report.declarations
                XCTAssertEqual(report.undocumented, [], "\(module)/\(file): public declarations without a doc comment")
            }
            // The skeleton alone declares dozens; a scanner that sees none would pass vacuously.
            XCTAssertGreaterThan(declarations, 100, module)
        }
    }

    func testTheScannerFindsEachKindOfUndocumentedDeclaration() {
        let source = """
            /// Documented.
            public enum Kind {
                case bare
                /// Documented.
                case documented

                var internalProperty: Int { 0 }
            }
            @MainActor
            public protocol Requirements {
                func bare()
            }
            open class Base {
                /// Documented, above an attribute.
                @available(iOS, introduced: 9.0, deprecated: 10.0)
                open func documented() {}
                nonisolated open func bare() {}

                public private(set) var state = 0
                class func internalClassMethod() {}
                public class func publicClassMethod() {}
                func internalMethod() {
                    switch 0 {
                    case 0: break
                    default: break
                    }
                }
            }
            enum Internal {
                case notPublic
            }
            """
        let report = DocCommentScanner.scan(source)
        XCTAssertEqual(
            report.undocumented,
            [
                "3: case bare", "10: public protocol Requirements {", "11: func bare()", "13: open class Base {",
                "17: nonisolated open func bare() {}", "19: public private(set) var state = 0",
                "21: public class func publicClassMethod() {}",
            ])
        XCTAssertEqual(report.declarations, 10)
    }
}
