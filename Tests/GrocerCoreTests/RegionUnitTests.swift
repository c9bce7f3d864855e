import Testing

@testable import GrocerCore

@Suite struct RegionUnitTests {
    @Test(arguments: [
        ("en_US.UTF-8", DisplayUnit.lbs), ("es_US", .lbs), ("en_LR", .lbs), ("my_MM.UTF-8", .lbs),
        ("en_GB.UTF-8", .st), ("ga_IE", .st), ("en_IE.UTF-8@euro", .st),
        ("de_DE.UTF-8", .kg), ("fr_CA", .kg), ("en_AU", .kg), ("es_419", .kg), ("sr_Latn_RS", .kg), ("de", .kg),
    ])
    func aNewStoreStartsInItsRegionsUnit(lang: String, unit: DisplayUnit) {
        #expect(DisplayUnit.regional(["LANG": lang]) == unit)
    }

    /// No region to go by: grocer's fallback locale, en_US, as for numbers
    /// and dates.
    @Test(arguments: [[:], ["LANG": "C"], ["LANG": "POSIX"], ["LANG": "C.UTF-8"], ["LANG": ""], ["LANG": "xx_YY"]] as [[String: String]])
    func noRegionIsTheFallbackLocales(variables: [String: String]) {
        #expect(DisplayUnit.regional(Environment(variables)) == .lbs)
    }

    @Test func lcAllThenLcMeasurementThenLang() {
        #expect(DisplayUnit.regional(["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"]) == .kg)
        #expect(DisplayUnit.regional(["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "en_GB.UTF-8", "LC_ALL": "de_AT"]) == .kg)
        #expect(DisplayUnit.regional(["LANG": "de_DE.UTF-8", "LC_NUMERIC": "en_US.UTF-8", "LC_TIME": "en_GB"]) == .kg)
        #expect(DisplayUnit.regional(["LANG": "de_DE.UTF-8", "LC_MEASUREMENT": "C"]) == .lbs)
    }
}
