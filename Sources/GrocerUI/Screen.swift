import Foundation
import GrocerCore

/// A key and what it does, for the hint bar and the help screen.
public struct Hint: Equatable, Sendable {
    public let key: String
    public let action: String
    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}

/// Work a screen asks for; the app loop performs it (screens do no I/O) and
/// hands the result back through `AppModel.receive(_:)`.
public enum Effect: Equatable, Sendable {
    case saveWeight(Weight, at: Date)
    case setDefaultUnit(WeightUnit)
    case loadHistory
}

/// What the app loop learned by performing an effect.
public enum EffectResult: Equatable, Sendable {
    case weightSaved(WeightEntry, recent: [WeightEntry])
    case defaultUnitSet(WeightUnit)
    case history([WeightEntry])
    case failed(String)
}

/// What happens after a key.
public enum Outcome: Equatable, Sendable {
    /// Nothing changed.
    case none
    /// State changed: draw again.
    case redraw
    /// The key was refused: nothing changed but the person is told (bell or
    /// flash, and whatever message the screen now shows).
    case reject
    /// Run this effect, then draw again.
    case perform(Effect)
    /// Leave the screen for the one the app shows by default.
    case dismiss
    case quit
}

/// A screen is a value: its state, how it takes a key, and how it draws.
public protocol Screen: Sendable {
    mutating func handle(_ key: Key) -> Outcome
    func render(into canvas: inout Canvas)
    /// This screen's own keys, shown before the global ones.
    var hints: [Hint] { get }
    /// The smallest canvas it draws in; below it the app says how big the
    /// terminal must be.
    static var minimumSize: (width: Int, height: Int) { get }
}
