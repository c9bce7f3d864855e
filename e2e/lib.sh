# shellcheck shell=bash
# End-to-end helpers: grocer runs in a real tmux pane; tests type with
# send-keys and read with capture-pane. Waiting is always for text, never
# for a fixed time; the only time limit is a generous deadline after which
# a wait counts as a failure (the text never came).
set -u

ROOT=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
GROCER_BIN=${GROCER_BIN:-$ROOT/.build/release/grocer}
E2E_DEADLINE=${E2E_DEADLINE:-30}
TMUX_SOCKET="grocer-e2e-$$"
SESSION=e2e
TMPROOT=$(mktemp -d "${TMPDIR:-/tmp}/grocer-e2e.XXXXXX")
export XDG_DATA_HOME="$TMPROOT/data" XDG_STATE_HOME="$TMPROOT/state"
# The sync logins file (issue 36) goes here too: a test never reads or
# writes the real ~/.config/grocer/logins.
export XDG_CONFIG_HOME="$TMPROOT/config"
export GROCER_STORE="$TMPROOT/store.sqlite"
# A new store's unit is its region's (LC_MEASUREMENT): the tests' stores
# start in lbs wherever they run; a test of the rule unsets it.
export LC_MEASUREMENT=en_US.UTF-8
failures=0

tm() { tmux -L "$TMUX_SOCKET" "$@"; }

# Every tmux server a test started, so none outlives the suite.
kill_servers() {
    local sock
    [[ -f $TMPROOT/sockets ]] || return 0
    while read -r sock; do tmux -L "$sock" kill-server 2>/dev/null || true; done <"$TMPROOT/sockets"
    : >"$TMPROOT/sockets"
}

cleanup() {
    kill_servers
    rm -rf "$TMPROOT"
}
trap cleanup EXIT

