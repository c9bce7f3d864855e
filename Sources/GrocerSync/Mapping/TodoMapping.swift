import Foundation
import GrocerCore

/// A grocery item as a VTODO, and back.
///
/// Written: SUMMARY is what a phone shows (`SyncedItem.summary`: "2 can +
/// 400 g tomatoes" with a second amount); grocer's exact fields go in
/// X-GROCER-NAME, -QUANTITY, -UNIT, -AISLE and -PLACE, a second amount in
/// X-GROCER-SECOND-QUANTITY and -SECOND-UNIT (absent for none);
/// the aisle also in CATEGORIES (some clients drop CATEGORIES, todoman#491);
/// X-APPLE-SORT-ORDER follows the aisle order; ticked is STATUS:COMPLETED,
/// COMPLETED and PERCENT-COMPLETE:100, unticked STATUS:NEEDS-ACTION
/// without the other two; the item's note is DESCRIPTION (issue 33),
/// written only when grocer's note changed, so a phone's longer or
/// multi-line DESCRIPTION stays byte for byte until the note is edited
/// here. Every other line is kept as it came: a recurring task's
/// overrides (`only`). No value grocer writes is longer
/// than `SyncText.writtenLimit`.
///
/// Read: a SUMMARY that is not the one grocer's fields would give was
/// written by someone else (a phone made or renamed the item), so it is
/// read with quick entry ("3 apples"; "2 cans + 400 g tomatoes" gives both
/// amounts) and wins over X-GROCER-NAME, -QUANTITY, -UNIT and the second
/// amount; a SUMMARY that no longer says the second amount grocer wrote
/// takes it away, and the reading says so (`SyncNote.dropped`). The aisle is X-GROCER-AISLE when CATEGORIES holds
/// it or is gone, else the first category. A tick from any app counts.
/// DESCRIPTION is the note as a weigh-in's note is read from a file
/// (`WeightNote.cleaned`: one line, control characters made spaces, at most
/// `WeightNote.maxLength` characters; Apple's empty DESCRIPTION is none).
public enum TodoMapping {
    /// An item read, with its UID and what reading it changed.
    public struct Reading: Equatable, Sendable {
        public var uid: String
        public var item: SyncedItem
        public var notes: [SyncNote]
        /// Whether the SUMMARY was read with quick entry (a phone's, or
        /// one grocer's fields would not give): then the reading depends on
        /// `knownUnits` and `locale` too, not on the copy alone.
        public var typedSummary = false
    }

    static let uidLimit = 255
    static let nameLimit = QuickEntry.maximumNameLength

    /// The one VTODO of a calendar object, read as an item. `knownUnits`
    /// and `locale` are quick entry's, for a SUMMARY a phone wrote.
    public static func read(_ calendar: ICalComponent, knownUnits: [String], locale: Locale) throws(SyncRefusal) -> Reading {
        let todo = try only("VTODO", in: calendar)
        let uid = try Self.uid(of: todo)
        var notes: [SyncNote] = []
        var typedSummary = false
        func text(_ name: String, limit: Int = nameLimit) -> String? {
            guard let line = todo.property(name) else { return nil }
            let raw = line.text
            let clean = SyncText.cleaned(raw, limit: limit)
            if clean != raw { notes.append(.cleaned(property: name)) }
            return clean.isEmpty ? nil : clean
        }
        let summary = text("SUMMARY") ?? ""
        var item: SyncedItem
        if let name = text("X-GROCER-NAME") {
            item = SyncedItem(name: name, unit: text("X-GROCER-UNIT"))
            if let quantity = text("X-GROCER-QUANTITY") {
                if let exact = try? GroceryQuantity(canonical: quantity) {
                    item.quantity = exact
                } else {
                    notes.append(.unreadable(property: "X-GROCER-QUANTITY", value: quantity))
                }
            }
            item.second = second(of: todo, notes: &notes)
            if !summary.isEmpty && summary != item.summary {
                typedSummary = true
                guard let typed = typed(summary, knownUnits: knownUnits, locale: locale, notes: &notes) else { throw .noName }
                if let second = item.second, typed.second == nil {
                    notes.append(.dropped(property: "X-GROCER-SECOND-QUANTITY", value: second.text))
                }
                (item.name, item.quantity, item.unit, item.second) = (typed.name, typed.quantity, typed.unit, typed.second)
            }
        } else {
            typedSummary = true
            guard let typed = typed(summary, knownUnits: knownUnits, locale: locale, notes: &notes) else { throw .noName }
            item = typed
        }
        let categories = todo.properties(named: "CATEGORIES").flatMap { ICalText.list($0.value) }
            .map { SyncText.cleaned($0, limit: nameLimit) }.filter { !$0.isEmpty }
        let grocerAisle = text("X-GROCER-AISLE")
        if let grocerAisle, categories.isEmpty || categories.contains(grocerAisle) {
            item.aisle = grocerAisle
        } else {
            item.aisle = categories.first
        }
        item.place = text("X-GROCER-PLACE")
        item.shops = shops(of: todo)
        item.ticked = ticked(todo)
        let description = todo.property("DESCRIPTION")?.text ?? ""
        item.note = WeightNote.problem(in: description) == nil ? WeightNote.trimmed(description) : WeightNote.cleaned(description)
        if item.note != WeightNote.trimmed(description) { notes.append(.cleaned(property: "DESCRIPTION")) }
        return Reading(uid: uid, item: item, notes: notes, typedSummary: typedSummary)
    }

