#!/usr/bin/env bash
# A store file never makes grocer run anything (issue 36), against Radicale
# on 127.0.0.1. A store whose account carries a password command (from an
# older grocer, or from whoever made the file) that would touch a file:
# `grocer sync` without a terminal says what to do in one line (exit 2),
# `grocer sync status` says the login is not set up here, the grocery screen
# says "sync not set up here" in its header, and the file is never made.
# `grocer sync setup` then `grocer sync` works, with the login in a logins
# file of 0600 in a folder of 0700 (XDG_CONFIG_HOME, set by lib.sh to a
# temporary folder). On a terminal `grocer sync` shows the command and
# asks: yes moves it to the logins file and syncs; no runs nothing. A
# logins file others can write is refused.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/caldav.sh"
source "$(dirname "$0")/sync.sh"
needs_tools sqlite3 jq curl python3

LOGINS=$XDG_CONFIG_HOME/grocer/logins

app_ready() {
    [[ $(tm display-message -p -t "$SESSION" '#{alternate_on}') == 1 ]] && screen | grep -q '[^[:space:]]'
}
header_shows() { screen | head -1 | grep -qF -- "$1"; }
wait_header() { until_screen header_shows "$1" || report "the header never said: $1"; }

# store_with_command COMMAND: a store with milk on the list, whose list
# account (alice) carries COMMAND as an older grocer kept it.
store_with_command() {
    G items add milk >/dev/null || fail "add" || return 1
    sqlite3 "$GROCER_STORE" "INSERT INTO sync_account (collection, url, user, password_command)
        VALUES ('list', '$LIST_URL', 'alice', '$1')" || fail "the account" || return 1
}

store_command() { sqlite3 "$GROCER_STORE" "SELECT quote(password_command) FROM sync_account WHERE collection = 'list'"; }

a_store_command_never_runs() {
    serve "$1" || return 1
    rm -rf "$XDG_CONFIG_HOME"
    local ran=$TMPROOT/ran
    rm -f "$ran"
    store_with_command "touch $ran; cat $PW_FILE" || return 1
    one_line_exit_2 "does not run unless you keep it" G sync </dev/null
    one_line_exit_2 "does not run unless you keep it" G sync now --json </dev/null
    grep -qF -- "grocer sync setup --list $LIST_URL --user NAME --password-command CMD" "$TMPROOT/err" \
        || fail "no way to set it up: $(cat "$TMPROOT/err")"
    [[ ! -e $ran ]] || fail "grocer sync ran the store's command"
    G sync status | grep -q "^list: .*login not set up here" || fail "status: $(G sync status)"
    [[ $(G sync status --json | jq -r '.accounts[0].login') == "store command" ]] || fail "status --json: $(G sync status --json)"
    # The grocery screen: the header says so, `s` runs nothing either.
    start || return 1
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_for "Enter Today's Weight" || return 1
    send F5
    wait_for "milk" || return 1
    wait_header "sync not set up here" || return 1
    type_text "s"
    wait_header "sync not set up here" || return 1
    send F10; wait_for "[exit 0]" || return 1
    [[ ! -e $ran ]] || fail "the grocery screen ran the store's command"
    [[ ! -e $LOGINS ]] || fail "a logins file was made: $(cat "$LOGINS")"
    # Set up here: the login goes to the logins file, private; the store's
    # command is gone, and the sync works.
    G sync setup --list "$LIST_URL" --user "$CALDAV_USER" --password-command "cat $PW_FILE" >/dev/null || fail "setup" || return 1
    [[ $(stat -c %a "$LOGINS") == 600 ]] || fail "the logins file is $(stat -c %a "$LOGINS")"
    [[ $(stat -c %a "$(dirname "$LOGINS")") == 700 ]] || fail "its folder is $(stat -c %a "$(dirname "$LOGINS")")"
    grep -qx "password-command cat $PW_FILE" "$LOGINS" || fail "the logins file: $(cat "$LOGINS")"
    [[ $(store_command) == NULL ]] || fail "the store still holds $(store_command)"
    synced "sync: 0 received, 1 sent, no conflicts"
    [[ ! -e $ran ]] || fail "the store's command ran after setup"
    # A logins file others can change is refused, and nothing runs.
    chmod 620 "$LOGINS"
    one_line_exit_2 "chmod go-w $LOGINS" G sync
    one_line_exit_2 "chmod go-w $LOGINS" G sync setup --list "$LIST_URL" --user "$CALDAV_USER" --password-command "touch $ran"
    [[ ! -e $ran ]] || fail "setup ran a command with a logins file others can change"
    chmod 600 "$LOGINS"
    chmod 770 "$(dirname "$LOGINS")"
    one_line_exit_2 "chmod go-w $(dirname "$LOGINS")" G sync
    chmod 700 "$(dirname "$LOGINS")"
    synced "sync: 0 received, 0 sent, no conflicts"
}

# On a terminal, yes: the command moves to the logins file, then syncs.
the_prompt_keeps_it_on_yes() {
    serve "$1" || return 1
    rm -rf "$XDG_CONFIG_HOME"
    # The collections, as the older grocer that kept the command made them.
    GROCER_STORE=$TMPROOT/older.sqlite XDG_CONFIG_HOME=$TMPROOT/older-config set_up >/dev/null || fail "setup" || return 1
    store_with_command "cat $PW_FILE" || return 1
    start -- sync || return 1
    wait_for "Keep it as your own login" || return 1
    # The question wraps at 80 columns: read it as one line.
    [[ $(screen | tr -d '\n') == *"holds a password command: \`cat $PW_FILE\`. Keep it as your own login for $LIST_URL? [y/N]"* ]] \
        || report "the question: $(screen)" || return 1
    type_text "y"; send Enter
    wait_for "[exit 0]" || return 1
    expect_screen "sync: 0 received, 1 sent, no conflicts" || return 1
    grep -qx "password-command cat $PW_FILE" "$LOGINS" || fail "the logins file: $(cat "$LOGINS" 2>&1)"
    grep -qx "user alice" "$LOGINS" || fail "the logins file: $(cat "$LOGINS")"
    [[ $(stat -c %a "$LOGINS") == 600 ]] || fail "the logins file is $(stat -c %a "$LOGINS")"
    [[ $(store_command) == NULL ]] || fail "the store still holds $(store_command)"
    # Without a terminal from now on: the login is the person's.
    synced "sync: 0 received, 0 sent, no conflicts"
}

# On a terminal, no (or anything but yes): nothing runs, nothing moves.
the_prompt_runs_nothing_on_no() {
    serve "$1" || return 1
    rm -rf "$XDG_CONFIG_HOME"
    local ran=$TMPROOT/ran
    rm -f "$ran"
    store_with_command "touch $ran" || return 1
    start -- sync || return 1
    wait_for "Keep it as your own login" || return 1
    type_text "yes please"; send Enter
    wait_for "[exit 2]" || return 1
    expect_screen "password command was not run" || return 1
    [[ ! -e $ran ]] || fail "the store's command ran"
    [[ ! -e $LOGINS ]] || fail "a logins file was made: $(cat "$LOGINS")"
    [[ $(store_command) == "'touch $ran'" ]] || fail "the store's command changed: $(store_command)"
}

sync_test "radicale: a store's password command never runs (sync, status, screen), setup then sync" \
    on_server a_store_command_never_runs radicale
sync_test "radicale: on a terminal, yes keeps the store's command as the person's login" on_server the_prompt_keeps_it_on_yes radicale
sync_test "radicale: on a terminal, no runs nothing" on_server the_prompt_runs_nothing_on_no radicale
finish
