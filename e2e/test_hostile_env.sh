#!/usr/bin/env bash
# What grocer did not set is untrusted: locale variables of any shape never
# crash a command or the screen.
source "$(dirname "$0")/lib.sh"

# A one-word LANG or LC_ALL of 1 to 64 letters: tip, weight list and
# items list answer and exit 0 (12 letters and more once crashed ICU).
long_locale_words_never_crash_a_command() {
    local n word var rc
    "$GROCER_BIN" weight add 72.5 --unit kg >/dev/null || return 1
    for n in $(seq 1 64); do
        word=$(head -c "$n" </dev/zero | tr '\0' a)
        for var in LANG LC_ALL; do
            env "$var=$word" "$GROCER_BIN" tip 5632 >/dev/null 2>&1; rc=$?
            ((rc == 0)) || fail "$var of $n letters: tip exit $rc"
            env "$var=$word" "$GROCER_BIN" weight list >/dev/null 2>&1; rc=$?
            ((rc == 0)) || fail "$var of $n letters: weight list exit $rc"
            env "$var=$word" "$GROCER_BIN" items list >/dev/null 2>&1; rc=$?
            ((rc == 0)) || fail "$var of $n letters: items list exit $rc"
        done
    done
}

the_screen_starts_with_a_long_locale_word() {
    LANG_E2E=abcdefghijklmnop start LC_ALL=abcdefghijklmnopqrstuvwxyz
    wait_for "Enter Today's Weight" || return 1
    send F4
    wait_for "Tip" || return 1
    send F10
    wait_for "[exit 0]" || return 1
}

# Every command that prints, with standard output on a full disk
# (/dev/full) or closed: one line on stderr and exit 2, never a crash and
# never exit 0 having written nothing.
a_failed_standard_output_is_one_line_and_exit_2() {
    local args out rc how
    "$GROCER_BIN" weight add 72.5 --unit kg --at 2026-01-05 >/dev/null || return 1
    "$GROCER_BIN" items add "2 kg flour" --aisle Baking --stored-in Pantry >/dev/null || return 1
    local commands=(
        "--help" "--version" "tip 5632" "tip 5632 --json" "unit" "weight list" "weight list --json" "weight trend"
        "weight trend --json" "weight export" "weight export --format json" "weight goal" "items list" "items list --json"
        "items export" "items export --format json" "aisles list" "storage list" "units list" "store status"
        "weight add --help" "items add --help"
    )
    for args in "${commands[@]}"; do
        for how in full closed; do
            # shellcheck disable=SC2086
            if [[ $how == full ]]; then
                out=$("$GROCER_BIN" $args 2>&1 >/dev/full); rc=$?
            else
                out=$("$GROCER_BIN" $args 2>&1 >&-); rc=$?
            fi
            # One wording for every command.
            ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == "grocer: could not write to standard output ("*"); the output is incomplete. Check the disk, or where the output goes." ]] \
                || fail "$args >$how: exit $rc: $(head -c 200 <<<"$out")"
        done
    done
    # A reader that goes away stays quiet, as with any Unix tool.
    for i in $(seq 2 3000); do echo "2026-01-01T00:00:00Z,$((60 + i % 30)).5,kg"; done |
        sed '1i recorded_at,value,unit' | awk -v OFS=, -F, 'NR == 1 {print; next} {print "2025-" sprintf("%02d", 1 + NR % 12) "-" sprintf("%02d", 1 + NR % 28) "T" sprintf("%02d", NR % 24) ":00:00Z", $2, $3}' \
        >"$TMPROOT/many.csv"
    "$GROCER_BIN" weight import "$TMPROOT/many.csv" >/dev/null 2>&1
    out=$( { "$GROCER_BIN" weight list | head -1 >/dev/null; } 2>&1)
    [[ -z $out ]] || fail "into head: $out"
}

# Under a file size limit (ulimit -f) a write fails like a full disk: one
# line, exit 2, no partial file; SIGXFSZ (exit 153) never ends grocer.
a_file_size_limit_fails_writes_cleanly() {
    local i rc
    "$GROCER_BIN" weight add 70 --unit kg >/dev/null || return 1
    # 4,000 distinct entries (one a minute): repeats within a file are
    # imported once.
    for i in $(seq 1 4000); do
        printf '2025-01-%02dT%02d:%02d:00Z,70.%d,kg\n' $((1 + i / 1440)) $((i / 60 % 24)) $((i % 60)) $((i % 100))
    done | sed '1i recorded_at,value,unit' >"$TMPROOT/x.csv"
    "$GROCER_BIN" weight import "$TMPROOT/x.csv" >/dev/null || return 1
    mkdir -p "$TMPROOT/out" || return 1
    (
        ulimit -f 64
        "$GROCER_BIN" weight export --output "$TMPROOT/out/w.csv" 2>"$TMPROOT/err1"; echo "export $?"
        "$GROCER_BIN" store backup "$TMPROOT/out/b.sqlite" 2>"$TMPROOT/err2"; echo "backup $?"
    ) >"$TMPROOT/rc"
    grep -q "^export 2$" "$TMPROOT/rc" && grep -q "^backup 2$" "$TMPROOT/rc" || fail "exits: $(tr '\n' ' ' <"$TMPROOT/rc") $(cat "$TMPROOT/err1" "$TMPROOT/err2")"
    [[ $(wc -l <"$TMPROOT/err1") == 1 && $(wc -l <"$TMPROOT/err2") == 1 ]] || fail "not one line each: $(cat "$TMPROOT/err1" "$TMPROOT/err2")"
    [[ -z $(ls -A "$TMPROOT/out") ]] || fail "left behind: $(ls -A "$TMPROOT/out")"
    [[ $(cat "$TMPROOT/err1") == "grocer: could not write $TMPROOT/out/w.csv (File too large); nothing there was changed. Check the disk, or write it elsewhere." ]] \
        || fail "export: $(cat "$TMPROOT/err1")"
}

run_test "long locale words never crash a command" long_locale_words_never_crash_a_command
run_test "the screen starts with a long locale word" the_screen_starts_with_a_long_locale_word
run_test "a file size limit fails writes cleanly (no SIGXFSZ)" a_file_size_limit_fails_writes_cleanly
run_test "a failed standard output is one line and exit 2, for every command" a_failed_standard_output_is_one_line_and_exit_2
finish
