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

run_test "long locale words never crash a command" long_locale_words_never_crash_a_command
run_test "the screen starts with a long locale word" the_screen_starts_with_a_long_locale_word
finish
