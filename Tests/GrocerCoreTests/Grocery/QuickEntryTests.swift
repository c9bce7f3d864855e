import Foundation
import Testing

@testable import GrocerCore

@Suite struct QuickEntryTests {
    static let known = ["Bottle", "tin", "Crème fraîche ½ kg", "handful of"]

    /// (locale, typed, quantity canonical, unit, name)
    @Test(
        arguments: [
            ("en_US", "2 kg flour", "2", "kg", "flour"),
            ("en_US", "3 apples", "3", nil, "apples"),
            ("en_US", "flour", "1", nil, "flour"),
            ("en_US", "1.5 kg flour", "1.5", "kg", "flour"),
            ("de_DE", "1,5 kg Mehl", "1.5", "kg", "Mehl"),
            ("fr_FR", "0,25 l lait", "0.25", "l", "lait"),
            ("ar_SA", "1.5 kg rice", "1.5", "kg", "rice"),
            ("ar_SA", "1٫5 kg rice", "1.5", "kg", "rice"),
            ("en_US", "2 KG Flour", "2", "kg", "Flour"),
            ("en_US", "2 bottle milk", "2", "Bottle", "milk"),
            ("en_US", "2 bottles milk", "2", "Bottle", "milk"),
            ("en_US", "2 cans beans", "2", "can", "beans"),
            ("en_US", "1 TIN tomatoes", "1", "tin", "tomatoes"),
            ("en_US", "2 creme fraiche ½ kg tubs", "2", "Crème fraîche ½ kg", "tubs"),
            ("en_US", "1 handful of nuts", "1", "handful of", "nuts"),
            ("en_US", "2 big onions", "2", nil, "big onions"),
            ("en_US", "7up", "1", nil, "7up"),
            ("en_US", "100% juice", "1", nil, "100% juice"),
            ("en_US", "2-minute noodles", "1", nil, "2-minute noodles"),
            ("en_US", "3 2-minute noodles", "3", nil, "2-minute noodles"),
            ("en_US", "kg flour", "1", nil, "kg flour"),
            ("en_US", "  2 \t kg\n  plain   flour  ", "2", "kg", "plain flour"),
            ("en_US", "002 eggs", "2", nil, "eggs"),
            ("en_US", "1.500 kg sugar", "1.5", "kg", "sugar"),
            ("en_US", "9999 grains", "9999", nil, "grains"),
            ("en_US", "0.125 kg yeast", "0.125", "kg", "yeast"),
            ("en_US", "Crème fraîche", "1", nil, "Crème fraîche"),
            ("en_US", "½ kg butter", "1", nil, "½ kg butter"),
            ("en_US", "٣ apples", "1", nil, "٣ apples"),
            ("en_US", "3 jars honey", "3", "jar", "honey"),
            ("en_US", "... and more", "1", nil, "... and more"),
            ("en_US", "1½ cups sugar", "1", nil, "1½ cups sugar"),
        ] as [(String, String, String, String?, String)])
    func parsesQuantityUnitAndName(locale: String, typed: String, quantity: String, unit: String?, name: String) throws {
        let entry = try QuickEntry.parse(typed, knownUnits: Self.known, locale: Locale(identifier: locale)).get()
        #expect(entry.quantity.canonical == quantity)
        #expect(entry.unit == unit)
        #expect(entry.name == name)
    }

