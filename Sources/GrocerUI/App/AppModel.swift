import Foundation
import GrocerCore

/// The whole interface as a value: a stack of routes over screens made on
/// first use and kept, the global keys, the hint bar and the too-small
/// message. The app loop feeds it keys, effect results and timer wake-ups;
/// navigation (`go`, `present`, `dismiss`) happens here, and what the loop
/// must do (draw, ring, perform, quit) comes back as an `Outcome`.
public struct AppModel: Sendable {
    public private(set) var context: AppContext
    /// Bottom first: the base screen, then any presented over it.
    public private(set) var stack: [Route] = []
    private var screens = MadeScreens()
    /// Screens under the top one that have not yet heard that another
    /// process changed the store: told when they are on top again.
    private var staleRoutes: [Route] = []
    private let registry: ScreenRegistry
    /// The whole terminal (the context's size leaves out the hint bar).
    private var terminalSize = Size(width: 80, height: 24)
    /// A weight changed goes out a few seconds later, whatever shows.
    private(set) var weightsSync = WeightsSync()
    /// Keys that came while the store opened after the first frame
    /// (`AppContext.storeOpening`), in order, and the unit shown when the
    /// first of them typed a weight: handled again once it has
    /// (`takeEarlyKeys`).
    private var earlyKeys: [Key] = []
    private var earlyUnit: DisplayUnit?

    public init(context: AppContext, registry: ScreenRegistry = .standard) {
        self.context = context
        self.registry = registry
    }

    /// The screen on top.
    public var top: Route? { stack.last }

    /// The screen at `route`, if it was made (for tests).
    public func screen<S: Screen>(_ route: Route, as type: S.Type = S.self) -> S? {
        screens[route] as? S
    }

    public mutating func setClock(now: Date, uptime: Duration) {
        context.now = now
        context.uptime = uptime
    }

    public mutating func resize(_ size: Size) {
        terminalSize = size
        context.size = Size(width: size.width, height: max(0, size.height - 1))
    }

    /// Opens the first screen.
    public mutating func start(at route: Route) -> Outcome {
        apply(.go(route))
    }

    // MARK: Keys, results, timers

    public mutating func handle(_ key: Key) -> Outcome {
        if context.storeOpening { return key == .resize ? .redraw : handleEarly(key) }
        if key == .resize {
            guard let route = top, var screen = screens[route] else { return .redraw }
            let outcome = screen.resized(&context)
            screens[route] = screen
            return apply(outcome)
        }
        guard let route = top, var screen = screens[route] else { return .none }
        let small = isTooSmall
        if let global = GlobalKeys.binding(for: key, over: screen) {
            guard !small || global.actsWhenTooSmall else { return .none }
            var unit: Void = ()
            return apply(global.action(&unit, key, &context))
        }
        let outcome = screen.dispatch(key, &context, tooSmall: small)
        screens[route] = screen
        return apply(outcome ?? .none)
    }

    /// A key before the store has opened: kept, and shown at once when it
    /// only types (the screen says which); nothing else happens yet.
    private mutating func handleEarly(_ key: Key) -> Outcome {
        earlyKeys.append(key)
        guard let route = top, var screen = screens[route], screen.typesBeforeStore(key) else { return .none }
        // A key that types a weight types it in the unit shown; keys that
        // only move (F3) or ask (^U) mean the same in any unit.
        if earlyUnit == nil { earlyUnit = context.displayUnit }
        guard !isTooSmall else { return .none }
        let outcome = screen.dispatch(key, &context) ?? .none
        screens[route] = screen
        switch outcome {
        case .redraw, .reject: return outcome
        default: return .none
        }
    }

    /// The keys that came before the store opened, to be handled again
    /// now, in order, on the screens made once it did; empty before.
    public mutating func takeEarlyKeys() -> [Key] {
        guard !context.storeOpening, !earlyKeys.isEmpty else { return [] }
        defer { earlyKeys = [] }
        return earlyKeys
    }

    /// An effect's result (or a background event) for the screen on top,
    /// which asked for it.
    public mutating func receive(_ result: EffectResult) -> Outcome {
        if result.changedWeights { weightsSync.weightsChanged(at: context.uptime) }
        switch result {
        case .quit(let exit):
            return .quit(exit)
        case .storeOpened(let hints):
            return settle(hints)
        case .storeChecked:
            return .perform(.openStore)
        case .sync(let answer):
            weightsSync.heard(answer)
            return tellStack(result)
        default:
            break
        }
        guard let route = top, var screen = screens[route] else { return .none }
        let outcome = screen.receive(result, &context)
        screens[route] = screen
        return apply(outcome)
    }

