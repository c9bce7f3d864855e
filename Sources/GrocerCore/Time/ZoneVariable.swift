import Foundation

/// What grocer makes of `$TZ`, decided once at the edge before anything
/// asks for the time zone.
///
/// Foundation reads `TZ` only as a zone name (or an abbreviation it maps
/// to one), and takes anything else for the system's zone without a word;
/// it reads ICU's `GMT+5` as five hours east, where POSIX (and the C
/// library, `date`, every other program) means five hours west. grocer
/// takes the POSIX forms itself:
/// - a fixed offset, `JST-9`, `<+0530>-5:30`, `GMT+5`, `UTC0`: that offset
///   (POSIX counts hours west of UTC: `JST-9` is UTC+9, `GMT+5` UTC-5);
/// - summer-time rules, `CET-1CEST,M3.5.0,M10.5.0/3`: refused, since
///   Foundation's zones cannot follow a rule given as text, and mapping it
///   to a named zone would be a guess; the names the C library also has as
///   files (`EST5EDT`, `CST6CDT`, `MST7MDT`, `PST8PDT`) are those zones;
/// - `:name` and a path into a zoneinfo folder: the zone of that name
///   (`:/etc/localtime`, the system's);
/// - a name neither ICU nor Foundation knows: refused.
/// Names with a `/` (`Europe/Paris`) are left to Foundation, unchecked here:
/// asking ICU costs more than the launch's first frame may spend.
public enum ZoneVariable: Equatable, Sendable {
    /// Foundation's reading of the settings (`TimeZone.current`).
    case system
    /// This zone instead of Foundation's reading.
    case zone(TimeZone)
    /// The one line that says why, and what grocer takes.
    case refused(String)

    public static func decide(_ value: String?) -> ZoneVariable {
        guard let value, !value.isEmpty else { return .system }
        if value.hasPrefix(":") || value.hasPrefix("/") {
            let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
            if name == "/etc/localtime" || name.isEmpty { return .system }
            var identifier = name
            if name.hasPrefix("/"), let range = name.range(of: "/zoneinfo/") { identifier = String(name[range.upperBound...]) }
            guard !identifier.hasPrefix("/"), let zone = TimeZone(identifier: identifier) else { return .refused(unknown(value)) }
            return .zone(zone)
        }
        if let rule = POSIXZoneRule(value) {
            if rule.summer == nil {
                guard let zone = TimeZone(secondsFromGMT: rule.secondsEast), zone.secondsFromGMT() == rule.secondsEast,
                    TimeZone(identifier: zone.identifier)?.secondsFromGMT() == rule.secondsEast
                else { return .refused(unknown(value)) }
                return .zone(zone)
            }
            return TimeZone(identifier: value) == nil ? .refused(summerTime(value)) : .system
        }
        if value.contains("/") || value == "UTC" || value == "GMT" { return .system }
        return TimeZone(identifier: value) != nil || TimeZone(abbreviation: value) != nil ? .system : .refused(unknown(value))
    }

    static let understood =
        "set TZ to a zone name (Europe/Paris, America/New_York) or a fixed offset in POSIX's form (JST-9 is UTC+9), or unset it for the system's zone"

    static func unknown(_ value: String) -> String {
        "TZ=\(VisibleText.escaped(value)) is not a time zone grocer knows; \(understood)."
    }

    static func summerTime(_ value: String) -> String {
        "TZ=\(VisibleText.escaped(value)) gives summer-time rules, which grocer cannot follow; \(understood)."
    }
}

/// A TZ value in POSIX's form: a standard time's name and offset, and
/// optionally a summer time's name and what follows it (kept as text).
struct POSIXZoneRule: Equatable {
    var standardName: String
    /// Seconds east of UTC: POSIX writes the offset west (`JST-9`).
    var secondsEast: Int
    /// The summer-time part, from its name on.
    var summer: String?

    init?(_ text: String) {
        var rest = Substring(text)
        guard let name = Self.name(&rest), let west = Self.offset(&rest) else { return nil }
        standardName = name
        secondsEast = -west
        if rest.isEmpty {
            summer = nil
        } else {
            let part = String(rest)
            guard Self.name(&rest) != nil else { return nil }
            summer = part
        }
    }

    /// `<+0530>` (letters, digits, + and -) or three or more letters.
    static func name(_ rest: inout Substring) -> String? {
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { return nil }
            let inside = rest[rest.index(after: rest.startIndex)..<close]
            guard inside.count >= 3, inside.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-") })
            else { return nil }
            rest = rest[rest.index(after: close)...]
            return String(inside)
        }
        let letters = rest.prefix { $0.isASCII && $0.isLetter }
        guard letters.count >= 3 else { return nil }
        rest = rest.dropFirst(letters.count)
        return String(letters)
    }

    /// `[+-]hh[:mm[:ss]]`, hours 0 to 24: seconds west of UTC.
    static func offset(_ rest: inout Substring) -> Int? {
        var sign = 1
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        var parts: [Int] = []
        while parts.count < 3 {
            let digits = rest.prefix { $0.isASCIIDigit }
            guard (1...2).contains(digits.count), let number = Int(digits) else { return nil }
            parts.append(number)
            rest = rest.dropFirst(digits.count)
            guard rest.first == ":" else { break }
            rest = rest.dropFirst()
        }
        guard parts[0] <= 24, parts.dropFirst().allSatisfy({ $0 <= 59 }) else { return nil }
        let seconds = parts[0] * 3600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0)
        return sign * seconds
    }
}
