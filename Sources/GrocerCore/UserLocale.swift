import Foundation

/// Builds the person's `Locale` from the environment, as POSIX does:
/// LC_ALL, then the category's own variable, then LANG. Foundation's
/// `Locale.current` is a fixed default on Linux, so grocer never uses it.
public enum UserLocale {
    public enum Category: String, Sendable {
        case numeric = "LC_NUMERIC"
        case time = "LC_TIME"
        case monetary = "LC_MONETARY"
        case ctype = "LC_CTYPE"
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
