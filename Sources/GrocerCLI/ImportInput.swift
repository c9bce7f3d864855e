import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The file `grocer weight import` reads, or standard input (`-`), opened
/// or refused with one line. Every failure is told from the C library's
/// own answer before a stream is made: a stream that fails to open makes
/// Foundation build its error through CoreFoundation, which in grocer's
/// static executable first logs three lines of its own (symbols it looks
/// for and cannot find) above grocer's.
public enum ImportInput {
    /// `file` ("-": standard input, descriptor `standardInput`), open; a
    /// refusal says what could not be done (`verb`: "import", "read").
    public static func open(_ file: String, standardInput: Int32 = STDIN_FILENO, verb: String = "import") throws(Failure) -> InputStream {
        let name = file == "-" ? "standard input" : file
        let path: String
        if file == "-" {
            // Closed (`<&-`): no descriptor to read.
            guard fcntl(standardInput, F_GETFD) != -1 else {
                throw Failure("cannot \(verb) standard input: it is closed. Pipe the file in (< FILE), or give its name.")
            }
            path = standardInput == STDIN_FILENO ? "/dev/stdin" : "/proc/self/fd/\(standardInput)"
        } else {
            switch FileKind(file) {
            case .missing: throw Failure("cannot \(verb) \(name): there is no such file. Check the path.")
            case .directory: throw Failure("cannot \(verb) \(name): it is a folder, not a file.")
            case .other: break
            }
            path = file
        }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Failure("cannot \(verb) \(name): \(String(cString: strerror(errno))). Check that it can be read.")
        }
        close(descriptor)
        guard let stream = InputStream(fileAtPath: path) else { throw Failure("cannot \(verb) \(name): it cannot be opened.") }
        stream.open()
        guard stream.streamStatus != .error else { throw Failure("cannot \(verb) \(name): it cannot be opened. Check that it can be read.") }
        return stream
    }

    enum FileKind {
        case missing, directory, other

        init(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else {
                self = .missing
                return
            }
            self = info.st_mode & S_IFMT == S_IFDIR ? .directory : .other
        }
    }
}
