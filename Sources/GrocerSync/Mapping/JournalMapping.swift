import Foundation
import GrocerCore

/// A weight entry as a VJOURNAL, and back: UID stable, DTSTART the time in
/// UTC, SUMMARY "72.50 kg", the digits as typed in X-GROCER-WEIGHT and the
/// unit in X-GROCER-UNIT, the note in DESCRIPTION. Every other line is kept.
public enum JournalMapping {
    public struct Reading: Equatable, Sendable {
        public var uid: String
        public var entry: SyncedWeight
        public var notes: [SyncNote]
    }

    /// The one VJOURNAL of a calendar object as an entry. The weight is
    /// X-GROCER-WEIGHT and -UNIT, else SUMMARY read as "72.5 kg"; it must
    /// be more than 0 and at most the unit's maximum. A note that is not
    /// one a person could type is cleaned (`WeightNote.cleaned`).
    public static func read(_ calendar: ICalComponent) throws(SyncRefusal) -> Reading {
        let journal = try TodoMapping.only("VJOURNAL", in: calendar)
        let uid = try TodoMapping.uid(of: journal)
        var notes: [SyncNote] = []
        var weight: Weight?
        if let digits = journal.property("X-GROCER-WEIGHT")?.text, let unit = journal.property("X-GROCER-UNIT")?.text {
            weight = WeightUnit(rawValue: unit).flatMap { Weight(digits: digits, unit: $0) }
            if weight == nil { notes.append(.unreadable(property: "X-GROCER-WEIGHT", value: digits + " " + unit)) }
        }
        if weight == nil, let summary = journal.property("SUMMARY")?.text {
            let words = summary.split(separator: " ")
            if words.count == 2, let unit = WeightUnit(rawValue: words[1].lowercased()) { weight = Weight(digits: String(words[0]), unit: unit) }
        }
        guard let weight, weight.value <= weight.unit.maximum else { throw .noWeight }
        guard let start = journal.property("DTSTART"), let time = ICalDate.date(start) else { throw .noTime }
        let raw = journal.property("DESCRIPTION")?.text ?? ""
        let note = WeightNote.problem(in: raw) == nil ? WeightNote.trimmed(raw) : WeightNote.cleaned(raw)
        if note != WeightNote.trimmed(raw) { notes.append(.cleaned(property: "DESCRIPTION")) }
        return Reading(uid: uid, entry: SyncedWeight(weight: weight, recordedAt: time, note: note), notes: notes)
    }

    /// The calendar object for `entry`: `existing` with grocer's properties
    /// made the entry's, or a new one. DTSTAMP moves to `now` only when
    /// something changed.
    public static func write(_ entry: SyncedWeight, uid: String, now: Date, updating existing: ICalComponent? = nil) -> ICalComponent {
        let calendar = existing ?? TodoMapping.newCalendar()
        let old = TodoMapping.master("VJOURNAL", in: calendar)
        var journal = old ?? ICalComponent(name: "VJOURNAL").setting("UID", to: ContentLine(name: "UID", text: uid))
        let current = old.flatMap { _ in try? read(calendar).entry }
        if current?.recordedAt != entry.recordedAt {
            journal = journal.setting("DTSTART", to: ContentLine(name: "DTSTART", value: ICalDate.utc(entry.recordedAt)))
        }
        if current?.weight != entry.weight { journal = journal.setting("SUMMARY", to: ContentLine(name: "SUMMARY", text: entry.summary)) }
        journal = journal.setting("X-GROCER-WEIGHT", to: ContentLine(name: "X-GROCER-WEIGHT", text: entry.weight.digits))
        journal = journal.setting("X-GROCER-UNIT", to: ContentLine(name: "X-GROCER-UNIT", text: entry.weight.unit.rawValue))
        if current?.note != entry.note {
            journal = journal.setting(
                "DESCRIPTION", to: entry.note.isEmpty ? nil : ContentLine(name: "DESCRIPTION", text: SyncText.written(entry.note)))
        }
        guard journal != old else { return calendar }
        journal = journal.setting("DTSTAMP", to: ContentLine(name: "DTSTAMP", value: ICalDate.utc(now)))
        if let old { return calendar.replacing(old, with: journal) }
        var changed = calendar
        changed.children.append(.component(journal))
        return changed
    }
}
