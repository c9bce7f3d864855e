import ArgumentParser
import Foundation
import GrocerCore

/// `grocer tip DIGITS [--custom PERCENT] [--split N] [--json]`: checks its
/// input and prints `TipReport`; the rules and wording live in GrocerCore.
struct TipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tip",
        abstract: "Work out a 15% and a custom tip on a bill, and split it.",
        discussion: """
            The bill is given in the currency's minor unit, as digits: 5632 is \
            $56.32 or 56,32 €, and ¥5,632 in yen. Amounts are formatted in the \
            locale from LC_ALL, LC_MONETARY or LANG.
            """
    )

    @Argument(help: "The bill as 1 to 12 digits, in minor units (5632 is 56.32).")
    var digits: String

    // Strings, not Int: grocer words its own errors and exits 2, where
    // argument-parser would exit 64. Unconditional parsing lets "-5" reach
    // the range check instead of reading as an unknown option.
    @Option(name: .long, parsing: .unconditional, help: "The custom tip, a whole percent from 0 to 30 (default 18).")
    var custom: String?

    @Option(name: .long, parsing: .unconditional, help: "Split the total among 1 to 20 people (default 1).")
    var split: String?

    @Flag(help: "Print JSON with decimal strings instead of a table.")
    var json = false

    func run() throws {
        let request = try TipRequest(digits: digits, customPercent: custom, people: split)
        let locale = UserLocale.locale(for: .monetary, environment: Environment.process)
        let report = TipReport(sheet: request.sheet(in: Currency(locale: locale)), locale: locale)
        print(json ? report.json : report.text)
    }
}
