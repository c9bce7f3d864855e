#!/usr/bin/env bash
# Tests of the e2e harness itself: a failed check fails its test wherever it
# is in the test function. Each case runs lib.sh on a tiny fake test in a
# separate bash (its tally kept out of run.sh's) and reads the tally it
# prints; no grocer and no tmux needed.
source "$(dirname "$0")/lib.sh"

# tally BODY: defines `fake` with BODY, runs it with run_test in a fresh
# bash, prints "passed failed" from its closing line.
tally() {
    local out
    out=$(ROOT=$ROOT E2E_TALLY=/dev/null bash -c "
        source '$ROOT/e2e/lib.sh'
        fake() { $1
        }
        run_test fake fake >/dev/null 2>&1
        finish 2>/dev/null
    " 2>/dev/null)
    sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\1 \2/p' <<<"$out"
}

expect_tally() {
    local want=$1 body=$2 got
    got=$(tally "$body")
    [[ $got == "$want" ]] || fail "wanted '$want' (passed failed), got '$got' for: $body"
}

a_failed_check_in_the_middle_fails_the_test() {
    expect_tally "0 1" 'fail "first check"; true; echo later >/dev/null'
    expect_tally "0 1" '[[ 1 == 2 ]] || fail "mismatch"; :'
    expect_tally "0 1" 'expect_screen "never" ; true'
    expect_tally "0 1" 'report "never saw it"; true'
}

a_failed_last_command_fails_the_test() {
    expect_tally "0 1" 'true; false'
    expect_tally "0 1" 'return 1'
}

passing_checks_pass() {
    expect_tally "1 0" 'true'
    expect_tally "1 0" '[[ 1 == 1 ]] || fail "never"; true'
}

a_failure_does_not_leak_into_the_next_test() {
    local out
    out=$(ROOT=$ROOT E2E_TALLY=/dev/null bash -c "
        source '$ROOT/e2e/lib.sh'
        bad() { fail x; true; }
        good() { true; }
        run_test bad bad >/dev/null 2>&1
        run_test good good >/dev/null 2>&1
        finish 2>/dev/null
    " 2>/dev/null)
    [[ $out == *"1 passed, 1 failed"* ]] || fail "wanted 1 passed, 1 failed: $out"
}

# The harness's own failures must count too: a broken tally fails here.
run_test "a failed check in the middle fails its test" a_failed_check_in_the_middle_fails_the_test
run_test "a failing last command fails its test" a_failed_last_command_fails_the_test
run_test "passing checks pass" passing_checks_pass
run_test "one test's failure does not leak into the next" a_failure_does_not_leak_into_the_next_test
finish