    /// Sync's answers go to every screen on the stack, top first: a sync
    /// the grocery screen started may end while help or the conflicts are
    /// over it, and its header must not stay "syncing…". The top screen's
    /// outcome counts; under it, only what needs no navigation (work to
    /// perform, a redraw) is taken.
    private mutating func tellStack(_ result: EffectResult) -> Outcome {
        var outcome: Outcome = .none
        for (index, route) in stack.enumerated().reversed() {
            guard var screen = screens[route] else { continue }
            let answer = screen.receive(result, &context)
            screens[route] = screen
            let onTop = index == stack.count - 1
            switch answer {
            case .perform where outcome == .none || outcome == .redraw:
                outcome = answer
            case .redraw where outcome == .none:
                outcome = answer
            case _ where onTop:
                outcome = answer
            default:
                break
            }
        }
        return apply(outcome)
    }

    /// The store has opened and ICU has answered: the context takes the
    /// checked hints and the store's unit, and every screen is made again
    /// from it, so none repairs its own date text or decimal separator.
    /// It comes before the first key at launch, and after the migration's
    /// summary: both go on at the weight screen.
    private mutating func settle(_ hints: LaunchHints) -> Outcome {
        context.hints = hints
        context.storeReady = true
        context.storeOpening = false
        if let unit = hints.unit { context.displayUnit = unit }
        // Typed against another unit than the store's: a weight typed as
        // pounds is not kilograms. Nothing typed is saved; the person types
        // it again in the unit now shown.
        if let shown = earlyUnit, shown != context.displayUnit, !earlyKeys.isEmpty {
            earlyKeys = []
            context.notice =
                "Weights here are in \(context.displayUnit.rawValue), not \(shown.rawValue) as first shown: "
                + "nothing typed was kept; type the weight again."
        }
        earlyUnit = nil
        screens = MadeScreens()
        staleRoutes = []
        return apply(.go(.weight))
    }

    /// Another process wrote to the store: the screen on top reads it again
    /// now; those under it when they are on top again (screens that are
    /// not on the stack read the store afresh when they next appear).
    public mutating func storeChanged() -> Outcome {
        for route in stack.dropLast() where !staleRoutes.contains(route) { staleRoutes.append(route) }
        return receive(.storeChanged)
    }

    /// When the screen on top, or the weights' sync, wants to be woken,
    /// in uptime.
    public var wakeAt: Duration? {
        [top.flatMap { screens[$0]?.wakeAt }, weightsSync.wakeAt(showing: showsSync)].compactMap { $0 }.min()
    }

    /// Whether the screen on top shows where sync stands.
    private var showsSync: Bool {
        top.flatMap { screens[$0] }.map { type(of: $0).showsSync } ?? false
    }

    /// Wakes the weights' sync, then the screen on top, if its time has
    /// come (one a pass: the other's time is still due at the next).
    public mutating func wake() -> Outcome {
        let due = weightsSync.wake(at: context.uptime, showing: showsSync)
        if due != .none { return apply(due) }
        guard let route = top, var screen = screens[route], let at = screen.wakeAt, at <= context.uptime else { return .none }
        let outcome = screen.wake(&context)
        screens[route] = screen
        return apply(outcome)
    }

    // MARK: Navigation

    /// Carries out navigation; returns what is left for the loop.
    private mutating func apply(_ outcome: Outcome) -> Outcome {
        switch outcome {
        case .go(let route):
            stack = [route]
            staleRoutes = []
            return appear(route)
        case .present(let route):
            if let index = stack.firstIndex(of: route) {
                stack.removeSubrange((index + 1)...)
                return tellIfStale()
            }
            context.presentedFrom = stack.last
            stack.append(route)
            return appear(route)
        case .dismiss:
            guard stack.count > 1 else { return .none }
            stack.removeLast()
            return tellIfStale()
        case .perform(.setDefaultUnit):
            // The unit travels with the weights (issue 36): it goes out as
            // a weight does.
            weightsSync.weightsChanged(at: context.uptime)
            return outcome
        case .none, .redraw, .reject, .perform, .quit, .suspend:
            return outcome
        }
    }

