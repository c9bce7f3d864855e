/// A screen is a value with one life cycle: it appears, takes keys through
/// its bindings, receives the results of the effects it asked for, may ask
/// to be woken at a time, and renders. Adding one is one file (the screen,
/// its `Route`) and one line in `ScreenRegistry`.
public protocol Screen: Sendable {
    /// Every key it takes, written once; the hint bar and help come from it.
    static var bindings: [Binding<Self>] { get }
    /// Its section in the help screen; nil keeps it out of help.
    static var helpTitle: String? { get }
    /// Its sections in the help screen, in order, when it has several (a
    /// screen with modes: one per mode); by default one, `helpTitle` over
    /// every binding. Together they hold every binding once.
    static var helpParts: [HelpPart<Self>] { get }
    /// The smallest area it draws in; below it the app says how big the
    /// terminal must be.
    static var minimumSize: Size { get }
    /// Drawn over the screen below it (a picker) instead of alone.
    static var isOverlay: Bool { get }
    /// Whether the app's own keys (F1 help, F10 quit, ...) act over it.
    static var takesGlobalKeys: Bool { get }
    /// Whether it shows where sync stands from the sync answers it hears
    /// (the history): the app asks the status when it appears and draws
    /// it again each minute ("synced 2 min ago").
    static var showsSync: Bool { get }
    /// Whether typed characters are text here now (a grocery line, a
    /// filter): then `?` and `q` are typed, not help and quit. Fields that
    /// take only digits say no.
    var takesText: Bool { get }
    /// Whether `q` would drop something typed and not saved: then the
    /// screen's own `q` binding asks first, instead of the app quitting.
    var guardsQuit: Bool { get }
    /// Whether it waits for a result it must see (a save behind another
    /// grocer's write): then the app's keys that would leave it do nothing
    /// (the result goes to the screen on top); Ctrl-C still quits.
    var holdsScreen: Bool { get }
    /// Whether `key` only changes what is typed here, asking nothing of
    /// the store or of what ICU has yet to say: such keys show at once
    /// while the store opens after the first frame (`AppContext.storeOpening`).
    func typesBeforeStore(_ key: Key) -> Bool

    /// Each time `go` or `present` brings it up (not when a screen over it
    /// is dismissed).
    mutating func appear(_ context: inout AppContext) -> Outcome
    /// The result of an effect it asked for, or an event of background work
    /// it started.
    mutating func receive(_ result: EffectResult, _ context: inout AppContext) -> Outcome
    /// When (in `AppContext.uptime`) it wants `wake`; nil: never.
    var wakeAt: Duration? { get }
    mutating func wake(_ context: inout AppContext) -> Outcome
    /// The terminal changed size (`context.size` is the new one), on the
    /// screen on top: what it needs for it (the history's `all` graph may
    /// need smaller blocks of days); by default, to be drawn again.
    mutating func resized(_ context: inout AppContext) -> Outcome
    func render(into canvas: inout Canvas, _ context: AppContext)
}

extension Screen {
    public static var helpTitle: String? { nil }
    public static var helpParts: [HelpPart<Self>] { helpTitle.map { [HelpPart($0, bindings)] } ?? [] }
    public static var isOverlay: Bool { false }
    public static var takesGlobalKeys: Bool { true }
    public static var showsSync: Bool { false }
    public var takesText: Bool { false }
    public var guardsQuit: Bool { false }
    public var holdsScreen: Bool { false }
    public func typesBeforeStore(_ key: Key) -> Bool { false }
    public mutating func appear(_ context: inout AppContext) -> Outcome { .redraw }
    public mutating func receive(_ result: EffectResult, _ context: inout AppContext) -> Outcome { .none }
    public var wakeAt: Duration? { nil }
    public mutating func wake(_ context: inout AppContext) -> Outcome { .none }
    public mutating func resized(_ context: inout AppContext) -> Outcome { .redraw }

    /// The binding that takes `key` now, if any: one naming the key comes
    /// before one taking any typed character.
    func binding(for key: Key) -> Binding<Self>? {
        let active = Self.bindings.filter { $0.isActive(self) }
        return active.first { $0.keys.contains(key) } ?? active.first { $0.takes(key) }
    }

    /// Runs the binding that takes `key`; nil when none does.
    mutating func dispatch(_ key: Key, _ context: inout AppContext, tooSmall: Bool = false) -> Outcome? {
        guard let binding = binding(for: key), !tooSmall || binding.actsWhenTooSmall else { return nil }
        return binding.action(&self, key, &context)
    }

    /// Its keys on the hint bar right now.
    /// (A loop, not filter and a key path: this runs for the first frame,
    /// where a generic algorithm's first use and a key path's cost more
    /// than the work.)
    var hints: [Hint] {
        var hints: [Hint] = []
        for binding in Self.bindings where binding.isActive(self) {
            if let hint = binding.hintEntry(over: self) { hints.append(hint) }
        }
        return hints
    }

    /// Its sections of help: one per part, each binding's keys and text,
    /// a line two bindings share said once (one binding per tab or mode
    /// that does the same).
    static var helpSections: [HelpSection] {
        helpParts.map { part in
            var entries: [HelpSection.Entry] = []
            for binding in part.bindings {
                let entry = HelpSection.Entry(keys: binding.helpKeys, text: binding.help, bound: binding.keys)
                if !entries.contains(where: { $0.keys == entry.keys && $0.text == entry.text }) { entries.append(entry) }
            }
            return HelpSection(title: part.title, entries: entries)
        }
    }
}

/// A titled part of a screen's help and the bindings it lists.
public struct HelpPart<S>: Sendable {
    public let title: String
    public let bindings: [Binding<S>]

    public init(_ title: String, _ bindings: [Binding<S>]) {
        self.title = title
        self.bindings = bindings
    }
}

/// A section of the help screen: a title and each binding's keys and text.
public struct HelpSection: Sendable {
    public struct Entry: Sendable {
        public let keys: String
        public let text: String
        /// The keys the binding takes (typed characters aside).
        public let bound: [Key]
    }
    public let title: String
    public let entries: [Entry]
    /// The screen it describes (nil: the keys that act everywhere).
    public var route: Route? = nil
}

extension Screen {
    /// A key through the screen's own bindings; `.none` when none takes it.
    public mutating func handle(_ key: Key, _ context: inout AppContext) -> Outcome {
        dispatch(key, &context) ?? .none
    }
}
