import Foundation
import GrocerCore

/// Everything the store layer can refuse, worded in one place: what
/// happened, to which file, and what to do next. Never SQL text. Where what
/// to do depends on where the message is read (a flag or a command on the
/// command line, the list on the screen), the error carries it as data
/// (`explained`, `Remedy`) and each front end words it: `errorDescription`
/// the command line's way (a command's error, and the launch's refusal,
/// printed on the terminal after the screen ends), GrocerApp the screen's.
public enum StoreError: Error, LocalizedError, Equatable, Sendable {
    case newer(path: String, version: Int)
    case foreign(path: String)
    case corrupt(path: String, detail: String)
    case needsMigration(path: String, version: Int)
    /// Another item, place, aisle or unit already has the name (compared
    /// ignoring case and width, as quick entry does).
    case nameTaken(path: String, kind: Subject, name: String)
    /// No item, place, aisle or unit with that id or name.
    case notFound(path: String, kind: Subject, reference: String)
    /// A name that is empty, too long or holds control characters.
    case badName(path: String, kind: Subject, reason: String)
    case cannotCreateDirectory(path: String, detail: String)
    /// Another grocer holds the file longer than the busy timeout.
    case busy(path: String)
    /// `--store` names a folder, a device, a FIFO or a socket.
    case notAFile(path: String, kind: String)
    /// `--store` is a symbolic link to nothing.
    case danglingLink(path: String, target: String)
    /// A grocer file whose tables are not what grocer made.
    case unexpectedSchema(path: String, problems: [String])
    /// The file or its folder cannot be written (mode, read-only mount).
    case readOnly(path: String)
    /// No room left on the disk (or a file size limit was reached).
    case diskFull(path: String)
    /// Not even the little room a read needs beside a WAL-mode store (its
    /// -shm), and SQLite cannot read it without.
    case noRoomToRead(path: String)
    /// The file was deleted or replaced while grocer had it open.
    case moved(path: String)
    /// A statement was stopped (Ctrl-C, SIGTERM).
    case interrupted(path: String)
    case io(path: String, detail: String)
    /// A table grocer keeps is not in the file.
    case missingTable(path: String, table: String)
    /// A table is there but lacks columns grocer reads.
    case missingColumns(path: String, table: String, columns: [String])
    /// Some rows could not be read, from a reader that returns whole lists
    /// (the page and for-each readers report them instead).
    case unreadableRows(path: String, report: ReadReport)
    /// No weight entry has these ids (an edit, a delete).
    case noSuchWeight(path: String, ids: [Int64])
    /// An undo found what it would take back changed or deleted by another
    /// grocer since.
    case changedElsewhere(path: String)
    /// No store at the path yet (`StoreOpenMode.existing`): nothing was
    /// created.
    case noStore(path: String)

    public var errorDescription: String? { words(remedy: \.commandLine) }

    /// The message, with its remedy (if it has one that depends on where
    /// it is read) worded by `remedy`.
    public func words(remedy: (Remedy) -> String) -> String {
        guard let explained else { return plainDescription }
        return "\(explained.happened) \(remedy(explained.remedy))\(explained.outcome.map { "; " + $0 } ?? "")."
    }

    /// What happened, what to do and what became of the file, for the
    /// errors whose remedy depends on where they are read; nil for the
    /// others, which read the same everywhere.
    public var explained: Explained? {
        switch self {
        case .foreign(let path):
            return Explained(
                "\(path) is an SQLite file that grocer did not write.", .useAnotherStore("a grocer store or a new path"),
                "the file was not changed")
        case .needsMigration(let path, let version):
            return Explained(
                "\(path) was written by an older grocer (format version \(version)).", .migrate(path: path), "the file was not changed")
        case .notFound(let path, let kind, let reference):
            return Explained("\(path) has no \(kind.noun) \(reference).", .seeWhichExist(kind), "nothing was changed")
        case .cannotCreateDirectory(let path, let detail):
            return Explained("Cannot create the folder \(path) for the store (\(detail)).", .chooseAnotherFolder, nil)
        case .notAFile(let path, let kind):
            return Explained("\(path) is \(kind), not a store file.", .useAnotherStore("a file or a new path"), "it was not touched")
        case .danglingLink(let path, let target):
            return Explained("\(path) is a link to \(target), which does not exist.", .pointAtTheRealFile, "nothing was changed")
        case .noSuchWeight(let path, let ids):
            let list = ids.map(String.init).joined(separator: ", ")
            return Explained(
                "\(path) has no weight with the id\(ids.count == 1 ? "" : "s") \(list).", .seeWhichWeightsExist, "nothing was changed")
        default:
            return nil
        }
    }

