import Foundation
import GrocerCore

/// The one-line form the history opens to edit an entry (value, unit, date
/// and time, note) or to set the goal (value and unit). The value is the
/// same filtered field as today's weight, in stones and pounds ("11 7" is
/// 11 st 7 lb, kept in pounds) for a weight in pounds when the person's
/// unit is st; the date and time take digits,
/// `-`, `:` and a space, as "2026-11-21 07:30" in the person's time zone;
/// the note is a line of text (`WeightNote`).
public struct EntryForm: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        case edit(WeightEntry)
        case goal(current: Weight?)
    }
    public enum Focus: Equatable, Sendable { case value, when, note }

    public let purpose: Purpose
    public private(set) var value: WeightField
    public private(set) var unit: WeightUnit
    /// The value is typed in stones and pounds (`unit` is then lbs).
    public private(set) var inStones = false
    /// The person's unit is st: Ctrl-U goes between stones and kg.
    let offersStones: Bool
    public private(set) var when: String
    public private(set) var note = TextLine(limit: WeightNote.maxLength)
    public private(set) var focus: Focus = .value
    public var message: String?

    static let whenLength = 16

    /// `stones`: the person's unit is st, so a weight in pounds is typed in
    /// stones and pounds.
    public init(purpose: Purpose, filter: DecimalInputFilter, unit: WeightUnit, stones: Bool = false, timeZone: TimeZone) {
        self.purpose = purpose
        offersStones = stones
        var field = WeightField(filter: filter)
        var when = ""
        var shown: Weight? = nil
        switch purpose {
        case .edit(let entry):
            shown = entry.weight
            when = Self.text(entry.recordedAt, in: timeZone)
            note.set(entry.note)
        case .goal(let current):
            shown = current
        }
        self.unit = shown?.unit ?? unit
        inStones = stones && self.unit == .lbs
        if let shown, inStones {
            // "11 7.4": as it would be typed.
            let (whole, rest) = Stones.split(pounds: shown.value)
            for ch in "\(whole) \(NSDecimalNumber(decimal: rest).stringValue)" { _ = field.insertStones(ch) }
        } else if let shown {
            for ch in shown.localizedDigits(Locale(identifier: "en_US_POSIX")) {
                _ = field.insert(ch == "." ? filter.decimalSeparator : ch, unit: self.unit)
            }
        }
        self.value = field
        self.when = when
    }

    /// "2026-11-21 07:30"
    static func text(_ date: Date, in timeZone: TimeZone) -> String {
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        let seconds = local - days * 86_400
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(CivilDay(number: days)) \(two(seconds / 3600)):\(two(seconds % 3600 / 60))"
    }

    /// The date and time typed, in `timeZone`; nil unless it reads as
    /// "YYYY-MM-DD HH:MM" with a real day and time.
    public func date(in timeZone: TimeZone) -> Date? {
        let parts = when.split(whereSeparator: { $0 == "-" || $0 == ":" || $0 == " " }).map { Int($0) }
        guard parts.count == 5, let y = parts[0], let m = parts[1], let d = parts[2], let h = parts[3], let mi = parts[4],
            (1...12).contains(m), (1...31).contains(d), (0...23).contains(h), (0...59).contains(mi)
        else { return nil }
        let day = CivilDay(year: y, month: m, day: d)
        guard day.month == m, day.day == d else { return nil }
        let local = Double(day.number * 86_400 + h * 3_600 + mi * 60)
        // The zone's offset at that local time (checked once more across a change).
        var utc = local - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local)))
        utc = local - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: utc)))
        return Date(timeIntervalSince1970: utc)
    }

    /// A typed character for the focused field; a refusal says why.
    public mutating func type(_ ch: Character) -> DecimalInputFilter.Rejection? {
        message = nil
        switch focus {
        case .value where inStones:
            guard value.insertStones(ch) else {
                message = Stones.typingRule(separator: value.filter.decimalSeparator)
                return .notADigit(ch)
            }
            return nil
        case .value:
            let rejection = value.insert(ch, unit: unit)
            if rejection != nil, value.holdsGroupingComma { message = value.filter.notAWeight(value.text) }
            return rejection
        case .when:
            guard ch.isASCII, ch.isNumber || ch == "-" || ch == ":" || ch == " ", when.count < Self.whenLength else {
                message = "Type the date and time as 2026-11-21 07:30."
                return .notADigit(ch)
            }
            when.append(ch)
            return nil
        case .note:
            if !note.insert(ch) { message = WeightNote.typingRule }
            return nil
        }
    }

    public mutating func deleteBackward() -> Bool {
        message = nil
        switch focus {
        case .value: return value.deleteBackward()
        case .when:
            guard !when.isEmpty else { return false }
            when.removeLast()
            return true
        case .note:
            return note.edit(.backspace)
        }
    }

    /// Left, Right, Home, End in the note: move its cursor.
    public mutating func moveInNote(_ key: Key) -> Bool {
        guard focus == .note else { return false }
        return note.edit(key)
    }

    /// Tab: the value, the date, the note (an edit has all three);
    /// Shift-Tab goes back.
    public mutating func nextField(backwards: Bool = false) -> Bool {
        guard case .edit = purpose else { return false }
        let order: [Focus] = [.value, .when, .note]
        let index = order.firstIndex(of: focus) ?? 0
        focus = order[(index + (backwards ? order.count - 1 : 1)) % order.count]
        return true
    }

    /// Ctrl-U in the date or the note: clears it, as Ctrl-U clears a line
    /// in a shell (in the date it flipped the unit, unseen). False when
    /// already empty or in the value.
    public mutating func clearText() -> Bool {
        switch focus {
        case .value: return false
        case .when:
            guard !when.isEmpty else { return false }
            when = ""
        case .note:
            guard note.edit(.ctrl("u")) else { return false }
        }
        message = nil
        return true
    }

    /// The unit shown after the value: "st" when typed in stones.
    public var unitName: String { inStones ? "st" : unit.rawValue }

    /// Ctrl-U in the value field: the other unit, when the value fits it
    /// (stones and kg for a person whose unit is st: a value typed in one
    /// is cleared going to the other, as it is not one there).
    public mutating func toggleUnit() -> Bool {
        if offersStones {
            let toStones = !inStones
            if toStones ? !Stones.isPrefix(value.text, separator: value.filter.decimalSeparator) : value.text.contains(" ") {
                value.clear()
            }
            inStones = toStones
            unit = toStones ? .lbs : .kg
            if !toStones, value.filter.check(value.text, unit: .kg) != nil { value.clear() }
            message = nil
            return true
        }
        let other: WeightUnit = unit == .kg ? .lbs : .kg
        if let rejection = value.filter.check(value.text, unit: other), !value.text.isEmpty {
            if case .overMaximum = rejection {
                message = "That is over the most grocer takes in \(other.rawValue)."
                return false
            }
        }
        unit = other
        message = nil
        return true
    }

    /// The weight typed; nil while empty or incomplete.
    public var weight: Weight? {
        inStones ? Stones.weight(typed: value.text, separator: value.filter.decimalSeparator) : value.weight(unit: unit)
    }
}
