#!/usr/bin/env bash
# Today's weight, the unit picker, history, resize and quitting, against the
# real binary in an 80x24 tmux pane.
source "$(dirname "$0")/lib.sh"

typing_filters_saves_and_shows_history() {
    start
    wait_for "Enter Today's Weight" || return 1
    expect_screen "[A-Z][a-z]+ [0-9]{1,2}, 20[0-9]{2} at [0-9]{1,2}:[0-9]{2}" || return 1
    expect_screen "\[ lbs \^U \]" || return 1
    # Rejected keys among accepted ones: letters, a minus, a second dot, a third decimal.
    type_text "1x8-0.4.5"
    wait_for "│ 180.45" || return 1
    type_text "9"
    wait_for "At most 2 digits" || return 1
    expect_screen "│ 180.45 " || return 1
    send BSpace BSpace
    wait_for "│ 180. " || return 1
    type_text "4"
    wait_for "│ 180.4 " || return 1
    send Enter
    wait_for "Weight History" || return 1
    wait_for "Saved 180.4 lbs" || return 1
    expect_screen "180.4 lbs$" || return 1
    "$GROCER_BIN" weight list --json | grep -q '"value": 180.4, "unit": "lbs"' || fail "not in the store"
}

zero_is_refused_and_empty_enter_does_nothing() {
    start
    wait_weight_screen lbs || return 1
    send Enter
    type_text "0"
    wait_for "│ 0 " || return 1
    send Enter
    wait_for "more than 0" || return 1
    expect_screen "Enter Today's Weight" || return 1
    [[ $("$GROCER_BIN" weight list --json) == "[]" ]] || fail "something was saved"
}

unit_picker_changes_the_default_and_it_survives_a_restart() {
    start
    wait_for "[ lbs ^U ]" || return 1
    send C-u
    wait_for "> Pounds (lbs)" || return 1
    send Down
    wait_for "> Kilograms (kg)" || return 1
    wait_for "[ kg ^U ]" || return 1
    send Enter
    wait_gone "Default unit" || return 1
    send F10
    wait_for "[exit 0]" || return 1
    [[ $("$GROCER_BIN" unit) == kg ]] || fail "unit not kept: $("$GROCER_BIN" unit)"
    start
    wait_for "[ kg ^U ]" || return 1
    type_text "72.5"
    send Enter
    wait_for "72.5 kg" || return 1
}

up_backfills_yesterday() {
    "$GROCER_BIN" unit kg >/dev/null || return 1
    start
    wait_for "Enter Today's Weight" || return 1
    send Up
    wait_for "(yesterday)" || return 1
    type_text "71.5"
    send Enter
    wait_for "Saved 71.5 kg" || return 1
    "$GROCER_BIN" weight list | grep -q $'\t'"$(date -d yesterday +%Y-%m-%d) " || fail "not yesterday: $("$GROCER_BIN" weight list)"
}

german_locale_uses_a_comma() {
    LANG_E2E=de_DE.UTF-8 start
    wait_for "Enter Today's Weight" || return 1
    expect_screen "21\. November 20|[0-9]+\. [A-Z][a-zä]+ 20[0-9]{2}" || return 1
    # The locale's "," or a "." (shown as ","): one rule for decimals.
    type_text "72.5"
    wait_for "│ 72,5 " || return 1
    send Enter
    wait_for "72,5 lbs" || return 1
}

resize_redraws_and_tiny_terminal_says_so() {
    start
    wait_for "Enter Today's Weight" || return 1
    resize 30 8
    wait_for "Terminal too small" || return 1
    resize 100 30
    wait_for "Enter Today's Weight" || return 1
    wait_for "F10 Quit" || return 1
}

help_and_screens_by_function_and_alt_keys() {
    start
    wait_for "Enter Today's Weight" || return 1
    send F1
    wait_for "grocer — keys" || return 1
    send Escape
    wait_for "Enter Today's Weight" || return 1
    send M-3
    wait_for "Weight History" || return 1
    send M-1
    wait_for "grocer — keys" || return 1
    send M-2
    wait_for "Enter Today's Weight" || return 1
}

