import Foundation
import GrocerCore
import GrocerStore
import GrocerSync

/// What differs between the list and the weights, for the one engine:
/// how an object reads and writes, merges, goes into a batch and shows
/// in a conflict. Made from the ledger's local values at the start of
/// each try, so the writes know the aisle order of that moment.
struct SyncKind<Value: Hashable & Sendable, Field: Hashable & Sendable & RawRepresentable> where Field.RawValue == String {
    var component: DAVClient.Component
    /// The local side, by the item's or entry's id.
    var locals: [Int64: Value]
    /// The list's X-APPLE-SORT-ORDER for each item, by id (the aisle's
    /// position, then the rank in the aisle); empty for the weights.
    var orders: [Int64: Int]
    var read: ([UInt8]) -> (uid: String, value: Value)?
    /// Why `read` gave nil for these bytes, in a person's words: what the
    /// summary says of an object set aside.
    var whyUnread: ([UInt8]) -> String
    /// Whether bytes `read` refused would read within `WeighInAhead.waited`
    /// (a weigh-in a phone dated a little ahead: its clock, its zone):
    /// the token then stays where it was, so a later sync lists the
    /// object again and takes it once its time has come.
    var readableLater: ([UInt8]) -> Bool = { _ in false }
    /// `read`, with the reading to keep beside the copy once agreed
    /// (`SyncRecord.agreedReading`, issue 35); nil: this kind keeps none.
    var readKeeping: (([UInt8]) -> (uid: String, value: Value, kept: String?)?)?
    /// The value a record's kept reading gives, when it is the reading of
    /// the record's copy in today's context; nil: read the copy.
    var kept: (SyncRecord) -> Value? = { _ in nil }
    /// Whether a phone wrote these bytes (the list: no X-GROCER-NAME), so
    /// that a new item is filed by the catalogue (issue 33).
    var typedByPhone: ([UInt8]) -> Bool = { _ in false }
    /// The bytes for `value`: `existing` (the server's or the agreed copy)
    /// updated, every line grocer does not own kept; `sortOrder` nil keeps
    /// the order `existing` has.
    var write: (_ value: Value, _ uid: String, _ existing: [UInt8]?, _ sortOrder: Int?) -> [UInt8]
    var merge: (_ base: Value?, _ local: Value?, _ remote: Value?) -> MergeResult<Value, Field>
    var add: (inout SyncBatch, SyncBatch.Change<Value>) -> Void
    /// Whether a new remote object is a new local one (items: one
    /// "Limes"); nil: never (weights made on two machines are both kept).
    var sameName: ((Value, Value) -> Bool)?
    var title: (Value) -> String
    /// A field's value as a person reads it; nil: deleted.
    var shown: (Field, Value?) -> String?
    var json: (Value) -> String
}

