import Foundation
import GrocerCore

/// The time of day a backfilled weight is saved at (issue 34), typed on
/// the 24-hour clock: "7:00", "07:00", "19:30", or the hour alone ("7" is
/// 7:00). It owns its filter: a character is taken only when the text can
/// still become such a time (hours to 23, minutes to 59), so "75" or
/// "7:6" never show; one whole character is one ASCII digit or ":" (a
/// digit with a combining mark is refused, and Backspace removes a whole
/// character).
public struct TimeField: Equatable, Sendable {
    public private(set) var text = ""
    /// The person changed the time: moving to another day keeps it.
    public private(set) var edited = false

    public init() {}

    /// Sets the time shown (the usual weigh-in time), not as an edit.
    public mutating func show(minutes: Int) {
        text = Self.text(minutes: minutes)
        edited = false
    }

    /// "07:05" for 425 minutes.
    public static func text(minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// Appends `ch` when the text can still become a time; false (the text
    /// as it was) otherwise.
    public mutating func insert(_ ch: Character) -> Bool {
        guard ch.isASCIIDigit || ch == ":" else { return false }
        let candidate = text + String(ch)
        guard Self.isPrefix(candidate) else { return false }
        text = candidate
        edited = true
        return true
    }

    /// Removes the last character; false when already empty.
    public mutating func deleteBackward() -> Bool {
        guard !text.isEmpty else { return false }
        text.removeLast()
        edited = true
        return true
    }

    /// Empties the field (Ctrl-U).
    public mutating func clear() -> Bool {
        guard !text.isEmpty else { return false }
        text = ""
        edited = true
        return true
    }

    /// Minutes after midnight, when the text is a whole time: H, HH,
    /// H:MM or HH:MM; nil otherwise ("7:" or "7:3" are not yet).
    public var minutes: Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard let hoursText = parts.first, (1...2).contains(hoursText.count), let hours = Int(hoursText), hours < 24 else { return nil }
        if parts.count == 1 { return hours * 60 }
        guard parts.count == 2, parts[1].count == 2, let rest = Int(parts[1]), rest < 60 else { return nil }
        return hours * 60 + rest
    }

    /// Whether `text` is the start of a time (every character already
    /// checked to be a digit or ":").
    static func isPrefix(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let hoursText = parts.first, (1...2).contains(hoursText.count), let hours = Int(hoursText), hours < 24
        else { return false }
        guard parts.count == 2 else { return true }
        let rest = parts[1]
        guard rest.count <= 2 else { return false }
        guard let first = rest.first else { return true }
        return first.wholeNumberValue.map { $0 <= 5 } ?? false
    }
}
