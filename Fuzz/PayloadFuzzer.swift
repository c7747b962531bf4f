// libFuzzer target: arbitrary bytes as an APNs payload for `explain --payload`, against the
// built-in spec, then explained as JSON and as the text view of every language.

import Foundation
import PushMatrixModel
import PushMatrixOutputs
import PushMatrixSpec

private let matrix = try! Matrix(SpecLoader.load(path: ProcessInfo.processInfo.environment["PUSHMATRIX_SPEC"] ?? "Spec/push-matrix.json"))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPayload(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let read = try? APNsPayload.read(bytes: bytes, file: "payload.json", matrix: matrix) {
        let outcomes = matrix.explain(ExplainQuery(payload: read.flags, apnsKeys: read.apnsKeys))
        _ = ExplainView.json(outcomes, matrix: matrix, conditions: []).serialized()
        for language in matrix.spec.languages {
            let book = Phrasebook(matrix: matrix, language: language.id)
            _ = ExplainView(book: book, without: [], knowsAPNsKeys: true).value(outcomes, spec: "spec")
        }
    }
    return 0
}
