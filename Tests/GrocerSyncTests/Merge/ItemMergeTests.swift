import Foundation
import GrocerCore
import Testing

@testable import GrocerSync

@Suite struct ItemMergeTests {
    static func q(_ text: String) -> GroceryQuantity { try! GroceryQuantity(canonical: text) }
    let base = SyncedItem(name: "flour", quantity: q("2"), unit: "kg", aisle: "Baking", place: "Pantry")

    func with(_ change: (inout SyncedItem) -> Void) -> SyncedItem {
        var item = base
        change(&item)
        return item
    }

    @Test func changesToDifferentFieldsBothArrive() {
        let local = with { $0.aisle = "Flour and sugar" }
        let remote = with { $0.ticked = true }
        let result = ItemMerge.merge(base: base, local: local, remote: remote)
        #expect(
            result.merged
                == with {
                    $0.aisle = "Flour and sugar"
                    $0.ticked = true
                })
        #expect(result.conflicts.isEmpty)
    }

    @Test func theSameChangeOnBothSidesIsNoConflict() {
        let both = with { $0.name = "Flour" }
        #expect(ItemMerge.merge(base: base, local: both, remote: both) == ItemMergeResult(merged: both))
    }

    @Test(arguments: [ItemField.name, .aisle, .place])
    func bothChangedTheServersValueShowsAndBothAreKept(field: ItemField) {
        let (local, remote): (SyncedItem, SyncedItem)
        switch field {
        case .name: (local, remote) = (with { $0.name = "rye flour" }, with { $0.name = "spelt flour" })
        case .aisle: (local, remote) = (with { $0.aisle = "A1" }, with { $0.aisle = nil })
        default: (local, remote) = (with { $0.place = "Cellar" }, with { $0.place = "Cupboard" })
        }
        let result = ItemMerge.merge(base: base, local: local, remote: remote)
        #expect(result.merged == remote)
        #expect(result.conflicts == [ItemConflict(field: field, local: local, remote: remote, kept: .remote)])
    }

    @Test func bothChangedTheAmountInOneUnitTheLargerShows() {
        let local = with { $0.quantity = Self.q("3") }
        let remote = with { $0.quantity = Self.q("2.5") }
        let result = ItemMerge.merge(base: base, local: local, remote: remote)
        #expect(result.merged == local)
        #expect(result.conflicts == [ItemConflict(field: .amount, local: local, remote: remote, kept: .local)])
        let flipped = ItemMerge.merge(base: base, local: remote, remote: local)
        #expect(flipped.merged == local)
        #expect(flipped.conflicts.map(\.kept) == [.remote])
    }

    @Test func bothChangedTheAmountInOtherUnitsTheServersShows() {
        let local = with { $0.quantity = Self.q("3") }
        let remote = with { ($0.quantity, $0.unit) = (Self.q("500"), "g") }
        let result = ItemMerge.merge(base: base, local: local, remote: remote)
        #expect(result.merged == remote)
        #expect(result.conflicts == [ItemConflict(field: .amount, local: local, remote: remote, kept: .remote)])
    }

    @Test func aTickBeatsAnUntickWhenBothAddedTheItem() {
        let local = with { $0.ticked = true }
        let result = ItemMerge.merge(base: nil, local: local, remote: base)
        #expect(result.merged?.ticked == true)
        #expect(result.conflicts == [ItemConflict(field: .ticked, local: local, remote: base, kept: .local)])
        #expect(ItemMerge.merge(base: nil, local: base, remote: local).merged?.ticked == true)
    }

    @Test func anUntickOnOneSideIsTakenWhenTheOtherLeftTheTick() {
        let ticked = with { $0.ticked = true }
        #expect(ItemMerge.merge(base: ticked, local: base, remote: ticked) == ItemMergeResult(merged: base))
    }

    @Test func bothAddingLimesMakeOneItem() {
        let local = SyncedItem(name: "Limes", quantity: Self.q("3"))
        let remote = SyncedItem(name: "limes", quantity: Self.q("4"), aisle: "Fruit")
        #expect(SyncedItem.sameName(local.name, remote.name, locale: Locale(identifier: "en_US")))
        let result = ItemMerge.merge(base: nil, local: local, remote: remote)
        #expect(result.merged == SyncedItem(name: "limes", quantity: Self.q("4"), aisle: "Fruit"))
        // The aisle only one side said is no conflict: the join takes it.
        #expect(result.conflicts.map(\.field) == [.name, .amount])
        #expect(result.conflicts.allSatisfy { $0.local == local.filled(from: remote) && $0.remote == remote })
    }

    /// A phone's "3 apples" joined to the "apples" added here keeps the
    /// aisle and place it did not send (issue 36), on either side.
    @Test func aJoinKeepsTheFieldsOneSideLeftEmpty() {
        let here = SyncedItem(name: "apples", aisle: "Fruit", place: "Bowl")
        let phone = SyncedItem(name: "apples", quantity: Self.q("3"))
        let result = ItemMerge.merge(base: nil, local: here, remote: phone)
        #expect(result.merged == SyncedItem(name: "apples", quantity: Self.q("3"), aisle: "Fruit", place: "Bowl"))
        #expect(result.conflicts.map(\.field) == [.amount])
        let other = ItemMerge.merge(base: nil, local: phone, remote: here)
        #expect(other.merged == SyncedItem(name: "apples", quantity: Self.q("3"), aisle: "Fruit", place: "Bowl"))
        // With a copy agreed, an emptied aisle is a change, taken.
        let emptied = ItemMerge.merge(base: here, local: here, remote: SyncedItem(name: "apples", place: "Bowl"))
        #expect(emptied.merged?.aisle == nil && emptied.conflicts.isEmpty)
    }

    @Test func deletedOnOneSideAndChangedOnTheOtherTheChangeStays() {
        let renamed = with { $0.name = "rye flour" }
        let here = ItemMerge.merge(base: base, local: nil, remote: renamed)
        #expect(here == ItemMergeResult(merged: renamed, conflicts: [ItemConflict(field: .presence, local: nil, remote: renamed, kept: .remote)]))
        let there = ItemMerge.merge(base: base, local: renamed, remote: nil)
        #expect(there == ItemMergeResult(merged: renamed, conflicts: [ItemConflict(field: .presence, local: renamed, remote: nil, kept: .local)]))
    }

    @Test func deletedOnOneSideAndOnlyTickedOnTheOtherStaysDeleted() {
        let ticked = with { $0.ticked = true }
        #expect(ItemMerge.merge(base: base, local: ticked, remote: nil) == ItemMergeResult(merged: nil))
        #expect(ItemMerge.merge(base: base, local: nil, remote: ticked) == ItemMergeResult(merged: nil))
    }

    @Test func anUntickDoesNotStayDeleted() {
        let ticked = with { $0.ticked = true }
        #expect(ItemMerge.merge(base: ticked, local: base, remote: nil).merged == base)
    }

    @Test func deletedAndUnchangedIsDeleted() {
        #expect(ItemMerge.merge(base: base, local: nil, remote: base) == ItemMergeResult(merged: nil))
        #expect(ItemMerge.merge(base: base, local: base, remote: nil) == ItemMergeResult(merged: nil))
        #expect(ItemMerge.merge(base: base, local: nil, remote: nil) == ItemMergeResult(merged: nil))
    }

    @Test func addedOnOneSideArrives() {
        #expect(ItemMerge.merge(base: nil, local: base, remote: nil) == ItemMergeResult(merged: base))
        #expect(ItemMerge.merge(base: nil, local: nil, remote: base) == ItemMergeResult(merged: base))
    }

    @Test func nothingIsLostInAnyMerge() {
        // Every value either side changed is in the merged item or in a conflict.
        let variants = [base, with { $0.name = "x" }, with { $0.ticked = true }, with { $0.quantity = Self.q("9") }, with { $0.aisle = nil }]
        for local in variants + [nil] {
            for remote in variants + [nil] {
                let result = ItemMerge.merge(base: base, local: local, remote: remote)
                for side in [local, remote].compactMap({ $0 }) where side != base {
                    var onlyTicked = side
                    onlyTicked.ticked = base.ticked
                    let kept = result.merged == side || result.conflicts.contains { $0.local == side || $0.remote == side }
                    let merged = result.merged.map { m in
                        (side.name == base.name || m.name == side.name) && (side.amount == base.amount || m.amount == side.amount)
                            && (side.aisle == base.aisle || m.aisle == side.aisle) && (side.ticked == base.ticked || m.ticked == side.ticked)
                    }
                    #expect(
                        kept || merged == true || (onlyTicked == base && result.merged == nil),
                        "\(String(describing: local)) \(String(describing: remote))")
                }
            }
        }
    }
}

