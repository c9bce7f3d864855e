import Foundation
import GrocerCore

/// The names grocer already knows (items, or units), found by their folded
/// key (`NameKey`: case, accents and width ignored), so that a phone's
/// "3 Apples" joins the item "apples" and two people adding "Limes" and
/// "limes" add one item (tribu#453). Made once per sync, asked per item.
public struct KnownNames: Sendable {
    private let byKey: [NameKey: String]
    private let folder: NameFolder

    /// When two known names fold alike, the first is the one found.
    public init(_ names: [String], locale: Locale) {
        let folder = NameFolder(locale: locale)
        var byKey: [NameKey: String] = [:]
        for name in names {
            let key = folder.key(name)
            if byKey[key] == nil { byKey[key] = name }
        }
        self.byKey = byKey
        self.folder = folder
    }

    /// The known name that folds like `name`, nil when there is none.
    public func spelling(of name: String) -> String? { byKey[folder.key(name)] }

    /// `item` with its name spelled as the known name it folds like, when
    /// there is one.
    public func matching(_ item: SyncedItem) -> SyncedItem {
        var matched = item
        matched.name = spelling(of: item.name) ?? item.name
        return matched
    }
}
