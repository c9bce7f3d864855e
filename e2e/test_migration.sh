#!/usr/bin/env bash
# Process-level tests of `grocer store migrate`: kills at named fault points
# and at random moments, a file size limit, two processes at once, Ctrl-C,
# refusals. After every interruption the store must be either the old file,
# byte for byte, or the complete new one; and a fresh run must end with all
# the data migrated. Waits are for conditions, never fixed sleeps.
source "$(dirname "$0")/lib.sh"
require_test_hooks
source "$(dirname "$0")/legacy-schema.sh"
command -v sqlite3 >/dev/null || { echo "needs sqlite3"; exit 1; }

WEIGHTS=${WEIGHTS:-20000}
ITEMS=${ITEMS:-3000}
ORIG=$TMPROOT/orig-v2.sqlite

# The dirty version 2 store of legacy-schema.sh (quarantined rows and all).
dirty_v2_store "$ORIG" "$WEIGHTS" "$ITEMS"
SIZE_ROWS=$((WEIGHTS + ITEMS + 3 + 1))
# The format version this build writes, as the binary itself says.
CURRENT=$("$GROCER_BIN" store status --store "$TMPROOT/none.sqlite" 2>/dev/null | sed -n 's/^currentVersion: *//p')
[[ $CURRENT =~ ^[0-9]+$ && $CURRENT -ge 5 ]] || { echo "cannot tell the current format version: '$CURRENT'"; exit 1; }

fresh() { rm -rf "$TMPROOT/s" && mkdir "$TMPROOT/s" && cp "$ORIG" "$TMPROOT/s/grocer.sqlite"; STORE=$TMPROOT/s/grocer.sqlite; }
version() { sqlite3 "$STORE" 'PRAGMA user_version'; }
migrate() { "$GROCER_BIN" store migrate --store "$STORE" "$@"; }

# The store is the old file byte for byte, or a complete new one.
old_or_complete() {
    if cmp -s "$STORE" "$ORIG"; then return 0; fi
    [[ $(version) == "$CURRENT" ]] || fail "neither the old store nor a new one (user_version $(version))" || return 1
    all_migrated
}

