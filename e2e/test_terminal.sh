#!/usr/bin/env bash
# Terminals grocer cannot draw on are refused with its own line, and every
# signal that ends the process leaves the terminal as it was.
source "$(dirname "$0")/lib.sh"

# refused TERM: grocer's own one line pointing at the subcommands, exit 2,
# and the store never touched.
refused() {
    if [[ $1 == unset ]]; then start_without_term; else start "TERM=$1"; fi
    wait_for "[exit " || return 1
    expect_screen "^\[exit 2\]" || return 1
    expect_screen "^grocer: .*$2" || return 1
    # Wrapped at spaces to the pane's width: read the pane as one line.
    screen | tr '\n' ' ' | grep -qF "use the subcommands: grocer weight add" || fail "no pointer to the subcommands" || return 1
    lacks "Error opening terminal" || fail "ncurses' own message" || return 1
    [[ ! -e $GROCER_STORE ]] || fail "the store was created" || return 1
    wait_for "icanon echo" || return 1
}

a_dumb_terminal_is_refused() { refused dumb "cannot move the cursor"; }
an_unknown_terminal_is_refused() { refused no-such-terminal-here "is not known"; }
an_empty_terminal_is_refused() { refused "" "TERM is not set"; }
an_unset_terminal_is_refused() { refused unset "TERM is not set"; }

# start, with TERM removed from grocer's environment.
start_without_term() {
    kill_servers
    TMUX_SOCKET="grocer-e2e-$$-$RANDOM$RANDOM"
    echo "$TMUX_SOCKET" >>"$TMPROOT/sockets"
    local cmd
    cmd=$(printf '%q ' env -u TERM LANG=en_US.UTF-8 TZ=UTC "$GROCER_BIN")
    tm -f /dev/null new-session -d -s "$SESSION" -x 80 -y 24 \
        "$cmd; echo \"[exit \$?]\"; stty -a | tr ' ' '\n' | grep -E '^-?(icanon|echo)\$' | tr '\n' ' '; echo; sleep 86400"
    tm set-option -t "$SESSION" remain-on-exit on >/dev/null
}

# Signals whose default ends the process restore the terminal.
signal_restores() {
    start
    wait_for "Enter Today's Weight" || return 1
    kill -"$1" "$(grocer_pid)"
    wait_for "[exit $2]" || return 1
    wait_for "icanon echo" || { fail "terminal not restored after SIG$1"; return 1; }
    lacks "Enter Today's Weight" || fail "still in the alternate screen" || return 1
}

sigquit_restores_the_terminal() { signal_restores QUIT 131; }
sigusr1_restores_the_terminal() { signal_restores USR1 138; }
sigusr2_restores_the_terminal() { signal_restores USR2 140; }
sigalrm_restores_the_terminal() { signal_restores ALRM 142; }

run_test "TERM=dumb: refused with grocer's own line, exit 2" a_dumb_terminal_is_refused
run_test "unknown TERM: refused with grocer's own line, exit 2" an_unknown_terminal_is_refused
run_test "empty TERM: refused with grocer's own line, exit 2" an_empty_terminal_is_refused
run_test "no TERM: refused with grocer's own line, exit 2" an_unset_terminal_is_refused
run_test "SIGQUIT restores the terminal" sigquit_restores_the_terminal
run_test "SIGUSR1 restores the terminal" sigusr1_restores_the_terminal
run_test "SIGUSR2 restores the terminal" sigusr2_restores_the_terminal
run_test "SIGALRM restores the terminal" sigalrm_restores_the_terminal
finish
