import Foundation
import GrocerCore

/// A picker with type-to-filter: "(none)", the names containing the typed
/// text (ignoring case and accents; where it is a whole word first), and
/// "+ New "text"" when no name is exactly the text. Up and Down move the
/// highlight; the highlighted option is the answer.
public struct ChoicePicker: Equatable, Sendable {
    public struct Option: Equatable, Sendable {
        public let choice: GroceryChoice
        public let label: String
    }

    /// (id, name) of every existing one, in the order offered.
    public let names: [(id: Int64, name: String)]
    public private(set) var typed = TextLine(limit: 100)
    public private(set) var options: [Option] = []
    public private(set) var highlight = 0
    private let folder: NameFolder

    public init(names: [(id: Int64, name: String)], current: Int64?, locale: Locale) {
        self.names = names
        folder = NameFolder(locale: locale)
        refresh()
        if let current, let index = options.firstIndex(where: { $0.choice == .existing(current) }) { highlight = index }
    }

    public static func == (a: ChoicePicker, b: ChoicePicker) -> Bool {
        a.typed == b.typed && a.options == b.options && a.highlight == b.highlight
            && a.names.map(\.id) == b.names.map(\.id) && a.names.map(\.name) == b.names.map(\.name)
    }

    /// The answer: the highlighted option.
    public var choice: GroceryChoice { options.indices.contains(highlight) ? options[highlight].choice : .none }

    public var label: String { options.indices.contains(highlight) ? options[highlight].label : "" }

    private mutating func refresh() {
        let text = typed.text.trimmingCharacters(in: .whitespaces)
        let needle = folder.key(text)
        var options = [Option(choice: .none, label: "(none)")]
        // Names with the text as a whole word first, as in the `/` filter.
        var inside: [Option] = []
        var exact = false
        for (id, name) in names {
            let key = folder.key(name)
            let occurrence = key.occurrence(of: needle)
            guard occurrence != .none else { continue }
            if !needle.isEmpty && key == needle { exact = true }
            let option = Option(choice: .existing(id), label: PlainText.visible(name))
            if occurrence == .wholeWord { options.append(option) } else { inside.append(option) }
        }
        options += inside
        if !text.isEmpty && !exact { options.append(Option(choice: .new(text), label: "+ New \u{201C}\(PlainText.visible(text))\u{201D}")) }
        self.options = options
        // While typing: the first match, or the new one when none match.
        highlight = text.isEmpty ? 0 : min(1, options.count - 1)
    }

    /// A key for the picker; false when it does nothing here.
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .up:
            guard highlight > 0 else { return false }
            highlight -= 1
        case .down:
            guard highlight < options.count - 1 else { return false }
            highlight += 1
        default:
            guard typed.edit(key) else { return false }
            refresh()
        }
        return true
    }
}
