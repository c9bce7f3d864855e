import CICU
import Foundation
import GrocerCore

#if canImport(Glibc)
    import Glibc
#endif

/// The first frame's hints when none were kept for these settings (a first
/// run, an upgrade, another locale or time zone), asked of ICU's C API and
/// the C library directly: Foundation's `DateFormatter`, `Locale` and
/// `TimeZone` made the same answers through layers that cost most of such a
/// launch (docs/MEASURED.md). They are guesses as the kept hints are:
/// right after the frame `Launch.settle` asks Foundation, and anything that
/// disagrees is replaced on the screen.
enum FirstFrameGuess {
    /// The long date and short time pattern of `identifier`'s Gregorian
    /// calendar and the names it uses; nil unless the pattern formats `now`
    /// at `secondsFromGMT` exactly as ICU does (another numbering system, a
    /// field `LongDatePattern` does not know).
    static func longDatePattern(identifier: String, now: Date, secondsFromGMT: Int) -> LongDatePattern? {
        // Keywords of its own (a calendar, numbers) are left to Foundation.
        guard !identifier.isEmpty, !identifier.contains("@") else { return nil }
        var status: Int32 = 0
        let utc = Array("UTC".utf16)
        guard
            let format = swift_udat_open(
                Int32(GROCER_UDAT_SHORT), Int32(GROCER_UDAT_LONG), identifier + "@calendar=gregorian", utc, Int32(utc.count), nil, 0,
                &status), status <= 0
        else { return nil }
        defer { swift_udat_close(format) }
        func text(_ fill: (UnsafeMutablePointer<GrocerUChar>, Int32, UnsafeMutablePointer<Int32>) -> Int32) -> String? {
            var buffer = [GrocerUChar](repeating: 0, count: 256)
            var status: Int32 = 0
            let length = buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress!, Int32($0.count), &status) }
            guard status <= 0, length >= 0, length <= buffer.count else { return nil }
            return string(utf16: buffer, count: Int(length))
        }
        func symbols(_ type: Int32, from first: Int32, count: Int) -> [String]? {
            let names = (0..<Int32(count)).map { index in
                text { swift_udat_getSymbols(format, type, first + index, $0, $1, $2) }
            }
            return names.contains(nil) || names.contains("") ? nil : names.map { $0! }
        }
        // ICU's weekdays start at index 1 (Sunday), as its calendar's fields.
        guard let pattern = text({ swift_udat_toPattern(format, 0, $0, $1, $2) }), !pattern.isEmpty,
            let months = symbols(Int32(GROCER_UDAT_MONTHS), from: 0, count: 12),
            let shortMonths = symbols(Int32(GROCER_UDAT_SHORT_MONTHS), from: 0, count: 12),
            let standaloneMonths = symbols(Int32(GROCER_UDAT_STANDALONE_MONTHS), from: 0, count: 12),
            let weekdays = symbols(Int32(GROCER_UDAT_WEEKDAYS), from: 1, count: 7),
            let shortWeekdays = symbols(Int32(GROCER_UDAT_SHORT_WEEKDAYS), from: 1, count: 7),
            let amPM = symbols(Int32(GROCER_UDAT_AM_PMS), from: 0, count: 2)
        else { return nil }
        let guess = LongDatePattern(
            localeIdentifier: identifier, pattern: pattern, months: months, shortMonths: shortMonths,
            standaloneMonths: standaloneMonths, weekdays: weekdays, shortWeekdays: shortWeekdays, am: amPM[0], pm: amPM[1])
        // The wall time at that offset, formatted in UTC: no zone rules read.
        let wall = (now.timeIntervalSince1970 + Double(secondsFromGMT)) * 1000
        guard let icu = text({ swift_udat_format(format, wall, $0, $1, nil, $2) }),
            guess.format(now, secondsFromGMT: secondsFromGMT) == icu
        else { return nil }
        return guess
    }

    /// `identifier`'s decimal separator; nil when ICU has none for it.
    static func decimalSeparator(identifier: String) -> Character? {
        guard !identifier.isEmpty, !identifier.contains("@") else { return nil }
        var status: Int32 = 0
        guard let format = swift_unum_open(Int32(GROCER_UNUM_DECIMAL), nil, 0, identifier, nil, &status), status <= 0 else { return nil }
        defer { swift_unum_close(format) }
        var buffer = [GrocerUChar](repeating: 0, count: 16)
        let length = buffer.withUnsafeMutableBufferPointer {
            swift_unum_getSymbol(format, Int32(GROCER_UNUM_DECIMAL_SEPARATOR_SYMBOL), $0.baseAddress!, Int32($0.count), &status)
        }
        guard status <= 0, length > 0, length <= buffer.count, let text = string(utf16: buffer, count: Int(length)) else { return nil }
        return text.count == 1 ? text.first : nil
    }

    /// ICU's UTF-16 as a String, by hand: the standard library's generic
    /// `String(decoding:as: UTF16.self)` made the runtime check generic
    /// requirements against every protocol conformance in the executable,
    /// the cost of all the rest of the guess (callgrind). nil for a lone
    /// surrogate.
    static func string(utf16 units: [GrocerUChar], count: Int) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 3)
        var index = 0
        while index < count {
            var scalar = UInt32(units[index])
            index += 1
            if scalar >= 0xD800 && scalar < 0xDC00 {
                guard index < count, units[index] >= 0xDC00, units[index] < 0xE000 else { return nil }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                index += 1
            } else if scalar >= 0xDC00 && scalar < 0xE000 {
                return nil
            }
            switch scalar {
            case ..<0x80:
                bytes.append(UInt8(scalar))
            case ..<0x800:
                bytes.append(UInt8(0xC0 | scalar >> 6))
                bytes.append(UInt8(0x80 | scalar & 0x3F))
            case ..<0x10000:
                bytes.append(UInt8(0xE0 | scalar >> 12))
                bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | scalar & 0x3F))
            default:
                bytes.append(UInt8(0xF0 | scalar >> 18))
                bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
                bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | scalar & 0x3F))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The system time zone's offset from UTC now, from the C library (the
    /// same `TZ` and /etc/localtime), for the frame only: a window of a
    /// minute, so nothing after the frame takes it for the zone's.
    static func zone(key: String?, now: Date) -> LaunchHints.ZoneOffset? {
        var seconds = time_t(now.timeIntervalSince1970)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        let at = Int(seconds)
        return LaunchHints.ZoneOffset(key: key ?? "", secondsFromGMT: parts.tm_gmtoff, since: at - 1, until: at + 60)
    }
}
