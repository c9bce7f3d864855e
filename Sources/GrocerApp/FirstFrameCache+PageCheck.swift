import GrocerCore
import GrocerStore

extension FirstFrameCache {
    /// The commands' page check (`PageCheck`), on the fingerprint the
    /// first-frame cache keeps for the screen's launch: one mechanism, so a
    /// check the screen passed spares the next command one, and a command's
    /// write spares the next command and the next launch one. Only the
    /// cache's own store is kept: a command on another store (a test's, a
    /// copy's) leaves the cache to the store the screen shows, and pays for
    /// its check whenever its file changed. The screen's own store
    /// (`screen`) is the cache's from now on: its fingerprint is kept
    /// over another store's (that store's unit goes with it).
    static func pageCheck(storePath: String, environment: Environment, screen: Bool = false) -> PageCheck {
        let file = path(environment)
        let cache = read(path: file)
        let kept = cache?.storePath == storePath ? cache?.checked : nil
        return PageCheck(kept: kept) { fingerprint in
            let now = read(path: file)
            guard screen || now == nil || now?.storePath == storePath else { return }
            var fresh = now ?? FirstFrameCache(executable: executableIdentity(), storePath: storePath)
            if fresh.storePath != storePath {
                fresh.storePath = storePath
                fresh.hints.unit = nil
            }
            guard fresh != now || fresh.checked != fingerprint else { return }
            fresh.checked = fingerprint
            fresh.write(to: FirstFrameCache.file(environment))
        }
    }
}

extension PageCheck {
    /// A migration read every page of the file it left at the path
    /// (`MigrationSummary.checkedFingerprint`): the next launch or command
    /// need not read them again. `grocer store migrate` and the screen's
    /// migration alike.
    public func keepMigrated(_ summary: MigrationSummary) {
        guard let checked = summary.checkedFingerprint else { return }
        keep(StoreFingerprint(text: checked))
    }
}

/// A command's page check, for the `grocer` executable
/// (`FirstFrameCache.pageCheck`).
public enum CommandPageCheck {
    public static func forStore(at path: String, environment: Environment) -> PageCheck {
        FirstFrameCache.pageCheck(storePath: path, environment: environment)
    }
}

/// What a command that sets the store's unit tells the screen's next
/// launch: its first frame shows that unit, not the one before (the store
/// then opens and agrees, instead of the first frame showing the old unit).
public enum CommandFirstFrame {
    public static func note(unit: DisplayUnit, storePath path: String, environment: Environment) {
        FirstFrameCache.note(unit: unit, storePath: path, environment: environment, thisStoreOnly: true)
    }
}
