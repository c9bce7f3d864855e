/* The floor for grocer's weight export and import: the same work on the
 * SQLite C API, as tight as plain C makes it, so bench/exchange.sh can show
 * grocer's time beside what the work itself costs.
 *
 *   exchange-floor export-csv STORE   > out.csv    (grocer weight export)
 *   exchange-floor export-json STORE  > out.json   (... --format json)
 *   exchange-floor import-csv STORE FILE           (grocer weight import, into an empty store)
 *
 * Export: the same query (by time, then id), the same bytes as grocer's
 * (exchange.sh compares them): ISO 8601 UTC times, RFC 4180 quoting, the
 * JSON escapes of GrocerCore's JSONString. Import: grocer's own CSV (the
 * file export wrote) into a grocer store that holds no entries, in one
 * transaction: each field read and checked (time, digits, unit), rows
 * inserted with a prepared statement, the time index dropped and built at
 * the end, and the per-day sums (weight_day, days in UTC as the bench's
 * TZ) tallied in memory and written at the end: what grocer's import does
 * into an empty store. Not part of grocer: a bench tool only. */
#define _GNU_SOURCE
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die(sqlite3 *db, const char *what) {
    fprintf(stderr, "exchange-floor: %s: %s\n", what, db ? sqlite3_errmsg(db) : "");
    exit(1);
}

static char out[1 << 16];
static size_t used;
static void flush_out(void) {
    fwrite_unlocked(out, 1, used, stdout);
    used = 0;
}
static void put(const char *s, size_t n) {
    if (used + n > sizeof out) flush_out();
    memcpy(out + used, s, n);
    used += n;
}
static void puts_(const char *s) { put(s, strlen(s)); }

/* Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm). */
static void civil(int64_t z, int *y, int *m, int *d) {
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = (int)(yoe + era * 400 + (*m <= 2));
}
static int64_t days_from_civil(int y, int m, int d) {
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}
static int64_t floordiv(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

static void put_digits(int64_t v, int width) {
    char text[24];
    int n = 0;
    int negative = v < 0;
    uint64_t u = negative ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do text[sizeof text - 1 - n++] = (char)('0' + u % 10), u /= 10; while (u);
    while (n < width) text[sizeof text - 1 - n++] = '0';
    if (negative) text[sizeof text - 1 - n++] = '-';
    put(text + sizeof text - n, (size_t)n);
}

static void put_time(int64_t seconds) {
    int64_t days = floordiv(seconds, 86400), rest = seconds - days * 86400;
    int y, m, d;
    civil(days, &y, &m, &d);
    put_digits(y, 4), put("-", 1), put_digits(m, 2), put("-", 1), put_digits(d, 2), put("T", 1);
    put_digits(rest / 3600, 2), put(":", 1), put_digits(rest / 60 % 60, 2), put(":", 1), put_digits(rest % 60, 2), put("Z", 1);
}

static void put_csv_field(const unsigned char *s, int n) {
    int quote = n > 0 && (s[0] == ' ' || s[n - 1] == ' ');
    for (int i = 0; i < n && !quote; i++) quote = s[i] == ',' || s[i] == '"' || s[i] == '\n' || s[i] == '\r';
    if (!quote) return put((const char *)s, (size_t)n);
    put("\"", 1);
    for (int i = 0; i < n; i++) {
        if (s[i] == '"') put("\"", 1);
        put((const char *)&s[i], 1);
    }
    put("\"", 1);
}

/* JSONString.literal: quote, backslash, \n \r \t; C0, DEL, C1, the bidi
 * overrides and U+2028/2029 as \u00xx. */
static void put_json_string(const unsigned char *s, int n) {
    put("\"", 1);
    for (int i = 0; i < n; i++) {
        unsigned c = s[i];
        char esc[8];
        unsigned cp = 0;
        int len = 1;
        if (c == '"') { put("\\\"", 2); continue; }
        if (c == '\\') { put("\\\\", 2); continue; }
        if (c == '\n') { put("\\n", 2); continue; }
        if (c == '\r') { put("\\r", 2); continue; }
        if (c == '\t') { put("\\t", 2); continue; }
        if (c < 0x20 || c == 0x7F) cp = c;
        else if (c == 0xC2 && i + 1 < n && s[i + 1] >= 0x80 && s[i + 1] <= 0x9F) cp = s[i + 1], len = 2;
        else if (c == 0xE2 && i + 2 < n && s[i + 1] == 0x80 && (s[i + 2] == 0xA8 || s[i + 2] == 0xA9 || (s[i + 2] >= 0xAA && s[i + 2] <= 0xAE)))
            cp = 0x2000 + (s[i + 2] - 0x80), len = 3;
        else if (c == 0xE2 && i + 2 < n && s[i + 1] == 0x81 && s[i + 2] >= 0xA6 && s[i + 2] <= 0xA9) cp = 0x2040 + (s[i + 2] - 0x80), len = 3;
        else { put((const char *)&s[i], 1); continue; }
        snprintf(esc, sizeof esc, "\\u%04x", cp);
        put(esc, 6);
        i += len - 1;
    }
    put("\"", 1);
}

static int export(const char *path, int json) {
    sqlite3 *db;
    sqlite3_stmt *st;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) die(db, "open");
    if (sqlite3_prepare_v2(db, "SELECT id, recorded_at, value, unit, note FROM weight_entry ORDER BY recorded_at, id", -1, &st, NULL))
        die(db, "prepare");
    long rows = 0;
    if (json) puts_("[");
    else puts_("recorded_at,value,unit,note\r\n");
    while (sqlite3_step(st) == SQLITE_ROW) {
        const unsigned char *value = sqlite3_column_text(st, 2);
        int value_n = sqlite3_column_bytes(st, 2);
        const unsigned char *unit = sqlite3_column_text(st, 3);
        int unit_n = sqlite3_column_bytes(st, 3);
        const unsigned char *note = sqlite3_column_text(st, 4);
        int note_n = sqlite3_column_bytes(st, 4);
        if (json) {
            puts_(rows == 0 ? "\n  {\"id\": " : ",\n  {\"id\": ");
            put_digits(sqlite3_column_int64(st, 0), 1);
            puts_(", \"recordedAt\": \"");
            put_time(sqlite3_column_int64(st, 1));
            puts_("\", \"value\": ");
            put((const char *)value, (size_t)value_n);
            puts_(", \"unit\": \"");
            put((const char *)unit, (size_t)unit_n);
            puts_("\", \"note\": ");
            put_json_string(note, note_n);
            puts_("}");
        } else {
            put_time(sqlite3_column_int64(st, 1));
            put(",", 1);
            put((const char *)value, (size_t)value_n);
            put(",", 1);
            put((const char *)unit, (size_t)unit_n);
            put(",", 1);
            put_csv_field(note, note_n);
            put("\r\n", 2);
        }
        rows++;
    }
    if (json) puts_(rows == 0 ? "]\n" : "\n]\n");
    flush_out();
    sqlite3_finalize(st);
    sqlite3_close(db);
    return 0;
}

