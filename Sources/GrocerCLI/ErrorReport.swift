import ArgumentParser
import GrocerCore
import GrocerStore

/// The one place an error becomes what the person reads and the exit
/// status: 0 (help, version, nothing to do), 1 (an unexpected error), 2 (a
/// refusal or bad input, usage errors included), 130 (stopped). Every
/// message is one line, with anything that came from a file or an argument
/// made visible (`VisibleText`); an unexpected error never shows its raw
/// text (which may hold SQL), only its type.
public struct ErrorReport: Equatable, Sendable {
    public enum Stream: Equatable, Sendable { case standardOutput, standardError }

    /// What to print (without the final newline); empty prints nothing.
    public let text: String
    public let stream: Stream
    public let status: Int32

    public init(text: String, stream: Stream = .standardError, status: Int32) {
        self.text = text
        self.stream = stream
        self.status = status
    }

    /// `command` is the root command, for argument-parser's own errors
    /// (usage, help, version).
    public init(for error: any Error, command: any ParsableCommand.Type) {
        switch error {
        case let failure as Failure:
            self.init(line: failure.description, status: 2)
        case let error as CommandError:
            self.init(line: error.description, status: 2)
        case let error as TipInputError:
            self.init(text: "grocer tip: " + VisibleText.escaped(error.description), status: 2)
        case let error as StoreError:
            self.init(line: error.errorDescription ?? "\(error)", status: error.exitCode)
        case let error as BackupError:
            self.init(line: error.errorDescription ?? "\(error)", status: 2)
        case let error as MigrationError:
            let line = VisibleText.escaped(error.errorDescription ?? "\(error)")
            self.init(
                text: error.exitCode == 0 ? line : "grocer: " + line,
                stream: error.exitCode == 0 ? .standardOutput : .standardError,
                status: error.exitCode)
        case let code as ExitCode:
            self.init(text: "", status: code.rawValue)
        case let stopped as Stopped:
            self.init(line: stopped.description, status: 130)
        case is CancellationError:
            self.init(line: "stopped; nothing was changed.", status: 130)
        case _ where Self.isArgumentParserError(error):
            self.init(argumentParserError: error, command: command)
        default:
            self.init(line: Self.unexpected(error), status: 1)
        }
    }

    private init(line: String, status: Int32) {
        self.init(text: "grocer: " + VisibleText.escaped(line), status: status)
    }

    private init(argumentParserError error: any Error, command: any ParsableCommand.Type) {
        let code = command.exitCode(for: error)
        // Help and --version: the full text, on stdout.
        if code == .success {
            self.init(text: command.fullMessage(for: error), stream: .standardOutput, status: 0)
            return
        }
        // A user's argument is quoted in the message: shown, never obeyed.
        let message = command.message(for: error).split(separator: "\n", omittingEmptySubsequences: false)
            .map { VisibleText.escaped($0) }.joined(separator: "\n")
        // Usage errors are exit status 2, like other Unix tools.
        self.init(
            text: message.isEmpty ? "" : "grocer: " + message,
            status: code == .validationFailure ? 2 : code.rawValue)
    }

    /// The text wrapped at spaces to `width` columns, for a person reading
    /// it on a terminal (the screen's refusal at launch): every word whole,
    /// nothing cut off. A width too narrow to help leaves it as it is.
    public func wrapped(toWidth width: Int) -> ErrorReport {
        guard width >= 20 else { return self }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            line.isEmpty ? [""] : wrap(String(line), width: width)
        }
        return ErrorReport(text: lines.joined(separator: "\n"), stream: stream, status: status)
    }

    /// The line for an error nobody worded: its type only, never its text.
    static func unexpected(_ error: any Error) -> String {
        "an unexpected error (\(String(reflecting: type(of: error)))) stopped the command. "
            + "Check the store with 'grocer store status', and please report this."
    }

    /// Errors whose text is written for the person (see `init(for:command:)`).
    public static func isWorded(_ error: any Error) -> Bool {
        switch error {
        case is Failure, is CommandError, is TipInputError, is StoreError, is BackupError, is MigrationError, is ExitCode,
            is CancellationError:
            return true
        default:
            return isArgumentParserError(error)
        }
    }

    /// argument-parser's parse errors are internal types; they and its
    /// public ones (ValidationError, CleanExit) live in its module.
    static func isArgumentParserError(_ error: any Error) -> Bool {
        String(reflecting: type(of: error)).hasPrefix("ArgumentParser.")
    }
}