extension SyncKind where Value == SyncedItem, Field == ItemField {
    /// The list: VTODOs, X-APPLE-SORT-ORDER from the aisle's position
    /// and the item's rank in its aisle by name. A phone's item (no
    /// X-GROCER-NAME) takes the spelling of a name the list knows.
    static func list(_ items: [SyncLocalItem], locale: Locale, now: Date) -> Self {
        let units = Array(Set(items.compactMap(\.item.unit) + items.compactMap(\.item.second?.unit) + ["g", "kg", "ml", "l", "lb", "oz"])).sorted()
        let known = KnownNames(items.map(\.item.name), locale: locale)
        var orders: [Int64: Int] = [:]
        for (position, group) in Dictionary(grouping: items, by: \.aislePosition) {
            // Each name lower-cased once, not on every comparison (it was
            // most of an idle sync's time at 10,000 items).
            let ranked = group.map { (name: $0.item.name.lowercased(), id: $0.id) }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
            for (rank, item) in ranked.enumerated() {
                orders[item.id] = TodoMapping.sortOrder(aislePosition: position, rank: rank)
            }
        }
        // What a reading depends on besides the copy: quick entry's units
        // and locale, for a SUMMARY a phone wrote.
        let context = AgreedReading.context(units: units, locale: locale.identifier)
        func reading(_ bytes: [UInt8]) -> (uid: String, value: SyncedItem, kept: String?)? {
            guard let calendar = try? ICalendar.read(bytes),
                let reading = try? TodoMapping.read(calendar, knownUnits: units, locale: locale)
            else { return nil }
            let typedByPhone = TodoMapping.master("VTODO", in: calendar)?.property("X-GROCER-NAME") == nil
            let kept = AgreedReading(copy: bytes, context: reading.typedSummary ? context : "", phone: typedByPhone, item: reading.item)
            return (reading.uid, typedByPhone ? known.matching(reading.item) : reading.item, kept.text)
        }
        var kind = SyncKind(
            component: .todo,
            locals: Dictionary(items.map { ($0.id, $0.item) }, uniquingKeysWith: { a, _ in a }),
            orders: orders,
            read: { bytes in reading(bytes).map { ($0.uid, $0.value) } },
            whyUnread: { bytes in
                reasonUnread(bytes, "an item") { (calendar) throws(SyncRefusal) in
                    _ = try TodoMapping.read(calendar, knownUnits: units, locale: locale)
                }
            },
            typedByPhone: { bytes in
                guard let calendar = try? ICalendar.read(bytes) else { return false }
                return TodoMapping.master("VTODO", in: calendar)?.property("X-GROCER-NAME") == nil
            },
            write: { item, uid, existing, sortOrder in
                let old = existing.flatMap { try? ICalendar.read($0) }
                let calendar = TodoMapping.write(
                    item, uid: uid, sortOrder: sortOrder, now: now, updating: old, knownUnits: units, locale: locale)
                return Array(ICalendar.write(calendar).utf8)
            },
            merge: { ItemMerge.merge(base: $0, local: $1, remote: $2) },
            add: { $0.items.append($1) },
            sameName: { SyncedItem.sameName($0.name, $1.name, locale: locale) },
            title: { $0.name },
            shown: { field, item in
                guard let item else { return nil }
                switch field {
                case .name: return item.name
                case .amount:
                    return [item.quantity.canonical, item.unit, item.second.map { "+ " + $0.text }].compactMap { $0 }.joined(separator: " ")
                case .aisle: return item.aisle ?? "no aisle"
                case .place: return item.place ?? "no place"
                case .shops: return item.shops.isEmpty ? "any shop" : item.shops.joined(separator: ", ")
                case .ticked: return item.ticked ? "ticked" : "not ticked"
                case .note: return item.note.isEmpty ? "no note" : item.note
                case .presence: return item.summary
                }
            },
            json: ConflictRecord.json)
        kind.readKeeping = reading
        // The kept reading of the record's own copy, read in this context;
        // the name a phone's copy gives matched as `read` matches it.
        kind.kept = { record in
            guard let text = record.agreedReading, let agreed = record.agreed, let kept = AgreedReading(text),
                kept.context.isEmpty || kept.context == context, kept.reads(agreed)
            else { return nil }
            return kept.phone ? known.matching(kept.item) : kept.item
        }
        return kind
    }
}

/// A weigh-in a phone dated after now, waited for.
enum WeighInAhead {
    /// How far ahead it is waited for (two days: a clock set wrong, a zone
    /// taken for UTC); one dated later (2099, a typo) is set aside for
    /// good, and the token moves past it.
    static let waited: TimeInterval = 2 * 24 * 60 * 60
}

extension SyncKind where Value == SyncedWeight, Field == WeightField {
    /// The weights: VJOURNALs.
    static func weights(_ entries: [SyncLocalWeight], now: Date) -> Self {
        SyncKind(
            component: .journal,
            locals: Dictionary(entries.map { ($0.id, $0.weight) }, uniquingKeysWith: { a, _ in a }),
            orders: [:],
            read: { bytes in
                // The settings' UID is never a weight (issue 36).
                guard let calendar = try? ICalendar.read(bytes), let reading = try? JournalMapping.read(calendar, now: now),
                    reading.uid != SettingsMapping.uid
                else { return nil }
                return (reading.uid, reading.entry)
            },
            whyUnread: { bytes in
                reasonUnread(bytes, "a weight") { (calendar) throws(SyncRefusal) in _ = try JournalMapping.read(calendar, now: now) }
            },
            readableLater: { bytes in
                guard let calendar = try? ICalendar.read(bytes),
                    let reading = try? JournalMapping.read(calendar, now: now.addingTimeInterval(WeighInAhead.waited))
                else { return false }
                return reading.uid != SettingsMapping.uid
            },
            write: { entry, uid, existing, _ in
                let old = existing.flatMap { try? ICalendar.read($0) }
                return Array(ICalendar.write(JournalMapping.write(entry, uid: uid, now: now, updating: old)).utf8)
            },
            merge: { WeightMerge.merge(base: $0, local: $1, remote: $2) },
            add: { $0.weights.append($1) },
            sameName: nil,
            title: { "\($0.summary) on \($0.recordedAt.formatted(.iso8601))" },
            shown: { field, entry in
                guard let entry else { return nil }
                switch field {
                case .weight, .presence: return entry.summary
                case .time: return ICalDate.utc(entry.recordedAt)
                case .note: return entry.note.isEmpty ? "no note" : entry.note
                case .bodyFat: return entry.bodyFat.map { "\($0.digits) % body fat" } ?? "no body fat"
                }
            },
            json: ConflictRecord.json)
    }
}

