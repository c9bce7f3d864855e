import Foundation
import GrocerCore

extension Locales {
    /// Everything en_US in UTC: what tests use unless they say otherwise.
    /// The language for grocery names is the identifier's.
    static func fixed(_ identifier: String = "en_US", timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> Locales {
        let l = Locale(identifier: identifier)
        return Locales(numeric: l, time: l, monetary: l, timeZone: timeZone, language: CatalogueLanguage(identifier: identifier))
    }
}
