import Foundation
import Testing

@testable import GrocerCore

@Suite struct StonesTests {
    @Test func poundsShowAsStonesAndPounds() {
        #expect(Stones.text(pounds: Decimal(string: "158.5")!) == "11 st 4.5 lb")
        #expect(Stones.text(pounds: 154) == "11 st 0 lb")
        #expect(Stones.text(pounds: Decimal(string: "158.55")!) == "11 st 4.55 lb")
        #expect(Stones.text(pounds: Decimal(string: "158.55")!, digits: 1) == "11 st 4.6 lb")
        #expect(Stones.text(pounds: Decimal(string: "167.96")!, digits: 1) == "12 st 0 lb")  // 13.96 rounds to 14: a stone more
        #expect(Stones.text(pounds: Decimal(string: "13.5")!) == "0 st 13.5 lb")
        #expect(Stones.text(pounds: Decimal(string: "158.5")!, separator: ",") == "11 st 4,5 lb")
    }

    @Test func stonesAndPoundsAreTypedManyWaysAndKeptInPoundsExactly() {
        for typed in ["11 4.5", "11 st 4.5 lb", "11st 4.5lb", "11 st 4.5", "11st4.5", "11 ST 4.5 LBS"] {
            #expect(Stones.pounds(typed: typed) == Decimal(string: "158.5"), "\(typed)")
        }
        #expect(Stones.pounds(typed: "11") == 154)
        #expect(Stones.pounds(typed: "11 st") == 154)
        #expect(Stones.pounds(typed: "11 0") == 154)
        #expect(Stones.pounds(typed: "11 13.99") == Decimal(string: "167.99"))
        #expect(Stones.pounds(typed: "11 4,5", separator: ",") == Decimal(string: "158.5"))
        for bad in ["", "st", "11 14", "11 4.555", "11.5", "-1 2", "1 2 3", "1000 1", "11 lb 4", "a 4", "11 4.5 st"] {
            #expect(Stones.pounds(typed: bad) == nil, "\(bad)")
        }
    }

    @Test func theEdges() {
        #expect(Stones.pounds(typed: "11st7") == 161)
        #expect(Stones.pounds(typed: "11 st 7 lb") == 161)
        #expect(Stones.pounds(typed: "11 st 7 lbs") == 161)
        #expect(Stones.pounds(typed: "11 7") == 161)
        #expect(Stones.pounds(typed: "11\t7") == 161)
        #expect(Stones.pounds(typed: "11 7.25") == Decimal(string: "161.25"))
        #expect(Stones.pounds(typed: "0 st 13.5") == Decimal(string: "13.5"))
        #expect(Stones.pounds(typed: "0 st") == 0)
        #expect(Stones.weight(typed: "0 st") == nil)  // nothing is not a weight
        #expect(Stones.weight(typed: "0 0.01") == Weight(digits: "0.01", unit: .lbs))
        // 14 pounds are a stone: refused as typed, carried when shown.
        #expect(Stones.pounds(typed: "11 14") == nil)
        #expect(Stones.text(pounds: Decimal(string: "167.999")!) == "12 st 0 lb")
        #expect(Stones.text(pounds: Decimal(string: "13.996")!) == "1 st 0 lb")
        #expect(Stones.text(pounds: 0) == "0 st 0 lb")
    }

    /// Read by characters: a digit or letter carrying a combining mark is
    /// not a digit or a letter, and nothing traps on it.
    @Test(arguments: [
        "11 lb", "7 lb", "11 st st 4", "11 4 lb lb", "11 4.5.5", "11 -4", "+11 4", "11 4\u{301}", "1\u{301}1 4", "11 s\u{301}t 4",
        "11 st\u{301} 4", "１１ ４", "11 4 kg", "11 stone 4", "11,5", "11 4..5", "\u{301}", " ", "st 4",
    ])
    func badFormsAreNoWeight(typed: String) {
        #expect(Stones.pounds(typed: typed) == nil)
    }

    @Test func stonesAreShownButKeptInPounds() {
        #expect(DisplayUnit.st.measure == .lbs)
        #expect(DisplayUnit.kg.measure == .kg)
        #expect(DisplayUnit(.lbs) == .lbs)
        #expect(DisplayUnit.allCases.map(\.rawValue) == ["lbs", "kg", "st"])
    }
}

@Suite struct StonesTypingTests {
    @Test func theFieldTakesWholeStonesASpaceAndPoundsBelow14() {
        for ok in ["", "1", "11", "107", "11 ", "11 4", "11 13", "11 4.", "11 4.5", "11 4.55", "11 0", "11 4,5"] {
            #expect(Stones.isPrefix(ok, separator: ","), "\(ok)")
        }
        for bad in ["1000", " 4", "11 14", "11 4.555", "11 4.5.", "a", "11 x", "11  4", "11 4 5", "11 .5", "11 123"] {
            #expect(!Stones.isPrefix(bad, separator: ","), "\(bad)")
        }
    }

    @Test func aTypedWeightIsKeptInPounds() {
        #expect(Stones.weight(typed: "11 4.5") == Weight(digits: "158.5", unit: .lbs))
        #expect(Stones.weight(typed: "11") == Weight(digits: "154", unit: .lbs))
        #expect(Stones.weight(typed: "0") == nil)
        #expect(Stones.weight(typed: "107 2") == Weight(digits: "1500", unit: .lbs))
        #expect(Stones.weight(typed: "107 3") == nil)  // over 1,500 lbs
    }
}
