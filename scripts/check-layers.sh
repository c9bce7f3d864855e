#!/usr/bin/env bash
# The layer rules of docs/ARCHITECTURE.md ("The rules"), checked by grep on
# Sources (run by `make lint`):
#   - each target imports only what its layer may (Package.swift says what
#     it can; this says what it should: e.g. GrocerTerminal may see GrocerCore
#     through GrocerUI, GrocerUI may never see GrocerStore);
#   - ncurses (CNCursesw) only in GrocerTerminal; GRDB only in GrocerStore;
#     ICU's C API (CICU) only in GrocerApp; Linux's epoll and timerfd (CLinux) too;
#   - no SQL statement in a string outside GrocerStore;
#   - the environment is read only in the executable (the edge);
#   - GrocerCore reads no environment, no clock, no system time zone or
#     locale, touches no file, and holds no global mutable state;
#   - GrocerUI (screens as values) the same, but for state: no I/O, no
#     environment, no clock (`AppContext` carries now and uptime);
#   - nothing in GrocerApp, GrocerUI or GrocerTerminal ends the process
#     (the test build's hooks, between `#if GROCER_TEST_HOOKS` and its
#     `#endif`, aside).
# Comment lines are skipped. A hit prints as file:line: text, and the
# script fails.
set -uo pipefail
cd "$(dirname "$0")/.."

failed=0

