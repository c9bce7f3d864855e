import Foundation
import GrocerCore

/// The person's settings (goal, display unit, height) as one VJOURNAL in
/// the weights collection, and back (issue 36). Its UID is reserved,
/// `grocer-settings`, so every machine finds the same object; it is never
/// a weight. A phone's journal app shows it as SUMMARY "grocer settings"
/// and DESCRIPTION "Goal 75 kg · unit kg · height 180 cm"; grocer reads
/// only its X- properties:
///
/// - `X-GROCER-SETTINGS:1`: the mark of a settings object (an object with
///   the UID and without the mark is a careless writer's, never read);
/// - `X-GROCER-GOAL` and `X-GROCER-GOAL-UNIT`: the goal's digits as typed
///   and its unit (lbs or kg); absent: no goal;
/// - `X-GROCER-DISPLAY-UNIT`: lbs, kg or st; absent: not chosen;
/// - `X-GROCER-HEIGHT`: the height as grocer keeps it ("180 cm",
///   "70.5 in"); absent: none.
///
/// Every other line is kept, as the other mappings keep them.
public enum SettingsMapping {
    /// The reserved UID, and (as `SyncEngine.memberName` makes it) the
    /// object's name, grocer-settings.ics.
    public static let uid = "grocer-settings"
    /// The longest text a field may hold; longer is set aside unread.
    static let fieldLimit = 64

    public struct Reading: Equatable, Sendable {
        public var settings: SyncedSettings
        /// Each field whose value grocer does not take (a goal `weight
        /// add` refuses, an unknown unit, a height `grocer height`
        /// refuses): read as not there, and why, in a person's words.
        public var setAside: [SettingsField: String]
    }

    /// Whether `bytes` are an object with the reserved UID: the one
    /// VJOURNAL's UID is `uid` (a settings object, or a careless writer's
    /// object that took its UID). Cheap for every other object: only one
    /// that holds the UID's letters is read.
    public static func holdsReservedUID(_ bytes: [UInt8]) -> Bool {
        let needle = Array(uid.utf8)
        guard bytes.count >= needle.count,
            (0...(bytes.count - needle.count)).contains(where: { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }),
            let calendar = try? ICalendar.read(bytes), let journal = TodoMapping.master("VJOURNAL", in: calendar)
        else { return false }
        return journal.property("UID")?.text == uid
    }

    /// The settings object's fields, each held to the rules its command
    /// applies; a field that fails is set aside (in `Reading.setAside`)
    /// and the rest is read. Refused whole when it is not one VJOURNAL
    /// with the reserved UID and the mark.
    public static func read(_ calendar: ICalComponent) throws(SyncRefusal) -> Reading {
        let journal = try TodoMapping.only("VJOURNAL", in: calendar)
        guard try TodoMapping.uid(of: journal) == uid, journal.property("X-GROCER-SETTINGS") != nil else { throw .notSettings }
        var reading = Reading(settings: SyncedSettings(), setAside: [:])
        func text(_ name: String, _ field: SettingsField) -> String? {
            guard let value = journal.property(name)?.text else { return nil }
            guard value.count <= fieldLimit else {
                reading.setAside[field] = "grocer settings' \(field.rawValue) is longer than \(fieldLimit) characters"
                return nil
            }
            return value
        }
        func refuse(_ field: SettingsField, _ value: String, _ why: String) {
            reading.setAside[field] =
                "grocer settings' \(field.rawValue) \u{201C}\(SyncText.cleaned(value, limit: 40))\u{201D}: \(why)"
        }
        let goalDigits = text("X-GROCER-GOAL", .goal)
        let goalUnit = text("X-GROCER-GOAL-UNIT", .goal)
        if reading.setAside[.goal] == nil, goalDigits != nil || goalUnit != nil {
            let shown = [goalDigits, goalUnit].compactMap { $0 }.joined(separator: " ")
            if let digits = goalDigits, let unitText = goalUnit, let unit = WeightUnit(rawValue: unitText) {
                // `weight add`'s rule: above 0, at most the unit's
                // maximum, at most 2 decimals.
                switch ImportedWeight.read(digits, unit: unit) {
                case .success(let read) where !read.rounded: reading.settings.goal = read.weight
                case .success: refuse(.goal, shown, "more than 2 decimals")
                case .failure(let rejection): refuse(.goal, shown, rejection.reason)
                }
            } else {
                refuse(.goal, shown, "not a weight and its unit, lbs or kg")
            }
        }
        if let unitText = text("X-GROCER-DISPLAY-UNIT", .unit) {
            if let unit = DisplayUnit(rawValue: unitText) {
                reading.settings.unit = unit
            } else {
                refuse(.unit, unitText, "not lbs, kg or st")
            }
        }
        if let heightText = text("X-GROCER-HEIGHT", .height) {
            if let height = Height(stored: heightText) {
                reading.settings.height = height
            } else {
                refuse(.height, heightText, "not a height grocer takes (50 to 272 cm, as 180 cm or 70.5 in)")
            }
        }
        return reading
    }

    /// The calendar object for `settings`: `existing` with grocer's
    /// properties made the settings', or a new one. DTSTAMP moves to
    /// `now` only when something changed.
    public static func write(_ settings: SyncedSettings, now: Date, updating existing: ICalComponent? = nil) -> ICalComponent {
        let calendar = existing ?? TodoMapping.newCalendar()
        let old = TodoMapping.master("VJOURNAL", in: calendar)
        var journal = old ?? ICalComponent(name: "VJOURNAL").setting("UID", to: ContentLine(name: "UID", text: uid))
        func set(_ name: String, _ text: String?) {
            journal = journal.setting(name, to: text.map { ContentLine(name: name, text: $0) })
        }
        set("SUMMARY", "grocer settings")
        set("DESCRIPTION", settings.summary)
        set("X-GROCER-SETTINGS", "1")
        set("X-GROCER-GOAL", settings.goal?.digits)
        set("X-GROCER-GOAL-UNIT", settings.goal?.unit.rawValue)
        set("X-GROCER-DISPLAY-UNIT", settings.unit?.rawValue)
        set("X-GROCER-HEIGHT", settings.height?.stored)
        guard journal != old else { return calendar }
        journal = journal.setting("DTSTAMP", to: ContentLine(name: "DTSTAMP", value: ICalDate.utc(now)))
        return calendar.placing(journal, over: old)
    }
}
