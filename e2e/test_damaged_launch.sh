#!/usr/bin/env bash
# A store with a good header and a damaged page is refused by the screen at
# launch, as by the commands: right after the first frame and before the
# store opens, the whole message (wrapped to the terminal), exit 2, the
# terminal as it was, and nothing made beside the file. A store another
# grocer is writing is never called damaged.
source "$(dirname "$0")/lib.sh"

G() { "$GROCER_BIN" "$@"; }

# The pane's lines above "[exit", joined with spaces.
message() { screen | sed '/^\[exit/,$d' | sed '/^$/d' | paste -sd ' '; }

# expect_refused STORE: the screen ended with the commands' own refusal,
# whole, lines no wider than the pane, exit 2, terminal restored.
expect_refused() {
    local store=$1 cli
    cli=$(G weight list --store "$store" 2>&1 >/dev/null)
    [[ $cli == *"is damaged"* ]] || fail "the command did not refuse it: $cli" || return 1
    wait_for "[exit 2]" || return 1
    wait_for "icanon echo" || return 1
    [[ $(message) == "$cli" ]] || fail "screen: $(message) | command: $cli" || return 1
    ! screen | awk 'length > 80 {found = 1} END {exit !found}' || fail "a line wider than the pane" || return 1
    [[ $(screen | grep -c .) -gt 3 ]] || fail "not wrapped" || return 1
}

a_damaged_page_is_refused_at_launch() {
    local dir=$TMPROOT/d1 store=$TMPROOT/d1/s.sqlite before listing
    mkdir -p "$dir" && echo "notes" >"$dir/notes.txt"
    G weight add 70 --unit kg --store "$store" >/dev/null || return 1
    G weight add 71 --unit kg --store "$store" >/dev/null || return 1
    damage "$store" || return 1
    [[ $(G store status --store "$store" | grep state:) == *corrupt* ]] || fail "status: not corrupt" || return 1
    before=$(sha256sum <"$store")
    listing=$(ls -A "$dir")
    start -- --store "$store"
    expect_refused "$store" || return 1
    [[ $(ls -A "$dir") == "$listing" ]] || fail "made beside it: $(ls -A "$dir")" || return 1
    [[ $(sha256sum <"$store") == "$before" ]] || fail "the file changed" || return 1
}

# a_good_launch STORE: the screen opens on STORE (one weight in it), its
# history shows, and it quits: the check passed and its fingerprint is kept.
a_good_launch() {
    start -- --store "$1"
    wait_for "Enter Today's Weight" || return 1
    send F3
    wait_for "1 of 1" || return 1
    send F10
    wait_for "[exit 0]"
}

# A launch that found the store healthy keeps its fingerprint and reads the
# pages again only once the file changed: damage done in place afterwards
# is refused at the next launch.
damage_after_a_good_launch_is_refused_at_the_next() {
    local dir=$TMPROOT/d2 store=$TMPROOT/d2/s.sqlite before
    mkdir -p "$dir"
    G weight add 70 --unit kg --store "$store" >/dev/null || return 1
    a_good_launch "$store" || return 1
    [[ $(ls -A "$dir") == s.sqlite ]] || fail "left beside: $(ls -A "$dir")" || return 1
    damage "$store" || return 1
    before=$(sha256sum <"$store")
    start -- --store "$store"
    expect_refused "$store" || return 1
    [[ $(ls -A "$dir") == s.sqlite ]] || fail "made beside it: $(ls -A "$dir")" || return 1
    [[ $(sha256sum <"$store") == "$before" ]] || fail "the file changed" || return 1
}

# After another program wrote the store, the pages are checked beside the
# first frame: a weight typed meanwhile shows at once, Enter waits for the
# check, and the weight is saved once the store opened (issue 35: the first
# key is not held by the check). The check is held by a test hook until the
# test lets it go, so the keys surely come first.
keys_typed_while_a_changed_store_is_checked_are_kept() {
    local dir=$TMPROOT/d3 store=$TMPROOT/d3/s.sqlite hold=$TMPROOT/d3/hold
    mkdir -p "$dir"
    G weight add 70 --unit kg --store "$store" >/dev/null || return 1
    a_good_launch "$store" || return 1
    # Another program's write: the file is not as the last check saw it.
    sqlite3 "$store" "CREATE TABLE other_program (a); DROP TABLE other_program;" || return 1
    GROCER_TEST_HOLD_PAGE_CHECK=$hold start -- --store "$store"
    wait_for "Enter Today's Weight" || return 1
    until_screen test -e "$hold" || fail "the check did not run beside the frame" || return 1
    # 70 kg is 154.3 lbs: 155 is near the trend (no typo question).
    send 1 5 5
    wait_for "155" || fail "the digits waited for the check" || return 1
    send Enter
    screen | grep -qF "Enter Today's Weight" || fail "Enter did not wait for the store" || return 1
    rm -f "$hold"
    wait_for "Saved 155" || fail "the weight typed before the store opened was not saved" || return 1
    [[ $(G weight list --store "$store" | grep -c "155") == 1 ]] || fail "not saved once as 155" || return 1
    send F10
    wait_for "[exit 0]"
}

