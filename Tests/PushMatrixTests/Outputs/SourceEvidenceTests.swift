import XCTest

@testable import PushMatrixModel
@testable import PushMatrixOutputs
@testable import PushMatrixSpec

/// What a source's entry says backs it.
final class SourceEvidenceTests: XCTestCase {
    /// A source that lists references and also names a device and iOS version tells both, apart.
    func testReferencesAndTheDeviceAreSeparated() throws {
        let matrix = Fixtures.current
        var source = try XCTUnwrap(matrix.spec.sources.first { !$0.references.isEmpty && $0.kind == .reported })
        let origin = source.origin
        source.device = LocalizedText(values: ["en": "iPhone 8", "ja": "iPhone 8"], origin: origin)
        source.os = LocalizedText(values: ["en": "iOS 17.4", "ja": "iOS 17.4"], origin: origin)
        let entry = DocsView(book: Phrasebook(matrix: matrix, language: "en")).source(source)
        guard case .object(let fields) = entry, case .text(let evidence)? = fields["evidence"] else {
            return XCTFail("no evidence in \(entry)")
        }
        let reference = source.references.last.map { $0["en"] } ?? ""
        XCTAssertTrue(evidence.contains(reference + "; iPhone 8"), evidence)
        XCTAssertTrue(evidence.hasSuffix("iPhone 8, iOS 17.4"), evidence)
    }
}
