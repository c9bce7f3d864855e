import Foundation
import Testing

@testable import GrocerCore

@Suite struct HeightTests {
    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    @Test(arguments: [
        ("180 cm", "180", Height.Unit.cm), ("180cm", "180", .cm), ("180.5 CM", "180.5", .cm), ("1.80 m", "180", .cm),
        ("1,805m", "180.5", .cm), ("5 ft 11 in", "71", .inches), ("5ft11in", "71", .inches), ("5'11\"", "71", .inches),
        ("5'11", "71", .inches), ("5 ft 10.5 in", "70.5", .inches), ("6 ft", "72", .inches), ("6'", "72", .inches),
        ("71 in", "71", .inches), ("71\"", "71", .inches), ("71 inches", "71", .inches), (" 5 feet 0 inches ", "60", .inches),
    ])
    func readsTheUsualForms(text: String, value: String, unit: Height.Unit) throws {
        let height = try Height.parse(text).get()
        #expect(height.value == Self.decimal(value))
        #expect(height.unit == unit)
    }

    @Test(arguments: [
        "", "180", "cm", "180 kg", "180 cm 2", "5 ft 12 in", "5.5 ft", "5 in 11 ft", "1.8.0 m", "180.123 cm", "-180 cm",
        "180 mm", "5' 11' ", "1.80", "tall",
    ])
    func refusesWhatIsNoHeight(text: String) {
        #expect(Height.parse(text) == .failure(.unreadable(text)))
    }

    @Test(arguments: ["49.99 cm", "272.01 cm", "0 cm", "3 m", "19 in", "9 ft", "0.4 m", "8 ft 11.11 in", "107.11 in"])
    func refusesHeightsOutsideTheRange(text: String) {
        #expect(Height.parse(text) == .failure(.outOfRange(text)))
    }

    @Test(arguments: ["50 cm", "272 cm", "8 ft 11 in", "19.69 in"])
    func takesTheEndsOfTheRange(text: String) {
        #expect((try? Height.parse(text).get()) != nil)
    }

    /// The refusal names its bounds in both units; each one named is taken.
    @Test func theBoundsTheRefusalNamesAreTaken() throws {
        let message = Height.Problem.outOfRange("9 ft").message
        #expect(message.contains("50 to 272 cm (1 ft 7.7 in to 8 ft 11.1 in)"))
        for named in ["50 cm", "272 cm", "1 ft 7.7 in", "8 ft 11.1 in", "107.1 in", "8'11.1\""] {
            #expect((try? Height.parse(named).get()) != nil, "\(named)")
        }
    }

    @Test(arguments: [
        ("180 cm", "180 cm (5 ft 10.9 in)"), ("5 ft 11 in", "5 ft 11 in (180.3 cm)"), ("1.80 m", "180 cm (5 ft 10.9 in)"),
        ("5'10.5", "5 ft 10.5 in (179.1 cm)"), ("152.4 cm", "152.4 cm (5 ft 0 in)"),
    ])
    func showsItsOwnUnitAndTheOther(text: String, shown: String) throws {
        #expect(try Height.parse(text).get().description == shown)
    }

    @Test(arguments: ["180 cm", "5 ft 10.5 in", "1.805 m", "71 in"])
    func keepsWhatWasGivenThroughTheStore(text: String) throws {
        let height = try Height.parse(text).get()
        #expect(Height(stored: height.stored) == height)
    }

    @Test(arguments: ["", "180", "180 kg", "abc cm", "30 cm", "180.123 cm"])
    func refusesAStoredValueItCannotRead(stored: String) {
        #expect(Height(stored: stored) == nil)
    }

    // Worked by hand: kg x 10000 / cm², then half away from zero to a tenth.
    @Test(arguments: [
        ("72", WeightUnit.kg, "180 cm", "22.2"),  // 200/9 = 22.22...
        ("81", .kg, "200 cm", "20.3"),  // 81/4 = 20.25 exactly: away from zero
        ("70.25", .kg, "172.5 cm", "23.6"),  // 112400/4761 = 23.608...
        ("180", .lbs, "71 in", "25.1"),  // 81.6466266 kg, 180.34 cm: 25.1046...
        ("158.5", .lbs, "5 ft 6 in", "25.6"),  // 71.89439 kg, 167.64 cm: 25.5823...
        ("100", .lbs, "100 cm", "45.4"),  // 45.359237
    ])
    func computesTheBodyMassIndex(weight: String, unit: WeightUnit, height: String, bmi: String) throws {
        let h = try Height.parse(height).get()
        #expect(h.bodyMassIndex(of: Self.decimal(weight), in: unit) == Self.decimal(bmi))
    }
}

extension HeightTests {
    @Test(arguments: [("24", "24.0"), ("22.25", "22.3"), ("180.34", "180.3"), ("70.866", "70.9"), ("0", "0.0")])
    func writesTenthsWithOneDecimalAlways(value: String, text: String) {
        #expect(Height.tenths(Self.decimal(value)) == text)
    }
}