all_migrated() {
    [[ $(version) == "$CURRENT" ]] || { fail "user_version $(version)"; return 1; }
    local counts
    counts=$(sqlite3 "$STORE" "SELECT (SELECT count(*) FROM weight_entry), (SELECT count(*) FROM item),
        (SELECT count(*) FROM quarantine), (SELECT group_concat(name, ',') FROM unit), (SELECT value FROM setting WHERE key = 'defaultUnit');
        PRAGMA integrity_check;")
    local want
    want="$((WEIGHTS - 3))|$((ITEMS - 1))|4|kg,bottle,New Unit|kg
ok"
    [[ $counts == "$want" ]] || { fail "counts: $counts, want $want"; return 1; }
}

no_leftovers() {
    local left
    left=$(cd "$TMPROOT/s" && ls -A | grep -vE '^grocer\.sqlite(\.v2(-[0-9]+)?\.bak)?$' || true)
    [[ -z $left ]] || { fail "left beside the store: $left"; return 1; }
}

test_migrates_with_progress_and_summary() {
    fresh
    migrate >"$TMPROOT/out" 2>"$TMPROOT/err" || fail "exit $?" || return 1
    grep -q '^Migration Progress: 0%$' "$TMPROOT/err" || fail "no 0%" || return 1
    [[ $(tail -1 "$TMPROOT/err") == "Migration Progress: 100%" ]] || fail "last line: $(tail -1 "$TMPROOT/err")" || return 1
    # Never backwards; and with stderr a file, not a line per percent: the
    # first, then at most one every few seconds, and the last.
    sed -n 's/^Migration Progress: \([0-9]*\)%$/\1/p' "$TMPROOT/err" | sort -nc -u || fail "percent lines repeat or go back" || return 1
    (($(grep -c '^Migration Progress:' "$TMPROOT/err") <= 3)) || fail "$(grep -c '^Migration Progress:' "$TMPROOT/err") progress lines in a file" || return 1
    grep -q "rows carried" "$TMPROOT/out" || fail "no summary" || return 1
    grep -q "quarantined (weight_entry: weight is not a number): 1" "$TMPROOT/out" || fail "summary lacks quarantine" || return 1
    all_migrated && no_leftovers || return 1
    cmp -s "$STORE.v2.bak" "$ORIG" || fail "backup differs from the old store" || return 1
    grep -q "migrated $STORE from format version 2 to $CURRENT" "$XDG_STATE_HOME/grocer/migration.log" || fail "no log" || return 1
}

test_items_list_json_after_migration() {
    fresh
    migrate >/dev/null 2>&1 || return 1
    local json
    json=$("$GROCER_BIN" items list --json --store "$STORE" | head -6)
    local want='[
  {"id": 1, "name": "Milk", "quantity": 2, "amount": "2", "unit": "bottle", "listed": true, "collected": false, "aisle": null, "storedIn": null, "second": null, "note": ""},
  {"id": 2, "name": "Crème fraîche ½ kg", "quantity": 1, "amount": "1", "unit": "kg", "listed": false, "collected": true, "aisle": null, "storedIn": null, "second": null, "note": ""},
  {"id": 4, "name": "Tea", "quantity": 1, "amount": "1", "unit": "New Unit", "listed": true, "collected": false, "aisle": null, "storedIn": null, "second": null, "note": ""},
  {"id": 5, "name": "Ghost", "quantity": 1, "amount": "1", "unit": null, "listed": true, "collected": false, "aisle": null, "storedIn": null, "second": null, "note": ""},
  {"id": 6, "name": "Item 6", "quantity": 2, "amount": "2", "unit": "kg", "listed": false, "collected": false, "aisle": null, "storedIn": null, "second": null, "note": ""},'
    [[ $json == "$want" ]] || { fail "got:"$'\n'"$json"; return 1; }
    [[ $(sqlite3 "$STORE" 'SELECT name FROM unit') == $'kg\nbottle\nNew Unit' ]] || fail "units" || return 1
}

test_json_summary_then_nothing_to_do() {
    fresh
    local out
    out=$(migrate --json 2>/dev/null) || fail "exit $?" || return 1
    jq -e --argjson current "$CURRENT" '.migrated == true and .fromVersion == 2 and .toVersion == $current
        and .carried.weight_entry > 0 and (.quarantined | type) == "object" and (.backup | endswith(".v2.bak"))' \
        <<<"$out" >/dev/null || fail "summary: $out" || return 1
    out=$(migrate --json 2>/dev/null) || fail "again: exit $?" || return 1
    jq -e '. == {"migrated": false, "state": "current"}' <<<"$out" >/dev/null || fail "nothing to do: $out"
}

test_no_backup() {
    fresh
    migrate --no-backup >/dev/null 2>&1 || return 1
    [[ ! -e $STORE.v2.bak ]] || fail "backup made" || return 1
    all_migrated && no_leftovers
}

test_kill_at_every_fault_point() {
    local point status
    for point in after-lock after-create mid-copy before-commit after-copy after-verify after-sync after-backup after-rename after-finish; do
        fresh
        GROCER_FAULT_POINT=$point migrate >/dev/null 2>&1 && status=0 || status=$?
        [[ $status == 137 ]] || { fail "$point: exit $status, not killed"; return 1; }
        old_or_complete || { fail "after a kill at $point"; return 1; }
        case $point in
            after-rename | after-finish) [[ $(version) == "$CURRENT" ]] || { fail "$point: not swapped in"; return 1; } ;;
            *) cmp -s "$STORE" "$ORIG" || { fail "$point: old store changed"; return 1; } ;;
        esac
        migrate >/dev/null 2>"$TMPROOT/err" || { fail "$point: rerun failed: $(cat "$TMPROOT/err")"; return 1; }
        all_migrated && no_leftovers || { fail "after the rerun following $point"; return 1; }
    done
}

