import Foundation
import GrocerCLI
import GrocerCore
import Testing

@Suite struct JSONTextTests {
    @Test(arguments: [
        ("plain", "\"plain\""),
        ("say \"hi\"\\", "\"say \\\"hi\\\"\\\\\""),
        ("a\nb\r\tc", "\"a\\nb\\r\\tc\""),
        ("\u{1B}]0;pwned\u{07}\u{1B}[2J", "\"\\u001b]0;pwned\\u0007\\u001b[2J\""),
        ("\u{00}\u{1F}\u{7F}\u{9B}", "\"\\u0000\\u001f\\u007f\\u009b\""),
        ("line\u{2028}sep", "\"line\\u2028sep\""),
        ("7\u{301}2 ٧ ７ 🍎", "\"7\u{301}2 ٧ ７ 🍎\""),
    ])
    func stringEscapesPerRFC8259AndNoControlCharacterSurvives(text: String, json: String) throws {
        let literal = JSONText.string(text)
        #expect(literal == json)
        #expect(!literal.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        // A JSON parser reads back the very same text.
        let decoded = try JSONDecoder().decode(String.self, from: Data(literal.utf8))
        #expect(decoded == text)
    }

    @Test func anItemIsAnObjectWithKeysInAFixedOrder() throws {
        let item = GroceryItem(
            id: 3, name: "\u{1B}[2Jmilk", quantity: 2, unit: GroceryUnit(id: 1, name: "l"), listed: true, collected: false,
            place: GroceryPlace(id: 1, name: "Fridge"), aisle: GroceryAisle(id: 2, name: "Dairy", position: 1),
            amount: try GroceryQuantity(canonical: "1.5"))
        #expect(
            JSONText.object(item)
                == #"{"id": 3, "name": "\u001b[2Jmilk", "quantity": 2, "amount": "1.5", "unit": "l", "listed": true, "collected": false, "aisle": "Dairy", "storedIn": "Fridge", "second": null, "note": ""}"#
        )
        let bare = GroceryItem(id: 4, name: "eggs", quantity: 1, unit: nil, listed: false, collected: true)
        #expect(
            JSONText.object(bare)
                == #"{"id": 4, "name": "eggs", "quantity": 1, "amount": null, "unit": null, "listed": false, "collected": true, "aisle": null, "storedIn": null, "second": null, "note": ""}"#
        )
        // An item bought anywhere is written as before shops; one that names
        // shops ends in their names (issue 33).
        #expect(JSONText.object(bare, shops: []) == JSONText.object(bare))
        #expect(
            JSONText.object(bare, shops: ["Market", "Su\"per"])
                == #"{"id": 4, "name": "eggs", "quantity": 1, "amount": null, "unit": null, "listed": false, "collected": true, "aisle": null, "storedIn": null, "second": null, "note": "", "shops": ["Market", "Su\"per"]}"#
        )
    }

    @Test func aWeightIsAnObjectWithAnISODate() throws {
        let entry = WeightEntry(
            id: 9, weight: try #require(Weight(digits: "72.5", unit: .kg)), recordedAt: Date(timeIntervalSince1970: 1_795_262_400))
        #expect(JSONText.object(entry) == #"{"id": 9, "recordedAt": "2026-11-21T12:00:00Z", "value": 72.5, "unit": "kg", "note": ""}"#)
        let noted = WeightEntry(id: 9, weight: entry.weight, recordedAt: entry.recordedAt, note: #"said "hi""#)
        #expect(JSONText.object(noted).hasSuffix(#", "note": "said \"hi\""}"#))
    }

    @Test func anArrayIsOneObjectALineAndEmptyIsBrackets() {
        var pieces = Data()
        var array = JSONArrayWriter(OutputBuffer { pieces.append($0) })
        array.append("1")
        array.append("2")
        array.finish()
        #expect(String(decoding: pieces, as: UTF8.self) == "[\n  1,\n  2\n]\n")

        var empty = Data()
        var none = JSONArrayWriter(OutputBuffer { empty.append($0) })
        none.finish()
        #expect(String(decoding: empty, as: UTF8.self) == "[]\n")
    }
}
