import Foundation

/// Named places in a migration where a test can have the process killed
/// (SIGKILL, as a power cut or `kill -9` would) by setting
/// `GROCER_FAULT_POINT=<name>`. docs/MIGRATION.md lists them. Only a
/// build compiled with `-DGROCER_TEST_HOOKS` (the one the e2e tests use,
/// `make build-test`) ever kills; the binary people install ignores them.
public enum FaultPoint: String, CaseIterable, Sendable {
    /// The lock is held; nothing else done.
    case afterLock = "after-lock"
    /// The temporary file exists with the empty current schema.
    case afterCreate = "after-create"
    /// In the middle of the copy: after the first batch of each table.
    case midCopy = "mid-copy"
    /// Every row copied, indexes built, not yet committed.
    case beforeCommit = "before-commit"
    /// The copy is committed in the temporary file.
    case afterCopy = "after-copy"
    /// Inside an in-place step's transaction, before its commit.
    case midStep = "mid-step"
    /// Every in-place step committed in the temporary file.
    case afterSteps = "after-steps"
    /// The temporary file passed its checks.
    case afterVerify = "after-verify"
    /// The temporary file is flushed to disk.
    case afterSync = "after-sync"
    /// The backup of the old file exists (a link for a rebuild; for an
    /// in-place step a real copy, made before the steps).
    case afterBackup = "after-backup"
    /// The new file has replaced the old one (directory not yet synced).
    case afterRename = "after-rename"
    /// Everything is done and synced; the log is not yet written.
    case afterFinish = "after-finish"

    /// Kills the process at once when `active` is this point (test builds only).
    func hit(_ active: FaultPoint?) {
        #if GROCER_TEST_HOOKS
            if active == self { kill(getpid(), SIGKILL) }
        #endif
    }
}