# file:line:text of every Swift line under the folders given, without
# comment lines and without the test build's hooks.
code() {
    find "$@" -name '*.swift' -print0 | sort -z | xargs -0 awk '
        FNR == 1 { hooks = 0; block = 0 }
        /^[[:space:]]*#if GROCER_TEST_HOOKS[[:space:]]*$/ && !hooks { hooks = 1; next }
        hooks {
            # Nested #if blocks count; the hooks end at their own #else or #endif.
            if ($0 ~ /^[[:space:]]*#if/) hooks++
            else if ($0 ~ /^[[:space:]]*#endif/) hooks--
            else if (hooks == 1 && $0 ~ /^[[:space:]]*#(else|elseif)/) hooks = 0
            next
        }
        block { if ($0 ~ /\*\//) block = 0; next }
        /^[[:space:]]*\/\*/ { if ($0 !~ /\*\//) block = 1; next }
        /^[[:space:]]*\/\// { next }
        { print FILENAME ":" FNR ": " $0 }'
}

# rule MESSAGE PATTERN FOLDER...: fails when PATTERN (extended regex) is
# found in the folders' code.
rule() {
    local message=$1 pattern=$2
    shift 2
    local hits
    hits=$(code "$@" | grep -E -- "$pattern")
    if [[ -n $hits ]]; then
        printf '%s\n%s\n\n' "check-layers: $message" "$hits" >&2
        failed=1
    fi
}

# imports TARGET ALLOWED: fails on any module TARGET imports that ALLOWED
# (an extended regex of module names) does not name.
imports() {
    local target=$1 allowed=$2
    local hits
    hits=$(code "Sources/$target" \
        | grep -E '^[^:]+:[0-9]+: *(@[A-Za-z_]+(\([^)]*\))? +|(public|internal|package) +)*import +' \
        | grep -vE "import +((typealias|struct|class|enum|protocol|let|var|func) +)?(${allowed})(\.[A-Za-z_0-9.]+)? *\$")
    if [[ -n $hits ]]; then
        printf '%s\n%s\n\n' "check-layers: $target imports only ${allowed//|/, }" "$hits" >&2
        failed=1
    fi
}

SYSTEM='Foundation|Dispatch|Synchronization'
imports GrocerCore "$SYSTEM"
imports GrocerStore "$SYSTEM|Glibc|GRDB|GRDBSQLite|GrocerCore"
imports GrocerUI "$SYSTEM|GrocerCore"
imports GrocerExchange "$SYSTEM|GrocerCore"
imports GrocerSync "$SYSTEM|GrocerCore"
imports GrocerSyncEngine "$SYSTEM|GrocerCore|GrocerStore|GrocerSync"
imports GrocerSyncLive "$SYSTEM|Glibc|CSpawn|GrocerCore|GrocerSync|AsyncHTTPClient|NIOCore|NIOHTTP1"
imports GrocerTerminal "$SYSTEM|Glibc|CNCursesw|GrocerCore|GrocerUI"
imports GrocerApp "$SYSTEM|Glibc|CICU|CLinux|GrocerCore|GrocerStore|GrocerUI|GrocerTerminal"
imports GrocerCLI "$SYSTEM|Glibc|ArgumentParser|GrocerCore|GrocerStore|GrocerExchange"

others=()
for dir in Sources/*/; do
    case $dir in Sources/GrocerStore/ | Sources/CNCursesw/) ;; *) others+=("${dir%/}") ;; esac
done
rule "GRDB outside GrocerStore" 'import +GRDB' "${others[@]}"
rule "SQL outside GrocerStore" \
    '"[^"]*\b(SELECT [^"]*FROM|INSERT INTO|UPDATE [a-z_]+ SET|DELETE FROM|CREATE (TABLE|INDEX|VIEW|TRIGGER)|DROP (TABLE|INDEX)|PRAGMA [a-z_]+)\b' \
    "${others[@]}"

others=()
for dir in Sources/*/; do
    case $dir in Sources/GrocerTerminal/ | Sources/CNCursesw/) ;; *) others+=("${dir%/}") ;; esac
done
rule "ncurses outside GrocerTerminal" 'import +CNCursesw' "${others[@]}"

others=()
for dir in Sources/*/; do
    case $dir in Sources/GrocerApp/ | Sources/CICU/) ;; *) others+=("${dir%/}") ;; esac
done
rule "ICU's C API outside GrocerApp (the first frame's guesses)" 'import +CICU' "${others[@]}"

libraries=()
for dir in Sources/*/; do
    case $dir in Sources/grocer/ | Sources/CNCursesw/) ;; *) libraries+=("${dir%/}") ;; esac
done
rule "the environment is read at the edge only (Sources/grocer: Environment+Process, Main), then passed in" \
    '\b(getenv|setenv|unsetenv|environ|ProcessInfo)\b' \
    "${libraries[@]}"
rule "GrocerCore reads no environment, clock, system time zone or locale, and touches no file" \
    '\b(getenv|setenv|unsetenv|environ|ProcessInfo|FileManager|FileHandle|InputStream|OutputStream|fopen|gettimeofday|clock_gettime)\b|\bData\(contentsOf|\bDate\(\)|\bDate\.now\b|\bTimeZone\.(current|autoupdatingCurrent)\b|\bLocale\.(current|autoupdatingCurrent)\b|\bCalendar\.(current|autoupdatingCurrent)\b' \
    Sources/GrocerCore
rule "GrocerUI's screens do no I/O and read no environment, clock, system time zone or locale (the context carries them)" \
    '\b(getenv|environ|ProcessInfo|FileManager|FileHandle|InputStream|OutputStream|fopen|gettimeofday|clock_gettime)\b|\bData\(contentsOf|\bDate\(\)|\bDate\.now\b|\b(TimeZone|Locale|Calendar)\.(current|autoupdatingCurrent)\b' \
    Sources/GrocerUI
rule "GrocerCore holds no global mutable state" \
    '^[^:]+:[0-9]+: ((public|internal|private|fileprivate) +)?var |\bstatic +((public|internal|private|fileprivate) +)?var +[A-Za-z_0-9]+ *(: *[^{=]+)?=|nonisolated\(unsafe\)' \
    Sources/GrocerCore
rule "nothing in GrocerApp, GrocerUI or GrocerTerminal ends the process" \
    '\b(exit|_exit|_Exit|quick_exit|abort)\(' \
    Sources/GrocerApp Sources/GrocerUI Sources/GrocerTerminal

if ((failed)); then
    echo "check-layers: the rules are in docs/ARCHITECTURE.md, \"The rules\"." >&2
    exit 1
fi
echo "check-layers: every layer rule holds."
