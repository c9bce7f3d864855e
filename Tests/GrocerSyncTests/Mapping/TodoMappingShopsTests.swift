import Foundation
import GrocerCore
import Testing

@testable import GrocerSync

/// The shops an item is bought at over sync (issue 33): X-GROCER-SHOPS, a
/// TEXT list, both ways; a join keeps the shops the server's copy left out.
@Suite struct TodoMappingShopsTests {
    let locale = Locale(identifier: "en_US")
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    static var milk: SyncedItem {
        var item = SyncedItem(name: "milk", aisle: "Dairy")
        item.shops = ["Market", "Bio, Laden"]
        return item
    }

    @Test func theShopsRoundTripInXGrocerShopsWithACommaInANameEscaped() throws {
        let written = ICalendar.write(TodoMapping.write(Self.milk, uid: "u1", sortOrder: 1, now: now))
        #expect(written.contains("\r\nX-GROCER-SHOPS:Market,Bio\\, Laden\r\n"), "\(written)")
        let read = try TodoMapping.read(try ICalendar.read(written), knownUnits: [], locale: locale)
        #expect(read.item == Self.milk)
    }

    @Test func noShopWritesNoPropertyAndTakesAnOldOneAway() throws {
        var anywhere = Self.milk
        anywhere.shops = []
        let first = TodoMapping.write(Self.milk, uid: "u1", sortOrder: 1, now: now)
        let written = ICalendar.write(TodoMapping.write(anywhere, uid: "u1", sortOrder: 1, now: now, updating: first))
        #expect(!written.contains("X-GROCER-SHOPS"))
        #expect(try TodoMapping.read(try ICalendar.read(written), knownUnits: [], locale: locale).item.shops == [])
    }

    @Test func aJoinKeepsTheShopsAPhoneDidNotSend() {
        let phone = SyncedItem(name: "Milk", quantity: try! GroceryQuantity(canonical: "2"))
        #expect(phone.joined(to: Self.milk).shops == ["Market", "Bio, Laden"])
        #expect(phone.filled(from: Self.milk).shops == ["Market", "Bio, Laden"])
        var own = phone
        own.shops = ["Super"]
        #expect(own.filled(from: Self.milk).shops == ["Super"])
    }

    @Test func aShopsChangeOnOneSideIsTakenAndOnBothTheServersShows() {
        var local = Self.milk
        local.shops = ["Market"]
        let merged = ItemMerge.merge(base: Self.milk, local: local, remote: Self.milk)
        #expect(merged.merged?.shops == ["Market"] && merged.conflicts.isEmpty)
        var remote = Self.milk
        remote.shops = ["Super"]
        let both = ItemMerge.merge(base: Self.milk, local: local, remote: remote)
        #expect(both.merged?.shops == ["Super"] && both.conflicts.map(\.field) == [.shops])
    }
}
