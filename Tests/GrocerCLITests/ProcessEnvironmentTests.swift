import Foundation
import GrocerCore
import Testing

@testable import grocer

/// The process's environment (read at the edge, the grocer target: GrocerCore
/// reads none), read a variable at a time, is what Foundation's ProcessInfo
/// reads.
@Suite(.serialized) struct ProcessEnvironmentTests {
    @Test func theProcessVariablesAreWhatProcessInfoReads() {
        let info = ProcessInfo.processInfo.environment
        #expect(!info.isEmpty)
        for (name, value) in info { #expect(Environment.process[name] == value) }
    }

    @Test func theProcessIsReadAtEachLookup() {
        let name = "GROCER_ENVIRONMENT_TEST_\(getpid())"
        #expect(Environment.process[name] == nil)
        setenv(name, "fresh", 1)
        defer { unsetenv(name) }
        #expect(Environment.process[name] == "fresh")
    }

    @Test func aTableIsReadAsItIs() {
        let table: Environment = ["LANG": "de_DE.UTF-8", "HOME": ""]
        #expect(table["LANG"] == "de_DE.UTF-8")
        #expect(table["HOME"] == "")
        #expect(table["PATH"] == nil)
        #expect(Environment(lookup: { $0 == "A" ? "b" : nil })["A"] == "b")
    }
}
