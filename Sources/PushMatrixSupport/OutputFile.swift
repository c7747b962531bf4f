/// One file a run produces: its path in the output directory and its bytes, from the outputs stage to the output
/// directory.
public struct OutputFile: Sendable, Equatable {
    public let path: String
    public let bytes: [UInt8]
    public init(path: String, bytes: [UInt8]) { (self.path, self.bytes) = (path, bytes) }
}
