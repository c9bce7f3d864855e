#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment as a dictionary, read straight from the C
/// library's `environ`. The interactive launch reads it this way: going
/// through Foundation's `ProcessInfo` first builds ProcessInfo itself,
/// which cost about a tenth of the time to the first frame.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        // NULL after clearenv(3), though imported as never so.
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard let start else { return [:] }
        var count = 0
        while start[count] != nil { count += 1 }
        var variables: [String: String] = [:]
        variables.reserveCapacity(count)
        for index in 0..<count {
            guard let entry = start[index], let pair = parse(UnsafeRawBufferPointer(start: entry, count: strlen(entry))) else {
                continue
            }
            if variables[pair.name] == nil { variables[pair.name] = pair.value }
        }
        return variables
    }

    /// "NAME=value" (the value may hold "="), straight from the entry's
    /// bytes; nil without a "=" or a name.
    static func parse(_ entry: UnsafeRawBufferPointer) -> (name: String, value: String)? {
        guard let equals = entry.firstIndex(of: UInt8(ascii: "=")), equals > 0 else { return nil }
        return (String(decoding: entry[..<equals], as: UTF8.self), String(decoding: entry[(equals + 1)...], as: UTF8.self))
    }
}
