import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

/// `grocer height [180 cm | 5 ft 11 in] [--clear] [--json]`: the height the
/// body mass index is worked out from.
struct HeightCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "height",
        abstract: "Print your height, set it, or clear it; with one set, the trend shows the BMI.",
        discussion: """
            Give it as 180 cm, 180cm, 1.80 m, 5 ft 11 in, 5'11" or 71 in, from 50 to 272 cm (1 ft 7.7 in to \
            8 ft 11.1 in). It is kept as given (metres as centimetres) and shown in that unit and the other. \
            With no store at the path yet, printing says there is no height and creates nothing.
            """)

    @Argument(help: ArgumentHelp("The height, e.g. 180 cm or 5 ft 11 in; omit to print the current one.", valueName: "height"))
    var height: [String] = []

    @Flag(help: "Clear the height (no BMI is shown then).")
    var clear = false

    @Flag(help: "Print the height as it is now, {value, unit, cm, in} (cm and in to a tenth), or null when there is none.")
    var json = false

    @OptionGroup var store: StoreOptions

    func validate() throws {
        if clear && !height.isEmpty { throw ValidationError("Give a height or --clear, not both.") }
    }

    func run() throws {
        if clear || !height.isEmpty {
            var given: Height? = nil
            if !height.isEmpty {
                switch Height.parse(height.joined(separator: " ")) {
                case .success(let parsed): given = parsed
                case .failure(let problem): throw Failure(problem.message)
                }
            }
            let db = try store.open()
            defer { try? db.close() }
            try StoreAccess.writing(db.path) { try db.settings.set(.height, to: given) }
            show(given, set: true)
            return
        }
        guard let db = try store.openIfThere() else { return show(nil, set: false) }
        defer { try? db.close() }
        show(try StoreAccess.reading(db.path) { try db.settings.read(.height).value }, set: false)
    }

    private func show(_ height: Height?, set: Bool) {
        if json { return JSONText.write(Self.json(height)) }
        switch (height, set) {
        case (let height?, true): print("Height set to \(height.description)")
        case (let height?, false): print("Height: \(height.description)")
        case (nil, true): print("Height cleared")
        case (nil, false): print("No height set")
        }
    }

    static func json(_ height: Height?) -> String {
        guard let height else { return "null" }
        return JSONText.fields([
            ("value", "\(height.value)"), ("unit", JSONText.string(height.unit.rawValue)),
            ("cm", Height.tenths(height.centimetres)), ("in", Height.tenths(height.inches)),
        ])
    }
}