    /// X-GROCER-SECOND-QUANTITY (canonical) and -SECOND-UNIT: the second
    /// amount; none when the quantity is absent, or unreadable (said).
    static func second(of todo: ICalComponent, notes: inout [SyncNote]) -> SyncedItem.Second? {
        guard let text = todo.property("X-GROCER-SECOND-QUANTITY")?.text else { return nil }
        guard let quantity = try? GroceryQuantity(canonical: text) else {
            notes.append(.unreadable(property: "X-GROCER-SECOND-QUANTITY", value: text))
            return nil
        }
        let unit = todo.property("X-GROCER-SECOND-UNIT").map { SyncText.cleaned($0.text, limit: nameLimit) }
        return SyncedItem.Second(quantity, unit?.isEmpty == false ? unit : nil)
    }

    /// X-GROCER-SHOPS: the shops' names, a TEXT list (`,` between them,
    /// escaped within one), each cleaned as a name is; none when absent.
    static func shops(of todo: ICalComponent) -> [String] {
        guard let line = todo.property("X-GROCER-SHOPS") else { return [] }
        var seen: Set<String> = []
        return ICalText.list(line.value).map { SyncText.cleaned($0, limit: nameLimit) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Ticked by any app's way of saying so: STATUS:COMPLETED, or a
    /// COMPLETED time, or PERCENT-COMPLETE:100 with no STATUS.
    public static func ticked(_ todo: ICalComponent) -> Bool {
        let status = todo.property("STATUS")?.value.uppercased()
        if status == "COMPLETED" || todo.property("COMPLETED") != nil { return true }
        let percent = todo.property("PERCENT-COMPLETE").flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) }
        return status == nil && percent == 100
    }

    /// A SUMMARY read as quick entry reads a typed line; a line it refuses
    /// ("2 kg" alone, a quantity of 0) is the name as it stands.
    static func typed(_ summary: String, knownUnits: [String], locale: Locale, notes: inout [SyncNote]) -> SyncedItem? {
        guard !summary.isEmpty else { return nil }
        if let both = typedWithSecond(summary, knownUnits: knownUnits, locale: locale) { return both }
        switch QuickEntry.parse(summary, knownUnits: knownUnits, locale: locale) {
        case .success(let entry): return SyncedItem(name: entry.name, quantity: entry.quantity, unit: entry.unit)
        case .failure:
            notes.append(.unreadable(property: "SUMMARY", value: summary))
            return SyncedItem(name: summary)
        }
    }

    /// "2 cans + 400 g tomatoes" (as `SyncedItem.summary` writes it, or a
    /// phone rewrote it): the first amount before " + ", the second amount
    /// and the name after it; nil when the SUMMARY is not of that shape.
    static func typedWithSecond(_ summary: String, knownUnits: [String], locale: Locale) -> SyncedItem? {
        guard let plus = summary.range(of: " + ") else { return nil }
        let first = String(summary[..<plus.lowerBound])
        let rest = String(summary[plus.upperBound...])
        guard case .success(let amount) = QuickEntry.parse(first + " x", knownUnits: knownUnits, locale: locale),
            amount.quantityTyped, amount.name == "x", amount.aisle == nil,
            case .success(let entry) = QuickEntry.parse(rest, knownUnits: knownUnits, locale: locale), entry.quantityTyped
        else { return nil }
        var item = SyncedItem(name: entry.name, quantity: amount.quantity, unit: amount.unit)
        item.second = SyncedItem.Second(entry.quantity, entry.unit)
        return item
    }