test_kill_at_random_moments() {
    local i pid status seen_old=0 seen_new=0
    for i in $(seq 1 12); do
        fresh
        # exec: $! must be grocer itself, not a subshell around it.
        (exec env GROCER_TEST_BATCH_PAUSE_MS=$((RANDOM % 3)) "$GROCER_BIN" store migrate --store "$STORE") >/dev/null 2>&1 &
        pid=$!
        # A random delay is the fault being injected, not an assertion.
        sleep "0.$(printf '%03d' $((RANDOM % 250)))"
        kill -9 "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null && status=0 || status=$?
        old_or_complete || { fail "kill $i (exit $status)"; return 1; }
        if cmp -s "$STORE" "$ORIG"; then seen_old=$((seen_old + 1)); else seen_new=$((seen_new + 1)); fi
        migrate >/dev/null 2>&1 || { fail "rerun after kill $i"; return 1; }
        all_migrated && no_leftovers || return 1
    done
    echo "    (12 kills: $seen_old left the old store, $seen_new the new one)"
}

test_file_size_limit_leaves_old_store() {
    fresh
    local status
    # 100 KB limit: the new file cannot be written. grocer ignores SIGXFSZ
    # itself, so the write fails with EFBIG instead of killing the process.
    ( ulimit -f 100; exec "$GROCER_BIN" store migrate --store "$STORE" ) >/dev/null 2>"$TMPROOT/err" && status=0 || status=$?
    [[ $status == 2 ]] || { fail "exit $status: $(cat "$TMPROOT/err")"; return 1; }
    grep -q "file size limit\|disk" "$TMPROOT/err" || { fail "unclear message: $(cat "$TMPROOT/err")"; return 1; }
    grep -q "not changed" "$TMPROOT/err" || { fail "message does not say the store is unchanged"; return 1; }
    cmp -s "$STORE" "$ORIG" || fail "old store changed" || return 1
    no_leftovers || return 1
    [[ ! -e $STORE.v2.bak ]] || fail "backup left" || return 1
    [[ ! -e $STORE.lock && ! -e $STORE.migrating ]] || fail "lock or temporary file left" || return 1
}

# A test-only in-place step after the released ones (version CURRENT ->
# CURRENT + 1), given to the binary through GROCER_TEST_EXTRA_STEP_SQL: it
# never ships, and the shipped version stays CURRENT.
STEP_SQL="ALTER TABLE weight_entry ADD COLUMN test_note TEXT; CREATE TABLE step_marker (n INTEGER NOT NULL); INSERT INTO step_marker SELECT count(*) FROM weight_entry;"
step() { GROCER_TEST_EXTRA_STEP_SQL=$STEP_SQL "$GROCER_BIN" store migrate --store "$STORE" "$@"; }

