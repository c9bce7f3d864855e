import Foundation

/// What sync carries of a weight entry: the weight as typed, when (UTC,
/// whole seconds), the note (`WeightNote`, empty for none) and the body
/// fat (issue 34).
public struct SyncedWeight: Equatable, Hashable, Sendable {
    public var weight: Weight
    public var recordedAt: Date
    public var note: String
    public var bodyFat: BodyFat?

    public init(weight: Weight, recordedAt: Date, note: String = "", bodyFat: BodyFat? = nil) {
        self.weight = weight
        self.recordedAt = Date(timeIntervalSince1970: recordedAt.timeIntervalSince1970.rounded(.down))
        self.note = note
        self.bodyFat = bodyFat
    }

    public init(_ entry: WeightEntry) {
        self.init(weight: entry.weight, recordedAt: entry.recordedAt, note: entry.note, bodyFat: entry.bodyFat)
    }

    /// "72.50 kg": the digits as typed and the unit.
    public var summary: String { "\(weight.digits) \(weight.unit.rawValue)" }
}