@Suite struct WeightMergeTests {
    let base = SyncedWeight(weight: Weight(digits: "72.5", unit: .kg)!, recordedAt: Date(timeIntervalSince1970: 1_700_000_000), note: "")

    @Test func editsToDifferentFieldsBothArrive() {
        var local = base
        local.note = "after a run"
        var remote = base
        remote.weight = Weight(digits: "72.4", unit: .kg)!
        var both = local
        both.weight = remote.weight
        #expect(WeightMerge.merge(base: base, local: local, remote: remote) == WeightMergeResult(merged: both))
    }

    @Test func bothEditedTheWeightTheServersShows() {
        var local = base
        local.weight = Weight(digits: "160", unit: .lbs)!
        var remote = base
        remote.weight = Weight(digits: "72.6", unit: .kg)!
        let result = WeightMerge.merge(base: base, local: local, remote: remote)
        #expect(result == WeightMergeResult(merged: remote, conflicts: [WeightConflict(field: .weight, local: local, remote: remote, kept: .remote)]))
    }

    @Test func deletedHereAndEditedThereStays() {
        var remote = base
        remote.note = "holiday"
        #expect(WeightMerge.merge(base: base, local: nil, remote: remote).merged == remote)
        #expect(WeightMerge.merge(base: base, local: nil, remote: remote).conflicts.map(\.field) == [.presence])
        #expect(WeightMerge.merge(base: base, local: nil, remote: base).merged == nil)
        #expect(WeightMerge.merge(base: base, local: base, remote: nil).merged == nil)
    }
}