# start [VAR=value ...] [-- grocer args]: starts grocer in an 80x24 pane.
# The pane stays after grocer exits so its last screen can be read.
start() {
    local envs=() args=()
    while (($#)); do
        if [[ $1 == -- ]]; then shift; args=("$@"); break; fi
        envs+=("$1"); shift
    done
    # A new server (socket) for every start: a server being torn down never
    # races the next test's session.
    kill_servers
    TMUX_SOCKET="grocer-e2e-$$-$RANDOM$RANDOM"
    echo "$TMUX_SOCKET" >>"$TMPROOT/sockets"
    local cmd
    cmd=$(printf '%q ' env TERM=xterm-256color LANG="${LANG_E2E:-en_US.UTF-8}" TZ=UTC "${envs[@]}" "$GROCER_BIN" "${args[@]}")
    tm -f /dev/null new-session -d -s "$SESSION" -x 80 -y 24 \
        "$cmd; echo \"[exit \$?]\"; stty -a | tr ' ' '\n' | grep -E '^-?(icanon|echo)\$' | tr '\n' ' '; echo; sleep 86400"
    tm set-option -t "$SESSION" remain-on-exit on >/dev/null
}

screen() { tm capture-pane -p -t "$SESSION"; }

# send KEY...: tmux key names (Enter, Escape, F2, C-u, M-1) or literal text.
send() { tm send-keys -t "$SESSION" "$@"; }
type_text() { tm send-keys -t "$SESSION" -l "$1"; }

# The pid of the grocer running in the pane.
grocer_pid() {
    local pane
    pane=$(tm list-panes -t "$SESSION" -F '#{pane_pid}')
    pgrep -P "$pane" -x grocer
}

resize() { tm resize-window -t "$SESSION" -x "$1" -y "$2"; }

# until CHECK ARGS...: runs CHECK every 20 ms until it succeeds; fails after
# E2E_DEADLINE seconds (the awaited thing never came).
until_screen() {
    local i=0 limit=$((E2E_DEADLINE * 50))
    while ((i < limit)); do
        if "$@"; then return 0; fi
        sleep 0.02; i=$((i + 1))
    done
    return 1
}

shows() { screen | grep -qF -- "$1"; }
lacks() { ! screen | grep -qF -- "$1"; }
matches() { screen | grep -qE -- "$1"; }
# in_order PATTERN...: the screen has a line matching each (grep -E), each
# below the one before; else fail saying which.
in_order() {
    local last=0 line pattern
    for pattern in "$@"; do
        line=$(screen | grep -nE -- "$pattern" | head -1 | cut -d: -f1)
        [[ -n $line ]] || { fail "no line matched: $pattern"; return 1; }
        ((line > last)) || { fail "out of order: $pattern (line $line after $last)"; return 1; }
        last=$line
    done
}

# Every failed check (fail, report, and the waits and expect_screen that
# use them) is recorded in a file that run_test reads: a failing check
# fails its test wherever it is in the function, not only as its last
# command.
CHECK_FAILED="$TMPROOT/check-failed"
record_failure() { echo "$*" >>"$CHECK_FAILED"; }

report() {
    record_failure "$1"
    echo "    $1" >&2
    screen | sed 's/^/    | /' >&2
    return 1
}

# wait_for TEXT: until the pane shows TEXT (fixed string).
wait_for() { until_screen shows "$1" || report "never saw: $1"; }
# wait_gone TEXT: until the pane no longer shows TEXT.
wait_gone() { until_screen lacks "$1" || report "still saw: $1"; }
# wait_line REGEX: until some line of the pane matches (extended regex).
wait_line() { until_screen matches "$1" || report "no line ever matched: $1"; }

# wait_weight_screen UNIT: the weight screen, showing UNIT, the store's unit.
# Until the store has opened, the first frame shows the unit it guesses (the
# last store's, from the first-frame cache, or the region's); a weight typed
# against a wrong guess is dropped when the store opens, with a notice
# (AppModel.settle). Once the store's unit shows, what is typed is kept.
wait_weight_screen() {
    wait_for "Enter Today's Weight" || return 1
    wait_for "[ $1 ^U ]"
}

# expect_screen REGEX: some line of the current screen matches (extended regex).
expect_screen() {
    if screen | grep -qE -- "$1"; then return 0; fi
    report "no line matches: $1"
}

# For tests that use GROCER_FAULT_POINT and the other test hooks: they are
# compiled only into the test build (make build-test), not the plain one.
require_test_hooks() {
    grep -aqF GROCER_FAULT_POINT "$GROCER_BIN" && return 0
    echo "  FAIL $GROCER_BIN has no test hooks: run make build-test and GROCER_BIN=$ROOT/.build-test/release/grocer"
    echo "0 1" >>"${E2E_TALLY:-/dev/null}"
    exit 1
}

# damage STORE (for the damaged-store tests): random bytes over weight_entry's root page, in place (the
# size and the 100-byte header stay), read without leaving -wal or -shm.
damage() {
    local store=$1 page size
    page=$(sqlite3 "file:$store?immutable=1" "SELECT rootpage FROM sqlite_master WHERE name = 'weight_entry'") || return 1
    size=$(sqlite3 "file:$store?immutable=1" "PRAGMA page_size") || return 1
    [[ $page -gt 1 ]] || fail "no root page: $page" || return 1
    dd if=/dev/urandom of="$store" bs="$size" seek=$((page - 1)) count=1 conv=notrunc 2>/dev/null
}

# fail MESSAGE: a failed check; the test fails even if it goes on.
fail() { record_failure "$*"; echo "    $*" >&2; return 1; }

# run_test NAME FUNCTION: runs one test, counting the result.
passed=0
run_test() {
    local name=$1 status; shift
    rm -f "$CHECK_FAILED"
    ( export GROCER_STORE="$TMPROOT/store-$passed-$failures.sqlite"; "$@" )
    status=$?
    if ((status == 0)) && [[ ! -e $CHECK_FAILED ]]; then
        echo "  ok   $name"; passed=$((passed + 1))
    else
        echo "  FAIL $name"; failures=$((failures + 1))
    fi
    kill_servers
}

finish() {
    echo "$passed passed, $failures failed"
    echo "$passed $failures" >>"${E2E_TALLY:-/dev/null}"
    ((failures == 0))
}
