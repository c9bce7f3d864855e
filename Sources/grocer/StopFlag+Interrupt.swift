import Glibc
import GrocerStore

extension StopFlag {
    /// Ctrl-C and SIGTERM raise the process's flag: a sigaction handler that
    /// only stores to an atomic, with SA_RESTART so that no system call the
    /// migration is in fails with EINTR. (The screen has its own handlers in
    /// GrocerTerminal; this is for the commands.)
    static func stopOnInterrupt() {
        _ = StopFlag.process  // made now, never inside the handler
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in StopFlag.process.raise() }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }
}
