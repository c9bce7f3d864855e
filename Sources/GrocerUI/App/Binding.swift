/// One key binding, written once: the keys, what the hint bar and the help
/// screen say about them, and what they do. A screen's `bindings` are its
/// whole key handling: a key no binding takes does nothing.
public struct Binding<S>: Sendable {
    public let keys: [Key]
    /// Typed characters taken beyond `keys` (the weight field takes any
    /// character and explains a refusal).
    let typing: (@Sendable (Character) -> Bool)?
    /// Takes a bracketed paste (`Key.paste`), whatever it holds.
    let pastes: Bool
    /// The key as the hint bar shows it ("F3", "^U"); nil keeps it off the bar.
    public let hint: String?
    /// What the hint bar says it does ("History").
    public let label: String?
    /// What it says instead, made from the screen as it is now (the
    /// history's `u` names what it will undo); nil: `label`.
    let liveLabel: (@Sendable (S) -> String?)?
    /// The keys as the help screen lists them; by default their names
    /// (put together when help opens, not at launch).
    public var helpKeys: String { givenHelpKeys ?? keys.map(\.name).joined(separator: " ") }
    private let givenHelpKeys: String?
    /// What the help screen says it does ("weight history").
    public let help: String
    /// Acts while "Terminal too small" is shown (help and quit).
    public let actsWhenTooSmall: Bool
    let isActive: @Sendable (S) -> Bool
    let action: @Sendable (inout S, Key, inout AppContext) -> Outcome

    public init(
        keys: [Key], typing: (@Sendable (Character) -> Bool)? = nil, pastes: Bool = false,
        hint: String? = nil, label: String? = nil,
        help: String, helpKeys: String? = nil, actsWhenTooSmall: Bool = false,
        when isActive: @escaping @Sendable (S) -> Bool = { _ in true },
        liveLabel: (@Sendable (S) -> String?)? = nil,
        action: @escaping @Sendable (inout S, Key, inout AppContext) -> Outcome
    ) {
        self.keys = keys
        self.typing = typing
        self.pastes = pastes
        self.hint = hint
        self.label = label
        self.liveLabel = liveLabel
        self.help = help
        self.givenHelpKeys = helpKeys
        self.actsWhenTooSmall = actsWhenTooSmall
        self.isActive = isActive
        self.action = action
    }

    /// A binding whose outcome does not depend on the screen's state.
    public init(
        keys: [Key], hint: String? = nil, label: String? = nil,
        help: String, helpKeys: String? = nil, actsWhenTooSmall: Bool = false,
        when isActive: @escaping @Sendable (S) -> Bool = { _ in true }, outcome: Outcome
    ) {
        self.init(
            keys: keys, hint: hint, label: label, help: help, helpKeys: helpKeys,
            actsWhenTooSmall: actsWhenTooSmall, when: isActive
        ) { _, _, _ in outcome }
    }

    public func takes(_ key: Key) -> Bool {
        if keys.contains(key) { return true }
        if case .char(let ch) = key, let typing { return typing(ch) }
        if case .paste = key { return pastes }
        return false
    }

    var hintEntry: Hint? {
        guard let hint, let label else { return nil }
        return Hint(hint, label)
    }

    /// The hint as the bar shows it over `screen`.
    func hintEntry(over screen: S) -> Hint? {
        guard let hint, let label else { return nil }
        return Hint(hint, liveLabel?(screen) ?? label)
    }
}

/// A key and what it does, as the hint bar and the help screen show it.
public struct Hint: Equatable, Sendable {
    public let key: String
    public let action: String
    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}
