import GrocerSync
import Testing

@testable import GrocerSyncLive

@Suite struct CredentialsLoginTests {
    @Test func credentialsBecomeTheTransportsLogin() throws {
        let fromCommand = try Credentials.command("printf secret", user: "alice").login(environment: PasswordCommandTests.environment)
        #expect(fromCommand?.user == "alice" && fromCommand?.password == "secret")
        #expect(throws: PasswordCommand.Failure.noUser) { try Credentials.command("printf secret", user: nil).login(environment: []) }
        let fromNetrc = try Credentials.login(user: "bob", password: "n").login(environment: [])
        #expect(fromNetrc?.user == "bob" && fromNetrc?.password == "n")
        #expect(try Credentials.none.login(environment: []).map(\.user) == nil)
    }
}
