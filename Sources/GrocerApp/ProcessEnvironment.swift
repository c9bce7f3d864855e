#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment as a dictionary, read straight from the C
/// library's `environ`. The interactive launch reads it this way: going
/// through Foundation's `ProcessInfo` first builds ProcessInfo itself,
/// which cost about a tenth of the time to the first frame.
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var variables: [String: String] = [:]
        // NULL after clearenv(3), though imported as never so.
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return variables }
        while let pointer = entry.pointee {
            if let pair = parse(String(cString: pointer)), variables[pair.name] == nil {
                variables[pair.name] = pair.value
            }
            entry += 1
        }
        return variables
    }

    /// "NAME=value" (the value may hold "="); nil without a "=" or a name.
    static func parse(_ entry: String) -> (name: String, value: String)? {
        guard let equals = entry.utf8.firstIndex(of: UInt8(ascii: "=")), equals != entry.utf8.startIndex else { return nil }
        return (String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
    }
}
