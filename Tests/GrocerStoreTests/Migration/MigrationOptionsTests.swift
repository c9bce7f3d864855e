import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// The test hooks are read only by a build compiled with
/// `-DGROCER_TEST_HOOKS` (make build-test); every other build, the
/// installed one included, ignores the variables.
@Suite struct MigrationOptionsTests {
    static let hooks = [
        "GROCER_FAULT_POINT": "after-lock",
        "GROCER_TEST_BATCH_PAUSE_MS": "300",
        "GROCER_TEST_EXTRA_STEP_SQL": "CREATE TABLE hooked(a)",
        "GROCER_TEST_TARGET_VERSION": "4",
        "XDG_STATE_HOME": "/tmp/state",
    ]

    @Test func standardOptionsReadTheTestHooksOnlyInTheTestBuild() {
        let options = MigrationOptions.standard(environment: Environment(Self.hooks))
        #if GROCER_TEST_HOOKS
            #expect(options.faultPoint == .afterLock)
            #expect(options.batchPause == .milliseconds(300))
            #expect(options.extraTestStepSQL == "CREATE TABLE hooked(a)")
            #expect(options.testTargetVersion == 4)
        #else
            #expect(options.faultPoint == nil)
            #expect(options.batchPause == .zero)
            #expect(options.extraTestStepSQL == nil)
            #expect(options.testTargetVersion == nil)
        #endif
        #expect(options.logFile?.path == "/tmp/state/grocer/migration.log")
    }

    /// A target version leaves out the released steps after it; an extra
    /// test step follows whatever steps are left.
    @Test func aTargetVersionLeavesOutTheLaterStepsAndTheExtraStepFollows() {
        var options = MigrationOptions()
        #expect(Migrator(path: "/s", options: options).targetVersion == StoreFormat.currentVersion)
        options.testTargetVersion = 4
        #expect(Migrator(path: "/s", options: options).targetVersion == 4)
        options.extraTestStepSQL = "CREATE TABLE hooked(a)"
        #expect(Migrator(path: "/s", options: options).targetVersion == 5)
        options.testTargetVersion = nil
        #expect(Migrator(path: "/s", options: options).targetVersion == StoreFormat.currentVersion + 1)
    }

    @Test func theQuickCheckIsNotATestHook() {
        #expect(!MigrationOptions.standard(environment: ["GROCER_MIGRATION_CHECK": "quick"]).fullIntegrityCheck)
        #expect(MigrationOptions.standard(environment: [:]).fullIntegrityCheck)
    }
}
