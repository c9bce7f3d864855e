import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// Where the store is, as the launch puts it together (plain text, before
/// its first frame) and as the commands do (a URL): the same file.
@Suite struct StoreLocationTests {
    static let cwd = FileManager.default.currentDirectoryPath

    @Test(
        arguments: [
            (nil, [:], "/home/me/.local/share/grocer/grocer.sqlite"),
            (nil, ["XDG_DATA_HOME": "/data"], "/data/grocer/grocer.sqlite"),
            (nil, ["XDG_DATA_HOME": "/data/"], "/data/grocer/grocer.sqlite"),
            (nil, ["XDG_DATA_HOME": "relative"], "/home/me/.local/share/grocer/grocer.sqlite"),
            (nil, ["GROCER_STORE": "/s/g.sqlite"], "/s/g.sqlite"),
            (nil, ["GROCER_STORE": "~/g.sqlite"], "/home/me/g.sqlite"),
            (nil, ["GROCER_STORE": "g.sqlite"], cwd + "/g.sqlite"),
            ("/explicit.sqlite", ["GROCER_STORE": "/s/g.sqlite"], "/explicit.sqlite"),
            ("~", [:], "/home/me"),
            ("sub/g.sqlite", [:], cwd + "/sub/g.sqlite"),
            ("", ["GROCER_STORE": "/s/g.sqlite"], "/s/g.sqlite"),
        ] as [(String?, [String: String], String)])
    func thePathIsResolvedAsDocumented(explicit: String?, environment: [String: String], expected: String) {
        var env = environment
        env["HOME"] = env["HOME"] ?? "/home/me"
        let path = StoreLocation.resolvePath(explicit: explicit, environment: Environment(env))
        #expect(path == expected)
        #expect(StoreLocation.resolve(explicit: explicit, environment: Environment(env)).path == path)
    }

    @Test func theFoldersAreTheirPaths() {
        let env = ["HOME": "/home/me", "XDG_STATE_HOME": "/state"]
        #expect(StoreLocation.stateHome(Environment(env)).path == "/state")
        #expect(StoreLocation.dataHome(Environment(env)).path == "/home/me/.local/share")
    }
}
