import Foundation
import GrocerCore

/// Reads the times export files carry, without a formatter per row:
/// ISO 8601 with `Z` or an offset (`+01:00`, `+0100`, Apple's ` +0100`),
/// fractions of a second dropped; `YYYY-MM-DD HH:MM[:SS]` and
/// `DD.MM.YYYY HH:MM` without a zone as local time; a date alone as 12:00
/// local.
struct ImportTime {
    let calendar: Calendar

    init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    func parse(_ text: String) -> Date? {
        var bytes = Array(text.utf8)
        while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
        var i = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 }
        func number(_ count: Int) -> Int? {
            guard i + count <= bytes.count else { return nil }
            var value = 0
            for k in i..<(i + count) {
                let b = bytes[k]
                guard b >= 48, b <= 57 else { return nil }
                value = value * 10 + Int(b - 48)
            }
            i += count
            return value
        }
        func skip(_ byte: Character) -> Bool {
            guard i < bytes.count, bytes[i] == byte.asciiValue! else { return false }
            i += 1
            return true
        }
        var year = 0, month = 0, day = 0
        if i + 4 < bytes.count, bytes[i + 2] == UInt8(ascii: ".") {
            guard let d = number(2), skip("."), let m = number(2), skip("."), let y = number(4) else { return nil }
            (year, month, day) = (y, m, d)
        } else {
            guard let y = number(4), skip("-"), let m = number(2), skip("-"), let d = number(2) else { return nil }
            (year, month, day) = (y, m, d)
        }
        guard (1...12).contains(month), day >= 1,
              day <= CivilDay(year: year, month: month, day: 1).adding(months: 1).number - CivilDay(year: year, month: month, day: 1).number
        else { return nil }
        if i == bytes.count { return local(year, month, day, 12, 0, 0) }
        guard skip("T") || skip(" "), let hour = number(2), skip(":"), let minute = number(2) else { return nil }
        var second = 0
        if skip(":") {
            guard let s = number(2) else { return nil }
            second = s
            if skip(".") || skip(",") {
                let start = i
                while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { i += 1 }
                guard i > start else { return nil }
            }
        }
        guard hour <= 23, minute <= 59, second <= 59 else { return nil }
        _ = skip(" ")
        if i == bytes.count { return local(year, month, day, hour, minute, second) }
        var offset = 0
        if skip("Z") {
            offset = 0
        } else {
            let sign: Int
            if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
            guard let h = number(2) else { return nil }
            var m = 0
            if skip(":") { guard let mm = number(2) else { return nil }; m = mm } else if let mm = number(2) { m = mm }
            guard h <= 23, m <= 59 else { return nil }
            offset = sign * (h * 3600 + m * 60)
        }
        guard i == bytes.count else { return nil }
        let days = CivilDay(year: year, month: month, day: day).number
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private func local(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) -> Date? {
        calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s))
    }
}
