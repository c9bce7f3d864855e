import Foundation
import GrocerApp
import GrocerCLI
import GrocerCore
import GrocerUI

/// `grocer` with no subcommand: the app on the real terminal and store.
struct InteractiveApp {
    let storePath: String
    let environment: Environment

    /// The exit status; a failure to start is thrown as one line.
    func run() throws -> Int32 {
        let exit: Exit
        do {
            exit = try LiveApp.run(storePath: storePath, environment: environment)
        } catch {
            throw Failure(String(describing: error))
        }
        if let message = exit.message {
            StandardOutput.writeError(Data("grocer: \(message)\n".utf8))
        }
        return exit.status
    }
}