/* One CSV record's fields (RFC 4180), in place; returns the count. */
static int fields(char **p, char *end, char **f, int *len, int max) {
    int n = 0;
    char *s = *p;
    for (;;) {
        char *w;
        if (s < end && *s == '"') {
            w = ++s;
            f[n] = w;
            while (s < end) {
                if (*s == '"') {
                    if (s + 1 < end && s[1] == '"') { *w++ = '"'; s += 2; continue; }
                    s++;
                    break;
                }
                *w++ = *s++;
            }
            len[n] = (int)(w - f[n]);
        } else {
            f[n] = s;
            while (s < end && *s != ',' && *s != '\r' && *s != '\n') s++;
            len[n] = (int)(s - f[n]);
        }
        if (n < max - 1) n++;
        if (s < end && *s == ',') { s++; continue; }
        if (s < end && *s == '\r') s++;
        if (s < end && *s == '\n') s++;
        *p = s;
        return n;
    }
}

static int64_t parse_time(const char *s, int n, int *ok) {
    *ok = n == 20 && s[4] == '-' && s[7] == '-' && s[10] == 'T' && s[13] == ':' && s[16] == ':' && s[19] == 'Z';
    if (!*ok) return 0;
    int y = atoi(s), m = atoi(s + 5), d = atoi(s + 8), h = atoi(s + 11), mi = atoi(s + 14), se = atoi(s + 17);
    *ok = m >= 1 && m <= 12 && d >= 1 && d <= 31 && h < 24 && mi < 60 && se < 60;
    return days_from_civil(y, m, d) * 86400 + h * 3600 + mi * 60 + se;
}

/* (day, unit) -> sum of hundredths and count, open addressing. */
typedef struct { int64_t key; int64_t hundredths; int64_t count; int used; } Slot;
static Slot *slots;
static size_t slot_cap, slot_count;
static void tally(int64_t key, int64_t hundredths) {
    if (slot_count * 2 >= slot_cap) {
        Slot *old = slots;
        size_t old_cap = slot_cap;
        slot_cap = slot_cap ? slot_cap * 2 : 1 << 16;
        slots = calloc(slot_cap, sizeof *slots);
        slot_count = 0;
        for (size_t i = 0; i < old_cap; i++)
            if (old[i].used) {
                size_t j = (size_t)(old[i].key * 0x9E3779B97F4A7C15ull) & (slot_cap - 1);
                while (slots[j].used) j = (j + 1) & (slot_cap - 1);
                slots[j] = old[i];
                slot_count++;
            }
        free(old);
    }
    size_t j = (size_t)(key * 0x9E3779B97F4A7C15ull) & (slot_cap - 1);
    while (slots[j].used && slots[j].key != key) j = (j + 1) & (slot_cap - 1);
    if (!slots[j].used) slots[j] = (Slot){key, 0, 0, 1}, slot_count++;
    slots[j].hundredths += hundredths;
    slots[j].count++;
}

