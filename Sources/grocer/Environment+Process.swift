import GrocerCore

#if canImport(Glibc)
    import Glibc
#endif

/// The edge: this process's environment, which GrocerCore never reads
/// itself. Each variable is asked of the C library when it is needed.
extension Environment {
    static var process: Environment {
        Environment(lookup: { name in getenv(name).map { String(cString: $0) } })
    }

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
