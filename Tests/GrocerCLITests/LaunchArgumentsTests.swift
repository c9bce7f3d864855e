import ArgumentParser
import GrocerCLI
import Testing

@testable import grocer

/// The launch's own reading of the arguments (no argument-parser before the
/// first frame) must agree with argument-parser's: every vector it takes
/// for the screen parses as the root command with that store, and every
/// subcommand is left to argument-parser.
@Suite struct LaunchArgumentsTests {
    /// Every command's path: ["weight", "add"], ["store"], ...
    static func paths(of command: any ParsableCommand.Type, prefix: [String] = []) -> [[String]] {
        command.configuration.subcommands.flatMap { sub -> [[String]] in
            let path = prefix + [sub._commandName]
            return [path] + paths(of: sub, prefix: path)
        }
    }

    static let vectors: [[String]] =
        [
            [], ["--store", "/tmp/s.sqlite"], ["--store=/tmp/s.sqlite"], ["--store"], ["--store="], ["--store", "-x"],
            ["--store", "a", "b"], ["--help"], ["-h"], ["--version"], ["help"], ["--bogus"], ["--store", "--help"],
            ["--store=/tmp/s.sqlite", "weight"], ["weight", "--store", "/tmp/s.sqlite"], ["/tmp/s.sqlite"],
        ]
        + paths(of: Grocer.self).flatMap { [$0, $0 + ["--help"], $0 + ["--store", "/tmp/s.sqlite"]] }

    @Test(arguments: vectors)
    func theLaunchAgreesWithArgumentParser(arguments: [String]) {
        let parsed = Result { try Grocer.parseAsRoot(arguments) }
        switch LaunchArguments.read(["grocer"] + arguments) {
        case .screen(let store):
            guard case .success(let command) = parsed, let root = command as? Grocer else {
                Issue.record("\(arguments): the screen, but argument-parser says \(parsed)")
                return
            }
            #expect(root.store.store == store, "\(arguments)")
        case .command:
            // Anything argument-parser makes of it but the plain root.
            if case .success(let command) = parsed, let root = command as? Grocer {
                Issue.record("\(arguments): left to argument-parser, which opens the screen on \(root.store.store ?? "the default store")")
            }
        }
    }

    @Test func everySubcommandIsSeen() {
        #expect(Self.vectors.contains(["weight", "add"]))
        #expect(Self.vectors.contains(["store", "migrate"]))
        #expect(Self.vectors.count > 100)
    }
}
