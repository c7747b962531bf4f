/// One file a run produces: its path in the output directory and its bytes. The outputs stage
/// gives these, and the output directory takes them.
public struct OutputFile: Sendable, Equatable {
    public let path: String, bytes: [UInt8]
    public init(path: String, bytes: [UInt8]) { (self.path, self.bytes) = (path, bytes) }
}
