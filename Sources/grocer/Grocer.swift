import ArgumentParser

/// Stand-in root command for the `tip` branch, so the branch builds and
/// `grocer tip` runs on its own. The real root (`Grocer.swift` on main) wins
/// the merge; it only needs `TipCommand.self` in its subcommands.
@main
struct Grocer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grocer",
        abstract: "A terminal grocery and health tracker.",
        subcommands: [TipCommand.self]
    )
}