quit_keys_and_signals_restore_the_terminal() {
    for how in F10 C-c TERM HUP; do
        start
        wait_for "Enter Today's Weight" || return 1
        case $how in
            TERM|HUP) kill -"$how" "$(grocer_pid)" ;;
            *) send "$how" ;;
        esac
        wait_for "[exit " || return 1
        # Back in cooked mode with echo: stty printed "icanon echo" after grocer.
        wait_for "icanon echo" || { fail "terminal not restored after $how"; return 1; }
        expect_screen "^\[exit (0|129|143)\]" || return 1
    done
}

not_a_terminal_points_at_the_subcommands() {
    local out rc
    out=$("$GROCER_BIN" </dev/null 2>&1); rc=$?
    [[ $rc == 2 ]] || fail "exit $rc"
    [[ $out == *"needs a terminal"* && $out == *"grocer weight add"* ]] || fail "message: $out"
}

refuses_a_foreign_file_untouched() {
    local f=$TMPROOT/foreign.sqlite before after
    sqlite3 "$f" "CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('x');"
    before=$(sha256sum "$f")
    "$GROCER_BIN" --store "$f" unit 2>"$TMPROOT/err"; local rc=$?
    after=$(sha256sum "$f")
    [[ $rc == 2 ]] || fail "exit $rc"
    grep -q "did not write" "$TMPROOT/err" || fail "message: $(cat "$TMPROOT/err")"
    [[ $before == "$after" ]] || fail "file changed"
    [[ $(ls "$TMPROOT" | grep -c foreign) == 1 ]] || fail "files beside: $(ls "$TMPROOT")"
}

# The time the weight screen shows in zone $1: now's, or a minute later's
# (the minute may turn while grocer starts).
shows_time_in() {
    local zone=$1 now later
    now=$(TZ=$zone date +'at %-I:%M')
    later=$(TZ=$zone date -d '+1 minute' +'at %-I:%M')
    until_screen matches "(${now}|${later})" || report "no time in $zone (${now} or ${later})"
}

# The first frame takes the time zone's offset from the last launch's cache
# when the zone settings are the same; the cache is checked right after.
the_time_follows_the_zone_across_launches() {
    local zone cache=$XDG_STATE_HOME/grocer/first-frame
    for zone in Asia/Tokyo Asia/Tokyo America/New_York; do
        start TZ=$zone
        wait_for "Enter Today's Weight" || return 1
        shows_time_in "$zone" || return 1
        send q
        wait_for "[exit 0]" || return 1
    done
    # A cache whose offset is wrong for these settings (its zone.offset):
    # the screen shows the right time once the launch has checked it.
    [[ $(grep '^zone.offset=' "$cache") == zone.offset=-1800? ]] || fail "cache: $(grep '^zone' "$cache")" || return 1
    sed -i 's/^zone.offset=.*/zone.offset=32400/' "$cache"
    start TZ=America/New_York
    wait_for "Enter Today's Weight" || return 1
    shows_time_in America/New_York || return 1
    send q
    wait_for "[exit 0]" || return 1
    [[ $(grep '^zone.offset=' "$cache") == zone.offset=-1800? ]] || fail "not corrected: $(grep '^zone.offset=' "$cache")"
}

# TZ in POSIX's form: a fixed offset is that offset west of UTC, as date(1)
# reads it, on the screen and in commands; summer-time rules are refused
# with one line, on the screen and in commands, and nothing is saved.
posix_time_zones_are_honoured_or_refused() {
    local zone out status
    for zone in 'JST-9' '<+0530>-5:30' 'GMT+5'; do
        start "TZ=$zone"
        wait_for "Enter Today's Weight" || return 1
        shows_time_in "$zone" || return 1
        send q
        wait_for "[exit 0]" || return 1
    done
    TZ='JST-9' "$GROCER_BIN" weight add 70 --unit kg --at '2026-01-05 07:30' >/dev/null || fail "JST-9: not saved" || return 1
    TZ='GMT+5' "$GROCER_BIN" weight add 71 --unit kg --at '2026-01-05 07:30' >/dev/null || fail "GMT+5: not saved" || return 1
    out=$("$GROCER_BIN" weight list --json | jq -r '.[] | "\(.recordedAt) \(.value)"')
    [[ $out == $'2026-01-04T22:30:00Z 70\n2026-01-05T12:30:00Z 71' ]] || fail "saved at: $out"
    out=$(TZ='CET-1CEST,M3.5.0,M10.5.0/3' "$GROCER_BIN" weight add 72 --unit kg 2>&1)
    status=$?
    [[ $status == 2 ]] || fail "exit status $status"
    [[ $out == "grocer: TZ=CET-1CEST,M3.5.0,M10.5.0/3 gives summer-time rules, which grocer cannot follow; set TZ to a zone name"* ]] ||
        fail "said: $out"
    [[ $(wc -l <<<"$out") == 1 ]] || fail "not one line: $out"
    [[ $("$GROCER_BIN" weight list | wc -l) == 2 ]] || fail "saved: $("$GROCER_BIN" weight list)"
    start 'TZ=EST5EDT,M3.2.0,M11.1.0'
    wait_for "[exit 2]" || return 1
    expect_screen "summer-time" || return 1
}

