/* ptybench: runs a command in an 80x24 pseudo-terminal and measures it.
 *
 *   ptybench first-frame TEXT RUNS -- CMD...   time from fork/exec until TEXT
 *                                               appears on the terminal, RUNS
 *                                               times; prints the median and
 *                                               the minimum in milliseconds.
 *                                               TEXT may be several texts
 *                                               joined by '|': the frame counts
 *                                               once every one has appeared
 *   ptybench keystroke-bytes TEXT KEYS -- CMD...
 *                                               waits for TEXT, then sends each
 *                                               byte of KEYS and counts the bytes
 *                                               the program writes in answer
 *   ptybench ready TEXT RUNS KEYS ECHO -- CMD...
 *                                               as first-frame, then sends KEYS
 *                                               as soon as TEXT is up and waits
 *                                               for ECHO: prints the medians of
 *                                               exec to TEXT and exec to ECHO
 *                                               (when the program answers keys)
 *
 * Written for grocer's `make bench`; compiled by bench/run.sh with cc -lutil.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static pid_t spawn(char **argv, int *master) {
    struct winsize ws = {.ws_row = 24, .ws_col = 80};
    pid_t pid = forkpty(master, NULL, NULL, &ws);
    if (pid < 0) { perror("forkpty"); exit(1); }
    if (pid == 0) {
        setenv("TERM", "xterm-256color", 1);
        execvp(argv[0], argv);
        perror("exec");
        _exit(127);
    }
    return pid;
}

/* Reads until every '|'-separated part of `text` has been seen (or the
 * deadline passes); keeps a rolling window so a match across two reads is
 * found. */
static int wait_for(int fd, const char *text, double deadline_ms, long *bytes) {
    static char window[1 << 16];
    char parts_buf[1024];
    char *parts[16];
    int seen[16] = {0}, nparts = 0, left;
    size_t used = 0, tlen = 0;
    snprintf(parts_buf, sizeof parts_buf, "%s", text);
    for (char *save = NULL, *p = strtok_r(parts_buf, "|", &save); p && nparts < 16; p = strtok_r(NULL, "|", &save)) {
        parts[nparts++] = p;
        if (strlen(p) > tlen) tlen = strlen(p);
    }
    left = nparts;
    double end = now_ms() + deadline_ms;
    char buf[4096];
    while (now_ms() < end) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, 50) <= 0) continue;
        ssize_t n = read(fd, buf, sizeof buf);
        if (n <= 0) return -1;
        if (bytes) *bytes += n;
        if (used + n >= sizeof window) {
            size_t keep = tlen < used ? tlen : used;
            memmove(window, window + used - keep, keep);
            used = keep;
        }
        memcpy(window + used, buf, n);
        used += n;
        for (int i = 0; i < nparts; i++)
            if (!seen[i] && memmem(window, used, parts[i], strlen(parts[i]))) { seen[i] = 1; left--; }
        if (left == 0) return 0;
    }
    return -1;
}

/* Reads until the program has been quiet for `quiet_ms`. */
static long drain(int fd, int quiet_ms) {
    long total = 0;
    char buf[4096];
    for (;;) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, quiet_ms) <= 0) return total;
        ssize_t n = read(fd, buf, sizeof buf);
        if (n <= 0) return total;
        total += n;
    }
}

static void finish(pid_t pid, int master) {
    kill(pid, SIGTERM);
    drain(master, 20);
    close(master);
    waitpid(pid, NULL, 0);
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Starts `cmd` `runs` times; each time takes exec to `text` into frame[i],
 * then, when `keys` is given, sends them and takes exec to `echo` into
 * ready[i]. Both sorted. Nonzero when a text never came. */
static int launches(char **cmd, int runs, const char *text, const char *keys, const char *echo, double *frame, double *ready) {
    for (int i = 0; i < runs; i++) {
        int master;
        double start = now_ms();
        pid_t pid = spawn(cmd, &master);
        if (wait_for(master, text, 30000, NULL) != 0) {
            fprintf(stderr, "ptybench: never saw \"%s\"\n", text);
            return 1;
        }
        frame[i] = now_ms() - start;
        if (keys) {
            if (write(master, keys, strlen(keys)) != (ssize_t)strlen(keys)) return 1;
            if (wait_for(master, echo, 30000, NULL) != 0) {
                fprintf(stderr, "ptybench: never saw \"%s\"\n", echo);
                return 1;
            }
            ready[i] = now_ms() - start;
        }
        finish(pid, master);
    }
    qsort(frame, runs, sizeof *frame, cmp);
    if (keys) qsort(ready, runs, sizeof *ready, cmp);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 8 && strcmp(argv[1], "ready") == 0 && strcmp(argv[6], "--") == 0) {
        int runs = atoi(argv[3]);
        double *frame = calloc(runs, sizeof *frame), *ready = calloc(runs, sizeof *ready);
        if (launches(argv + 7, runs, argv[2], argv[4], argv[5], frame, ready) != 0) return 1;
        printf("%.2f %.2f\n", frame[runs / 2], ready[runs / 2]);
        return 0;
    }
    if (argc < 6 || strcmp(argv[4], "--") != 0) {
        fprintf(stderr, "usage: ptybench first-frame TEXT RUNS -- CMD...\n"
                        "       ptybench keystroke-bytes TEXT KEYS -- CMD...\n"
                        "       ptybench ready TEXT RUNS KEYS ECHO -- CMD...\n");
        return 2;
    }
    const char *mode = argv[1], *text = argv[2];
    char **cmd = argv + 5;
    if (strcmp(mode, "first-frame") == 0) {
        int runs = atoi(argv[3]);
        double *t = calloc(runs, sizeof *t);
        if (launches(cmd, runs, text, NULL, NULL, t, NULL) != 0) return 1;
        printf("%.2f %.2f\n", t[runs / 2], t[0]);
        return 0;
    }
    if (strcmp(mode, "keystroke-bytes") == 0) {
        const char *keys = argv[3];
        int master;
        pid_t pid = spawn(cmd, &master);
        if (wait_for(master, text, 30000, NULL) != 0) {
            fprintf(stderr, "ptybench: never saw \"%s\"\n", text);
            return 1;
        }
        drain(master, 300);
        long total = 0, most = 0;
        size_t n = strlen(keys);
        for (size_t i = 0; i < n; i++) {
            if (write(master, keys + i, 1) != 1) return 1;
            long b = drain(master, 150);
            total += b;
            if (b > most) most = b;
        }
        printf("%.1f %ld\n", (double)total / n, most);
        finish(pid, master);
        return 0;
    }
    fprintf(stderr, "ptybench: unknown mode %s\n", mode);
    return 2;
}
