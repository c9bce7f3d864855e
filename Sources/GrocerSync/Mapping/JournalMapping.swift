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

    /// The one VJOURNAL of a calendar object as an entry, held to the
    /// rules `weight add` and an import apply, by their own functions: the
    /// weight is X-GROCER-WEIGHT and -UNIT, else SUMMARY read as
    /// "72.5 kg", read as an import reads a value (`ImportedWeight.read`:
    /// a decimal with '.', above 0, at most the unit's maximum, rounded to
    /// 2 decimals); the time (DTSTART, its zone applied) is one a weigh-in
    /// can have at `now` (`WeighInTime`: from 1900, at most 5 minutes
    /// ahead); a note that is not one a person could type is cleaned as
    /// an import cleans a comment (`WeightNote.cleaned`). An entry that
    /// fails is refused, with the reason, and the sync sets it aside.
    public static func read(_ calendar: ICalComponent, now: Date) throws(SyncRefusal) -> Reading {
        let journal = try TodoMapping.only("VJOURNAL", in: calendar)
        let uid = try TodoMapping.uid(of: journal)
        var notes: [SyncNote] = []
        var weight: Weight?
        var rejection: String?
        func take(_ digits: String, _ unit: WeightUnit) {
            switch ImportedWeight.read(digits, unit: unit) {
            case .success(let reading): weight = reading.weight
            case .failure(let refused): rejection = rejection ?? refused.reason
            }
        }
        if let digits = journal.property("X-GROCER-WEIGHT")?.text, let unitText = journal.property("X-GROCER-UNIT")?.text {
            if let unit = WeightUnit(rawValue: unitText) { take(digits, unit) }
            if weight == nil { notes.append(.unreadable(property: "X-GROCER-WEIGHT", value: digits + " " + unitText)) }
        }
        if weight == nil, let summary = journal.property("SUMMARY")?.text {
            let words = summary.split(separator: " ")
            if words.count == 2, let unit = WeightUnit(rawValue: words[1].lowercased()) { take(String(words[0]), unit) }
        }
        guard let weight else { throw rejection.map { .badWeight(SyncText.cleaned($0, limit: 120)) } ?? .noWeight }
        guard let start = journal.property("DTSTART"), let time = ICalDate.date(start) else { throw .noTime }
        if let problem = WeighInTime.problem(time, now: now) { throw .badTime(day: ICalDate.day(time), problem.reason) }
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
        let current = old.flatMap { _ in try? read(calendar, now: now).entry }
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
        return calendar.placing(journal, over: old)
    }
}
