#!/usr/bin/env bash
# An open grocer follows its store: what another process writes (a second
# grocer, a script, a sync) shows on the open screen without a key press,
# and the screen keeps its selection where it still exists.
source "$(dirname "$0")/lib.sh"

# The id of the entry the CLI saved with this value (jq over --json).
id_of() { "$GROCER_BIN" weight list --json | jq -r --arg v "$1" '.[] | select(.value == ($v | tonumber)) | .id'; }

history_follows_adds_and_deletes_from_another_process() {
    "$GROCER_BIN" unit kg >/dev/null || return 1
    "$GROCER_BIN" weight add 70.1 --at 2026-01-01 >/dev/null || return 1
    "$GROCER_BIN" weight add 70.2 --at 2026-01-02 >/dev/null || return 1
    "$GROCER_BIN" weight add 70.3 --at 2026-01-03 >/dev/null || return 1
    start
    wait_for "Enter Today's Weight" || return 1
    send F3
    wait_for "1 of 3" || return 1
    send Down
    wait_for "2 of 3" || return 1
    # Another process adds a newer entry: it shows, and the selection stays
    # on 70.2, now the third.
    "$GROCER_BIN" weight add 70.4 --at 2026-01-04 >/dev/null || return 1
    wait_for "3 of 4" || return 1
    wait_for "70.4" || return 1
    # Another process deletes the newest: it leaves the list at once.
    "$GROCER_BIN" weight rm "$(id_of 70.4)" >/dev/null || return 1
    wait_gone "70.4" || return 1
    wait_for "2 of 3" || return 1
}

editing_an_entry_deleted_elsewhere_says_so_instead_of_failing() {
    "$GROCER_BIN" unit kg >/dev/null || return 1
    "$GROCER_BIN" weight add 71.5 --at 2026-01-01 >/dev/null || return 1
    "$GROCER_BIN" weight add 71.6 --at 2026-01-02 >/dev/null || return 1
    start
    wait_for "Enter Today's Weight" || return 1
    send F3
    wait_for "1 of 2" || return 1
    type_text "e"
    wait_for "Esc" || return 1
    "$GROCER_BIN" weight rm "$(id_of 71.6)" >/dev/null || return 1
    wait_for "That entry was deleted by another grocer" || return 1
    wait_for "1 of 1" || return 1
    lacks "weight list --json" || fail "a CLI hint on the screen"
}

groceries_follow_items_added_elsewhere() {
    "$GROCER_BIN" items add "2 kg flour" >/dev/null || return 1
    start
    wait_for "Enter Today's Weight" || return 1
    send F5
    wait_for "flour" || return 1
    "$GROCER_BIN" items add "3 apples" >/dev/null || return 1
    wait_for "apples" || return 1
}

a_save_behind_another_write_waits_visibly_and_esc_gives_up() {
    "$GROCER_BIN" unit kg >/dev/null || return 1
    # Another process holds the write lock (sqlite3 fed through a FIFO).
    mkfifo "$TMPROOT/lock.fifo" || return 1
    sqlite3 "$GROCER_STORE" <"$TMPROOT/lock.fifo" >"$TMPROOT/lock.out" 2>&1 &
    local holder=$!
    exec 7>"$TMPROOT/lock.fifo"
    # (.shell touches a file at once: sqlite3's own output to a file waits in a buffer.)
    printf 'BEGIN IMMEDIATE;\n.shell touch %s\n' "$TMPROOT/held" >&7
    until [[ -e $TMPROOT/held ]]; do
        kill -0 "$holder" 2>/dev/null || { fail "sqlite3: $(cat "$TMPROOT/lock.out")"; return 1; }
        sleep 0.05
    done
    start
    wait_weight_screen kg || return 1
    type_text "72.5"
    send Enter
    wait_for "Waiting for another grocer to finish writing" || return 1
    # The keys are alive: F3 does not leave, Esc gives up, the weight stays.
    send F3
    send Escape
    wait_for "Not saved: you stopped waiting" || return 1
    expect_screen "│ 72\.5 " || return 1
    # The other write ends: Enter saves what is still typed.
    # (.quit, not EOF: the tmux server started since holds the FIFO open.)
    printf 'COMMIT;\n.quit\n' >&7
    exec 7>&-
    wait "$holder"
    send Enter
    wait_for "Saved 72.5 kg" || return 1
    [[ $("$GROCER_BIN" weight list | cut -f3) == "72.5 kg" ]] || fail "stored: $("$GROCER_BIN" weight list)"
}

# The same with the 1 s tick off (GROCER_TEST_WATCH_INTERVAL_MS=0, test
# build): only the store watch (inotify) can show them. A grocer's write and
# sqlite3's (both sync the -wal before the commit is visible).
the_watch_alone_shows_another_process_write() {
    grep -aqF GROCER_TEST_WATCH_INTERVAL_MS "$GROCER_BIN" || { fail "no test hooks: make build-test"; return 1; }
    "$GROCER_BIN" unit kg >/dev/null || return 1
    "$GROCER_BIN" weight add 70.1 --at 2026-01-01 >/dev/null || return 1
    "$GROCER_BIN" items add "2 kg flour" >/dev/null || return 1
    start GROCER_TEST_WATCH_INTERVAL_MS=0
    wait_for "Enter Today's Weight" || return 1
    send F3
    wait_for "1 of 1" || return 1
    "$GROCER_BIN" weight add 70.2 --at 2026-01-02 >/dev/null || return 1
    wait_for "2 of 2" || return 1
    send F5
    wait_for "flour" || return 1
    sqlite3 "$GROCER_STORE" "PRAGMA busy_timeout = 5000; UPDATE item SET name = 'rye flour' WHERE name = 'flour';" >/dev/null || return 1
    wait_for "rye flour" || return 1
}

run_test "the history follows adds and deletes from another process" history_follows_adds_and_deletes_from_another_process
run_test "editing an entry deleted elsewhere says so" editing_an_entry_deleted_elsewhere_says_so_instead_of_failing
run_test "the groceries follow items added elsewhere" groceries_follow_items_added_elsewhere
run_test "with the tick off the store watch alone shows another process's writes" the_watch_alone_shows_another_process_write
run_test "a save behind another grocer's write waits visibly; Esc gives up, the weight stays typed" \
    a_save_behind_another_write_waits_visibly_and_esc_gives_up
finish
