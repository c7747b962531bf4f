// libFuzzer target: arbitrary bytes as a spec, through parsing, validation and rendering.
// Built by scripts/fuzz with `swiftc -sanitize=fuzzer,address` together with the library's
// sources; a crash, hang or sanitizer report is a finding.

import Foundation
import PushMatrixModel
import PushMatrixOutputs
import PushMatrixSpec

private let templates = ProcessInfo.processInfo.environment["PUSHMATRIX_TEMPLATES"] ?? "Templates"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let validated = try? SpecLoader.load(bytes: bytes, file: "fuzz.json") {
        _ = try? Generator.render(Matrix(validated), templates: templates)
    }
    return 0
}