static int import(const char *path, const char *file) {
    FILE *in = fopen(file, "rb");
    if (!in) { perror(file); return 1; }
    fseek(in, 0, SEEK_END);
    long size = ftell(in);
    fseek(in, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (fread(text, 1, (size_t)size, in) != (size_t)size) { perror(file); return 1; }
    fclose(in);
    sqlite3 *db;
    sqlite3_stmt *insert, *day;
    if (sqlite3_open(path, &db) != SQLITE_OK) die(db, "open");
    if (sqlite3_exec(db, "BEGIN IMMEDIATE; DROP INDEX weight_entry_by_time;", NULL, NULL, NULL)) die(db, "begin");
    if (sqlite3_prepare_v2(db, "INSERT INTO weight_entry (value, unit, recorded_at, note) VALUES (?, ?, ?, ?)", -1, &insert, NULL))
        die(db, "prepare");
    char *p = text, *end = text + size;
    char *f[8];
    int len[8];
    fields(&p, end, f, len, 8); /* the header */
    long rows = 0;
    while (p < end) {
        if (fields(&p, end, f, len, 8) < 4) continue;
        int ok;
        int64_t seconds = parse_time(f[0], len[0], &ok);
        if (!ok) { fprintf(stderr, "bad time\n"); return 1; }
        int64_t hundredths = 0;
        int point = -1;
        for (int i = 0; i < len[1]; i++) {
            char c = f[1][i];
            if (c == '.' && point < 0) point = i;
            else if (c >= '0' && c <= '9') { if (point < 0 || i - point <= 2) hundredths = hundredths * 10 + (c - '0'); }
            else { fprintf(stderr, "bad value\n"); return 1; }
        }
        int decimals = point < 0 ? 0 : len[1] - point - 1;
        for (int i = decimals < 2 ? decimals : 2; i < 2; i++) hundredths *= 10;
        int lbs = len[2] == 3 && memcmp(f[2], "lbs", 3) == 0;
        if (!lbs && !(len[2] == 2 && memcmp(f[2], "kg", 2) == 0)) { fprintf(stderr, "bad unit\n"); return 1; }
        sqlite3_bind_text(insert, 1, f[1], len[1], SQLITE_STATIC);
        sqlite3_bind_text(insert, 2, lbs ? "lbs" : "kg", -1, SQLITE_STATIC);
        sqlite3_bind_int64(insert, 3, seconds);
        /* The note as grocer keeps it: trimmed (WeightNote.cleaned). */
        while (len[3] > 0 && f[3][0] == ' ') f[3]++, len[3]--;
        while (len[3] > 0 && f[3][len[3] - 1] == ' ') len[3]--;
        sqlite3_bind_text(insert, 4, f[3], len[3], SQLITE_STATIC);
        if (sqlite3_step(insert) != SQLITE_DONE) die(db, "insert");
        sqlite3_reset(insert);
        tally(floordiv(seconds, 86400) * 2 + lbs, hundredths);
        rows++;
    }
    if (sqlite3_exec(db, "CREATE INDEX weight_entry_by_time ON weight_entry(recorded_at, id)", NULL, NULL, NULL)) die(db, "index");
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO weight_day (day, unit, hundredths, count) VALUES (?, ?, ?, ?) "
                           "ON CONFLICT(day, unit) DO UPDATE SET hundredths = hundredths + excluded.hundredths, count = count + excluded.count",
                           -1, &day, NULL))
        die(db, "prepare");
    for (size_t i = 0; i < slot_cap; i++) {
        if (!slots[i].used) continue;
        sqlite3_bind_int64(day, 1, floordiv(slots[i].key, 2));
        sqlite3_bind_text(day, 2, slots[i].key & 1 ? "lbs" : "kg", -1, SQLITE_STATIC);
        sqlite3_bind_int64(day, 3, slots[i].hundredths);
        sqlite3_bind_int64(day, 4, slots[i].count);
        if (sqlite3_step(day) != SQLITE_DONE) die(db, "day");
        sqlite3_reset(day);
    }
    sqlite3_finalize(day);
    sqlite3_finalize(insert);
    if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL)) die(db, "commit");
    sqlite3_close(db);
    printf("%ld rows\n", rows);
    free(text);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "export-csv") == 0) return export(argv[2], 0);
    if (argc == 3 && strcmp(argv[1], "export-json") == 0) return export(argv[2], 1);
    if (argc == 4 && strcmp(argv[1], "import-csv") == 0) return import(argv[2], argv[3]);
    fprintf(stderr, "usage: exchange-floor export-csv|export-json STORE | import-csv STORE FILE\n");
    return 2;
}
