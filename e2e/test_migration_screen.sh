#!/usr/bin/env bash
# The blocking migration screen of the interactive app, in tmux: several
# percentages before today's weight, then the data is there; Ctrl-C asks and
# stopping leaves the old store as it was.
source "$(dirname "$0")/lib.sh"
require_test_hooks
source "$(dirname "$0")/legacy-schema.sh"

N=${N:-200000}
ORIG=$TMPROOT/orig-v1.sqlite
sqlite3 "$ORIG" <<SQL
$LEGACY_V1_SCHEMA
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $N)
INSERT INTO weight_entry SELECT i, 150 + (i % 500) * 0.0123, 700000000 + i * 60.0 FROM n;
INSERT INTO weight_entry VALUES ($N + 1, -3, 700000000);
INSERT INTO setting VALUES ('defaultUnits', '1');
COMMIT;
PRAGMA user_version = 1;
SQL

# A pause after each batch (a test hook of the migrator) makes sure the
# screen has time to be read at several percentages on any machine.
slow=GROCER_TEST_BATCH_PAUSE_MS=20
# The format version this build writes, as the binary itself says.
CURRENT=$("$GROCER_BIN" store status --store "$TMPROOT/none.sqlite" 2>/dev/null | sed -n 's/^currentVersion: *//p')

shows_progress_then_todays_weight() {
    cp "$ORIG" "$GROCER_STORE"
    start "$slow"
    wait_for "Migration Progress:" || return 1
    local seen="" i=0 percent
    while ((i < E2E_DEADLINE * 50)); do
        local s
        s=$(screen)
        percent=$(grep -oE 'Migration Progress: [0-9]+%' <<<"$s" | grep -oE '[0-9]+' || true)
        [[ -n $percent && " $seen " != *" $percent "* ]] && seen="$seen $percent"
        grep -qF "Enter Today's Weight" <<<"$s" && break
        sleep 0.02; i=$((i + 1))
    done
    local distinct
    distinct=$(wc -w <<<"$seen")
    ((distinct >= 3)) || { fail "percentages seen: $seen"; return 1; }
    # Never backwards.
    [[ $(tr ' ' '\n' <<<"$seen" | grep . | sort -nc 2>&1) == "" ]] || { fail "went back: $seen"; return 1; }
    wait_for "Enter Today's Weight" || return 1
    expect_screen "\[ kg \^U \]" || return 1
    send F10
    wait_for "[exit 0]" || return 1
    [[ $("$GROCER_BIN" weight list --json | grep -c recordedAt) == "$N" ]] || fail "weights: $("$GROCER_BIN" weight list --json | grep -c recordedAt)" || return 1
    [[ $(sqlite3 "$GROCER_STORE" 'SELECT count(*) FROM quarantine') == 1 ]] || fail "quarantine" || return 1
    cmp -s "$GROCER_STORE.v1.bak" "$ORIG" || fail "no byte-identical backup" || return 1
    grep -q "from format version 1 to $CURRENT" "$XDG_STATE_HOME/grocer/migration.log" || fail "no log" || return 1
}

ctrl_c_asks_and_stopping_leaves_the_old_store() {
    cp "$ORIG" "$GROCER_STORE"
    start "$slow"
    wait_for "Migration Progress:" || return 1
    send C-c
    wait_for "Stop migration?" || return 1
    send n
    wait_gone "Stop migration?" || return 1
    send C-c
    wait_for "Stop migration?" || return 1
    send y
    wait_for "[exit 130]" || return 1
    cmp -s "$GROCER_STORE" "$ORIG" || fail "old store changed" || return 1
    local beside
    beside=$(ls -A "$(dirname "$GROCER_STORE")" | grep -F "$(basename "$GROCER_STORE")" | grep -vxF "$(basename "$GROCER_STORE")" || true)
    [[ -z $beside ]] || fail "left beside: $beside" || return 1
    wait_for "icanon echo" || return 1
}

