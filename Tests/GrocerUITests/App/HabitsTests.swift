import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// The habits of terminal users: `?` help, `q` quit, Ctrl-Z suspend, and a
/// bottom row that always names help and quit.
@Suite struct HabitsTests {
    static let routes: [Route] = [.weight, .unitPicker, .history, .tip, .help]

    func model(at route: Route, registry: ScreenRegistry = .standard) -> AppModel {
        var app = AppModel(context: testContext(), registry: registry)
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: .weight)
        switch route {
        case .unitPicker: _ = app.handle(.ctrl("u"))
        case .history: _ = app.handle(.function(3))
        case .tip: _ = app.handle(.function(4))
        case .help: _ = app.handle(.function(1))
        default: _ = app.start(at: route)
        }
        #expect(app.top == route)
        return app
    }

    func bottomRow(_ app: AppModel) -> String {
        var canvas = Canvas(width: 80, height: 24)
        app.render(into: &canvas)
        return canvas.lines[23]
    }

    @Test(arguments: routes)
    func questionMarkOpensHelp(route: Route) {
        var app = model(at: route)
        _ = app.handle(.char("?"))
        #expect(app.top == .help)
    }

    @Test(arguments: routes)
    func qQuits(route: Route) {
        var app = model(at: route)
        #expect(app.handle(.char("q")) == .quit())
    }

    @Test(arguments: routes + [.migration])
    func ctrlZSuspendsOnEveryScreen(route: Route) {
        var app = model(at: route)
        #expect(app.handle(.ctrl("z")) == .suspend)
    }

    @Test func theDigitFieldsKeepTheirTextWhenQAndQuestionMarkAreGlobal() {
        var app = model(at: .weight)
        for ch in "72.5" { _ = app.handle(.char(ch)) }
        _ = app.handle(.char("?"))
        _ = app.handle(.escape)
        #expect(app.screen(.weight, as: WeightEntryScreen.self)?.field.text == "72.5")
    }

    @Test(arguments: routes)
    func theBottomRowAt80ShowsHelpAndQuit(route: Route) {
        let row = bottomRow(model(at: route))
        #expect(row.contains("F1 Help"))
        #expect(row.contains("F10 Quit"))
    }

    @Test func helpListsTheNewKeys() {
        let everywhere = ScreenRegistry.standard.helpSections[0]
        #expect(everywhere.entries.map(\.keys).contains("F1  Alt-1  ?"))
        #expect(everywhere.entries.map(\.keys).contains("F10  Ctrl-C  q"))
        #expect(everywhere.entries.map(\.keys).contains("Ctrl-Z"))
    }

    /// A screen where typed characters are text (a grocery line, a filter).
    struct LineScreen: Screen {
        var text = ""
        var takesText: Bool { true }
        static let minimumSize = Size(width: 10, height: 3)
        static let bindings: [Binding<LineScreen>] = [
            Binding(keys: [], typing: { _ in true }, help: "type") { s, key, _ in
                guard case .char(let ch) = key else { return .none }
                s.text.append(ch)
                return .redraw
            }
        ]
        func render(into canvas: inout Canvas, _ context: AppContext) { canvas.put(text, row: 0, column: 0) }
    }

    @Test func aScreenThatTakesTextKeepsQAndQuestionMark() {
        let line = Route("line")
        let registry = ScreenRegistry.standard.register(LineScreen.self, at: line) { _, _ in LineScreen() }
        var app = model(at: line, registry: registry)
        for ch in "q?" { #expect(app.handle(.char(ch)) == .redraw) }
        #expect(app.top == line)
        #expect(app.screen(line, as: LineScreen.self)?.text == "q?")
        #expect(app.handle(.function(10)) == .quit())
    }
}
