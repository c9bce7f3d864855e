import Foundation
import GrocerCore

/// A month of weights as one VJOURNAL, and back (issue 35,
/// docs/SYNC-FORMAT.md): UID `grocer-weights-YYYY-MM`, SUMMARY and
/// DESCRIPTION for a phone's journal app, each entry one
/// `X-GROCER-WEIGHT` line with its own UID, unit, UTC time, the digits as
/// typed, the note and the body fat (`X-GROCER-FAT`, issue 34). Every line grocer does not own, and every entry
/// line it cannot read, is kept as it came.
public enum MonthMapping {
    /// The most entries in one object; a month past it goes on in parts.
    public static let entriesPerPart = 400
    /// The most bytes of DESCRIPTION (grocer's reader takes a line of
    /// 64 KiB; phones drop long unknown properties).
    static let descriptionLimit = 20_000

    /// Which object of which month: the UTC month, and the part (1 first).
    public struct Key: Hashable, Comparable, Sendable, CustomStringConvertible {
        public var year: Int
        public var month: Int
        public var part: Int

        public init(year: Int, month: Int, part: Int = 1) {
            self.year = year
            self.month = month
            self.part = part
        }

        /// The UTC month of `date`, part 1.
        public init(_ date: Date) {
            let day = CivilDay(number: CivilDay.floorDiv(Int(date.timeIntervalSince1970.rounded(.down)), 86_400))
            self.init(year: day.year, month: day.month)
        }

        /// "2026-01".
        public var month4: String {
            let year = String(self.year)
            return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + (month < 10 ? "0" : "") + String(month)
        }

        /// "grocer-weights-2026-01", "grocer-weights-2026-01-part2".
        public var uid: String { "grocer-weights-" + month4 + (part > 1 ? "-part\(part)" : "") }

        public var description: String { uid }

        public static func < (a: Key, b: Key) -> Bool { (a.year, a.month, a.part) < (b.year, b.month, b.part) }

        /// "Weights, January 2026" (and ", part 2").
        var summary: String {
            let names = [
                "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
            ]
            return "Weights, \(names[month - 1]) \(year)" + (part > 1 ? ", part \(part)" : "")
        }

        /// Read from "2026-01" and an optional part; nil when not a month.
        init?(month text: String, part: String?) {
            let bytes = Array(text.utf8)
            guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
                bytes.enumerated().allSatisfy({ $0.offset == 4 || (48...57).contains($0.element) }),
                let year = Int(text.prefix(4)), let month = Int(text.suffix(2)), (1...12).contains(month), year >= 1
            else { return nil }
            var number = 1
            if let part {
                guard part.utf8.count <= 4, let value = Int(part), value >= 1 else { return nil }
                number = value
            }
            self.init(year: year, month: month, part: number)
        }
    }

    /// An entry line grocer could not read, kept as it came and said.
    public struct SetAside: Equatable, Sendable {
        public var line: ContentLine
        /// The entry's UID when the line names one: that entry counts as
        /// unchanged on the server, never as deleted.
        public var uid: String?
        public var reason: String
    }

    public struct Reading: Equatable, Sendable {
        public var uid: String
        public var key: Key
        /// By entry UID, in the order read (a UID once).
        public var entries: [(uid: String, entry: SyncedWeight)]
        public var setAside: [SetAside]

        public static func == (a: Reading, b: Reading) -> Bool {
            a.uid == b.uid && a.key == b.key && a.setAside == b.setAside && a.entries.map(\.uid) == b.entries.map(\.uid)
                && a.entries.map(\.entry) == b.entries.map(\.entry)
        }
    }

    /// Whether `calendar` is a month object (its one VJOURNAL has
    /// X-GROCER-MONTH), whatever else it holds.
    public static func isMonth(_ calendar: ICalComponent) -> Bool {
        TodoMapping.master("VJOURNAL", in: calendar)?.property("X-GROCER-MONTH") != nil
    }

