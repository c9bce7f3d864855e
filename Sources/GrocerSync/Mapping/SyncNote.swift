import GrocerCore

/// What a reading changed or left out of what the server held, for the
/// person to hear of (`grocer sync` names them). Values are cut and made
/// safe to print.
public enum SyncNote: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A property's text was cleaned (control characters, runs of spaces)
    /// or cut to what grocer keeps.
    case cleaned(property: String)
    /// A property grocer reads held something it could not use; another
    /// source was used or the field left empty.
    case unreadable(property: String, value: String)
    /// What grocer wrote in `property` is gone: a SUMMARY written
    /// elsewhere no longer says it (a phone's "3 cans tomatoes" over "2 cans
    /// + 400 g tomatoes" takes the 400 g away).
    case dropped(property: String, value: String)

    public var description: String {
        switch self {
        case .cleaned(let property): return "\(property) was cleaned or shortened"
        case .unreadable(let property, let value):
            return "\(property) held \u{201C}\(SyncText.cleaned(value, limit: 40))\u{201D}, which grocer cannot read; it was left out"
        case .dropped(let property, let value):
            return "the SUMMARY no longer says \u{201C}\(SyncText.cleaned(value, limit: 40))\u{201D} (\(property)); it was taken away"
        }
    }
}

/// Why a component cannot be read as an item or an entry at all.
public enum SyncRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// No VTODO (or VJOURNAL) in the calendar object, or more than one.
    case notOneComponent(String)
    /// No UID, or one grocer will not keep (control characters, too long).
    case noUID
    /// Nothing that could be a name (an empty or blank SUMMARY).
    case noName
    /// No weight grocer can read in X-GROCER-WEIGHT or SUMMARY.
    case noWeight
    /// No DTSTART grocer can read.
    case noTime
    /// A weight `weight add` and an import refuse, with their reason
    /// (`ImportedWeight.Rejection.reason`): 0, negative, not a number,
    /// over the unit's maximum.
    case badWeight(String)
    /// A time no weigh-in can have (`WeighInTime`), on `day` (UTC).
    case badTime(day: String, String)
    /// An object with grocer's settings UID (`SettingsMapping.uid`) that
    /// is not grocer's settings object (no X-GROCER-SETTINGS): a phone's
    /// weight or note that took the UID, never read as settings or as a
    /// weight.
    case notSettings

    public var description: String {
        switch self {
        case .notOneComponent(let name): return "not one \(name) in the calendar object"
        case .noUID: return "no UID grocer can keep"
        case .noName: return "no name: its SUMMARY is empty"
        case .noWeight: return "no weight grocer can read"
        case .noTime: return "no time grocer can read in DTSTART"
        case .badWeight(let reason): return "a weight grocer does not take: \(reason)"
        case .badTime(let day, let reason): return "a weight dated \(day), \(reason)"
        case .notSettings: return "an object with grocer's settings UID (\(SettingsMapping.uid)) that is not grocer's settings"
        }
    }
}
