import Foundation

/// What sync carries of a weight entry: the weight as typed, when (UTC,
/// whole seconds) and the note (`WeightNote`, empty for none).
public struct SyncedWeight: Equatable, Hashable, Sendable {
    public var weight: Weight
    public var recordedAt: Date
    public var note: String

    public init(weight: Weight, recordedAt: Date, note: String = "") {
        self.weight = weight
        self.recordedAt = Date(timeIntervalSince1970: recordedAt.timeIntervalSince1970.rounded(.down))
        self.note = note
    }

    public init(_ entry: WeightEntry) {
        self.init(weight: entry.weight, recordedAt: entry.recordedAt, note: entry.note)
    }

    /// "72.50 kg": the digits as typed and the unit.
    public var summary: String { "\(weight.digits) \(weight.unit.rawValue)" }
}