stepped() {
    [[ $(version) == $((CURRENT + 1)) ]] || { fail "user_version $(version), not $((CURRENT + 1))"; return 1; }
    local counts
    counts=$(sqlite3 "$STORE" "SELECT (SELECT count(*) FROM weight_entry), (SELECT n FROM step_marker), (SELECT count(*) FROM quarantine); PRAGMA integrity_check;")
    [[ $counts == "$((WEIGHTS - 3))|$((WEIGHTS - 3))|4
ok" ]] || { fail "after the step: $counts"; return 1; }
}

test_in_place_step_survives_kill_at_every_fault_point() {
    local point status cur=$TMPROOT/orig-current.sqlite
    fresh
    migrate --no-backup >/dev/null 2>&1 || { fail "making a current store"; return 1; }
    cp "$STORE" "$cur"
    for point in after-lock after-backup after-create mid-step after-steps after-verify after-sync after-rename after-finish; do
        rm -rf "$TMPROOT/s" && mkdir "$TMPROOT/s" && cp "$cur" "$STORE"
        GROCER_FAULT_POINT=$point step >/dev/null 2>&1 && status=0 || status=$?
        [[ $status == 137 ]] || { fail "$point: exit $status, not killed"; return 1; }
        if ! cmp -s "$STORE" "$cur"; then stepped || { fail "after a kill at $point: neither old nor new"; return 1; }; fi
        step >/dev/null 2>"$TMPROOT/err" || { fail "$point: rerun failed: $(cat "$TMPROOT/err")"; return 1; }
        stepped || { fail "after the rerun following $point"; return 1; }
        local left
        left=$(cd "$TMPROOT/s" && ls -A | grep -vE "^grocer\.sqlite(\.v$CURRENT(-[0-9]+)?\.bak)?\$" || true)
        [[ -z $left ]] || { fail "$point: left beside the store: $left"; return 1; }
        # The backup is a real copy of the current version: its own inode, its own rows.
        local bak
        bak=$(ls "$TMPROOT"/s/grocer.sqlite.v"$CURRENT"*.bak | head -1)
        [[ $(stat -c %i "$bak") != $(stat -c %i "$STORE") && $(stat -c %h "$bak") == 1 ]] || { fail "$point: backup is a link"; return 1; }
        [[ $(sqlite3 "$bak" 'PRAGMA user_version; SELECT count(*) FROM quarantine') == "$CURRENT"$'\n4' ]] || { fail "$point: backup is not version $CURRENT"; return 1; }
    done
    # A legacy store with the step: rebuilt, stepped, one swap.
    for point in mid-step after-steps; do
        fresh
        GROCER_FAULT_POINT=$point step >/dev/null 2>&1 && status=0 || status=$?
        [[ $status == 137 ]] || { fail "legacy $point: exit $status"; return 1; }
        cmp -s "$STORE" "$ORIG" || { fail "legacy $point: old store changed"; return 1; }
        step >/dev/null 2>&1 && stepped || { fail "legacy rerun after $point"; return 1; }
    done
}

test_two_processes_at_once() {
    fresh
    export XDG_STATE_HOME=$TMPROOT/state-two
    GROCER_TEST_BATCH_PAUSE_MS=2 migrate >"$TMPROOT/out1" 2>"$TMPROOT/err1" &
    local a=$!
    migrate >"$TMPROOT/out2" 2>"$TMPROOT/err2" &
    local b=$!
    wait "$a" || { fail "first exit $?: $(cat "$TMPROOT/err1")"; return 1; }
    wait "$b" || { fail "second exit $?: $(cat "$TMPROOT/err2")"; return 1; }
    local migrated
    migrated=$(grep -c "migrated $STORE from format version 2" "$XDG_STATE_HOME/grocer/migration.log")
    [[ $migrated == 1 ]] || { fail "migrated $migrated times"; return 1; }
    grep -q "nothing to migrate" "$TMPROOT/out1" "$TMPROOT/out2" || fail "neither said there was nothing left to do" || return 1
    all_migrated && no_leftovers
}

test_ctrl_c_stops_and_leaves_old_store() {
    fresh
    # Emptied first: the wait below must not see an earlier test's lines.
    : >"$TMPROOT/err"
    (exec env GROCER_TEST_BATCH_PAUSE_MS=300 "$GROCER_BIN" store migrate --store "$STORE") >/dev/null 2>"$TMPROOT/err" &
    local pid=$! i=0 status
    until grep -q "Migration Progress: " "$TMPROOT/err"; do
        sleep 0.02; i=$((i + 1)); ((i < 1500)) || { fail "no progress"; return 1; }
    done
    kill -INT "$pid"
    wait "$pid" && status=0 || status=$?
    [[ $status == 130 ]] || { fail "exit $status"; return 1; }
    grep -q "Migration stopped" "$TMPROOT/err" || fail "no message" || return 1
    cmp -s "$STORE" "$ORIG" || fail "old store changed" || return 1
    no_leftovers && [[ ! -e $STORE.v2.bak ]]
}

test_refusals_touch_nothing() {
    local kind status
    for kind in newer foreign corrupt; do
        rm -rf "$TMPROOT/s" && mkdir "$TMPROOT/s"
        STORE=$TMPROOT/s/grocer.sqlite
        case $kind in
            newer) sqlite3 "$STORE" 'PRAGMA application_id = 1196573522; CREATE TABLE t (a); PRAGMA user_version = 99;' ;;
            foreign) sqlite3 "$STORE" 'CREATE TABLE notes (body);' ;;
            corrupt) head -c 5000 /dev/urandom >"$STORE" ;;
        esac
        cp "$STORE" "$TMPROOT/before"
        migrate >/dev/null 2>"$TMPROOT/err" && status=0 || status=$?
        [[ $status == 2 ]] || { fail "$kind: exit $status"; return 1; }
        grep -q "not changed" "$TMPROOT/err" || { fail "$kind: $(cat "$TMPROOT/err")"; return 1; }
        cmp -s "$STORE" "$TMPROOT/before" || { fail "$kind: changed"; return 1; }
        [[ $(ls -A "$TMPROOT/s") == grocer.sqlite ]] || { fail "$kind: files beside: $(ls -A "$TMPROOT/s")"; return 1; }
    done
}

