/// Environment variables as grocer reads them: looked up one by one as
/// they are needed (the process's, which the executable reads from the C
/// library: `Environment.process`, in the grocer target, the edge), or a
/// fixed table (tests, and what was handed one). GrocerCore reads no
/// environment itself.
///
/// The process's are not copied into a `[String: String]` first: making
/// that type is the first thing in a launch to need String's Hashable
/// conformance, which the Swift runtime finds by searching every protocol
/// conformance in the executable (docs/MEASURED.md).
public struct Environment: Sendable, ExpressibleByDictionaryLiteral {
    private let table: [String: String]?
    private let lookup: (@Sendable (String) -> String?)?

    public init(_ table: [String: String]) {
        self.table = table
        lookup = nil
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements) { first, _ in first })
    }

    /// Variables looked up by `lookup` as they are needed.
    public init(lookup: @escaping @Sendable (String) -> String?) {
        table = nil
        self.lookup = lookup
    }

    public subscript(name: String) -> String? {
        if let table { return table[name] }
        return lookup?(name)
    }
}