# The screen's own writes are not another program's: after a launch that
# saved a weight, the next launch reads no page again (the fingerprint the
# screen's store left at its end is kept), so F3 answers at once; were the
# pages checked, the held check would never let the store open.
the_screens_own_save_needs_no_check_at_the_next_launch() {
    local dir=$TMPROOT/d4 store=$TMPROOT/d4/s.sqlite hold=$TMPROOT/d4/hold kept
    mkdir -p "$dir"
    G weight add 70 --unit kg --store "$store" >/dev/null || return 1
    a_good_launch "$store" || return 1
    start -- --store "$store"
    wait_for "Enter Today's Weight" || return 1
    # 70 kg is 154.3 lbs, the region's unit: near the trend.
    wait_for "[ lbs ^U ]" || return 1
    type_text "154.5"
    send Enter
    wait_for "Saved 154.5" || return 1
    send F10
    wait_for "[exit 0]" || return 1
    # Closed at the end: no frame left in a -wal.
    [[ ! -s $store-wal ]] || fail "the store was not closed: frames in its -wal" || return 1
    kept=$(sed -n 's/^checked=//p' "$XDG_STATE_HOME/grocer/first-frame")
    [[ $kept == "$(stat -c '%d:%i:%s:%Z' "$store")"* ]] || fail "kept $kept, the file is $(stat -c '%d:%i:%s:%Z' "$store")" || return 1
    GROCER_TEST_HOLD_PAGE_CHECK=$hold start -- --store "$store"
    wait_for "Enter Today's Weight" || return 1
    send F3
    wait_for "1 of 2" || fail "the store did not open: $(test -e "$hold" && echo 'its pages were checked')" || return 1
    [[ ! -e $hold ]] || fail "the pages were checked" || return 1
    send F10
    wait_for "[exit 0]"
}

# Another program in the middle of a write (its lock held, frames in the
# -wal): the launch reads through it, and the screen opens.
a_store_being_written_is_not_damaged() {
    local store=$GROCER_STORE fifo=$TMPROOT/writer.in
    G weight add 70 --unit kg >/dev/null || return 1
    mkfifo "$fifo" || return 1
    sqlite3 "$store" <"$fifo" >"$TMPROOT/writer.out" 2>&1 &
    local writer=$!
    exec 7>"$fifo"
    echo "PRAGMA cache_size = 1; BEGIN IMMEDIATE;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
        INSERT INTO weight_entry (value, unit, recorded_at) SELECT '71', 'kg', 1700000000 + i FROM n;
        SELECT 'holding';" >&7
    until_screen grep -q holding "$TMPROOT/writer.out" || { fail "the writer never held the lock"; exec 7>&-; return 1; }
    [[ -s $store-wal ]] || fail "no frames in the -wal"
    start
    wait_for "Enter Today's Weight"
    # The pages are checked after the first frame: the history open means
    # the check passed and the store opened.
    send F3
    wait_for "1 of 1" || fail "the history did not open"
    lacks "damaged" || fail "called damaged"
    # .quit: tmux's server inherited the pipe's write end, so no EOF comes.
    printf 'ROLLBACK;\n.quit\n' >&7
    exec 7>&-
    wait "$writer"
    send F10
    wait_for "[exit 0]"
}

run_test "a damaged page behind a good header is refused at launch" a_damaged_page_is_refused_at_launch
run_test "damage after a good launch is refused at the next" damage_after_a_good_launch_is_refused_at_the_next
run_test "keys typed while a changed store is checked are kept" keys_typed_while_a_changed_store_is_checked_are_kept
run_test "a store being written is not called damaged" a_store_being_written_is_not_damaged
run_test "the screen's own save needs no page check at the next launch" the_screens_own_save_needs_no_check_at_the_next_launch
finish
