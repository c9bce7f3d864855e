#include "grocer_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

// Only async-signal-safe calls after fork: grocer has other threads.

static void defaults(void) {
    struct sigaction action;
    action.sa_handler = SIG_DFL;
    action.sa_flags = 0;
    sigemptyset(&action.sa_mask);
    for (int signal = 1; signal < NSIG; signal++) {
        if (signal != SIGKILL && signal != SIGSTOP) sigaction(signal, &action, 0);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, 0);
}

static void command(const char *path, char *const argv[], char *const envp[], int out_fd, int discard_stderr, int watch_fd) {
    close(watch_fd);
    int in = open("/dev/null", O_RDONLY);
    if (in < 0 || dup2(in, 0) < 0 || dup2(out_fd, 1) < 0) _exit(127);
    if (discard_stderr) {
        int null = open("/dev/null", O_WRONLY);
        if (null < 0 || dup2(null, 2) < 0) _exit(127);
    }
    execve(path, argv, envp);
    _exit(127);
}

static void watch(pid_t child, int watch_fd) {
    for (;;) {
        int status = 0;
        pid_t done = waitpid(child, &status, WNOHANG);
        if (done == child) {
            if (WIFSIGNALED(status)) {
                // The same end as the command's: its signal, at default.
                kill(0, SIGKILL == WTERMSIG(status) ? SIGKILL : WTERMSIG(status));
                raise(WTERMSIG(status));
                _exit(128 + WTERMSIG(status));
            }
            _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 127);
        }
        if (done < 0 && errno != EINTR) _exit(127);
        struct pollfd watched = {.fd = watch_fd, .events = POLLIN, .revents = 0};
        int ready = poll(&watched, 1, 50);
        if (ready > 0 && (watched.revents & (POLLHUP | POLLERR | POLLIN))) {
            char byte;
            // Grocer never writes: readable means its end is closed.
            if ((watched.revents & (POLLHUP | POLLERR)) || read(watch_fd, &byte, 1) <= 0) {
                kill(0, SIGKILL);
                _exit(137);
            }
        }
    }
}

pid_t grocer_spawn_watched(const char *path, char *const argv[], char *const envp[], int out_fd, int discard_stderr,
                           int watch_fd, int watch_write_fd) {
    pid_t watcher = fork();
    if (watcher != 0) return watcher;
    close(watch_write_fd);
    defaults();
    if (setpgid(0, 0) < 0) _exit(127);
    pid_t child = fork();
    if (child < 0) _exit(127);
    if (child == 0) command(path, argv, envp, out_fd, discard_stderr, watch_fd);
    close(out_fd);
    watch(child, watch_fd);
    _exit(127);
}
