import Foundation
import GrocerCore

/// A terminal's or a canvas's size in cells.
public struct Size: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// What every screen may read, and the little they share: the locales and
/// the launch's hints, the default unit, the time of the key being handled,
/// the size of the area screens draw in, and a notice for the next screen
/// to show.
public struct AppContext: Sendable {
    public let locales: Locales
    /// What an earlier launch learnt of the locales and the time zone, until
    /// the store opens and ICU has answered; then what ICU said (the app
    /// model sets them from `EffectResult.storeOpened`).
    public var hints = LaunchHints()
    /// The decimal separator weights are typed with.
    public var decimalSeparator: Character { hints.decimalSeparator(locales) }
    /// "November 21, 2026 at 12:00 PM" under en_US, in the person's zone.
    public func longDateShortTime(_ date: Date) -> String { hints.longDateShortTime(date, locales) }
    /// The store's path, for messages.
    public let storePath: String
    /// The unit weights are shown and typed in (lbs, kg, st).
    public var displayUnit: DisplayUnit
    /// The unit new weights are kept and figures worked out in (pounds for
    /// stones). Setting it sets `displayUnit` to it.
    public var defaultUnit: WeightUnit {
        get { displayUnit.measure }
        set { displayUnit = DisplayUnit(newValue) }
    }
    /// Wall-clock time of the key or event being handled.
    public var now: Date
    /// Monotonic time since launch: what timers compare with.
    public var uptime: Duration = .zero
    /// The area screens draw in: the terminal minus the hint bar.
    public var size = Size(width: 80, height: 23)
    /// A line for the next screen that appears to show once ("Saved 72.5 kg").
    public var notice: String?
    /// The weight just saved, for the history's undo (`u` takes it back).
    public var saved: WeightEntry?
    /// The store has opened (set by the app model at `storeOpened`):
    /// before it, screens ask the store nothing (the first frame comes
    /// before any thread but the loop's).
    public var storeReady = false
    /// The store's pages are being checked beside the first frame (another
    /// program wrote to it since a check last passed): until it opens,
    /// keys that only type the weight show at once and every key is kept,
    /// to be handled again once it has (`AppModel.takeEarlyKeys`).
    public var storeOpening = false
    /// The screen under the one being presented (help opens at its keys).
    public var presentedFrom: Route?

    public init(locales: Locales, storePath: String = "", defaultUnit: WeightUnit = .lbs, now: Date) {
        self.init(locales: locales, storePath: storePath, displayUnit: DisplayUnit(defaultUnit), now: now)
    }

    public init(locales: Locales, storePath: String = "", displayUnit: DisplayUnit, now: Date) {
        self.locales = locales
        self.storePath = storePath
        self.displayUnit = displayUnit
        self.now = now
    }
}