# Where the separator is ".", a typed "," is refused in the command's words
# and stays as typed: "72,5" is never saved as 725.
a_comma_where_the_separator_is_a_dot_is_refused_not_dropped() {
    local said
    LANG_E2E=C.UTF-8 start
    wait_for "Enter Today's Weight" || return 1
    type_text "72,5"
    wait_for "│ 72,5 " || return 1
    wait_for "'72,5' is not a weight: give a decimal above 0" || return 1
    send Enter
    wait_for "'72,5' is not a weight: give a decimal above 0" || return 1
    expect_screen "Enter Today's Weight" || return 1
    [[ $("$GROCER_BIN" weight list --json) == "[]" ]] || fail "saved: $("$GROCER_BIN" weight list)"
    said=$(LANG=C.UTF-8 "$GROCER_BIN" weight add 72,5 2>&1)
    [[ $said == "grocer: '72,5' is not a weight: give a decimal above 0 with at most 2 decimals, e.g. 72.5." ]] ||
        fail "the command said: $said"
    send BSpace BSpace
    wait_gone "is not a weight" || return 1
    type_text ".5"
    wait_for "│ 72.5 " || return 1
    send Enter
    wait_for "Saved 72.5 lbs" || return 1
}

q_with_a_weight_typed_asks_before_quitting() {
    start
    wait_weight_screen lbs || return 1
    type_text "72"
    send q
    wait_for "Not saved: q again quits" || return 1
    lacks "[exit" || fail "quit at the first q"
    send q
    wait_for "[exit 0]" || return 1
}

# Tab to the note under the weight, type it (q and ? are text there),
# Enter saves both; the history shows the note beside the entry.
a_note_is_typed_after_tab_and_shown_in_the_history() {
    start
    wait_weight_screen lbs || return 1
    wait_for "Tab adds one" || return 1
    type_text "180.2"
    # Tab: the body fat (issue 34), Tab again: the note.
    send Tab Tab
    type_text "after a run? q"
    wait_for "Note: after a run? q" || return 1
    send Enter
    wait_for "Weight History" || return 1
    wait_for "after a run? q" || return 1
    [[ $("$GROCER_BIN" weight list | cut -f3-) == $'180.2 lbs\tafter a run? q' ]] || fail "stored: $("$GROCER_BIN" weight list)"
}

# The screen on the store --store names (the launch reads the arguments
# itself, before argument-parser): the weight goes there, not to
# GROCER_STORE's; --store=PATH too.
the_screen_opens_the_store_named_with_store() {
    local named=$TMPROOT/named.sqlite other=$TMPROOT/other.sqlite
    start -- --store "$named"
    wait_weight_screen lbs || return 1
    type_text "150.5"
    send Enter
    wait_for "Weight History" || return 1
    send q
    wait_for "[exit 0]" || return 1
    [[ $("$GROCER_BIN" weight list --store "$named" | cut -f3) == "150.5 lbs" ]] || fail "named store: $("$GROCER_BIN" weight list --store "$named")"
    [[ -z $("$GROCER_BIN" weight list) ]] || fail "GROCER_STORE's store got it"
    start -- "--store=$other"
    wait_weight_screen lbs || return 1
    type_text "151"
    send Enter
    wait_for "Weight History" || return 1
    [[ $("$GROCER_BIN" weight list --store "$other" | cut -f3) == "151 lbs" ]] || fail "--store=: $("$GROCER_BIN" weight list --store "$other")"
}

