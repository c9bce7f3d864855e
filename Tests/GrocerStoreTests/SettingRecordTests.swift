import Foundation
import GRDB
import Testing

@testable import GrocerStore

/// The one accessor of the `setting` table: every setting grocer keeps goes
/// through it, by a `SettingKey`.
@Suite struct SettingRecordTests {
    @Test func aSettingIsReadWrittenReplacedAndRemoved() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")
            #expect(try SettingRecord.value(of: .goal, db) == nil)
            try SettingRecord.set(.goal, to: "75 kg", db)
            try SettingRecord.set(.goal, to: "70 kg", db)
            #expect(try SettingRecord.value(of: .goal, db) == "70 kg")
            #expect(try String.fetchAll(db, sql: "SELECT key FROM setting") == ["weight.goal"])
            try SettingRecord.set(.goal, to: nil, db)
            #expect(try SettingRecord.value(of: .goal, db) == nil)
            try SettingRecord.set(.goal, to: nil, db)  // none to remove: fine
        }
    }

    /// A value a file changed outside grocer holds as a blob or a number:
    /// `value` says so, `readableValue` reads it as none.
    @Test func aValueThatIsNotTextIsAProblemOrNone() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE setting (key, value)")
            try db.execute(sql: "INSERT INTO setting VALUES ('height', x'3138'), ('weight.goal', 75)")
            #expect(throws: FieldProblem.self) { try SettingRecord.value(of: .height, db) }
            #expect(try SettingRecord.readableValue(of: .height, db) == nil)
            #expect(try SettingRecord.readableValue(of: .goal, db) == nil)
        }
    }

    @Test func theKeysAreTheOnesOlderStoresHold() {
        #expect(SettingKey.allCases.map(\.rawValue) == ["defaultUnit", "weight.goal", "height", "weight_day.zone", "weight_day.trend"])
    }
}