    /// The month object's entries. Refused (the whole object set aside)
    /// when it is not one VJOURNAL with a UID and an X-GROCER-MONTH grocer
    /// reads; an entry line it cannot read is set aside alone.
    public static func read(_ calendar: ICalComponent, now: Date) throws(SyncRefusal) -> Reading {
        let journal = try TodoMapping.only("VJOURNAL", in: calendar)
        let uid = try TodoMapping.uid(of: journal)
        guard let monthText = journal.property("X-GROCER-MONTH")?.text,
            let key = Key(month: monthText, part: journal.property("X-GROCER-PART")?.text)
        else { throw .notOneComponent("month of weights") }
        var entries: [(uid: String, entry: SyncedWeight)] = []
        var seen = Set<String>()
        var setAside: [SetAside] = []
        for line in journal.properties(named: "X-GROCER-WEIGHT") {
            switch entry(line, now: now) {
            case .success(let (entryUID, entry)):
                guard seen.insert(entryUID).inserted else {
                    setAside.append(SetAside(line: line, uid: entryUID, reason: "a second entry with the UID of another in its month"))
                    continue
                }
                entries.append((entryUID, entry))
            case .failure(let refused):
                setAside.append(SetAside(line: line, uid: refused.uid, reason: refused.reason))
            }
        }
        return Reading(uid: uid, key: key, entries: entries, setAside: setAside)
    }

    private struct Refused: Error {
        var uid: String?
        var reason: String
    }

    /// One entry line: its UID, then the weight (as `JournalMapping` reads
    /// one), the time and the note.
    private static func entry(_ line: ContentLine, now: Date) -> Result<(String, SyncedWeight), Refused> {
        guard let raw = line.parameter("X-GROCER-UID")?.values.first.map(caretDecoded), !raw.isEmpty, raw.utf8.count <= 255,
            !raw.unicodeScalars.contains(where: { PlainText.isControl($0) || PlainText.isInvisible($0) })
        else { return .failure(Refused(uid: nil, reason: "an entry with no UID grocer can keep")) }
        // The value is the digits alone: servers (Radicale, Xandikos)
        // rewrite an X- property's value as TEXT, escaping its commas, so
        // nothing else may share it; the note is a parameter.
        guard let unit = line.parameter("X-GROCER-UNIT")?.values.first.flatMap(WeightUnit.init(rawValue:)) else {
            return .failure(Refused(uid: raw, reason: "an entry with no weight grocer can read"))
        }
        let weight: Weight
        switch ImportedWeight.read(line.text, unit: unit) {
        case .success(let reading): weight = reading.weight
        case .failure(let refused): return .failure(Refused(uid: raw, reason: "a weight grocer does not take: " + refused.reason))
        }
        guard let at = line.parameter("X-GROCER-AT")?.values.first, at.utf8.count == 16,
            let time = ICalDate.date(ContentLine(name: "X-GROCER-AT", value: at))
        else { return .failure(Refused(uid: raw, reason: "an entry with no time grocer can read")) }
        if let problem = WeighInTime.problem(time, now: now) {
            return .failure(Refused(uid: raw, reason: "a weight dated \(ICalDate.day(time)), \(problem.reason)"))
        }
        let rawNote = line.parameter("X-GROCER-NOTE").map { caretDecoded($0.values.joined(separator: ",")) } ?? ""
        let note = WeightNote.problem(in: rawNote) == nil ? WeightNote.trimmed(rawNote) : WeightNote.cleaned(rawNote)
        var bodyFat: BodyFat? = nil
        if let fat = line.parameter("X-GROCER-FAT") {
            // Not a body fat grocer takes: the line is kept as it came
            // rather than read without it (a write would then drop it).
            guard fat.values.count == 1, let value = BodyFat(digits: fat.values[0]) else {
                return .failure(Refused(uid: raw, reason: "a body fat grocer does not take (a percentage above 0 and below 100)"))
            }
            bodyFat = value
        }
        return .success((raw, SyncedWeight(weight: weight, recordedAt: time, note: note, bodyFat: bodyFat)))
    }