# Stones: picked in the unit picker (the third), typed as whole stones, a
# space and the pounds, shown as "11 st 4.5 lb", kept in pounds; the
# choice is kept; the goal is typed in stones.
stones_are_picked_typed_shown_and_kept_in_pounds() {
    start
    wait_for "Enter Today's Weight" || return 1
    send C-u
    wait_for "> Pounds (lbs)" || return 1
    send Down Down
    wait_for "> Stones (st lb)" || return 1
    send Enter
    wait_for "[ st ^U ]" || return 1
    type_text "11 4.5"
    wait_for "11 st 4.5 lb" || return 1
    send Enter
    wait_for "Weight History" || return 1
    wait_for "Saved 11 st 4.5 lb (158.5 lbs)" || return 1
    # Kept in pounds; weight list shows the store's unit, stones (issue 34).
    [[ $("$GROCER_BIN" weight list | cut -f3) == "11 st 4.5 lb" ]] || fail "listed: $("$GROCER_BIN" weight list)"
    [[ $("$GROCER_BIN" weight list --json | jq -c '.[0] | [.value, .unit]') == '[158.5,"lbs"]' ]] || fail "stored: $("$GROCER_BIN" weight list --json)"
    [[ $("$GROCER_BIN" unit) == st ]] || fail "unit: $("$GROCER_BIN" unit)"
    # The goal is typed in stones too: "11 7" is 11 st 7 lb, not 117 lbs.
    send t
    wait_for "Goal: [" || return 1
    type_text "11 7"
    wait_for "Goal: [11 7] st" || return 1
    send Enter
    wait_for "Goal 11 st 7 lb" || return 1
    [[ $("$GROCER_BIN" weight goal) == "Goal: 11 st 7 lb" ]] || fail "goal: $("$GROCER_BIN" weight goal)"
}

# A weight typed while the store opens is typed in the unit the first frame
# showed: the unit kept for this store at its last launch. Another program
# changed it since (another machine's grocer over a shared folder, a
# script's sqlite3): the weight is not taken as kilograms, the field is
# empty, a notice says so and kg shows. (The test build holds the page check
# beside the frame, GROCER_TEST_HOLD_PAGE_CHECK, until the keys are in.)
a_weight_typed_against_a_stale_unit_is_not_kept() {
    require_test_hooks
    local pause=$TMPROOT/pause
    "$GROCER_BIN" weight add 160 >/dev/null || return 1
    start
    wait_weight_screen lbs || return 1
    send F10
    wait_for "[exit 0]" || return 1
    # Another program's write: the launch checks the pages beside the frame.
    sqlite3 "$GROCER_STORE" "INSERT OR REPLACE INTO setting (key, value) VALUES ('defaultUnit', 'kg')" || return 1
    start GROCER_TEST_HOLD_PAGE_CHECK="$pause"
    until_screen test -e "$pause" || fail "the check did not run beside the frame" || return 1
    expect_screen "\[ lbs \^U \]" || return 1
    type_text "78.7"
    wait_for "│ 78.7 " || return 1
    rm -f "$pause"
    wait_for "not lbs as first shown: nothing typed was kept" || return 1
    expect_screen "\[ kg \^U \]" || return 1
    lacks "78.7" || fail "the typed weight is still shown" || return 1
    # Typed again, now in kg: saved as kg.
    type_text "78.7"
    send Enter
    wait_for "Saved 78.7 kg" || return 1
    [[ $("$GROCER_BIN" weight list | wc -l) == 2 ]] || fail "saved: $("$GROCER_BIN" weight list)"
}

# `grocer unit kg` tells the next launch: its first frame shows kg at once,
# not the lbs of the last launch (the cache is this store's; a command on
# another store leaves it alone).
grocer_unit_is_the_next_first_frames_unit() {
    "$GROCER_BIN" weight add 160 >/dev/null || return 1
    start
    wait_weight_screen lbs || return 1
    send F10
    wait_for "[exit 0]" || return 1
    "$GROCER_BIN" unit kg --store "$TMPROOT/another.sqlite" >/dev/null || return 1
    grep -qx "unit=lbs" "$XDG_STATE_HOME/grocer/first-frame" || fail "another store's unit was kept: $(grep '^unit=' "$XDG_STATE_HOME/grocer/first-frame")" || return 1
    "$GROCER_BIN" unit kg >/dev/null || return 1
    grep -qx "unit=kg" "$XDG_STATE_HOME/grocer/first-frame" || fail "kept: $(grep '^unit=' "$XDG_STATE_HOME/grocer/first-frame")" || return 1
    # The store is as the command left it: no page check, and the first
    # frame's kg is the store's.
    grep -q "^checked=$(stat -c '%d:%i:%s:' "$GROCER_STORE")" "$XDG_STATE_HOME/grocer/first-frame" || fail "the fingerprint was not kept" || return 1
    start
    wait_weight_screen kg || return 1
    type_text "72.5"
    send Enter
    wait_for "Saved 72.5 kg" || return 1
}

