/* keyframe: the time from a key to the frame it draws, in an 80x24
 * pseudo-terminal.
 *
 *   keyframe RUNS READY KEY1 SEEN1 KEY2 SEEN2 -- CMD...
 *
 * Each run starts CMD, waits for READY and for the program to go quiet,
 * writes KEY1 and measures until the last byte of the answer (the answer
 * is over once the program has been quiet for 250 ms; that wait is not
 * counted), checks the answer held SEEN1, then the same for KEY2/SEEN2.
 * A frame after a key is drawn as a difference from the one before, so
 * the text is checked in the answer but the time is taken to its last
 * byte. Prints the median and the minimum of each key, in milliseconds.
 * KEYFRAME_QUIET_MS sets that quiet time (for an answer drawn in two
 * parts with a pause between, as a save then the history).
 * HISTORYFRAME_SIZE=200x50: the terminal's columns and rows (80x24).
 * HISTORYFRAME_AT_ONCE=1: KEY1 goes as soon as READY has appeared, with
 * no wait for quiet (a key pressed the moment the first frame is up, while
 * work grocer started at launch may still run); its answer then lasts at
 * least until SEEN1 has appeared, whatever quiet comes before.
 * HISTORYFRAME_UNTIL_SEEN=1: each key's answer lasts at least until its
 * SEEN has appeared, whatever quiet comes before (an answer drawn first
 * from what the screen has, then whole once the store has answered, as
 * the graph's `all` range before its blocks are kept: SEEN is then what
 * only the whole answer shows).
 *
 * (keyframe.c times to a given text; this one to the answer's last byte, since
 * the history redraws as a difference.) Written for bench/history.sh; compiled with cc -lutil.
 */
#define _GNU_SOURCE
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

static char seen[1 << 20];
static size_t used;

/* Reads until quiet for quiet_ms (after at least one byte when need_byte,
 * and after `want` when it is not NULL); returns the time of the last byte
 * read, or -1 past the deadline. */
static double answer(int fd, int quiet_ms, int need_byte, const char *want) {
    double last = -1, deadline = now_ms() + 60000;
    char buf[8192];
    used = 0;
    while (now_ms() < deadline) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int r = poll(&p, 1, quiet_ms);
        if (r <= 0) {
            if ((last >= 0 || !need_byte) && (!want || memmem(seen, used, want, strlen(want)))) return last;
            continue;
        }
        ssize_t n = read(fd, buf, sizeof buf);
        if (n <= 0) return last;
        last = now_ms();
        if (used + n < sizeof seen) {
            memcpy(seen + used, buf, n);
            used += n;
        }
    }
    return -1;
}

/* Reads until `text` has appeared (kept in `seen`); 0, or -1 past the
 * deadline or at the end of the output. */
static int until_seen(int fd, const char *text) {
    double deadline = now_ms() + 60000;
    char buf[8192];
    used = 0;
    while (now_ms() < deadline) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, 50) <= 0) continue;
        ssize_t n = read(fd, buf, sizeof buf);
        if (n <= 0) return -1;
        if (used + n < sizeof seen) {
            memcpy(seen + used, buf, n);
            used += n;
        }
        if (memmem(seen, used, text, strlen(text))) return 0;
    }
    return -1;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 9 || strcmp(argv[7], "--") != 0) {
        fprintf(stderr, "usage: keyframe RUNS READY KEY1 SEEN1 KEY2 SEEN2 -- CMD...\n");
        return 2;
    }
    int runs = atoi(argv[1]);
    const char *ready = argv[2];
    const char *quiet_env = getenv("KEYFRAME_QUIET_MS");
    int quiet = quiet_env ? atoi(quiet_env) : 250;
    const char *at_once_env = getenv("HISTORYFRAME_AT_ONCE");
    int at_once = at_once_env && strcmp(at_once_env, "1") == 0;
    const char *until_seen_env = getenv("HISTORYFRAME_UNTIL_SEEN");
    int until_want = until_seen_env && strcmp(until_seen_env, "1") == 0;
    double *t1 = calloc(runs, sizeof *t1), *t2 = calloc(runs, sizeof *t2);
    for (int i = 0; i < runs; i++) {
        int master;
        struct winsize ws = {.ws_row = 24, .ws_col = 80};
        const char *size_env = getenv("HISTORYFRAME_SIZE");
        if (size_env) {
            unsigned cols, rows;
            if (sscanf(size_env, "%ux%u", &cols, &rows) == 2) ws = (struct winsize){.ws_row = rows, .ws_col = cols};
        }
        pid_t pid = forkpty(&master, NULL, NULL, &ws);
        if (pid < 0) { perror("forkpty"); return 1; }
        if (pid == 0) {
            setenv("TERM", "xterm-256color", 1);
            execvp(argv[8], argv + 8);
            _exit(127);
        }
        int up;
        if (at_once) {
            up = until_seen(master, ready) == 0;
        } else {
            answer(master, 400, 1, NULL);
            up = memmem(seen, used, ready, strlen(ready)) != NULL;
        }
        if (!up) { fprintf(stderr, "keyframe: never saw \"%s\"\n", ready); return 1; }
        for (int k = 0; k < 2; k++) {
            const char *key = argv[3 + 2 * k], *want = argv[4 + 2 * k];
            double start = now_ms();
            if (write(master, key, strlen(key)) != (ssize_t)strlen(key)) return 1;
            /* At once, the first frame's last bytes may come after the key,
             * then nothing while grocer works: the answer goes on to WANT. */
            double last = answer(master, quiet, 1, (at_once && k == 0) || until_want ? want : NULL);
            if (last < 0 || !memmem(seen, used, want, strlen(want))) {
                fprintf(stderr, "keyframe: key %d: never saw \"%s\"\n", k + 1, want);
                return 1;
            }
            (k == 0 ? t1 : t2)[i] = last - start;
        }
        kill(pid, SIGTERM);
        answer(master, 50, 0, NULL);
        close(master);
        waitpid(pid, NULL, 0);
    }
    qsort(t1, runs, sizeof *t1, cmp);
    qsort(t2, runs, sizeof *t2, cmp);
    printf("%.2f %.2f %.2f %.2f\n", t1[runs / 2], t1[0], t2[runs / 2], t2[0]);
    return 0;
}
