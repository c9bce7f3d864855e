/// How `Store.open` reaches the file: the one opener's four ways.
public enum StoreOpenMode: Sendable, Equatable {
    /// Creates the store when missing (folder 0700, file 0600), under the
    /// lock beside it; opens it when current. What a command that adds
    /// something and the screen use.
    case create
    /// Only a store that is there: a missing one is
    /// `StoreError.noStore`, and nothing is created (no folder, no file,
    /// no lock), so a mistyped path leaves no trace. Reads and writes
    /// alike (a list, an edit by id, a clear): it is the same connection
    /// as `create`'s, judged, refused and opened exactly as `create` does.
    case existing
    /// Another connection to a store this process already has open (the
    /// screen's, for a sync or the days' rebuild beside it): SQLite's own
    /// checks (format, schema) but no judge, and no `pageCheck`. With the
    /// judge beside the screen's connection, that connection's writes
    /// stayed out of other processes' sight until grocer quit (e2e
    /// test_groceries: an undo that `sqlite3` did not see); the judge
    /// reads the file outside SQLite (its header by open() and close(), a
    /// read-only or immutable connection), and POSIX locks are per
    /// process: a close() drops every lock the process holds on the file,
    /// SQLite's included. On a disk that is read-only or full it connects
    /// as `create` does there (read only, nothing made beside the file): a
    /// read-write connection on a full disk made a -wal and a -shm it then
    /// could not remove (e2e test_store_safety, the screen's rebuild after
    /// a move of zone).
    case beside
    /// No file: a store in memory with the current format (a dry run
    /// where no store is yet, and tests); the path only names it in
    /// messages.
    case memory
}
