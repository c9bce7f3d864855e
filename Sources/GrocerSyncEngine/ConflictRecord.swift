import Foundation
import GrocerCore
import GrocerStore
import GrocerSync

/// A conflict's whole records as JSON text (`SyncConflict.localRecord`,
/// `remoteRecord`), written and read only here: the store keeps them
/// opaque, and "take the other value" reads them back.
enum ConflictRecord {
    struct Item: Codable {
        var name: String
        var quantity: String
        var unit: String?
        var aisle: String?
        var place: String?
        var ticked: Bool
        var shops: [String]?
        /// Absent in records written before issue 33.
        var note: String?
        /// The second amount's canonical quantity and unit; absent for none.
        var secondQuantity: String?
        var secondUnit: String?
    }

    struct Entry: Codable {
        var weight: String
        var unit: String
        /// Seconds since 1970, UTC.
        var recordedAt: Int64
        var note: String
        /// The body fat's digits; absent for none (and in records made
        /// before issue 34).
        var bodyFat: String?
    }

    struct Settings: Codable {
        var goal: String?
        var goalUnit: String?
        var unit: String?
        var height: String?
    }

    static func json(_ settings: SyncedSettings) -> String {
        encoded(
            Settings(
                goal: settings.goal?.digits, goalUnit: settings.goal?.unit.rawValue, unit: settings.unit?.rawValue,
                height: settings.height?.stored))
    }

    /// Nil when a field it holds is not one grocer takes.
    static func settings(_ text: String) -> SyncedSettings? {
        guard let record = try? JSONDecoder().decode(Settings.self, from: Data(text.utf8)) else { return nil }
        var settings = SyncedSettings()
        if let digits = record.goal {
            guard let unit = record.goalUnit.flatMap(WeightUnit.init(rawValue:)), let goal = Weight(digits: digits, unit: unit) else { return nil }
            settings.goal = goal
        }
        if let unit = record.unit {
            guard let display = DisplayUnit(rawValue: unit) else { return nil }
            settings.unit = display
        }
        if let height = record.height {
            guard let value = Height(stored: height) else { return nil }
            settings.height = value
        }
        return settings
    }

    static func json(_ item: SyncedItem) -> String {
        encoded(
            Item(
                name: item.name, quantity: item.quantity.canonical, unit: item.unit, aisle: item.aisle, place: item.place, ticked: item.ticked,
                shops: item.shops.isEmpty ? nil : item.shops, note: item.note.isEmpty ? nil : item.note,
                secondQuantity: item.second?.quantity.canonical, secondUnit: item.second?.unit))
    }

    static func json(_ entry: SyncedWeight) -> String {
        encoded(
            Entry(
                weight: entry.weight.digits, unit: entry.weight.unit.rawValue, recordedAt: Int64(entry.recordedAt.timeIntervalSince1970),
                note: entry.note, bodyFat: entry.bodyFat?.digits))
    }

    static func item(_ text: String) -> SyncedItem? {
        guard let item = try? JSONDecoder().decode(Item.self, from: Data(text.utf8)),
            let quantity = try? GroceryQuantity(canonical: item.quantity)
        else { return nil }
        var synced = SyncedItem(
            name: item.name, quantity: quantity, unit: item.unit, aisle: item.aisle, place: item.place, ticked: item.ticked,
            note: item.note ?? "")
        synced.shops = item.shops ?? []
        if let second = item.secondQuantity {
            guard let quantity = try? GroceryQuantity(canonical: second) else { return nil }
            synced.second = SyncedItem.Second(quantity, item.secondUnit)
        }
        return synced
    }

    static func entry(_ text: String) -> SyncedWeight? {
        guard let entry = try? JSONDecoder().decode(Entry.self, from: Data(text.utf8)), let unit = WeightUnit(rawValue: entry.unit),
            let weight = Weight(digits: entry.weight, unit: unit)
        else { return nil }
        return SyncedWeight(
            weight: weight, recordedAt: Date(timeIntervalSince1970: TimeInterval(entry.recordedAt)), note: entry.note,
            bodyFat: entry.bodyFat.flatMap(BodyFat.init(digits:)))
    }

