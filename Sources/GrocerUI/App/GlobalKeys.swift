/// The app's own keys, acting over every screen that takes them (all but
/// the migration screen), before the screen's own. `?` and `q` act where
/// they would not be typed as text: a screen that takes text (a grocery
/// line, a filter) keeps them; the weight and tip fields take only digits,
/// so there they are help and quit. Ctrl-Z suspends on every screen.
public enum GlobalKeys {
    public static let bindings: [Binding<Void>] = [
        Binding(
            keys: [.function(1), .alt("1"), .char("?")], hint: "F1", label: "Help", help: "this help",
            helpKeys: "F1  Alt-1  ?", actsWhenTooSmall: true, outcome: .present(.help)),
        Binding(
            keys: [.function(2), .alt("2")], hint: "F2", label: "Weight", help: "today's weight",
            helpKeys: "F2  Alt-2", outcome: .go(.weight)),
        Binding(
            keys: [.function(3), .alt("3")], hint: "F3", label: "History", help: "weight history",
            helpKeys: "F3  Alt-3", outcome: .go(.history)),
        Binding(
            keys: [.function(4), .alt("4")], hint: "F4", label: "Tip", help: "tip calculator",
            helpKeys: "F4  Alt-4", outcome: .go(.tip)),
        Binding(
            keys: [.function(5), .alt("5")], hint: "F5", label: "Groceries", help: "grocery list",
            helpKeys: "F5  Alt-5", outcome: .go(.groceries)),
        Binding(
            keys: [.function(10), .ctrl("c"), .char("q")], hint: "F10", label: "Quit", help: "quit",
            helpKeys: "F10  Ctrl-C  q", actsWhenTooSmall: true, outcome: .quit()),
        Binding(
            keys: [.ctrl("z")], help: "suspend to the shell (fg brings grocer back)",
            helpKeys: "Ctrl-Z", actsWhenTooSmall: true, outcome: .suspend),
    ]

    /// Keys that act on every screen, the migration screen included.
    static let everywhere: Set<Key> = [.ctrl("z")]

    /// The screen each hint goes to: the bar leaves out the key of the
    /// screen already shown ("F2 Weight" on the weight screen).
    static func route(ofHint hint: String) -> Route? {
        switch hint {
        case "F2": return .weight
        case "F3": return .history
        case "F4": return .tip
        case "F5": return .groceries
        default: return nil
        }
    }

    /// Hints that stay on the bar however narrow it is: help and quit.
    static func isEssential(_ key: String) -> Bool { key == "F1" || key == "F10" }

    /// The global binding that takes `key` over `screen`, if any.
    static func binding(for key: Key, over screen: any Screen) -> Binding<Void>? {
        if !type(of: screen).takesGlobalKeys && !everywhere.contains(key) { return nil }
        if case .char = key, screen.takesText { return nil }
        if key == .char("q"), screen.guardsQuit { return nil }
        if screen.holdsScreen, key != .ctrl("c") { return nil }
        return bindings.first { $0.takes(key) }
    }

    static let helpSection = HelpSection(
        title: "Everywhere",
        entries: bindings.map { HelpSection.Entry(keys: $0.helpKeys, text: $0.help, bound: $0.keys) })
}
