import ArgumentParser
import Foundation
import GrocerCore
import GrocerStore

/// `grocer`: with no subcommand, the interactive screen; otherwise one of
/// the scripted subcommands. This target only parses and wires.
struct Grocer: ParsableCommand {
    static let version = "0.4.0"

    static let configuration = CommandConfiguration(
        commandName: "grocer",
        abstract: "A keyboard-first grocery and health tracker for the terminal.",
        discussion: """
            Run without a subcommand for the interactive screen (F1 shows its keys).
            The store is --store PATH, else $GROCER_STORE, else \
            $XDG_DATA_HOME/grocer/grocer.sqlite (~/.local/share/grocer/grocer.sqlite).
            """,
        version: version,
        subcommands: [WeightCommand.self, UnitCommand.self, TipCommand.self, ItemsCommand.self, StoreCommand.self]
    )

    @OptionGroup var store: StoreOptions

    func run() throws {
        let code = try InteractiveApp(storeURL: store.url, environment: ProcessInfo.processInfo.environment).run()
        if code != 0 { throw ExitCode(code) }
    }
}

/// `--store PATH`, on every command.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store file.", valueName: "path"))
    var store: String?


    var url: URL { StoreLocation.resolve(explicit: store, environment: ProcessInfo.processInfo.environment) }

    /// Opens the store, or ends the command with the store's message and
    /// exit status 2.
    func open() throws -> Store {
        try Self.openStore(at: url)
    }

    static func openStore(at url: URL) throws -> Store {
        do {
            return try Store.open(at: url)
        } catch let error as StoreError {
            throw Failure(error.errorDescription ?? "\(error)")
        }
    }
}

/// A one-line error for the person, then exit status 2.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ text: String) { description = text }
}

extension WeightUnit: ExpressibleByArgument {}

@main
enum Main {
    static func main() {
        // `grocer` alone (or with --store) opens the screen without building
        // argument-parser's command tree: its reflection cost about a sixth
        // of the time to the first frame.
        let fast = InteractiveLaunch.storeArgument(CommandLine.arguments)
        do {
            if let store = fast {
                let environment = ProcessInfo.processInfo.environment
                let url = StoreLocation.resolve(explicit: store, environment: environment)
                exit(try InteractiveApp(storeURL: url, environment: environment).run())
            }
            var command = try Grocer.parseAsRoot()
            try command.run()
        } catch let failure as Failure {
            FileHandle.standardError.write(Data("grocer: \(failure.description)\n".utf8))
            exit(2)
        } catch let error as StoreError {
            FileHandle.standardError.write(Data("grocer: \(error.localizedDescription)\n".utf8))
            exit(error.exitCode)
        } catch {
            let code = Grocer.exitCode(for: error)
            if code == .success {
                print(Grocer.fullMessage(for: error))
                exit(0)
            }
            if let exitCode = error as? ExitCode { exit(exitCode.rawValue) }
            let message = Grocer.message(for: error)
            if !message.isEmpty {
                FileHandle.standardError.write(Data("grocer: \(message)\n".utf8))
            }
            // Usage errors are exit status 2, like other Unix tools.
            exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}

/// Recognises the plain interactive launch: no arguments, or only --store.
enum InteractiveLaunch {
    /// `.some(nil)`: no --store; `.some(path)`; nil: let argument-parser
    /// handle the arguments.
    static func storeArgument(_ arguments: [String]) -> String?? {
        let rest = arguments.dropFirst()
        if rest.isEmpty { return .some(nil) }
        if rest.count == 2, rest.first == "--store", let path = rest.last, !path.hasPrefix("-") { return .some(path) }
        if rest.count == 1, let only = rest.first, only.hasPrefix("--store="), only.count > 8 {
            return .some(String(only.dropFirst(8)))
        }
        return nil
    }
}
