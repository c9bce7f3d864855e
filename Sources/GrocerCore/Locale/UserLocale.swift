import Foundation

/// Builds the person's `Locale` from the environment, as POSIX does:
/// LC_ALL, then the category's own variable, then LANG. Foundation's
/// `Locale.current` is a fixed default on Linux, so grocer never uses it.
public enum UserLocale {
    public enum Category: String, Sendable {
        case numeric = "LC_NUMERIC"
        case time = "LC_TIME"
        case monetary = "LC_MONETARY"
        /// The unit a new store starts in (`DisplayUnit.regional`).
        case measurement = "LC_MEASUREMENT"
        /// The language of words grocer chooses (the catalogue's aisle names).
        case messages = "LC_MESSAGES"
    }

    /// The fallback for unset, C and POSIX locales.
    public static let fallbackIdentifier = "en_US"

    public static func locale(for category: Category, environment: Environment) -> Locale {
        Locale(identifier: identifier(for: category, environment: environment))
    }

    public static func identifier(for category: Category, environment: Environment) -> String {
        for name in ["LC_ALL", category.rawValue, "LANG"] {
            if let value = environment[name], !value.isEmpty {
                return posixToICU(value)
            }
        }
        return fallbackIdentifier
    }

    /// "de_DE.UTF-8@euro" -> "de_DE"; "C", "C.UTF-8" and "POSIX" -> en_US;
    /// so is a name whose language or region ISO does not know
    /// ("xx_YY.UTF-8"), which would otherwise format as ICU's root locale
    /// ("US$").
    public static func posixToICU(_ value: String) -> String {
        var name = Substring(value)
        if let at = name.firstIndex(of: "@") { name = name[..<at] }
        if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
        if name.isEmpty || name == "C" || name == "POSIX" || !isKnown(name) { return fallbackIdentifier }
        return String(name)
    }

    /// The variables that name a locale, ICU's (LC_MESSAGES) included.
    public static let variables = ["LC_ALL", "LC_MESSAGES", "LANG", "LC_NUMERIC", "LC_TIME", "LC_MONETARY", "LC_CTYPE"]

    /// Whether `value` has the shape of a POSIX locale name
    /// (`language[_REGION][.codeset][@modifier]`, C, POSIX): a language of 1
    /// to 8 ASCII letters, other parts of at most 8 letters or digits, 64
    /// bytes in all. ICU's own default locale, read from the same variables,
    /// crashes on some other values (a one-word LANG of 12 letters), so a
    /// variable without this shape is dropped at launch, before ICU is
    /// asked anything; grocer then uses en_US, as for an unknown name.
    public static func isWellFormed(_ value: String) -> Bool {
        guard value.utf8.count <= 64 else { return false }
        var name = Substring(value)
        if let at = name.firstIndex(of: "@") {
            guard name[name.index(after: at)...].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return false }
            name = name[..<at]
        }
        if let dot = name.firstIndex(of: ".") {
            guard name[name.index(after: dot)...].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return false }
            name = name[..<dot]
        }
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        guard let language = parts.first, (1...8).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// Language, then optional script (4 letters) and region (2 letters or
    /// 3 digits), each one ISO knows.
    static func isKnown(_ name: Substring) -> Bool {
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        guard let language = parts.first, isISOLanguage(language) else { return false }
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy({ $0.isASCII && $0.isLetter }) { continue }  // a script: Latn, Hant
            guard isISORegion(part) else { return false }
        }
        return true
    }
}
