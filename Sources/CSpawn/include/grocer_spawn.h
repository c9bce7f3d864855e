// Starting the sync's password command so that it never outlives grocer:
// not at the end of a timeout, not after Ctrl-C, not after kill -9.
#ifndef GROCER_SPAWN_H
#define GROCER_SPAWN_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` under a small watcher and answers
/// the watcher's pid, or -1 with errno set.
///
/// The watcher is a fork of grocer that runs no Swift: it leads a new
/// process group, starts the command in that group (stdin /dev/null,
/// stdout `out_fd`, stderr grocer's own or /dev/null, every signal's
/// default and none blocked), then waits for either of two things: the
/// command's end, which it passes on as its own (the same exit status, or
/// the same signal), or the end of grocer, seen as the hang-up of
/// `watch_fd` (the read end of a pipe whose only writer is grocer), on
/// which it kills the whole group, the command and whatever it started.
/// Grocer's own end, however it comes (kill -9 too), closes its end of
/// the pipe. `watch_write_fd` is that end, closed in the watcher.
pid_t grocer_spawn_watched(const char *path, char *const argv[], char *const envp[], int out_fd, int discard_stderr,
                           int watch_fd, int watch_write_fd);

#endif
