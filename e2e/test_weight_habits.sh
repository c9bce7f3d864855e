#!/usr/bin/env bash
# Issue 34's habits, against the real binary in tmux: a typo asked about on
# the screen (Esc edits, Enter saves as typed) and refused by `weight add`
# unless --force; a save undone from the history (u) and made again (U);
# a backfilled morning weight at the usual hour (07:00).
source "$(dirname "$0")/lib.sh"

G() { TZ=UTC "$GROCER_BIN" "$@"; }

# Two mornings at 78.5 kg before today, at about 7:00.
two_mornings() {
    G unit kg >/dev/null || return 1
    G weight add 78.5 --at "-2d 7:00" >/dev/null || return 1
    G weight add 78.5 --at "-3d 6:58" >/dev/null || return 1
    G weight add 78.5 --at "-4d 7:05" >/dev/null || return 1
}

count() { G weight list | wc -l; }

a_typo_is_asked_on_the_screen() {
    two_mornings || fail "setup" || return 1
    start
    wait_weight_screen kg || return 1
    type_text "7.87"
    wait_for "│ 7.87" || return 1
    send Enter
    wait_for "78.7? You typed 7.87 kg; your trend is 78.5 kg." || return 1
    expect_screen "Enter saves, Esc edits" || return 1
    [[ $(count) == 3 ]] || fail "saved before the answer: $(G weight list)"
    # Esc: back to the field, the text kept, nothing saved.
    send Escape
    wait_gone "You typed" || return 1
    expect_screen "│ 7.87" || return 1
    [[ $(count) == 3 ]] || fail "Esc saved: $(G weight list)"
    # Asked again; Enter then saves it as typed.
    send Enter
    wait_for "78.7? You typed 7.87 kg" || return 1
    send Enter
    wait_for "Saved 7.87 kg" || return 1
    G weight list | grep -q $'\t7.87 kg' || fail "not kept as typed: $(G weight list)"
}

refused_on_the_command_line_then_kept_with_force() {
    two_mornings || fail "setup" || return 1
    local out rc
    out=$(G weight add 7.87 2>&1); rc=$?
    ((rc == 2)) || fail "exit $rc, wanted 2"
    [[ $(wc -l <<<"$out") == 1 ]] || fail "not one line: $out"
    [[ $out == "grocer: 7.87 kg is far from your trend, 78.5 kg: a typo (78.7 kg?)? Nothing was saved; give --force to keep 7.87 kg." ]] \
        || fail "said: $out"
    [[ $(count) == 3 ]] || fail "refused but saved: $(G weight list)"
    G weight add 7.87 --force >/dev/null || fail "--force: exit $?"
    G weight list | grep -q $'\t7.87 kg' || fail "--force did not keep it: $(G weight list)"
    # A weight near the trend needs no --force.
    G weight add 78.6 >/dev/null || fail "a near weight refused"
}

undo_of_a_save_from_the_history() {
    two_mornings || fail "setup" || return 1
    start
    wait_weight_screen kg || return 1
    type_text "78.7"
    send Enter
    wait_for "Saved 78.7 kg" || return 1
    wait_for "u undoes: add 78.7 kg" || return 1
    # Away and back (F2, F3): the save is still what u undoes.
    send F2
    wait_for "Enter Today's Weight" || return 1
    send F3
    wait_for "Weight History" || return 1
    wait_for "u undoes: add 78.7 kg" || return 1
    send u
    wait_for "Undid the save of 78.7 kg" || return 1
    [[ $(count) == 3 ]] || fail "still saved: $(G weight list)"
    G weight list | grep -q $'\t78.7 kg' && fail "78.7 is still there"
    send U
    wait_for "Saved 78.7 kg" || return 1
    [[ $(count) == 4 ]] || fail "U did not make it again: $(G weight list)"
    send u
    wait_for "Undid the save of 78.7 kg" || return 1
    [[ $(count) == 3 ]] || fail "the second u: $(G weight list)"
}

a_backfilled_morning_weight_at_seven() {
    two_mornings || fail "setup" || return 1
    local yesterday weekday
    yesterday=$(date -u -d yesterday +%Y-%m-%d)
    weekday=$(LC_ALL=C date -u -d yesterday +%A)
    start
    wait_for "Enter Today's Weight" || return 1
    send Up
    wait_for "Enter Weight for $weekday" || return 1
    # (ICU puts a narrow no-break space before AM.)
    wait_line "at 7:00.{1,3}AM \(yesterday\)" || return 1
    expect_screen "Time: 07:00" || return 1
    type_text "78.4"
    send Enter
    wait_for "Saved 78.4 kg" || return 1
    G weight list --json | grep -q "\"recordedAt\": \"${yesterday}T07:00:00Z\", \"value\": 78.4" \
        || fail "not yesterday at 07:00: $(G weight list --json)"
    # Tab reaches the time: 6:30 typed, saved at 6:30.
    send F2
    wait_for "Enter Today's Weight" || return 1
    send Up Up
    wait_for "(2 days ago)" || return 1
    type_text "78.3"
    # Past the body fat (issue 34) to the time.
    send Tab Tab
    send BSpace BSpace BSpace BSpace BSpace
    wait_line "Time: ?$" || return 1
    type_text "6:30"
    wait_line "at 6:30.{1,3}AM \(2 days ago\)" || return 1
    send Enter
    wait_for "Saved 78.3 kg" || return 1
    G weight list --json | grep -q "\"recordedAt\": \"$(date -u -d '-2 days' +%Y-%m-%d)T06:30:00Z\", \"value\": 78.3" \
        || fail "not at 06:30 two days ago: $(G weight list --json)"
}

run_test "a typo is asked on the screen: Esc edits, Enter saves as typed" a_typo_is_asked_on_the_screen
run_test "weight add refuses a typo naming the trend; --force keeps it" refused_on_the_command_line_then_kept_with_force
run_test "u on the history takes a save back (after F2, F3 too); U makes it again" undo_of_a_save_from_the_history
run_test "a backfilled morning weight takes the usual 07:00; Tab changes the time" a_backfilled_morning_weight_at_seven
finish