# The first-frame cache is another store's (the last one shown): this
# store's unit is not known before it opens, so the launch opens it before
# reading any key, and a weight typed at once is the store's kg. (Were the
# pages checked beside the frame, the hold below would take the keys against
# the region's lbs, and they would be dropped.)
saved_or_refused_letting_go() {
    if [[ -e $1 ]]; then : >"$TMPROOT/was-held"; rm -f "$1"; fi
    shows "Saved 78.7" || shows "nothing typed was kept"
}

a_weight_typed_at_once_on_another_store_is_kept() {
    require_test_hooks
    local hold=$TMPROOT/hold other=$TMPROOT/other-store.sqlite
    "$GROCER_BIN" weight add 160 --store "$other" >/dev/null || return 1
    start -- --store "$other"
    wait_weight_screen lbs || return 1
    send F10
    wait_for "[exit 0]" || return 1
    "$GROCER_BIN" unit kg >/dev/null || return 1
    "$GROCER_BIN" weight add 78.5 --at "-2d" >/dev/null || return 1
    start GROCER_TEST_HOLD_PAGE_CHECK="$hold"
    wait_for "Enter Today's Weight" || return 1
    type_text "78.7"
    send Enter
    # A check held beside the frame is let go (there should be none).
    until_screen saved_or_refused_letting_go "$hold" || fail "neither saved nor refused" || return 1
    [[ ! -e $TMPROOT/was-held ]] || fail "the check ran beside the frame" || return 1
    expect_screen "Saved 78\.7 kg" || return 1
}

run_test "Up backfills yesterday: the date says so, the entry is yesterday's" up_backfills_yesterday
run_test "typing filters, Enter saves and shows the history" typing_filters_saves_and_shows_history
run_test "Tab: a note, saved with the weight, shown in the history" a_note_is_typed_after_tab_and_shown_in_the_history
run_test "the screen opens the store --store names (and --store=)" the_screen_opens_the_store_named_with_store
run_test "stones: picked, typed, shown as st and lb, kept in pounds" stones_are_picked_typed_shown_and_kept_in_pounds
run_test "zero is refused; Enter on empty does nothing" zero_is_refused_and_empty_enter_does_nothing
run_test "unit picker sets the default; kept after restart" unit_picker_changes_the_default_and_it_survives_a_restart
run_test "de_DE types with a comma" german_locale_uses_a_comma
run_test "resize redraws; tiny terminal says so" resize_redraws_and_tiny_terminal_says_so
run_test "F1/Esc and Alt-1..3 switch screens" help_and_screens_by_function_and_alt_keys
run_test "F10, Ctrl-C, SIGTERM, SIGHUP restore the terminal" quit_keys_and_signals_restore_the_terminal
run_test "without a terminal: error and exit 2" not_a_terminal_points_at_the_subcommands
run_test "a foreign file is refused, untouched" refuses_a_foreign_file_untouched
run_test "the time follows the zone across launches, cached or not" the_time_follows_the_zone_across_launches
run_test "q with a weight typed asks before quitting" q_with_a_weight_typed_asks_before_quitting
run_test "TZ in POSIX's form: an offset honoured as date reads it, summer-time rules refused" posix_time_zones_are_honoured_or_refused
run_test "a weight typed in a stale unit while the store opens is not kept" a_weight_typed_against_a_stale_unit_is_not_kept
run_test "grocer unit kg: the next launch's first frame shows kg" grocer_unit_is_the_next_first_frames_unit
run_test "a weight typed at once on a store the cache does not know is kept" a_weight_typed_at_once_on_another_store_is_kept
run_test "a comma where the separator is '.' is refused in the command's words, never 725" a_comma_where_the_separator_is_a_dot_is_refused_not_dropped
finish