    /// The calendar object for `item`: `existing` (the server's copy, every
    /// line it holds kept) with grocer's properties made the item's, or a
    /// new one. A property whose value the item does not change is not
    /// touched (a phone's "3 Apples" stays as the phone wrote it). DTSTAMP
    /// and LAST-MODIFIED move to `now` only when something changed.
    /// `sortOrder` is X-APPLE-SORT-ORDER (`sortOrder(aislePosition:rank:)`).
    public static func write(
        _ item: SyncedItem, uid: String, sortOrder: Int?, now: Date, updating existing: ICalComponent? = nil,
        knownUnits: [String] = [], locale: Locale = Locale(identifier: "en_US_POSIX")
    ) -> ICalComponent {
        let calendar = existing ?? newCalendar()
        let old = master("VTODO", in: calendar)
        var todo =
            old
            ?? ICalComponent(name: "VTODO").setting("UID", to: ContentLine(name: "UID", text: uid))
            .setting("CREATED", to: ContentLine(name: "CREATED", value: ICalDate.utc(now)))
        let current = old.flatMap { _ in try? read(calendar, knownUnits: knownUnits, locale: locale).item }
        func set(_ name: String, _ text: String?) {
            todo = todo.setting(name, to: text.map { ContentLine(name: name, text: SyncText.written($0)) })
        }
        if current.map({ ($0.name, $0.quantity, $0.unit, $0.second) != (item.name, item.quantity, item.unit, item.second) }) ?? true {
            set("SUMMARY", item.summary)
        }
        set("X-GROCER-NAME", item.name)
        set("X-GROCER-QUANTITY", item.quantity.canonical)
        set("X-GROCER-UNIT", item.unit)
        set("X-GROCER-SECOND-QUANTITY", item.second?.quantity.canonical)
        set("X-GROCER-SECOND-UNIT", item.second?.unit)
        set("X-GROCER-AISLE", item.aisle)
        set("X-GROCER-PLACE", item.place)
        if current.map({ $0.shops != item.shops }) ?? true {
            let names = item.shops.map(SyncText.written)
            todo = todo.setting(
                "X-GROCER-SHOPS", to: names.isEmpty ? nil : ContentLine(name: "X-GROCER-SHOPS", value: ICalText.joined(names)))
        }
        if (current?.note ?? "") != item.note { set("DESCRIPTION", item.note.isEmpty ? nil : item.note) }
        if current?.aisle != item.aisle {
            var categories = todo.properties(named: "CATEGORIES").flatMap { ICalText.list($0.value) }
            categories.removeAll { $0 == current?.aisle || $0 == item.aisle || $0.isEmpty }
            if let aisle = item.aisle { categories.insert(aisle, at: 0) }
            todo = todo.setting(
                "CATEGORIES", to: categories.isEmpty ? nil : ContentLine(name: "CATEGORIES", value: ICalText.joined(categories.map(SyncText.written)))
            )
        }
        if let sortOrder { todo = todo.setting("X-APPLE-SORT-ORDER", to: ContentLine(name: "X-APPLE-SORT-ORDER", value: String(sortOrder))) }
        if current?.ticked != item.ticked {
            todo = todo.setting("STATUS", to: ContentLine(name: "STATUS", value: item.ticked ? "COMPLETED" : "NEEDS-ACTION"))
            todo = todo.setting("COMPLETED", to: item.ticked ? ContentLine(name: "COMPLETED", value: ICalDate.utc(now)) : nil)
            todo = todo.setting("PERCENT-COMPLETE", to: item.ticked ? ContentLine(name: "PERCENT-COMPLETE", value: "100") : nil)
        }
        guard todo != old else { return calendar }
        todo = todo.setting("DTSTAMP", to: ContentLine(name: "DTSTAMP", value: ICalDate.utc(now)))
        todo = todo.setting("LAST-MODIFIED", to: ContentLine(name: "LAST-MODIFIED", value: ICalDate.utc(now)))
        return calendar.placing(todo, over: old)
    }

    /// X-APPLE-SORT-ORDER for an item: its aisle's position, then its rank
    /// in the aisle (up to 9,999), ascending; items with no aisle last.
    public static func sortOrder(aislePosition: Int?, rank: Int) -> Int {
        let aisle = aislePosition.map { min(max($0, -99_999), 99_999) + 100_000 } ?? 200_000
        return aisle * 10_000 + min(max(rank, 0), 9_999)
    }

    static func newCalendar() -> ICalComponent {
        ICalComponent(
            name: "VCALENDAR",
            children: [
                .property(ContentLine(name: "VERSION", value: "2.0")),
                .property(ContentLine(name: "PRODID", value: "-//grocer//grocer//EN")),
            ])
    }

    /// The one component called `name` in a VCALENDAR (a VTIMEZONE beside
    /// it is fine), or its master: a recurring task as Thunderbird writes
    /// it is the master (no RECURRENCE-ID) and one override per changed
    /// occurrence (a RECURRENCE-ID, the same UID). Grocer reads and writes
    /// the master only; the overrides are kept as they came. Two masters,
    /// or an override of another UID, are not one object: refused.
    static func only(_ name: String, in calendar: ICalComponent) throws(SyncRefusal) -> ICalComponent {
        guard let master = master(name, in: calendar) else { throw .notOneComponent(name) }
        return master
    }

    /// The master of `name` in `calendar` (see `only`), nil when there is
    /// not exactly one.
    public static func master(_ name: String, in calendar: ICalComponent) -> ICalComponent? {
        let found = calendar.components(named: name)
        guard calendar.name == "VCALENDAR" else { return nil }
        let masters = found.filter { $0.property("RECURRENCE-ID") == nil }
        guard masters.count == 1 else { return nil }
        let uid = masters[0].property("UID")?.value
        guard found.allSatisfy({ $0.property("UID")?.value == uid }) else { return nil }
        return masters[0]
    }

    /// A UID as it came; refused when empty, past 255 bytes or holding a
    /// control character (it names a resource and is kept as a key).
    static func uid(of component: ICalComponent) throws(SyncRefusal) -> String {
        guard let uid = component.property("UID")?.text, !uid.isEmpty, uid.utf8.count <= uidLimit,
            !uid.unicodeScalars.contains(where: { PlainText.isControl($0) || PlainText.isInvisible($0) })
        else { throw .noUID }
        return uid
    }
}
