import GrocerCore

#if canImport(Glibc)
    import Glibc
#endif

/// What Foundation's `TimeZone.current` is decided by on Linux, as one
/// text: $TZFILE, $TZ and where /etc/localtime links to. Two launches with
/// the same text get the same time zone (its rules come from ICU's data,
/// inside the executable), so a kept offset for it is good for the other
/// (`LaunchHints.ZoneOffset`).
enum TimeZoneSettings {
    /// nil when they cannot be told cheaply: /etc/localtime is a plain
    /// file (Foundation would then ask the C library, which reads its
    /// content), or a value holds control characters.
    static func key(_ environment: Environment, localtime: String = "/etc/localtime") -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(localtime, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let parts = [environment["TZFILE"].map { "=" + $0 } ?? "", environment["TZ"].map { "=" + $0 } ?? "", link]
        guard !parts.contains(where: { $0.unicodeScalars.contains(where: VisibleText.needsEscape) }) else { return nil }
        return "TZFILE" + parts[0] + "\u{1F}TZ" + parts[1] + "\u{1F}" + parts[2]
    }
}
