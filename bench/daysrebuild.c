/* daysrebuild: how long after its launch grocer's background rebuild of
 * the per-day table ends, in an 80x24 pseudo-terminal (ptybench's spawn
 * and wait_for), no key pressed.
 *
 *   daysrebuild READY STORE ZONE -- CMD...
 *
 * Starts CMD, waits for READY (the first frame), then reads the setting
 * `weight_day.zone` of STORE every millisecond, through its own SQLite
 * connection (WAL: a reader does not hold up grocer's write), until it
 * names ZONE: the rebuild's transaction has committed. Prints the time from
 * the launch to the first frame and to that commit, in milliseconds. When
 * the setting already names ZONE at the first frame, the second figure is
 * the first frame's (the rebuild ended by then). One run; bench/history.sh
 * repeats it. Compiled with cc -lutil -lsqlite3.
 */
#define main ptybench_main
#include "ptybench.c"
#undef main

#include <sqlite3.h>

int main(int argc, char **argv) {
    if (argc < 6 || strcmp(argv[4], "--") != 0) {
        fprintf(stderr, "usage: daysrebuild READY STORE ZONE -- CMD...\n");
        return 2;
    }
    const char *ready = argv[1], *path = argv[2], *zone = argv[3];
    char **cmd = argv + 5;
    int master;
    double start = now_ms();
    pid_t pid = spawn(cmd, &master);
    if (wait_for(master, ready, 30000, NULL) != 0) {
        fprintf(stderr, "daysrebuild: never saw \"%s\"\n", ready);
        return 1;
    }
    double frame = now_ms() - start;
    sqlite3 *db;
    sqlite3_stmt *stmt;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK
        || sqlite3_prepare_v2(db, "SELECT value FROM setting WHERE key = 'weight_day.zone'", -1, &stmt, NULL) != SQLITE_OK) {
        fprintf(stderr, "daysrebuild: %s: %s\n", path, sqlite3_errmsg(db));
        return 1;
    }
    sqlite3_busy_timeout(db, 1000);
    double rebuilt = -1, deadline = now_ms() + 120000;
    while (rebuilt < 0 && now_ms() < deadline) {
        int rc = sqlite3_step(stmt);
        if (rc == SQLITE_ROW) {
            const unsigned char *value = sqlite3_column_text(stmt, 0);
            if (value && strcmp((const char *)value, zone) == 0) rebuilt = now_ms() - start;
        } else if (rc != SQLITE_DONE && rc != SQLITE_BUSY) {
            fprintf(stderr, "daysrebuild: %s: %s\n", path, sqlite3_errmsg(db));
            return 1;
        }
        sqlite3_reset(stmt);
        if (rebuilt < 0) {
            drain(master, 1); /* keeps the terminal read; at most 1 ms */
        }
    }
    if (rebuilt < 0) {
        fprintf(stderr, "daysrebuild: weight_day.zone never became %s\n", zone);
        return 1;
    }
    if (rebuilt < frame) rebuilt = frame;
    sqlite3_finalize(stmt);
    finish(pid, master);
    sqlite3_close(db);
    printf("%.2f %.2f\n", frame, rebuilt);
    return 0;
}
