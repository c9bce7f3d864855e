import Foundation
import Testing

@testable import GrocerCore

/// The catalogue that ships with grocer (issue 33): a name never filed gets
/// its usual kind of aisle, in four languages.
struct GroceryCatalogueTests {
    let catalogue = GroceryCatalogue.shipped

    @Test func holdsAtLeastThreeHundredGroceriesEachNamedInFourLanguages() {
        #expect(catalogue.count >= 300)
        for line in CatalogueData.text.split(separator: "\n") {
            let cells = line.split(separator: ";", omittingEmptySubsequences: false)
            #expect(cells.count == 5, "\(line)")
            #expect(cells.dropFirst().allSatisfy { !$0.isEmpty && !$0.split(separator: "|").contains { $0.isEmpty } }, "\(line)")
        }
    }

    /// Within one language a name means one kind: a word that two lines
    /// give two kinds would be answered by whichever came first.
    @Test func noNameHasTwoKindsInOneLanguage() {
        let folder = NameFolder(locale: Locale(identifier: "en_US_POSIX"))
        var seen: [String: String] = [:]
        var clashes: [String] = []
        for line in CatalogueData.text.split(separator: "\n") {
            let cells = line.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            for (language, cell) in cells.dropFirst().enumerated() {
                for name in cell.split(separator: "|") {
                    let key = "\(language):\(folder.fold(String(name)))"
                    if let kind = seen[key], kind != cells[0] { clashes.append("\(key) \(kind)/\(cells[0])") }
                    seen[key] = seen[key] ?? cells[0]
                }
            }
        }
        #expect(clashes == [])
    }

    @Test(
        arguments: [
            ("milk", CatalogueLanguage.english, AisleKind.dairy), ("Milch", .german, .dairy), ("lait", .french, .dairy),
            ("leche", .spanish, .dairy), ("apples", .english, .produce), ("Äpfel", .german, .produce),
            ("pommes", .french, .produce), ("manzanas", .spanish, .produce), ("EGGS", .english, .dairy),
            ("Eier", .german, .dairy), ("oeufs", .french, .dairy), ("œufs", .french, .dairy), ("huevos", .spanish, .dairy),
            ("creme fraiche", .french, .dairy), ("Toilettenpapier", .german, .household), ("papel higiénico", .spanish, .household),
            ("pain complet", .french, .bakery), ("Brötchen", .german, .bakery), ("salmon", .english, .meat),
            ("Lachs", .german, .meat), ("ice cream", .english, .frozen), ("helado", .spanish, .frozen),
            ("flour", .english, .pantry), ("Mehl", .german, .pantry), ("farine", .french, .pantry), ("harina", .spanish, .pantry),
            ("cumin", .english, .spices), ("Kreuzkümmel", .german, .spices), ("beer", .english, .drinks),
            ("Getränke", .german, nil), ("shampoo", .english, .care), ("dentifrice", .french, .care),
            ("chocolate", .spanish, .snacks),
        ] as [(String, CatalogueLanguage, AisleKind?)])
    func aNameInAnyOfTheFourLanguagesHasItsKind(name: String, language: CatalogueLanguage, kind: AisleKind?) {
        #expect(catalogue.kind(of: name, language: language) == kind)
    }

    /// Words around the known name: the main word is last in English and
    /// German, first in French and Spanish; German compounds end in it.
    @Test(
        arguments: [
            ("organic whole milk", CatalogueLanguage.english, AisleKind.dairy), ("lemon juice", .english, .drinks),
            ("strawberry jam", .english, .pantry), ("lait entier bio", .french, .dairy), ("jus de citron frais", .french, .drinks),
            ("pechugas de pollo grandes", .spanish, .meat), ("Bio-Vollmilch", .german, .dairy), ("Tomatenketchup", .german, .pantry),
            ("Zitronensaft", .german, .drinks), ("Lauchzwiebeln", .german, .produce), ("frische Champignons", .german, .produce),
            ("  milk  ", .english, .dairy),
        ] as [(String, CatalogueLanguage, AisleKind)])
    func aKnownNameInsideALongerOneIsFoundByItsMainWord(name: String, language: CatalogueLanguage, kind: AisleKind) {
        #expect(catalogue.kind(of: name, language: language) == kind)
    }

    /// One word, two languages, two things: the person's language decides.
    @Test func theLanguageDecidesAWordTwoLanguagesShare() {
        #expect(catalogue.kind(of: "Paprika", language: .german) == .produce)
        #expect(catalogue.kind(of: "paprika", language: .english) == .spices)
        #expect(catalogue.kind(of: "raisins", language: .french) == .produce)
        #expect(catalogue.kind(of: "raisins", language: .english) == .pantry)
        #expect(catalogue.kind(of: "piment", language: .french) == .produce)
        #expect(catalogue.kind(of: "Piment", language: .german) == .spices)
    }

    @Test func whatItDoesNotKnowHasNoKind() {
        for name in ["", "   ", "widget", "zzz", "ab", "x7"] {
            #expect(catalogue.kind(of: name, language: .english) == nil, "\(name)")
        }
    }

    /// The kind becomes one of the person's aisles by its name, in their
    /// language first, then in any other the catalogue knows.
    @Test func aKindIsThePersonsAisleOfItsName() {
        let aisles = ["Dairy", "Milchprodukte", "obst & gemuse", "Frozen"]
        #expect(catalogue.aisle(for: .dairy, among: aisles, language: .german) == 1)
        #expect(catalogue.aisle(for: .dairy, among: aisles, language: .english) == 0)
        #expect(catalogue.aisle(for: .produce, among: aisles, language: .english) == 2)
        #expect(catalogue.aisle(for: .frozen, among: aisles, language: .spanish) == 3)
        #expect(catalogue.aisle(for: .drinks, among: aisles, language: .english) == nil)
    }

    @Test(arguments: [
        ("de_DE", CatalogueLanguage.german), ("fr-CA", .french), ("es_ES", .spanish), ("en_GB", .english), ("pt_BR", .english),
        ("", .english),
    ])
    func theLanguageIsTheLocalesFirstPart(identifier: String, language: CatalogueLanguage) {
        #expect(CatalogueLanguage(identifier: identifier) == language)
    }

    @Test func theLanguageComesFromLCMessagesAsPOSIXOrdersIt() {
        #expect(CatalogueLanguage(environment: Environment(["LANG": "de_DE.UTF-8"])) == .german)
        #expect(CatalogueLanguage(environment: Environment(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"])) == .french)
        #expect(CatalogueLanguage(environment: Environment(["LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"])) == .spanish)
        #expect(CatalogueLanguage(environment: Environment([:])) == .english)
    }

    @Test func everyKindHasANameInEveryLanguage() {
        for kind in AisleKind.allCases {
            let names = CatalogueLanguage.allCases.map { kind.name(in: $0) }
            #expect(names.allSatisfy { !$0.isEmpty })
        }
    }
}