# A version 2 store in WAL mode as a crash leaves it: the rows after the
# first 100 weights only in its -wal (copied while sqlite3 still has it open).
make_wal_store() {
    rm -rf "$TMPROOT/w" "$TMPROOT/walsrc" && mkdir "$TMPROOT/w" "$TMPROOT/walsrc"
    sqlite3 "$TMPROOT/w/grocer.sqlite" >/dev/null <<SQL
PRAGMA journal_mode = WAL;
PRAGMA wal_autocheckpoint = 0;
$LEGACY_V2_SCHEMA
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
INSERT INTO weight_entry SELECT i, 150.5, 700000000 + i * 86400.0 FROM n;
PRAGMA user_version = 2;
PRAGMA wal_checkpoint(TRUNCATE);
WITH RECURSIVE n(i) AS (SELECT 101 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
INSERT INTO weight_entry SELECT i, 150.5, 700000000 + i * 86400.0 FROM n;
.shell cp $TMPROOT/w/grocer.sqlite $TMPROOT/w/grocer.sqlite-wal $TMPROOT/w/grocer.sqlite-shm $TMPROOT/walsrc/
SQL
}

test_wal_store_migrates_and_a_kill_leaves_it_byte_identical() {
    local point status f
    make_wal_store
    [[ -s $TMPROOT/walsrc/grocer.sqlite-wal ]] || { fail "no -wal made"; return 1; }
    for point in after-lock after-create mid-copy after-copy after-verify after-sync after-backup; do
        rm -rf "$TMPROOT/s" && mkdir "$TMPROOT/s" && cp "$TMPROOT"/walsrc/* "$TMPROOT/s/"
        STORE=$TMPROOT/s/grocer.sqlite
        GROCER_FAULT_POINT=$point migrate >/dev/null 2>&1 && status=0 || status=$?
        [[ $status == 137 ]] || { fail "$point: exit $status"; return 1; }
        for f in grocer.sqlite grocer.sqlite-wal grocer.sqlite-shm; do
            cmp -s "$TMPROOT/s/$f" "$TMPROOT/walsrc/$f" || { fail "$point: $f changed"; return 1; }
        done
    done
    migrate >/dev/null 2>"$TMPROOT/err" || { fail "rerun: $(cat "$TMPROOT/err")"; return 1; }
    [[ $(sqlite3 "$STORE" 'PRAGMA user_version; SELECT count(*) FROM weight_entry') == "$CURRENT"$'\n5000' ]] || fail "not every row of the -wal" || return 1
    [[ ! -e $STORE-wal && ! -e $STORE-shm ]] || fail "the old -wal or -shm is beside the new store" || return 1
    [[ $(sqlite3 "$STORE.v2.bak" 'SELECT count(*) FROM weight_entry') == 5000 ]] || fail "backup lacks the -wal's rows" || return 1
}

test_symlinked_store_and_taken_backup_names() {
    rm -rf "$TMPROOT/s" && mkdir -p "$TMPROOT/s/real" && cp "$ORIG" "$TMPROOT/s/real/grocer.sqlite"
    ln -s real/grocer.sqlite "$TMPROOT/s/grocer.sqlite"
    # Backup names already taken: a link to the store itself, a dangling link.
    ln -s grocer.sqlite "$TMPROOT/s/real/grocer.sqlite.v2.bak"
    ln -s nowhere "$TMPROOT/s/real/grocer.sqlite.v2-2.bak"
    STORE=$TMPROOT/s/grocer.sqlite
    migrate >"$TMPROOT/out" 2>"$TMPROOT/err" || { fail "exit $?: $(cat "$TMPROOT/err")"; return 1; }
    [[ -L $STORE && $(readlink "$STORE") == real/grocer.sqlite ]] || fail "the link was replaced" || return 1
    all_migrated || return 1
    [[ $(readlink "$TMPROOT/s/real/grocer.sqlite.v2.bak") == grocer.sqlite ]] || fail "v2.bak link changed" || return 1
    cmp -s "$TMPROOT/s/real/grocer.sqlite.v2-3.bak" "$ORIG" || fail "no backup of the old bytes at v2-3.bak" || return 1
    grep -q "old file kept as $TMPROOT/s/real/grocer.sqlite.v2-3.bak" "$TMPROOT/out" || fail "summary: $(cat "$TMPROOT/out")" || return 1
    [[ $(ls -A "$TMPROOT/s") == $'grocer.sqlite\nreal' ]] || fail "left beside the link: $(ls -A "$TMPROOT/s")" || return 1
}

# The migration read every page of the file it put at the path: the
# first-frame cache keeps that file's fingerprint, so the next launch does
# not read every page again (the first F3 after a migration, issue 35).
test_the_checked_file_is_kept_for_the_next_launch() {
    fresh
    rm -f "$XDG_STATE_HOME/grocer/first-frame"
    migrate >/dev/null 2>&1 || fail "exit $?" || return 1
    local kept
    kept=$(sed -n 's/^checked=//p' "$XDG_STATE_HOME/grocer/first-frame" 2>/dev/null)
    [[ -n $kept ]] || fail "no fingerprint kept" || return 1
    # dev:inode:size:ctime, as stat(1) gives them.
    [[ $kept == "$(stat -c '%d:%i:%s:' "$STORE")"* ]] || fail "kept $kept, the file is $(stat -c '%d:%i:%s' "$STORE")" || return 1
    grep -q "^store=$STORE\$" "$XDG_STATE_HOME/grocer/first-frame" || fail "kept for another store" || return 1
}

echo "migration tests on a version 2 store of $SIZE_ROWS rows"
run_test "store migrate: progress lines, summary, backup, log" test_migrates_with_progress_and_summary
run_test "items list --json after migration" test_items_list_json_after_migration
run_test "store migrate --no-backup" test_no_backup
run_test "the migrated file's fingerprint is kept for the next launch" test_the_checked_file_is_kept_for_the_next_launch
run_test "store migrate --json: the summary, then nothing to do" test_json_summary_then_nothing_to_do
run_test "kill -9 at every named fault point, then a fresh run" test_kill_at_every_fault_point
run_test "kill -9 at random moments, then a fresh run" test_kill_at_random_moments
run_test "a file size limit fails clearly, old store untouched" test_file_size_limit_leaves_old_store
run_test "an in-place step (test-only) survives kill -9 at every fault point" test_in_place_step_survives_kill_at_every_fault_point
run_test "a WAL store: every row, byte-identical after a kill" test_wal_store_migrates_and_a_kill_leaves_it_byte_identical
run_test "a symlinked store, backup names taken by links" test_symlinked_store_and_taken_backup_names
run_test "two processes at once migrate once" test_two_processes_at_once
run_test "Ctrl-C stops and leaves the old store" test_ctrl_c_stops_and_leaves_old_store
run_test "newer, foreign, corrupt: refused, untouched" test_refusals_touch_nothing
finish
