/// Every screen the app can show: its route, how to make it (on first use),
/// and its section of the help screen. A new screen is one line here.
public struct ScreenRegistry: Sendable {
    struct Entry: Sendable {
        let route: Route
        let make: @Sendable (AppContext, ScreenRegistry) -> any Screen
        /// Made when help opens: building every screen's sections at launch
        /// (their key tables) cost before the first frame.
        let helpSections: @Sendable () -> [HelpSection]
    }

    let entries: [Entry]

    public static let standard = ScreenRegistry()
        .register(WeightEntryScreen.self, at: .weight) { context, _ in WeightEntryScreen(context) }
        .register(UnitPickerScreen.self, at: .unitPicker) { context, _ in UnitPickerScreen(selected: context.displayUnit) }
        .register(HistoryScreen.self, at: .history) { context, _ in HistoryScreen(locales: context.locales) }
        .register(TipScreen.self, at: .tip) { context, _ in TipScreen(locale: context.locales.monetary) }
        .register(GroceriesScreen.self, at: .groceries) { context, _ in GroceriesScreen(locales: context.locales) }
        .register(GroceriesManageScreen.self, at: .groceriesManage) { context, _ in GroceriesManageScreen(locales: context.locales) }
        .register(SyncConflictsScreen.self, at: .syncConflicts) { _, _ in SyncConflictsScreen() }
        .register(HelpScreen.self, at: .help) { _, registry in HelpScreen(sections: registry.helpSections) }
        .register(MigrationScreen.self, at: .migration) { context, _ in MigrationScreen(locale: context.locales.numeric) }

    init(entries: [Entry] = []) { self.entries = entries }

    public func register<S: Screen>(
        _ type: S.Type, at route: Route,
        make: @escaping @Sendable (AppContext, ScreenRegistry) -> S
    ) -> ScreenRegistry {
        ScreenRegistry(entries: entries + [Entry(route: route, make: { make($0, $1) }, helpSections: { S.helpSections })])
    }

    func entry(_ route: Route) -> Entry? {
        entries.first { $0.route == route }
    }

    /// The help screen's sections: the global keys, then each screen's.
    public var helpSections: [HelpSection] {
        [GlobalKeys.helpSection]
            + entries.flatMap { entry in
                entry.helpSections().map { section in
                    var section = section
                    section.route = entry.route
                    return section
                }
            }
    }
}
