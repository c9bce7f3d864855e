import ArgumentParser
import Testing

@testable import grocer

/// Every command a script runs answers --json (issue 19): each leaf of the
/// command tree argument-parser knows takes a `--json` flag, so a new
/// command cannot forget it. The exemptions say why.
@Suite struct EveryCommandJSONTests {
    /// Leaves that print no answer of their own to shape as JSON.
    static let exempt: [String: String] = [
        "grocer weight export": "writes a weight file in a format chosen with --format csv|json",
        "grocer items export": "writes the list to share in a format chosen with --format markdown|text|json",
    ]

    /// "grocer weight add" and its type, for every command with no subcommands.
    static func leaves(of command: any ParsableCommand.Type, named name: String) -> [(name: String, type: any ParsableCommand.Type)] {
        let subcommands = command.configuration.subcommands
        if subcommands.isEmpty { return [(name, command)] }
        return subcommands.flatMap { sub in
            leaves(of: sub, named: name + " " + sub._commandName)
        }
    }

    /// Whether the command's help lists a --json option (not a mention of
    /// it in its description).
    static func takesJSON(_ command: any ParsableCommand.Type) -> Bool {
        let help = Grocer.helpMessage(for: command, columns: 200)
        guard let options = help.range(of: "OPTIONS:") else { return false }
        return help[options.upperBound...].split(separator: "\n").contains { $0.hasPrefix("  --json ") || $0 == "  --json" }
    }

    @Test func theTreeIsWalked() {
        let names = Self.leaves(of: Grocer.self, named: "grocer").map(\.name)
        #expect(names.contains("grocer weight add"))
        #expect(names.contains("grocer store migrate"))
        #expect(names.contains("grocer aisles move"))
        #expect(names.count > 30)
    }

    @Test func everyLeafCommandTakesJSON() {
        let leaves = Self.leaves(of: Grocer.self, named: "grocer")
        let lacking = leaves.filter { Self.exempt[$0.name] == nil && !Self.takesJSON($0.type) }.map(\.name)
        #expect(lacking.isEmpty, "these commands lack --json (add it, or an exemption with its reason): \(lacking)")
    }

    @Test func everyExemptionIsALeafThatStillNeedsIt() {
        let leaves = Self.leaves(of: Grocer.self, named: "grocer")
        for name in Self.exempt.keys {
            let leaf = leaves.first { $0.name == name }
            #expect(leaf != nil, "\(name) is exempt but is no command")
            if let leaf { #expect(!Self.takesJSON(leaf.type), "\(name) takes --json now: drop its exemption") }
        }
    }
}
