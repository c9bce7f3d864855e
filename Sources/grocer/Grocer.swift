// STAND-IN for the `migrate` branch: main's Grocer.swift (root command with
// weight, unit and store status) replaces this file when the branches merge.
// Main adds `StoreMigrateCommand.self` to its `store` group and
// `ItemsCommand.self` to the root's subcommands.
import ArgumentParser

@main
struct Grocer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grocer",
        abstract: "A grocery list and weight tracker for the terminal.",
        subcommands: [StoreCommand.self, ItemsCommand.self])
}

struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store", abstract: "Look after the store file.",
        subcommands: [StoreMigrateCommand.self])
}
