import Foundation

/// A feature view of the store: its one connection, seen through one
/// feature (`store.weights`, `store.groceries`, `store.names(kind)`,
/// `store.sync`, `store.settings`). Each view lives in its own folder
/// beside its records. The helpers the views share (checked reads and
/// writes, the path their errors name, the zone the days are in) are on
/// this protocol, so a method reads the same on any view: a new feature
/// is a new folder and a view, not more members on `Store`.
protocol StoreView {
    var store: Store { get }
}

extension StoreView {
    var path: String { store.path }
    var timeZone: TimeZone { store.timeZone }
    var writer: GuardedWriter { store.writer }
}

extension Store: StoreView {
    var store: Store { self }
}
