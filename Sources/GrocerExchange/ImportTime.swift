import Foundation
import GrocerCore

/// Reads the times export files carry, on bytes, without a formatter per
/// row: ISO 8601 with `Z` or an offset (`+01:00`, `+0100`, Apple's
/// ` +0100`), fractions of a second dropped; `YYYY-MM-DD HH:MM[:SS]` and
/// `DD.MM.YYYY HH:MM` without a zone as local time; a date alone as 12:00
/// local. Only local times go through the Calendar (made once).
struct ImportTime {
    let calendar: Calendar

    init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var i: Int
        var end: Int

        var atEnd: Bool { i == end }

        mutating func number(_ count: Int) -> Int? {
            guard i + count <= end else { return nil }
            var value = 0
            for k in i..<(i + count) {
                let b = bytes[k]
                guard b >= 48, b <= 57 else { return nil }
                value = value * 10 + Int(b &- 48)
            }
            i += count
            return value
        }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard i < end, bytes[i] == byte else { return false }
            i += 1
            return true
        }
    }

    private func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var c = Cursor(bytes: bytes, i: 0, end: bytes.count)
        while c.end > 0, bytes[c.end - 1] == 32 { c.end -= 1 }
        while c.i < c.end, bytes[c.i] == 32 { c.i += 1 }
        var year = 0
        var month = 0
        var day = 0
        if c.i + 4 < c.end, bytes[c.i + 2] == UInt8(ascii: ".") {
            guard let d = c.number(2), c.skip(UInt8(ascii: ".")), let m = c.number(2), c.skip(UInt8(ascii: ".")),
                let y = c.number(4)
            else { return nil }
            (year, month, day) = (y, m, d)
        } else {
            guard let y = c.number(4), c.skip(UInt8(ascii: "-")), let m = c.number(2), c.skip(UInt8(ascii: "-")),
                let d = c.number(2)
            else { return nil }
            (year, month, day) = (y, m, d)
        }
        guard (1...12).contains(month), day >= 1, day <= ImportTime.daysIn(month, of: year) else { return nil }
        if c.atEnd { return local(year, month, day, 12, 0, 0) }
        guard c.skip(UInt8(ascii: "T")) || c.skip(UInt8(ascii: " ")), let hour = c.number(2), c.skip(UInt8(ascii: ":")),
            let minute = c.number(2)
        else { return nil }
        var second = 0
        if c.skip(UInt8(ascii: ":")) {
            guard let s = c.number(2) else { return nil }
            second = s
            if c.skip(UInt8(ascii: ".")) || c.skip(UInt8(ascii: ",")) {
                let start = c.i
                while c.i < c.end, bytes[c.i] >= 48, bytes[c.i] <= 57 { c.i += 1 }
                guard c.i > start else { return nil }
            }
        }
        guard hour <= 23, minute <= 59, second <= 59 else { return nil }
        _ = c.skip(32)
        if c.atEnd { return local(year, month, day, hour, minute, second) }
        var offset = 0
        if !c.skip(UInt8(ascii: "Z")) {
            let sign: Int
            if c.skip(UInt8(ascii: "+")) { sign = 1 } else if c.skip(UInt8(ascii: "-")) { sign = -1 } else { return nil }
            guard let h = c.number(2) else { return nil }
            var m = 0
            if c.skip(UInt8(ascii: ":")) {
                guard let mm = c.number(2) else { return nil }
                m = mm
            } else if let mm = c.number(2) {
                m = mm
            }
            guard h <= 23, m <= 59 else { return nil }
            offset = sign * (h * 3600 + m * 60)
        }
        guard c.atEnd else { return nil }
        let days = CivilDay.daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second - offset))
    }

    static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private func local(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> Date? {
        calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s))
    }
}

extension ImportTime {
    /// The parts of a US date, month first: "2/1/07", "02/01/2007"; nil
    /// when `text` is not one (the year as written, 2 or 4 digits).
    static func usDateParts(_ text: String) -> (month: Int, day: Int, year: Int, yearDigits: Int)? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }),
            parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 2 || parts[2].count == 4,
            let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2])
        else { return nil }
        return (month, day, year, parts[2].count)
    }

    static func isUSDate(_ text: String) -> Bool { usDateParts(text) != nil }

    /// Starts the way the dates `parse` reads do: "2024-01-05…" or
    /// "05.01.2024…".
    static func looksLikeDate(_ text: String) -> Bool {
        let bytes = Array(text.trimmingCharacters(in: .whitespaces).utf8.prefix(10))
        func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { $0 < bytes.count && (48...57).contains(bytes[$0]) } }
        if digits(0..<4), bytes.count > 4, bytes[4] == UInt8(ascii: "-") { return true }
        return digits(0..<2) && bytes.count > 2 && bytes[2] == UInt8(ascii: ".")
    }
}

extension RowReader {
    /// A date written with slashes ("2/1/07"), month first or day first,
    /// as a day; nil when it is no day that way. A two-digit year as in
    /// `isoDate(us:)`.
    func usDay(_ text: String, dayFirst: Bool) -> CivilDay? {
        guard let parts = ImportTime.usDateParts(text) else { return nil }
        var year = parts.year
        if parts.yearDigits == 2 { year += 2000 + year > latestYear ? 1900 : 2000 }
        let (month, day) = dayFirst ? (parts.day, parts.month) : (parts.month, parts.day)
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        let civil = CivilDay(year: year, month: month, day: day)
        return civil.month == month && civil.day == day ? civil : nil
    }

    /// A US date ("2/1/07") as the ISO date `ImportTime` reads
    /// ("2007-02-01"), or nil. A two-digit year is 20YY, unless that is
    /// after this year: then 19YY (a weigh-in is never in the future).
    func isoDate(us text: String) -> String? {
        guard let parts = ImportTime.usDateParts(text) else { return nil }
        var year = parts.year
        if parts.yearDigits == 2 { year += 2000 + year > latestYear ? 1900 : 2000 }
        func padded(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(parts.month, 2))-\(padded(parts.day, 2))"
    }
}
