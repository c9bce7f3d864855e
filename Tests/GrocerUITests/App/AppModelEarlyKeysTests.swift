import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// Keys typed while the store's pages are checked beside the first frame
/// (`AppContext.storeOpening`): digits show at once, nothing reaches the
/// store, and every key is handled again, in order, once it has opened;
/// typed against another unit than the store's, nothing is kept.
@Suite struct AppModelEarlyKeysTests {
    func opening(unit: WeightUnit = .lbs) -> AppModel {
        var context = testContext(unit: unit)
        context.storeOpening = true
        var app = AppModel(context: context)
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: .weight)
        return app
    }

    func typed(_ app: AppModel) -> String? { app.screen(.weight, as: WeightEntryScreen.self)?.field.text }

    @Test func digitsShowAtOnceAndEnterWaitsForTheStoreThenSavesWhatWasTyped() throws {
        var app = opening()
        for key in [Key.char("7"), .char("2"), .char("."), .char("5")] { #expect(app.handle(key) == .redraw) }
        #expect(typed(app) == "72.5")
        // Enter, F3, q: nothing yet (nothing is asked of a store not open).
        #expect(app.handle(.enter) == .none)
        #expect(app.takeEarlyKeys().isEmpty)
        #expect(app.top == .weight)

        _ = app.receive(.storeChecked)
        _ = app.receive(.storeOpened(LaunchHints(unit: .lbs)))
        #expect(typed(app) == "")
        let keys = app.takeEarlyKeys()
        #expect(keys == [.char("7"), .char("2"), .char("."), .char("5"), .enter])
        var last: Outcome = .none
        for key in keys { last = app.handle(key) }
        guard case .perform(.saveWeight(let weight, _, _, _)) = last else {
            Issue.record("Enter after the store opened did not save: \(last)")
            return
        }
        #expect(weight == Weight(digits: "72.5", unit: .lbs))
        #expect(app.takeEarlyKeys().isEmpty)
    }

    @Test func theCheckDoneAsksTheStoreOpen() {
        var app = opening()
        #expect(app.receive(.storeChecked) == .perform(.openStore))
    }

    @Test func aWeightTypedInAnotherUnitThanTheStoresIsDroppedAndSaidSo() throws {
        var app = opening(unit: .lbs)
        for key in [Key.char("1"), .char("6"), .char("5"), .enter] { _ = app.handle(key) }
        _ = app.receive(.storeOpened(LaunchHints(unit: .kg)))
        #expect(app.takeEarlyKeys().isEmpty)
        let screen = try #require(app.screen(.weight, as: WeightEntryScreen.self))
        #expect(screen.field.text == "")
        #expect(screen.message?.contains("Weights here are in kg, not lbs") == true)
    }

    @Test func keysThatTypeNothingAreKeptWhateverTheStoresUnit() {
        var app = opening(unit: .lbs)
        _ = app.handle(.function(3))
        _ = app.receive(.storeOpened(LaunchHints(unit: .kg)))
        #expect(app.takeEarlyKeys() == [.function(3)])
        #expect(app.screen(.weight, as: WeightEntryScreen.self)?.message?.contains("Weights here are in kg") != true)
    }

    @Test func onlyTypingShowsEarlyOtherKeysWait() {
        var app = opening()
        _ = app.handle(.char("7"))
        // F3 would read the store; the unit picker would change a unit not read yet.
        #expect(app.handle(.function(3)) == .none)
        #expect(app.handle(.ctrl("u")) == .none)
        #expect(app.top == .weight)
        #expect(typed(app) == "7")
    }
}