    /// The month object `key` holding `entries` (written oldest first):
    /// `existing` with grocer's lines made these, every other line (and
    /// every entry line set aside) kept, or a new object. DTSTAMP moves
    /// to `now` only when something changed.
    public static func write(
        _ entries: [(uid: String, entry: SyncedWeight)], key: Key, now: Date, updating existing: ICalComponent? = nil
    ) -> ICalComponent {
        let calendar = existing ?? TodoMapping.newCalendar()
        let old = TodoMapping.master("VJOURNAL", in: calendar)
        var journal = old ?? ICalComponent(name: "VJOURNAL").setting("UID", to: ContentLine(name: "UID", text: key.uid))
        let sorted = entries.sorted { ($0.entry.recordedAt, $0.uid) < ($1.entry.recordedAt, $1.uid) }
        // The entry lines set aside (as read at `now`) stay as they came.
        let kept = old == nil ? [] : ((try? read(calendar, now: now))?.setAside.map(\.line) ?? [])
        let first = key.month4.replacingOccurrences(of: "-", with: "") + "01"
        journal = journal.setting(
            "DTSTART", to: ContentLine(name: "DTSTART", parameters: [ICalParameter(name: "VALUE", values: ["DATE"])], value: first))
        journal = journal.setting("SUMMARY", to: ContentLine(name: "SUMMARY", text: key.summary))
        journal = journal.setting("DESCRIPTION", to: ContentLine(name: "DESCRIPTION", text: description(sorted)))
        journal = journal.setting("X-GROCER-MONTH", to: ContentLine(name: "X-GROCER-MONTH", value: key.month4))
        journal = journal.setting("X-GROCER-PART", to: key.part > 1 ? ContentLine(name: "X-GROCER-PART", value: String(key.part)) : nil)
        journal = journal.setting("X-GROCER-WEIGHT", to: sorted.map { line($0.uid, $0.entry) } + kept)
        guard journal != old else { return calendar }
        journal = journal.setting("DTSTAMP", to: ContentLine(name: "DTSTAMP", value: ICalDate.utc(now)))
        return calendar.placing(journal, over: old)
    }

    /// One entry's line.
    static func line(_ uid: String, _ entry: SyncedWeight) -> ContentLine {
        let note = SyncText.written(entry.note)
        var parameters = [
            ICalParameter(name: "X-GROCER-UID", values: [caretEncoded(uid)]),
            ICalParameter(name: "X-GROCER-UNIT", values: [entry.weight.unit.rawValue]),
            ICalParameter(name: "X-GROCER-AT", values: [ICalDate.utc(entry.recordedAt)]),
        ]
        if !note.isEmpty { parameters.append(ICalParameter(name: "X-GROCER-NOTE", values: [caretEncoded(note)])) }
        if let fat = entry.bodyFat { parameters.append(ICalParameter(name: "X-GROCER-FAT", values: [fat.digits])) }
        return ContentLine(name: "X-GROCER-WEIGHT", parameters: parameters, value: ICalText.escaped(entry.weight.digits))
    }

    /// One line per weigh-in, for a person; at most `descriptionLimit`
    /// bytes.
    static func description(_ entries: [(uid: String, entry: SyncedWeight)]) -> String {
        var lines: [String] = []
        var bytes = 0
        for (index, (_, entry)) in entries.enumerated() {
            let time = ICalDate.utc(entry.recordedAt)
            let day = ICalDate.day(entry.recordedAt)
            let clock = String(Array(time)[9..<11]) + ":" + String(Array(time)[11..<13])
            var line = "\(day) \(clock) UTC  \(entry.summary)"
            if let fat = entry.bodyFat { line += ", \(fat.digits) % body fat" }
            if !entry.note.isEmpty { line += "  " + SyncText.cleaned(entry.note, limit: 40) }
            if bytes + line.utf8.count + 1 > descriptionLimit - 40 {
                lines.append("... and \(entries.count - index) more")
                break
            }
            bytes += line.utf8.count + 1
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// RFC 6868: a `"` in a parameter value as `^'`, a `^` as `^^` (a
    /// note or a UID with `,` `;` `:` is quoted by the writer).
    static func caretEncoded(_ text: String) -> String {
        guard text.contains("^") || text.contains("\"") else { return text }
        return text.replacingOccurrences(of: "^", with: "^^").replacingOccurrences(of: "\"", with: "^'")
    }

    static func caretDecoded(_ text: String) -> String {
        guard text.contains("^") else { return text }
        var out = ""
        var caret = false
        for character in text {
            if caret {
                switch character {
                case "^": out.append("^")
                case "'": out.append("\"")
                case "n": out.append("\n")
                default: out.append("^" + String(character))
                }
                caret = false
            } else if character == "^" {
                caret = true
            } else {
                out.append(character)
            }
        }
        if caret { out.append("^") }
        return out
    }
}