    @Test(
        arguments: [
            ("en_US", "", QuickEntry.Problem.emptyName),
            ("en_US", "   \t ", .emptyName),
            ("en_US", "3", .emptyName),
            ("en_US", "3   ", .emptyName),
            ("en_US", "milk\u{1B}[31m", .controlCharacter),
            ("en_US", "2 kg \u{07}flour", .controlCharacter),
            ("en_US", "flour\u{9B}2J", .controlCharacter),
            ("en_US", "evil\u{202E}txt", .controlCharacter),
            ("en_US", "flo\u{200B}ur", .invisibleCharacter),
            ("en_US", "2 kg", .noName("2 kg")),
            ("en_US", "2  cans", .noName("2 cans")),
            ("en_US", "2 kg \u{FEFF}flour", .invisibleCharacter),
            ("en_US", "milk\u{200F}", .invisibleCharacter),
            ("en_US", "soft\u{00AD}ware", .invisibleCharacter),
            ("en_US", "0 apples", .quantity(.notPositive)),
            ("en_US", "0.000 apples", .quantity(.notPositive)),
            ("en_US", "10000 apples", .quantity(.overMaximum)),
            ("en_US", "9999.5 apples", .quantity(.overMaximum)),
            ("en_US", "123456789012345678901234567890123456789012 apples", .quantity(.overMaximum)),
            ("en_US", "0.0001 kg saffron", .quantity(.tooManyFractionDigits)),
            ("de_DE", "1.500 kg Mehl", .quantity(.groupingLike("1.500"))),
            ("en_US", "1,5 kg flour", .quantity(.notANumber("1,5"))),
            ("en_US", "1.2.3 eggs", .quantity(.notANumber("1.2.3"))),
            ("en_US", "2. eggs", .quantity(.notANumber("2."))),
            ("en_US", ".5 kg flour", .quantity(.notANumber(".5"))),
            ("de_DE", ",5 kg Mehl", .quantity(.notANumber(",5"))),
            ("en_US", String(repeating: "a", count: 201), .nameTooLong),
        ] as [(String, String, QuickEntry.Problem)])
    func refusesWithAReason(locale: String, typed: String, problem: QuickEntry.Problem) {
        let result = QuickEntry.parse(typed, knownUnits: Self.known, locale: Locale(identifier: locale))
        #expect(result == .failure(problem))
    }

    @Test func aNameOfTheLongestLengthIsAccepted() throws {
        let name = String(repeating: "é", count: QuickEntry.maximumNameLength)
        #expect(try QuickEntry.parse(name, knownUnits: [], locale: Locale(identifier: "en_US")).get().name == name)
    }

    @Test func thePrefixIsWhatComesBeforeTheName() throws {
        let en = Locale(identifier: "en_US")
        #expect(try QuickEntry.parse(" 2  KG fl", knownUnits: [], locale: en).get().prefix == "2 KG ")
        #expect(try QuickEntry.parse("3 apples", knownUnits: [], locale: en).get().prefix == "3 ")
        #expect(try QuickEntry.parse("apples", knownUnits: [], locale: en).get().prefix == "")
    }

    @Test(arguments: QuickEntry.Problem.allExamples)
    func everyProblemHasOneLineSayingWhatToDo(problem: QuickEntry.Problem) {
        let message = problem.message(locale: Locale(identifier: "de_DE"))
        #expect(!message.isEmpty && !message.contains("\n"))
        #expect(!PlainText.containsControl(message))
    }

    /// One rule in three locales: the locale's separator and '.'; in a
    /// ',' locale, "1.500" is refused as ambiguous, saying both readings.
    @Test(arguments: [
        ("en_US", "1.5 l juice", "1.5"), ("de_DE", "1,5 l Saft", "1.5"), ("de_DE", "1.5 l Saft", "1.5"),
        ("de_DE", "1.25 kg Mehl", "1.25"), ("fr_FR", "0.5 kg farine", "0.5"), ("fr_FR", "0,5 kg farine", "0.5"),
    ])
    func theLocalesSeparatorAndADot(locale: String, typed: String, quantity: String) throws {
        let entry = try QuickEntry.parse(typed, knownUnits: [], locale: Locale(identifier: locale)).get()
        #expect(entry.quantity.canonical == quantity)
    }

    @Test func aDotWithThreeDigitsInACommaLocaleSaysBothReadings() {
        let message = QuickEntry.Problem.quantity(.groupingLike("1.500")).message(locale: Locale(identifier: "de_DE"))
        #expect(message == "\"1.500\" could mean 1,5 or 1500 here; type the one you mean.")
        #expect(throws: GroceryQuantity.Problem.groupingLike("1.500")) {
            try GroceryQuantity(typed: "1.500", locale: Locale(identifier: "de_DE"))
        }
        #expect((try? GroceryQuantity(typed: "1.500", locale: Locale(identifier: "en_US")))?.canonical == "1.5")
    }

    @Test func theNotANumberMessageShowsControlCharactersVisibly() {
        let message = QuickEntry.Problem.quantity(.notANumber("1\u{1B}")).message(locale: Locale(identifier: "de_DE"))
        #expect(message == "\"1␛\" is not a quantity; type one like 2 or 1,5.")
    }
}

extension QuickEntry.Problem {
    static let allExamples: [Self] = [
        .emptyName, .controlCharacter, .invisibleCharacter, .noName("2 kg"), .nameTooLong, .quantity(.notANumber("1.5")),
        .quantity(.notPositive), .quantity(.overMaximum), .quantity(.tooManyFractionDigits), .quantity(.groupingLike("1.500")),
    ]
}
