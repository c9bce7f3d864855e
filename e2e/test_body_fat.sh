#!/usr/bin/env bash
# Issue 34's body fat, against the real binary in tmux: typed on the weight
# screen after Tab (the weight field's typing rules) and saved with the
# weight by Enter; seen in `weight list` and its JSON, beside the weight in
# the history, and as its own line on the graph (f); kept by `weight add
# --fat` and changed by `weight edit --fat / --no-fat`.
source "$(dirname "$0")/lib.sh"

G() { TZ=UTC "$GROCER_BIN" "$@"; }

typed_on_the_screen_and_seen_in_weight_list() {
    G unit kg >/dev/null || fail "setup" || return 1
    start
    wait_weight_screen kg || return 1
    wait_for "Body fat: optional, Tab" || return 1
    type_text "78.5"
    send Tab
    # Not a digit: refused, the field as it was.
    type_text "18x"
    wait_for "is not allowed in the body fat" || return 1
    type_text ".4"
    wait_line "Body fat: 18\.4 %" || return 1
    send Enter
    wait_for "Saved 78.5 kg" || return 1
    # The history shows it beside the weight.
    wait_line "78\.5 kg +18\.4 %" || return 1
    [[ $(G weight list | cut -f3-) == $'78.5 kg\t18.4 % fat' ]] || fail "weight list: $(G weight list)"
    G weight list --json | grep -q '"value": 78.5, "unit": "kg", "note": "", "bodyFat": 18.4}' \
        || fail "weight list --json: $(G weight list --json)"
    # f: the body fat's trend on the graph, named with its scale.
    send f
    wait_line "fat 18\.1-18\.7 %" || return 1
    send f
    wait_gone "fat 18.1-18.7 %" || return 1
}

kept_and_changed_on_the_command_line() {
    G unit kg >/dev/null || fail "setup" || return 1
    local out rc
    out=$(G weight add 78.5 --fat 18.4 --at "-1d 7:00") || fail "add: exit $?" || return 1
    [[ $out == *", 18.4 % fat as id 1" ]] || fail "said: $out"
    out=$(G weight add 78.4 --fat 140 2>&1); rc=$?
    ((rc == 2)) || fail "--fat 140: exit $rc, wanted 2"
    [[ $out == "grocer: '140' is not a body fat: give a percentage above 0 and below 100 with at most 2 decimals, e.g. 18.4; nothing was saved." ]] \
        || fail "said: $out"
    [[ $(G weight list | wc -l) == 1 ]] || fail "refused but saved: $(G weight list)"
    G weight edit 1 --fat 18.25 >/dev/null || fail "edit --fat: exit $?"
    [[ $(G weight list | cut -f4) == "18.25 % fat" ]] || fail "after --fat: $(G weight list)"
    G weight edit 1 --no-fat >/dev/null || fail "edit --no-fat: exit $?"
    [[ $(G weight list | cut -f3-) == "78.5 kg" ]] || fail "after --no-fat: $(G weight list)"
    G weight edit 1 --fat 18.4 --no-fat >/dev/null 2>&1 && fail "--fat with --no-fat taken"
    # Export, import into an empty store, export: the same bytes.
    G weight edit 1 --fat 18.40 >/dev/null || return 1
    G weight export >"$TMPROOT/a.csv" || return 1
    grep -q $',18.40\r$' "$TMPROOT/a.csv" || fail "export: $(cat "$TMPROOT/a.csv")"
    G weight import "$TMPROOT/a.csv" --store "$TMPROOT/b.sqlite" >/dev/null || fail "import: exit $?"
    [[ $(G weight export --store "$TMPROOT/b.sqlite") == $(cat "$TMPROOT/a.csv") ]] || fail "not the same bytes"
}

run_test "body fat typed after Tab on the screen, saved with the weight, in weight list and the history; f draws its line" \
    typed_on_the_screen_and_seen_in_weight_list
run_test "weight add --fat keeps it, refuses 140; weight edit --fat / --no-fat; export and import round trip" kept_and_changed_on_the_command_line
finish