    /// The message of an error without an `explained` remedy.
    private var plainDescription: String {
        switch self {
        case .newer(let path, let version):
            return
                "\(path) was written by a newer grocer (format version \(version); this grocer knows up to \(StoreFormat.currentVersion)). Upgrade grocer to open it; the file was not changed."
        case .corrupt(let path, let detail):
            return
                "\(path) is damaged or not an SQLite file (\(detail)). Restore it from a backup, or move it aside to start a new store; the file was not changed."
        case .nameTaken(let path, let kind, let name):
            return
                "\(path) already has \(kind.article) \(kind.noun) named \"\(name)\" (names are compared ignoring case). Choose another name; nothing was changed."
        case .badName(_, let kind, let reason):
            return "\(kind.noun.prefix(1).uppercased() + kind.noun.dropFirst()) names \(reason); nothing was changed."
        case .busy(let path):
            return "Another grocer is using \(path) and did not finish in time. Try again in a moment; nothing was saved and nothing was lost."
        case .unexpectedSchema(let path, let problems):
            return
                "\(path) is not as grocer made it: \(problems.joined(separator: "; ")). Restore it from a backup, or move it aside to start a new store; the file was not changed."
        case .readOnly(let path):
            return
                "Cannot write to \(path): the file or its folder is read-only (file mode or a read-only disk). Make it writable and try again; nothing was saved and nothing was lost."
        case .diskFull(let path):
            return
                "The disk holding \(path) is full (or a file size limit was reached). Free some space and try again; nothing was saved and nothing was lost."
        case .noRoomToRead(let path):
            return
                "The disk holding \(path) is full, and even a read needs a little free space beside the store (about 40 KB, for SQLite's -shm file). Free some space and try again; nothing was changed."
        case .moved(let path):
            return
                "\(path) was deleted or replaced while grocer had it open. Put the file back (or restore it from a backup) and start grocer again; nothing was saved."
        case .interrupted(let path):
            return "Stopped while using \(path); nothing was saved and nothing was lost."
        case .io(let path, let detail):
            return "Cannot use the store \(path): \(detail). Nothing was saved and nothing was lost."
        case .missingTable(let path, let table):
            return
                "\(path) has no table '\(table)', which every grocer store has: the file was changed outside grocer. Restore it from a backup, or move it aside to start a new store; the file was not changed."
        case .missingColumns(let path, let table, let columns):
            let list = columns.map { "'\($0)'" }.joined(separator: ", ")
            return
                "\(path): the table '\(table)' lacks the column\(columns.count == 1 ? "" : "s") \(list) that grocer reads: the file was changed outside grocer. Restore it from a backup, or move it aside to start a new store; the file was not changed."
        case .unreadableRows(let path, let report):
            return
                "\(path): \(report.summary()). They were left in the file as they are; fix or delete them with sqlite3, or restore the file from a backup."
        case .changedElsewhere:
            return "Could not undo: another grocer changed or deleted it since, and it is left as they made it."
        case .noStore(let path):
            return "There is no store at \(path) yet (grocer creates it on the first save); nothing was created."
        case .foreign, .needsMigration, .notFound, .cannotCreateDirectory, .notAFile, .danglingLink, .noSuchWeight:
            // Worded from `explained`.
            return ""
        }
    }

    /// Exit status for the command line: 130 when stopped, 2 otherwise.
    public var exitCode: Int32 {
        if case .interrupted = self { return 130 }
        return 2
    }
}

extension StoreError {
    /// What a name error is about: an item, or a unit, place or aisle
    /// (`GroceryNameKind`). Items are not names others point at, but their
    /// names follow the same rules, and their errors read the same way.
    public enum Subject: Equatable, Sendable {
        case item
        case name(GroceryNameKind)
        /// A shop (`store.shops`).
        case shop

        /// "item", "storage place".
        public var noun: String {
            switch self {
            case .item: return "item"
            case .shop: return "shop"
            case .name(let kind): return kind.noun
            }
        }

        public var article: String {
            switch self {
            case .item: return "an"
            case .shop: return "a"
            case .name(let kind): return kind.article
            }
        }
    }
}

extension StoreError {
    /// An error's message in parts, where what to do depends on where it
    /// is read: "<happened> <remedy>; <outcome>."
    public struct Explained: Equatable, Sendable {
        /// What happened, to which file: a sentence.
        public let happened: String
        public let remedy: Remedy
        /// What became of the file ("nothing was changed"), if it is said.
        public let outcome: String?

        init(_ happened: String, _ remedy: Remedy, _ outcome: String?) {
            self.happened = happened
            self.remedy = remedy
            self.outcome = outcome
        }
    }

    /// What to do next, as data: the command line names its flags and
    /// commands (`commandLine`); the screen words it for the screen.
    public enum Remedy: Equatable, Sendable {
        /// Use another file as the store: `what` it should be ("a grocer
        /// store or a new path").
        case useAnotherStore(String)
        /// The store named is a link to nothing: name the real file.
        case pointAtTheRealFile
        /// The store's folder cannot be made: check it, or use another.
        case chooseAnotherFolder
        /// The store at `path` is an older grocer's: migrate it.
        case migrate(path: String)
        /// The item, unit, place or aisle named is not there: see which are.
        case seeWhichExist(Subject)
        /// The weights named are not there: see which are.
        case seeWhichWeightsExist

        /// The command line's words: its flags (--store, GROCER_STORE) and
        /// commands ("grocer units list").
        public var commandLine: String {
            switch self {
            case .useAnotherStore(let what): return "Point --store (or GROCER_STORE) at \(what)"
            case .pointAtTheRealFile: return "Point --store at the real file, or remove the link"
            case .chooseAnotherFolder: return "Check its permissions, or choose another place with --store PATH"
            case .migrate(let path): return "Migrate it with 'grocer store migrate --store \(path)'"
            case .seeWhichExist(let subject): return "See them with 'grocer \(Self.command(subject)) list'"
            case .seeWhichWeightsExist: return "See the ids with 'grocer weight list'"
            }
        }

        /// The `grocer` command that lists them.
        private static func command(_ subject: Subject) -> String {
            switch subject {
            case .item: return "items"
            case .shop: return "shops"
            case .name(.unit): return "units"
            case .name(.place): return "storage"
            case .name(.aisle): return "aisles"
            }
        }
    }
}
