/// Where a value came from in the spec: its JSON path (for people) and position (for editors).
public struct Origin: Sendable, Hashable {
    // The path is kept as its parent's path and a key, joined only when shown: a large spec has hundreds of
    // thousands, none shown if valid.
    /// The parent's JSON path.
    private let parent: String
    /// The key or index under the parent.
    private let key: String
    /// The line and column in the file.
    public var location: SourceLocation

    public var path: String { key.isEmpty ? parent : parent.isEmpty ? key : parent + "." + key }

    public init(path: String, location: SourceLocation) { self.init(parent: path, key: "", location: location) }

    package init(parent: String, key: String, location: SourceLocation) { (self.parent, self.key, self.location) = (parent, key, location) }
}
