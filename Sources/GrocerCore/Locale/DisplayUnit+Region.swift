/// The unit a person's region weighs in: what a store shows and takes
/// until a unit is chosen (the unit picker, `grocer unit`, a synced
/// setting, a first import), which always wins. The one rule for it.
extension DisplayUnit {
    /// Pounds in the United States, Liberia and Myanmar; stones and pounds
    /// in the United Kingdom and Ireland, where scales show both;
    /// kilograms everywhere else, and where the locale names no region.
    public static func forRegion(_ region: Substring?) -> DisplayUnit {
        switch region {
        case "US", "LR", "MM": return .lbs
        case "GB", "IE": return .st
        default: return .kg
        }
    }

    /// The region of the person's measurement locale, read as POSIX reads
    /// it (LC_ALL, then LC_MEASUREMENT, then LANG; `UserLocale`): "de_DE.UTF-8"
    /// is kg, "en_GB" st. An unset, C or POSIX locale is grocer's fallback
    /// locale, en_US (as for numbers and dates), so lbs.
    public static func regional(_ environment: Environment) -> DisplayUnit {
        forRegion(region(of: UserLocale.identifier(for: .measurement, environment: environment)))
    }

    /// The region of an identifier as `UserLocale` gives it ("de_DE",
    /// "sr_Latn_RS", "es_419"); nil for a language alone ("de").
    static func region(of identifier: String) -> Substring? {
        identifier.split(separator: "_").dropFirst().first { UserLocale.isISORegion($0) }
    }
}
