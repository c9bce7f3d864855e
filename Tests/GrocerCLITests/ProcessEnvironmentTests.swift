import Foundation
import GrocerCore
import Testing

@testable import grocer

/// The process's environment (read at the edge, the grocer target: GrocerCore
/// reads none), read without building a table first, is what Foundation's
/// ProcessInfo reads.
@Suite(.serialized) struct ProcessEnvironmentTests {
    @Test(arguments: [
        ("NAME=value", "NAME", "value"),
        ("A=b=c", "A", "b=c"),
        ("EMPTY=", "EMPTY", ""),
        ("LANG=de_DE.UTF-8", "LANG", "de_DE.UTF-8"),
    ])
    func anEntryIsSplitAtItsFirstEquals(entry: String, name: String, value: String) {
        let pair = Self.parse(entry)
        #expect(pair?.name == name)
        #expect(pair?.value == value)
    }

    @Test(arguments: ["=value", "no-equals", ""])
    func anEntryWithoutANameIsSkipped(entry: String) {
        #expect(Self.parse(entry) == nil)
    }

    static func parse(_ entry: String) -> (name: String, value: String)? {
        var entry = entry
        return entry.withUTF8 { Environment.parse(UnsafeRawBufferPointer($0)) }
    }

    @Test func theProcessVariablesAreWhatProcessInfoReads() {
        let info = ProcessInfo.processInfo.environment
        #expect(Environment.processVariables() == info)
        for (name, value) in info { #expect(Environment.process[name] == value) }
    }

    @Test func theProcessIsReadAtEachLookup() {
        let name = "GROCER_ENVIRONMENT_TEST_\(getpid())"
        #expect(Environment.process[name] == nil)
        setenv(name, "fresh", 1)
        defer { unsetenv(name) }
        #expect(Environment.process[name] == "fresh")
        #expect(Environment.processVariables()[name] == "fresh")
    }

    @Test func aTableIsReadAsItIs() {
        let table: Environment = ["LANG": "de_DE.UTF-8", "HOME": ""]
        #expect(table["LANG"] == "de_DE.UTF-8")
        #expect(table["HOME"] == "")
        #expect(table["PATH"] == nil)
        #expect(Environment(lookup: { $0 == "A" ? "b" : nil })["A"] == "b")
    }
}
