import Foundation
import GrocerApp
import GrocerCLI
import GrocerCore
import GrocerTerminal
import GrocerUI

/// `grocer` with no subcommand: the app on the real terminal and store.
struct InteractiveApp {
    let storePath: String
    let environment: Environment

    /// The exit status; a failure to start is thrown: the store's
    /// refusal as its `StoreError` (its own status), anything else as one
    /// line. `Main` prints either, escaped and wrapped to the terminal.
    func run() throws -> Int32 {
        let exit: Exit
        do {
            exit = try LiveApp.run(
                storePath: storePath, environment: environment,
                syncRunner: .live(environment: environment, zone: { .current }), recipeReader: .live(environment: environment))
        } catch let error where ErrorReport.isWorded(error) {
            throw error
        } catch {
            throw Failure(String(describing: error))
        }
        if let message = exit.message {
            // The one path for what the screen ends with: as an error's line.
            let report = ErrorReport(text: "grocer: " + VisibleText.escaped(message), status: exit.status)
            let text = TerminalWidth.columns(of: 2).map { report.wrapped(toWidth: $0).text } ?? report.text
            StandardOutput.writeError(Data((text + "\n").utf8))
        }
        return exit.status
    }
}
