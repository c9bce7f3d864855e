import Foundation
import Testing

@testable import GrocerCore

@Suite struct QuantitySumTests {
    static func sum(_ held: String, _ heldUnit: String?, plus added: String, _ addedUnit: String?) -> QuantitySum.Outcome {
        QuantitySum.add(
            QuantitySum.Amount(try! GroceryQuantity(canonical: added), addedUnit),
            to: QuantitySum.Amount(try! GroceryQuantity(canonical: held), heldUnit))
    }

    /// (held, its unit, added, its unit, the sum, the unit it is in)
    @Test(
        arguments: [
            ("3", nil, "3", nil, "6", nil),
            ("3", "can", "2", "can", "5", "can"),
            ("3", "Can", "2", "can", "5", "Can"),
            ("2", "kg", "500", "g", "2.5", "kg"),
            ("500", "g", "2", "kg", "2.5", "kg"),
            ("2", "kg", "1", "g", "2.001", "kg"),
            ("2", "kg", "0.5", "g", "2000.5", "g"),
            ("200", "g", "300", "g", "500", "g"),
            ("800", "g", "200", "g", "1000", "g"),
            ("2", "l", "250", "ml", "2.25", "l"),
            ("250", "ml", "250", "ml", "500", "ml"),
            ("0.5", "l", "0.25", "ml", "500.25", "ml"),
            ("1", "lb", "8", "oz", "1.5", "lb"),
            ("4", "oz", "1", "lb", "1.25", "lb"),
            ("1", "oz", "1", "lb", "17", "oz"),  // 1.0625 lb is not exact
            ("2", "lbs", "1", "lb", "3", "lbs"),
            ("1", "tbsp", "1", "tsp", "4", "tsp"),
            ("1", "tbsp", "3", "tsp", "2", "tbsp"),
            ("1", "cup", "4", "tbsp", "1.25", "cup"),
            ("1", "cup", "1", "tsp", "49", "tsp"),
            ("2", "cups", "1", "cup", "3", "cups"),
            ("1.5", "kg", "1.5", "kg", "3", "kg"),
        ] as [(String, String?, String, String?, String, String?)])
    func convertibleUnitsAreSummedExactly(
        held: String, heldUnit: String?, added: String, addedUnit: String?, sum: String, unit: String?
    ) throws {
        guard case .summed(let quantity, let side) = Self.sum(held, heldUnit, plus: added, addedUnit) else {
            Issue.record("not summed")
            return
        }
        #expect(quantity.canonical == sum)
        #expect((side == .held ? heldUnit : addedUnit) == unit)
    }

    static let units: [String?] = [nil, "g", "kg", "ml", "l", "oz", "lb", "tsp", "tbsp", "cup", "can", "pack", "bunch"]
    static let kinds: [String: Int] = ["g": 0, "kg": 0, "ml": 1, "l": 1, "oz": 2, "lb": 2, "tsp": 3, "tbsp": 3, "cup": 3]

    /// Every pair of units: summed when the same or of one kind, else kept
    /// apart (2 cans and 400 g; 100 g and 4 oz; 1 l and 2 cups).
    @Test(arguments: units, units)
    func everyPairOfUnitsSumsOrKeepsBoth(held: String?, added: String?) {
        let outcome = Self.sum("1", held, plus: "1", added)
        let converts =
            held == added || (held.flatMap { Self.kinds[$0] } != nil && held.flatMap { Self.kinds[$0] } == added.flatMap { Self.kinds[$0] })
        if converts {
            guard case .summed = outcome else {
                Issue.record("\(held ?? "none") + \(added ?? "none") not summed")
                return
            }
        } else {
            #expect(outcome == .apart)
        }
    }

    @Test func aSumOverTheMaximumIsRefused() {
        #expect(Self.sum("9999", nil, plus: "1", nil) == .overMaximum)
        #expect(Self.sum("9999", "kg", plus: "0.5", "g") == .overMaximum)
        // Over the maximum in g, but 10.999 kg fits.
        #expect(Self.sum("9999", "g", plus: "1", "kg") == .summed(try! GroceryQuantity(canonical: "10.999"), in: .added))
    }
}