extension SyncKind where Value == SyncedSettings, Field == SettingsField {
    /// The one local id the settings object's record stands for in the
    /// planner (the store keeps its record with none).
    static let settingsID: Int64 = 0

    /// The settings object of the weights collection (issue 36), one
    /// object, UID `SettingsMapping.uid`. `local` nil: nothing to send
    /// (nothing set here and no object agreed on yet). A field the
    /// server's copy holds and grocer does not take (set aside) reads as
    /// the local value: not a change, so it neither applies here nor
    /// clears anything; the engine says it (`setAside`).
    static func settings(_ local: SyncedSettings?, now: Date) -> Self {
        func reading(_ bytes: [UInt8]) -> SettingsMapping.Reading? {
            guard let calendar = try? ICalendar.read(bytes) else { return nil }
            return try? SettingsMapping.read(calendar)
        }
        return SyncKind(
            component: .journal,
            locals: local.map { [settingsID: $0] } ?? [:],
            orders: [:],
            read: { bytes in
                guard var reading = reading(bytes) else { return nil }
                let here = local ?? SyncedSettings()
                for field in reading.setAside.keys {
                    switch field {
                    case .goal: reading.settings.goal = here.goal
                    case .unit: reading.settings.unit = here.unit
                    case .height: reading.settings.height = here.height
                    }
                }
                return (SettingsMapping.uid, reading.settings)
            },
            whyUnread: { bytes in
                reasonUnread(bytes, "grocer's settings") { (calendar) throws(SyncRefusal) in _ = try SettingsMapping.read(calendar) }
            },
            write: { settings, _, existing, _ in
                let old = existing.flatMap { try? ICalendar.read($0) }
                return Array(ICalendar.write(SettingsMapping.write(settings, now: now, updating: old)).utf8)
            },
            merge: { SettingsMerge.merge(base: $0, local: $1, remote: $2) },
            add: { $0.settings.append($1) },
            // Both machines' settings are the one object: a new one on the
            // server joins the settings here.
            sameName: { _, _ in true },
            title: { _ in "grocer settings" },
            shown: { field, settings in
                guard let settings else { return nil }
                switch field {
                case .goal: return settings.goal.map { "\($0.digits) \($0.unit.rawValue)" } ?? "no goal"
                case .unit: return settings.unit?.rawValue ?? "not chosen"
                case .height: return settings.height?.stored ?? "no height"
                }
            },
            json: ConflictRecord.json)
    }

    /// The fields of the server's copy `bytes` set aside, each said.
    static func setAside(_ bytes: [UInt8]) -> [String] {
        guard let calendar = try? ICalendar.read(bytes), let reading = try? SettingsMapping.read(calendar) else { return [] }
        return SettingsField.allCases.compactMap { reading.setAside[$0] }
    }
}

/// Why an object could not be read, in a person's words: the reader's
/// problem, or the mapping's refusal ("a weight dated 1800-01-01, ...").
/// `kind` ("a weight") opens a reason that does not name the object.
private func reasonUnread(_ bytes: [UInt8], _ kind: String, _ read: (ICalComponent) throws(SyncRefusal) -> Void) -> String {
    let calendar: ICalComponent
    do { calendar = try ICalendar.read(bytes) } catch { return error.description }
    do {
        try read(calendar)
    } catch {
        switch error {
        case .badWeight, .badTime, .notSettings: return error.description
        default: return "\(kind) with \(error.description)"
        }
    }
    return "\(kind) grocer could not read"
}
