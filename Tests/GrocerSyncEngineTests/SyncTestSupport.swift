import Foundation
import GrocerCore
import GrocerStore
import GrocerSync

@testable import GrocerSyncEngine

/// One machine: a ledger and an engine on a server's collection.
struct Machine {
    let ledger: MemoryLedger
    let engine: SyncEngine

    /// `typed`: the collection's URL as the person typed it, when not
    /// the server's own form.
    init(_ server: FakeCalDAV, _ collection: SyncCollection = .list, typed: String? = nil) {
        let client = typed.map { DAVClient(collection: try! DAVEndpoint($0), transport: server) } ?? server.client
        ledger = MemoryLedger(SyncAccount(collection: collection, url: typed ?? server.endpoint.url))
        engine = SyncEngine(ledger: ledger, client: client, collection: collection, locale: MemoryLedger.locale, now: { Sync.now })
    }

    @discardableResult func sync() async throws(SyncFailure) -> SyncSummary { try await engine.sync() }
}

enum Sync {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)
    static let units = ["g", "kg", "l", "ml"]

    /// The server's list, read as a phone or grocer would, by name.
    static func list(_ server: FakeCalDAV) -> [SyncedItem] {
        server.objects.values.compactMap { text in
            (try? ICalendar.read(text)).flatMap { try? TodoMapping.read($0, knownUnits: units, locale: MemoryLedger.locale).item }
        }.sorted { $0.name < $1.name }
    }

    /// The server's weights, read either way: an object per entry (0.4.0)
    /// or a month of them (issue 35).
    static func weights(_ server: FakeCalDAV) -> [SyncedWeight] {
        server.objects.values.flatMap { text -> [SyncedWeight] in
            guard let calendar = try? ICalendar.read(text) else { return [] }
            if MonthMapping.isMonth(calendar) { return (try? MonthMapping.read(calendar, now: Sync.now).entries.map(\.entry)) ?? [] }
            return (try? JournalMapping.read(calendar, now: Sync.now).entry).map { [$0] } ?? []
        }
        .sorted { ($0.recordedAt, $0.weight.digits) < ($1.recordedAt, $1.weight.digits) }
    }

    /// An entry's own object, as grocer 0.4.0 wrote it.
    static func entryObject(uid: String, _ weight: SyncedWeight) -> String {
        ICalendar.write(JournalMapping.write(weight, uid: uid, now: Sync.now))
    }

    /// The path of the member whose item is called `name`.
    static func path(of name: String, _ server: FakeCalDAV) -> String? {
        server.objects.first { _, text in
            (try? ICalendar.read(text)).flatMap { try? TodoMapping.read($0, knownUnits: units, locale: MemoryLedger.locale).item.name } == name
        }?.key
    }

    /// A VTODO as a phone writes it: a SUMMARY only, and what `extra`
    /// adds.
    static func phoneTodo(uid: String, summary: String, extra: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261120T090000Z", "SUMMARY:\(summary)"]
            + extra + ["END:VTODO", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    }

    /// `text` with its property `name` set to `value` (nil: removed), as a
    /// phone edits an item.
    static func setting(_ name: String, _ value: String?, in text: String) -> String {
        var lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty && !$0.hasPrefix(name + ":") && !$0.hasPrefix(name + ";") }
        if let value, let end = lines.firstIndex(where: { $0.hasPrefix("END:VTODO") || $0.hasPrefix("END:VJOURNAL") }) {
            lines.insert("\(name):\(value)", at: end)
        }
        return lines.map { $0 + "\r\n" }.joined()
    }

    static func weight(_ digits: String, _ seconds: TimeInterval, note: String = "") -> SyncedWeight {
        SyncedWeight(weight: Weight(digits: digits, unit: .kg)!, recordedAt: Date(timeIntervalSince1970: 1_790_000_000 + seconds), note: note)
    }
}

extension SyncedItem {
    static func named(_ name: String, _ quantity: String = "1", unit: String? = nil, aisle: String? = nil, ticked: Bool = false) -> SyncedItem {
        SyncedItem(name: name, quantity: try! GroceryQuantity(canonical: quantity), unit: unit, aisle: aisle, ticked: ticked)
    }
}
