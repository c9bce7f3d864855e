import Foundation

/// The key the store keeps beside each item's name (`item.name_key`,
/// format version 8) and indexes, so that quick entry finds the item a
/// typed name means with one lookup instead of comparing the name with
/// every name on the list.
///
/// It is the same in every locale, so it can be kept: the name in Unicode
/// compatibility form (a ligature "ﬁ" is "fi", "①" is "1"), with case,
/// accents and width folded, invisible characters (a soft hyphen, a
/// zero-width space) left out, every "i" of the Turkic languages ("I", "ı",
/// "İ") one "i", and hiragana as katakana. It is deliberately coarse: two
/// names are the same item only when their keys are equal *and* the rule
/// asked for holds between them (`GroceryItem.sameName`, sync's
/// `SyncedItem.sameName`), so the key narrows the search and the rule
/// decides.
///
/// Never change what a released key is for a name: stores keep it. (A
/// store's keys are made again only where they are missing.)
public enum ItemNameKey {
    private static let folder = NameFolder(locale: Locale(identifier: "en_US_POSIX"))

    public static func of(_ name: String) -> String {
        // ASCII: the folder's own fast path (its lower case) is the key.
        guard name.utf8.contains(where: { $0 >= 0x80 }) else { return folder.fold(name) }
        let folded = folder.fold(name.precomposedStringWithCompatibilityMapping)
        var scalars = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint {
            switch scalar.value {
            case 0x0131: scalars.append("i")  // dotless ı
            case 0x3041...0x3096: scalars.append(Unicode.Scalar(scalar.value + 0x60) ?? scalar)  // hiragana -> katakana
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