    /// The screen now on top again hears of a change to the store that
    /// came while it was under another.
    private mutating func tellIfStale() -> Outcome {
        guard let route = top, let stale = staleRoutes.firstIndex(of: route) else { return .redraw }
        staleRoutes.remove(at: stale)
        let outcome = receive(.storeChanged)
        return outcome == .none ? .redraw : outcome
    }

    private mutating func appear(_ route: Route) -> Outcome {
        guard var screen = screens[route] ?? registry.entry(route)?.make(context, registry) else {
            preconditionFailure("no screen registered at route \(route)")
        }
        let outcome = screen.appear(&context)
        screens[route] = screen
        if type(of: screen).showsSync { weightsSync.shown(at: context.uptime) }
        let next = apply(outcome)
        return next == .none ? .redraw : next
    }

    // MARK: Drawing

    /// From the last screen that is not an overlay up to the top.
    private var visible: [any Screen] {
        let shown = stack.compactMap { screens[$0] }
        let base = shown.lastIndex { !type(of: $0).isOverlay } ?? 0
        return Array(shown[min(base, shown.count)...])
    }

    private var minimumSize: Size {
        visible.reduce(Size(width: 0, height: 0)) {
            let m = type(of: $1).minimumSize
            return Size(width: max($0.width, m.width), height: max($0.height, m.height))
        }
    }

    private var takesGlobalKeys: Bool {
        top.flatMap { screens[$0] }.map { type(of: $0).takesGlobalKeys } ?? true
    }

    /// Whether the terminal is smaller than the screens on show need (one
    /// more row for the hint bar). Then only help and quit act.
    public var isTooSmall: Bool {
        let need = minimumSize
        return terminalSize.width < need.width || terminalSize.height < need.height + 1
    }

    /// The hint bar's entries: the top screen's, then the global ones.
    var hintItems: [HintBar.Item] {
        let screenHints = top.flatMap { screens[$0] }.map { $0.hints } ?? []
        // The key of the screen shown is left out. (A loop: this runs for
        // the first frame.)
        var global: [Hint] = []
        if takesGlobalKeys {
            for binding in GlobalKeys.bindings {
                guard let hint = binding.hintEntry else { continue }
                if let route = GlobalKeys.route(ofHint: hint.key), route == stack.first { continue }
                global.append(hint)
            }
        }
        return HintBar.items(screen: screenHints, global: global)
    }

    /// The full frame: the screens above, the hint bar on the last row.
    public func render(into canvas: inout Canvas) {
        let need = minimumSize
        if canvas.width < need.width || canvas.height < need.height + 1 {
            TooSmall.render(into: &canvas, need: Size(width: need.width, height: need.height + 1), canQuit: takesGlobalKeys)
            return
        }
        var context = self.context
        context.size = Size(width: canvas.width, height: canvas.height - 1)
        canvas.drawAbove(rows: 1) { body in
            for screen in visible { screen.render(into: &body, context) }
        }
        HintBar.render(hintItems, into: &canvas, row: canvas.height - 1)
    }
}

extension AppModel {
    /// Whether some binding on top (or a global one) takes `key`.
    func takes(_ key: Key) -> Bool {
        guard let route = top, let screen = screens[route] else { return false }
        if GlobalKeys.binding(for: key, over: screen) != nil { return true }
        return screen.takesKey(key)
    }
}

extension Screen {
    func takesKey(_ key: Key) -> Bool { binding(for: key) != nil }
}

/// The screens made so far, by route: a handful, kept in a list. (A
/// Dictionary keyed by Route would do as well, but making its type at
/// launch has the runtime look up Route's Hashable conformance through
/// every conformance in the executable, before the first frame.)
struct MadeScreens: Sendable {
    private var entries: [(route: Route, screen: any Screen)] = []

    subscript(route: Route) -> (any Screen)? {
        get { entries.first { $0.route == route }?.screen }
        set {
            let index = entries.firstIndex { $0.route == route }
            switch (index, newValue) {
            case (let i?, let screen?): entries[i].screen = screen
            case (let i?, nil): entries.remove(at: i)
            case (nil, let screen?): entries.append((route, screen))
            case (nil, nil): break
            }
        }
    }
}
