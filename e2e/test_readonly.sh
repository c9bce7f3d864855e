#!/usr/bin/env bash
# Commands that only read create nothing on a store that does not exist:
# no folder, no file, no lock. They say so on stderr and answer as an empty
# store would (exit 0); the first save creates the store.
source "$(dirname "$0")/lib.sh"

# Runs a command on a mistyped path; the folder above it must stay empty.
on_missing() {
    local typo=$TMPROOT/typo/deeper/store.sqlite
    "$GROCER_BIN" --store "$typo" "$@" >"$TMPROOT/out" 2>"$TMPROOT/err"
}

nothing_created() {
    [[ ! -e $TMPROOT/typo ]] || fail "created: $(find "$TMPROOT/typo")"
}

says_no_store_yet() {
    [[ $(wc -l <"$TMPROOT/err") == 1 ]] || fail "stderr not one line: $(cat "$TMPROOT/err")"
    grep -q "there is no store at .*/typo/deeper/store.sqlite yet (grocer creates it on the first save)" "$TMPROOT/err" ||
        fail "stderr: $(cat "$TMPROOT/err")"
}

weight_list_on_a_missing_store() {
    on_missing weight list || fail "exit $?"
    [[ ! -s $TMPROOT/out ]] || fail "stdout: $(cat "$TMPROOT/out")"
    says_no_store_yet
    nothing_created
}

weight_list_json_on_a_missing_store_is_an_empty_array() {
    on_missing weight list --json || fail "exit $?"
    [[ $(cat "$TMPROOT/out") == "[]" ]] || fail "stdout: $(cat "$TMPROOT/out")"
    nothing_created
}

items_list_on_a_missing_store() {
    on_missing items list || fail "exit $?"
    [[ ! -s $TMPROOT/out ]] || fail "stdout: $(cat "$TMPROOT/out")"
    says_no_store_yet
    on_missing items list --json || fail "exit $?"
    [[ $(cat "$TMPROOT/out") == "[]" ]] || fail "json: $(cat "$TMPROOT/out")"
    nothing_created
}

store_status_on_a_missing_store() {
    on_missing store status || fail "exit $?"
    grep -q "state:          missing" "$TMPROOT/out" || fail "stdout: $(cat "$TMPROOT/out")"
    says_no_store_yet
    on_missing store status --json || fail "exit $?"
    grep -q '"state" : "missing"' "$TMPROOT/out" || fail "json: $(cat "$TMPROOT/out")"
    nothing_created
}

unit_on_a_missing_store_answers_lbs() {
    on_missing unit || fail "exit $?"
    [[ $(cat "$TMPROOT/out") == lbs ]] || fail "stdout: $(cat "$TMPROOT/out")"
    says_no_store_yet
    nothing_created
}

backup_of_a_missing_store_is_one_line_exit_2() {
    local rc
    on_missing store backup "$TMPROOT/copy.sqlite"; rc=$?
    [[ $rc == 2 ]] || fail "exit $rc"
    [[ $(wc -l <"$TMPROOT/err") == 1 ]] && grep -q "no store at .* to back up" "$TMPROOT/err" || fail "stderr: $(cat "$TMPROOT/err")"
    [[ ! -e $TMPROOT/copy.sqlite ]] || fail "a copy was made"
    nothing_created
}

the_first_save_creates_the_store() {
    mkdir -p "$TMPROOT/later"
    "$GROCER_BIN" --store "$TMPROOT/later/s.sqlite" weight list >/dev/null 2>&1 || fail "list exit $?"
    [[ -z $(ls -A "$TMPROOT/later") ]] || fail "list made: $(ls -A "$TMPROOT/later")"
    "$GROCER_BIN" --store "$TMPROOT/later/s.sqlite" weight add 70 --unit kg >/dev/null || fail "add exit $?"
    [[ $("$GROCER_BIN" --store "$TMPROOT/later/s.sqlite" weight list 2>&1 | wc -l) == 1 ]] || fail "not saved"
}

run_test "weight list on a missing store: empty, exit 0, nothing made" weight_list_on_a_missing_store
run_test "weight list --json on a missing store prints []" weight_list_json_on_a_missing_store_is_an_empty_array
run_test "items list on a missing store: empty, nothing made" items_list_on_a_missing_store
run_test "store status on a missing store: missing, nothing made" store_status_on_a_missing_store
run_test "unit on a missing store answers lbs, nothing made" unit_on_a_missing_store_answers_lbs
run_test "store backup of a missing store: one line, exit 2" backup_of_a_missing_store_is_one_line_exit_2
run_test "the first save creates the store" the_first_save_creates_the_store
finish
