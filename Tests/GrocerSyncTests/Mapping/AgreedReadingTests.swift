import Foundation
import GrocerCore
import Testing

@testable import GrocerSync

/// An agreed copy's reading kept beside it (issue 35): its text gives back
/// every field of the item exactly, and a change in any one field changes
/// it, so an idle sync that compares with it decides as one that reads
/// the copy.
@Suite struct AgreedReadingTests {
    static let full: SyncedItem = {
        var item = SyncedItem(
            name: "pâte: feuilletée 1:2", quantity: try! GroceryQuantity(canonical: "2.5"), unit: "kg", aisle: "Crèmerie", place: "-",
            ticked: true, note: "the 3:organic one")
        item.shops = ["Lidl", "a:b", ""]
        item.second = SyncedItem.Second(try! GroceryQuantity(canonical: "400"), "g")
        return item
    }()

    /// Each field of `SyncedItem` changed on its own.
    static let changes: [(String, @Sendable (inout SyncedItem) -> Void)] = [
        ("name", { $0.name += "s" }),
        ("quantity", { $0.quantity = try! GroceryQuantity(canonical: "3") }),
        ("unit", { $0.unit = nil }),
        ("aisle", { $0.aisle = "Épicerie" }),
        ("place", { $0.place = nil }),
        ("ticked", { $0.ticked = false }),
        ("shops", { $0.shops = ["Lidl"] }),
        ("note", { $0.note = "" }),
        ("second", { $0.second = nil }),
        ("second's unit", { $0.second?.unit = nil }),
    ]

    @Test func everyFieldOfTheItemIsCoveredByAChange() {
        // A field added to SyncedItem must be kept too: add it to `text`,
        // `init?(_:)` and to `changes`.
        let fields = Mirror(reflecting: Self.full).children.compactMap(\.label)
        #expect(fields.sorted() == ["aisle", "name", "note", "place", "quantity", "second", "shops", "ticked", "unit"])
    }

    @Test(arguments: [true, false])
    func theTextGivesBackTheItem(phone: Bool) throws {
        let copy = Array("BEGIN:VCALENDAR\r\n".utf8)
        let context = AgreedReading.context(units: ["g", "kg", "a:b"], locale: "fr_FR")
        for item in [Self.full, SyncedItem(name: "milk")] {
            let reading = AgreedReading(copy: copy, context: context, phone: phone, item: item)
            let back = try #require(AgreedReading(reading.text))
            #expect(back == reading)
            #expect(back.item == item && back.phone == phone && back.context == context)
            #expect(back.reads(copy) && !back.reads(copy + [0x20]) && !back.reads(Array("BEGIN:VCALENDAS\r\n".utf8)))
        }
    }

    @Test func aChangeInAnyFieldChangesTheText() {
        let copy = Array("x".utf8)
        let text = AgreedReading(copy: copy, context: "", phone: false, item: Self.full).text
        for (field, change) in Self.changes {
            var item = Self.full
            change(&item)
            #expect(item != Self.full, "\(field)")
            let changed = AgreedReading(copy: copy, context: "", phone: false, item: item).text
            #expect(changed != text, "\(field)")
            #expect(AgreedReading(changed)?.item == item, "\(field)")
        }
    }

    @Test(arguments: ["", "1", "2:1", "1:15:1-af", "1:1-", String(repeating: "9", count: 30) + ":x"])
    func aTextThatIsNotAReadingIsNone(text: String) {
        #expect(AgreedReading(text) == nil)
    }

    @Test func aCutTextIsNone() {
        let text = AgreedReading(copy: [1], context: "", phone: false, item: Self.full).text
        for end in 0..<text.utf8.count {
            let cut = String(decoding: Array(text.utf8)[..<end], as: UTF8.self)
            #expect(AgreedReading(cut) == nil, "\(end)")
        }
        #expect(AgreedReading(text + "0:") == nil)
    }
}
