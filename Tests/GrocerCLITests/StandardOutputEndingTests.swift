import ArgumentParser
import GrocerCLI
import Testing

@testable import grocer

/// How a command ends when its standard output failed (closed, a full
/// disk): a save that landed keeps its status 0, so a script that retries
/// on a failure does not save twice, and says the confirmation was lost;
/// anything else whose output is incomplete ends 2.
@Suite struct StandardOutputEndingTests {
    static let ebadf: Int32 = 9

    @Test func aSaveWhoseConfirmationCouldNotBePrintedEndsZeroAndSaysSo() {
        let ending = StandardOutput.ending(status: 0, failure: Self.ebadf, saved: true)
        #expect(ending.status == 0)
        #expect(ending.line?.hasPrefix("saved, but the confirmation could not be written to standard output") == true)
    }

    @Test func anOutputThatFailedAfterAReadEndsTwo() {
        let ending = StandardOutput.ending(status: 0, failure: Self.ebadf, saved: false)
        #expect(ending.status == 2)
        #expect(ending.line?.hasPrefix("could not write to standard output") == true)
    }

    @Test func aFailedCommandKeepsItsStatusAndAGoodOutputSaysNothing() {
        #expect(StandardOutput.ending(status: 130, failure: Self.ebadf, saved: true).status == 130)
        #expect(StandardOutput.ending(status: 2, failure: Self.ebadf, saved: false).status == 2)
        let quiet = StandardOutput.ending(status: 0, failure: nil, saved: true)
        #expect(quiet.status == 0 && quiet.line == nil)
    }

    /// Each command that saves says so, and only when it saves.
    static let commands: [(arguments: [String], saves: Bool)] = [
        (["weight", "add", "70"], true), (["weight", "edit", "1", "--value", "71"], true), (["weight", "rm", "1"], true),
        (["weight", "goal", "65"], true), (["weight", "goal"], false), (["weight", "import", "f.csv"], true),
        (["weight", "import", "f.csv", "--dry-run"], false), (["unit", "kg"], true), (["unit"], false),
        (["height", "180", "cm"], true), (["height"], false), (["items", "add", "milk"], true), (["items", "check", "1"], true),
        (["items", "rm", "1"], true), (["aisles", "add", "Dairy"], true), (["storage", "add", "Fridge"], true),
        (["units", "add", "pack"], true), (["weight", "list"], false), (["items", "list"], false), (["weight", "trend"], false),
    ]

    @Test(arguments: commands.indices)
    func commandsThatSaveAreKnown(index: Int) throws {
        let (arguments, saves) = Self.commands[index]
        let command = try Grocer.parseAsRoot(arguments)
        #expect(((command as? any SavingCommand)?.saves ?? false) == saves, "\(arguments)")
    }
}
