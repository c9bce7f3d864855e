#!/usr/bin/env bash
# The scripted subcommands: text from the store is shown, never obeyed by
# the terminal; bad input is one line and exit 2; JSON escapes controls.
source "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || { echo "needs sqlite3"; exit 1; }

ESC=$'\e'
BEL=$'\a'

# A current store (made by grocer itself) with one item whose name and
# unit would set the terminal's title and clear its screen if printed raw.
hostile_store() {
    "$GROCER_BIN" unit lbs >/dev/null || fail "could not create the store" || return 1
    # Id 100: a fresh store already has the common units (format version 5).
    sqlite3 "$GROCER_STORE" "INSERT INTO unit(id, name) VALUES (100, char(27) || '[31mbox');
        INSERT INTO item(name, quantity, unit_id) VALUES (char(27) || ']0;pwned' || char(7) || char(27) || '[2Jmilk', 2, 100);" \
        || fail "could not add the item" || return 1
}

items_list_shows_escape_sequences_visibly() {
    local out
    hostile_store || return 1
    out=$("$GROCER_BIN" items list) || fail "exit $?" || return 1
    [[ $out != *"$ESC"* ]] || fail "an ESC byte reached the terminal: $(od -c <<<"$out" | head -3)"
    [[ $out != *"$BEL"* ]] || fail "a BEL byte reached the terminal"
    [[ $out == *'^[]0;pwned^G^[[2Jmilk'* ]] || fail "name not shown visibly: $out"
    [[ $out == *'2 ^[[31mbox'* ]] || fail "unit not shown visibly: $out"
}

items_json_escapes_control_characters() {
    local out
    hostile_store || return 1
    out=$("$GROCER_BIN" items list --json) || fail "exit $?" || return 1
    [[ $out != *"$ESC"* && $out != *"$BEL"* ]] || fail "a control byte in JSON: $out"
    [[ $out == *'"name": "\u001b]0;pwned\u0007\u001b[2Jmilk"'* ]] || fail "name not escaped per RFC 8259: $out"
}

store_status_shows_hostile_table_names_visibly() {
    local out
    "$GROCER_BIN" unit lbs >/dev/null || return 1
    sqlite3 "$GROCER_STORE" "CREATE TABLE \"x${ESC}]0;pwned${BEL}\"(a);" || return 1
    out=$("$GROCER_BIN" store status 2>&1)
    [[ $out != *"$ESC"* ]] || fail "an ESC byte in store status: $out"
    out=$("$GROCER_BIN" store status --json 2>&1)
    [[ $out != *"$ESC"* ]] || fail "an ESC byte in store status --json: $out"
}

a_refusal_quoting_a_path_shows_it_visibly() {
    local dir="$TMPROOT/d${ESC}[2J" out rc
    mkdir -p "$dir"
    printf 'not a database at all, just text\n' >"$dir/s.sqlite"
    out=$("$GROCER_BIN" --store "$dir/s.sqlite" unit 2>&1); rc=$?
    ((rc == 2)) || fail "exit $rc, wanted 2"
    [[ $(wc -l <<<"$out") == 1 ]] || fail "not one line: $out"
    [[ $out != *"$ESC"* ]] || fail "an ESC byte in the message: $out"
    [[ $out == *'d^[[2J/s.sqlite'* ]] || fail "path not shown visibly: $out"
}

weight_add_refuses_anything_but_ascii_digits() {
    local bad out rc
    for bad in $'7\u0301''2' '٧٢' '７２' '72.' 'abc'; do
        out=$("$GROCER_BIN" weight add "$bad" --unit kg 2>&1); rc=$?
        ((rc == 2)) || fail "weight add '$bad': exit $rc, wanted 2"
        [[ $(wc -l <<<"$out") == 1 && $out == "grocer: "*"is not a weight"* ]] || fail "weight add '$bad': $out"
    done
    [[ $("$GROCER_BIN" weight list) == "" ]] || fail "something was saved: $("$GROCER_BIN" weight list)"
    out=$("$GROCER_BIN" tip $'5\u0301''632' 2>&1); rc=$?
    ((rc == 2)) || fail "tip with a combining mark: exit $rc, wanted 2 ($out)"
}

usage_errors_are_one_line_and_exit_2() {
    local out rc
    out=$("$GROCER_BIN" weight add 2>&1); rc=$?
    ((rc == 2)) || fail "exit $rc, wanted 2"
    [[ $out == "grocer: Missing expected argument"* ]] || fail "message: $out"
    out=$("$GROCER_BIN" --version); rc=$?
    ((rc == 0)) || fail "--version: exit $rc"
    [[ $out =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "--version: $out"
}

# strace makes every write of the save fail with ENOSPC (a full disk),
# as root too, where a read-only file would still be written.
a_failed_save_is_one_line_exit_2_without_sql() {
    local out rc
    command -v strace >/dev/null || fail "needs strace (make test installs it)" || return 1
    "$GROCER_BIN" weight add 70 --unit kg >/dev/null || fail "first save" || return 1
    out=$(strace -f -o /dev/null -e trace=pwrite64,write -e inject=pwrite64:error=ENOSPC \
        "$GROCER_BIN" weight add 71 --unit kg 2>&1); rc=$?
    ((rc == 2)) || fail "exit $rc, wanted 2: $out"
    [[ $(wc -l <<<"$out") == 1 ]] || fail "not one line: $out"
    [[ $out != *INSERT* && $out != *"SQLite error"* ]] || fail "raw SQL: $out"
    [[ $out == *"$GROCER_STORE"* ]] || fail "does not name the file: $out"
    [[ $("$GROCER_BIN" weight list | wc -l) == 1 ]] || fail "the first weight was lost: $("$GROCER_BIN" weight list)"
}

run_test "items list shows escape sequences from the file visibly" items_list_shows_escape_sequences_visibly
run_test "items list --json escapes control characters" items_json_escapes_control_characters
run_test "store status shows hostile table names visibly" store_status_shows_hostile_table_names_visibly
run_test "a refusal quoting a path shows it visibly" a_refusal_quoting_a_path_shows_it_visibly
run_test "weight add and tip take whole ASCII digits only" weight_add_refuses_anything_but_ascii_digits
run_test "usage errors: one line, exit 2; --version exit 0" usage_errors_are_one_line_and_exit_2
run_test "a failed save: one line naming the file, exit 2, no SQL" a_failed_save_is_one_line_exit_2_without_sql
finish