other_keys_are_ignored_during_migration() {
    cp "$ORIG" "$GROCER_STORE"
    start "$slow"
    wait_for "Migration Progress:" || return 1
    send F4 F1 F10 q Escape
    type_text "123"
    wait_for "Enter Today's Weight" || return 1
    # The keys typed during the migration did not reach the weight field.
    expect_screen "e\.g\. 72\.5" || return 1
}

# A version 4 store (as the release before version 5 wrote it, made with
# the test hook GROCER_TEST_TARGET_VERSION=4) takes the in-place step behind
# the same screen; the pause before each step (the same hook) keeps the
# screen up long enough to be read on any machine.
a_version4_store_shows_the_progress_screen_then_todays_weight() {
    cp "$ORIG" "$GROCER_STORE"
    GROCER_TEST_TARGET_VERSION=4 "$GROCER_BIN" store migrate --no-backup >/dev/null 2>&1 || { fail "making a version 4 store"; return 1; }
    [[ $(sqlite3 "$GROCER_STORE" 'PRAGMA user_version') == 4 ]] || { fail "not version 4"; return 1; }
    start GROCER_TEST_BATCH_PAUSE_MS=1500
    wait_for "Migration Progress:" || return 1
    wait_for "Enter Today's Weight" || return 1
    expect_screen "\[ kg \^U \]" || return 1
    send F10
    wait_for "[exit 0]" || return 1
    [[ $(sqlite3 "$GROCER_STORE" "PRAGMA user_version; SELECT count(*) FROM quarantine; SELECT count(*) FROM weight_entry") == "$CURRENT"$'\n'"1"$'\n'"$N" ]] \
        || fail "after the step: $(sqlite3 "$GROCER_STORE" 'PRAGMA user_version; SELECT count(*) FROM quarantine')" || return 1
    [[ $(sqlite3 "$GROCER_STORE.v4.bak" 'PRAGMA user_version') == 4 ]] || fail "no version 4 backup" || return 1
    grep -q "from format version 4 to $CURRENT" "$XDG_STATE_HOME/grocer/migration.log" || fail "no log" || return 1
}

# The migration read every page of the file it leaves: the next launch need
# not read them again, as after `grocer store migrate` (a first launch after
# the upgrade, no cache yet).
the_migrated_files_fingerprint_is_kept() {
    cp "$ORIG" "$GROCER_STORE"
    rm -f "$XDG_STATE_HOME/grocer/first-frame"
    start
    wait_for "Enter Today's Weight" || return 1
    send F10
    wait_for "[exit 0]" || return 1
    local kept
    kept=$(sed -n 's/^checked=//p' "$XDG_STATE_HOME/grocer/first-frame" 2>/dev/null)
    [[ -n $kept ]] || fail "no fingerprint kept" || return 1
    # dev:inode:size:ctime, as stat(1) gives them: the file as the migration
    # left it, which opening it and drawing today's weight did not change.
    [[ $kept == "$(stat -c '%d:%i:%s:' "$GROCER_STORE")"* ]] || fail "kept $kept, the file is $(stat -c '%d:%i:%s' "$GROCER_STORE")" || return 1
    grep -q "^store=$GROCER_STORE\$" "$XDG_STATE_HOME/grocer/first-frame" || fail "kept for another store" || return 1
}

run_test "migration screen: several percentages, then today's weight" shows_progress_then_todays_weight
run_test "migration screen: the migrated file's fingerprint is kept for the next launch" the_migrated_files_fingerprint_is_kept
run_test "migration screen: a version 4 store takes the in-place step, then today's weight" a_version4_store_shows_the_progress_screen_then_todays_weight
run_test "migration screen: Ctrl-C asks; y stops, old store kept" ctrl_c_asks_and_stopping_leaves_the_old_store
run_test "migration screen: other keys ignored" other_keys_are_ignored_during_migration
finish
