import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// Version 9 -> 10: shops, their aisle orders and hidden aisles, and the
/// shops an item is bought at (issue 33), in new tables.
@Suite struct Version10StepTests {
    @Test func version10FollowsVersion9() {
        #expect(FormatStep.released.map(\.version).prefix(6) == [5, 6, 7, 8, 9, 10])
    }

    @Test func aVersion9StoreKeepsItsRowsAndGainsNoShop() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Version9StepTests.version8Store(fixture)
        try Migrator(
            path: fixture.path, options: fixture.options(backup: false),
            steps: [FormatStep.version5, FormatStep.version6, FormatStep.version7, FormatStep.version8, FormatStep.version9]
        )
        .run()
        try FileManager.default.removeItem(at: fixture.logURL)
        try #require(try Version5StepTests.int(fixture.path, "PRAGMA user_version") == 9)
        let before = try Version5StepTests.contents(fixture.path)

        // This step alone (the later ones add columns to rows).
        let summary = try Migrator(
            path: fixture.path, options: fixture.options(backup: false), steps: Array(FormatStep.released.prefix(6))
        )
        .run()

        #expect(summary.fromVersion == 9 && summary.toVersion == 10)
        let after = try Version5StepTests.contents(fixture.path)
        #expect(after.filter { !$0.hasPrefix("user_version") } == before.filter { !$0.hasPrefix("user_version") })
        try FileManager.default.removeItem(at: fixture.logURL)
        try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(try SchemaCheckTests.tableTexts(fixture.path) == SchemaCheck.expectedSQL)
        let store = try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        #expect(try store.shops.all().isEmpty && store.shops.itemShops().isEmpty)
        try store.shops.add(named: "Market")
        #expect(try store.shops.all().map(\.name) == ["Market"])
    }
}