    private static func encoded(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

extension SyncEngine {
    /// The change that makes a conflict's other value the local one: the
    /// value that was not kept, in the conflict's field (the whole record
    /// for `presence`: the item back, or taken off the list), over
    /// `current`, the item as it is here now. Applied with `applySync`,
    /// the next sync carries it to the server as a local change. Nil when
    /// the conflict's records cannot be read, or when it is a field's
    /// conflict and the item is no longer here (`current` nil).
    public static func takeOther(conflict: SyncConflict, current: SyncedItem?) -> SyncBatch? {
        let otherText = conflict.kept == SyncSide.local.rawValue ? conflict.remoteRecord : conflict.localRecord
        let other = otherText.flatMap(ConflictRecord.item)
        if otherText != nil && other == nil { return nil }
        var new: SyncedItem?
        switch (ItemField(rawValue: conflict.field), current, other) {
        case (.presence?, _, _), (_, _, nil): new = other
        // A field's other value, for what was deleted here since: nothing to
        // put it on (the whole record would come back, under a new id).
        case (_, nil, _): return nil
        case (.name?, var value?, let other?):
            value.name = other.name
            new = value
        case (.amount?, var value?, let other?):
            (value.quantity, value.unit, value.second) = (other.quantity, other.unit, other.second)
            new = value
        case (.aisle?, var value?, let other?):
            value.aisle = other.aisle
            new = value
        case (.place?, var value?, let other?):
            value.place = other.place
            new = value
        case (.shops?, var value?, let other?):
            value.shops = other.shops
            new = value
        case (.ticked?, var value?, let other?):
            value.ticked = other.ticked
            new = value
        case (.note?, var value?, let other?):
            value.note = other.note
            new = value
        case (nil, _, _): return nil
        }
        var batch = SyncBatch()
        batch.items = [SyncBatch.Change(uid: conflict.uid, expected: current, new: new)]
        return batch
    }

    /// The same for a weight entry's conflict.
    public static func takeOther(conflict: SyncConflict, current: SyncedWeight?) -> SyncBatch? {
        let otherText = conflict.kept == SyncSide.local.rawValue ? conflict.remoteRecord : conflict.localRecord
        let other = otherText.flatMap(ConflictRecord.entry)
        if otherText != nil && other == nil { return nil }
        var new: SyncedWeight?
        switch (WeightField(rawValue: conflict.field), current, other) {
        case (.presence?, _, _), (_, _, nil): new = other
        // A field's other value, for what was deleted here since: nothing to
        // put it on (the whole record would come back, under a new id).
        case (_, nil, _): return nil
        case (.weight?, var value?, let other?):
            value.weight = other.weight
            new = value
        case (.time?, var value?, let other?):
            value.recordedAt = other.recordedAt
            new = value
        case (.note?, var value?, let other?):
            value.note = other.note
            new = value
        case (.bodyFat?, var value?, let other?):
            value.bodyFat = other.bodyFat
            new = value
        case (nil, _, _): return nil
        }
        var batch = SyncBatch()
        batch.weights = [SyncBatch.Change(uid: conflict.uid, expected: current, new: new)]
        return batch
    }

    /// The same for the settings' conflict: the field's other value over
    /// the settings here now.
    public static func takeOther(conflict: SyncConflict, current: SyncedSettings) -> SyncBatch? {
        let otherText = conflict.kept == SyncSide.local.rawValue ? conflict.remoteRecord : conflict.localRecord
        guard let other = otherText.flatMap(ConflictRecord.settings) else { return nil }
        var new = current
        switch SettingsField(rawValue: conflict.field) {
        case .goal?: new.goal = other.goal
        case .unit?: new.unit = other.unit
        case .height?: new.height = other.height
        case nil: return nil
        }
        var batch = SyncBatch()
        batch.settings = [SyncBatch.Change(uid: conflict.uid, expected: current, new: new)]
        return batch
    }
}
