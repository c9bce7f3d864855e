#if canImport(Glibc)
    import Glibc
#endif

/// Environment variables as grocer reads them: the process's own, each
/// asked of the C library when it is needed, or a fixed table (tests, and
/// what was handed one).
///
/// The process's are not copied into a `[String: String]` first: making
/// that type is the first thing in a launch to need String's Hashable
/// conformance, which the Swift runtime finds by searching every protocol
/// conformance in the executable, about a twentieth of the time to the
/// interactive screen's first frame.
public struct Environment: Sendable, ExpressibleByDictionaryLiteral {
    private let table: [String: String]?

    /// This process's environment, read as it is at each lookup.
    public static var process: Environment { Environment(table: nil) }

    public init(_ table: [String: String]) { self.table = table }

    public init(dictionaryLiteral elements: (String, String)...) {
        table = Dictionary(elements) { first, _ in first }
    }

    private init(table: [String: String]?) { self.table = table }

    public subscript(name: String) -> String? {
        if let table { return table[name] }
        return getenv(name).map { String(cString: $0) }
    }

    /// Every variable, as a table.
    public var variables: [String: String] { table ?? Self.processVariables() }

    /// The process's variables, read from the C library's `environ` (as
    /// Foundation's ProcessInfo does; the first entry of a name wins).
    static func processVariables() -> [String: String] {
        // NULL after clearenv(3), though imported as never so.
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard let start else { return [:] }
        var variables: [String: String] = [:]
        var index = 0
        while let entry = start[index] {
            index += 1
            guard let pair = parse(UnsafeRawBufferPointer(start: entry, count: strlen(entry))) else { continue }
            if variables[pair.name] == nil { variables[pair.name] = pair.value }
        }
        return variables
    }

    /// "NAME=value" (the value may hold "="), from the entry's bytes; nil
    /// without a "=" or a name.
    static func parse(_ entry: UnsafeRawBufferPointer) -> (name: String, value: String)? {
        guard let equals = entry.firstIndex(of: UInt8(ascii: "=")), equals > 0 else { return nil }
        return (String(decoding: entry[..<equals], as: UTF8.self), String(decoding: entry[(equals + 1)...], as: UTF8.self))
    }
}
