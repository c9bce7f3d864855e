#!/usr/bin/env bash
# The first released in-place step, format version 4 -> 5, as the binary
# runs it. The version 4 store is made as the release before version 5 made
# it: a version 2 file with dirty rows migrated with the test hook
# GROCER_TEST_TARGET_VERSION=4 (no released step), quarantine rows and all.
# `grocer store migrate` steps it in place after a real backup copy; a kill -9
# at every fault point leaves the old store or the new one, whole, and a rerun
# finishes; versions 1-3 reach version 5 in one run and one swap.
source "$(dirname "$0")/lib.sh"
require_test_hooks
source "$(dirname "$0")/legacy-schema.sh"
command -v sqlite3 >/dev/null || { echo "needs sqlite3"; exit 1; }

WEIGHTS=${WEIGHTS:-5000}
ITEMS=${ITEMS:-500}
ORIG2=$TMPROOT/orig-v2.sqlite
ORIG4=$TMPROOT/orig-v4.sqlite

# The dirty version 2 store of legacy-schema.sh (quarantined rows and all).
dirty_v2_store "$ORIG2" "$WEIGHTS" "$ITEMS"

mkdir -p "$TMPROOT/make4"
cp "$ORIG2" "$TMPROOT/make4/grocer.sqlite"
GROCER_TEST_TARGET_VERSION=4 "$GROCER_BIN" store migrate --no-backup --store "$TMPROOT/make4/grocer.sqlite" >/dev/null 2>&1 \
    || { echo "could not make a version 4 store"; exit 1; }
cp "$TMPROOT/make4/grocer.sqlite" "$ORIG4"
[[ $(sqlite3 "$ORIG4" "PRAGMA user_version; SELECT count(*) FROM quarantine; SELECT count(*) FROM sqlite_master WHERE name = 'place'") == $'4\n4\n0' ]] \
    || { echo "the version 4 store is not as the release before version 5 wrote it"; exit 1; }

fresh4() { rm -rf "$TMPROOT/s" && mkdir "$TMPROOT/s" && cp "$ORIG4" "$TMPROOT/s/grocer.sqlite"; STORE=$TMPROOT/s/grocer.sqlite; }
version() { sqlite3 "$STORE" 'PRAGMA user_version'; }
# The version a migration reaches: 5 and every step after it (6: ids never reused, notes).
CURRENT=$("$GROCER_BIN" store status --store "$TMPROOT/none.sqlite" 2>/dev/null | sed -n 's/^currentVersion: *//p')
migrate() { "$GROCER_BIN" store migrate --store "$STORE" "$@"; }

# Version 5, whole: every row of the version 4 store, the new tables (the
# per-day table built: its counts add up to the entries), each item's
# amount from its quantity, references sound.
is_version5() {
    local got want
    got=$(sqlite3 "$STORE" "SELECT (SELECT count(*) FROM weight_entry), (SELECT count(*) FROM item), (SELECT count(*) FROM quarantine),
        (SELECT group_concat(name, ',') FROM unit), (SELECT count(*) FROM place), (SELECT count(*) FROM aisle),
        (SELECT (SELECT coalesce(sum(count), 0) FROM weight_day) = (SELECT count(*) FROM weight_entry)),
        (SELECT count(*) FROM item WHERE amount IS NOT CAST(quantity AS TEXT)), (SELECT count(*) FROM pragma_foreign_key_check);
        PRAGMA user_version; PRAGMA integrity_check;" 2>&1)
    want="$((WEIGHTS - 3))|$((ITEMS - 1))|4|kg,bottle,New Unit|0|0|1|0|0
$CURRENT
ok"
    [[ $got == "$want" ]] || { fail "not a whole version 5 store: $got"; return 1; }
}

no_leftovers() {
    local left
    left=$(cd "$TMPROOT/s" && ls -A | grep -vE '^grocer\.sqlite(\.v4(-[0-9]+)?\.bak)?$' || true)
    [[ -z $left ]] || { fail "left beside the store: $left"; return 1; }
}

# real_backup BAK OLD_INODE: BAK is a copy of the version 4 store, its own
# file: neither the new store nor another name for the old one.
real_backup() {
    local bak=$1 old=$2
    [[ $(stat -c %i "$bak") != $(stat -c %i "$STORE") && $(stat -c %i "$bak") != "$old" && $(stat -c %h "$bak") == 1 ]] \
        || { fail "$bak is a link, not a copy"; return 1; }
    [[ $(sqlite3 "$bak" "PRAGMA user_version; SELECT count(*) FROM quarantine; SELECT count(*) FROM weight_entry; SELECT count(*) FROM sqlite_master WHERE name IN ('place', 'aisle', 'weight_day')") \
        == $'4\n4\n'"$((WEIGHTS - 3))"$'\n0' ]] || { fail "$bak is not the version 4 store"; return 1; }
}

test_store_migrate_steps_a_version4_store_in_place() {
    fresh4
    local old
    old=$(stat -c %i "$STORE")
    migrate >"$TMPROOT/out" 2>"$TMPROOT/err" || { fail "exit $?: $(cat "$TMPROOT/err")"; return 1; }
    [[ $(tail -1 "$TMPROOT/err") == "Migration Progress: 100%" ]] || fail "last line: $(tail -1 "$TMPROOT/err")" || return 1
    grep -q "old file kept as $STORE.v4.bak" "$TMPROOT/out" || fail "summary: $(cat "$TMPROOT/out")" || return 1
    is_version5 && no_leftovers && real_backup "$STORE.v4.bak" "$old" || return 1
    grep -q "migrated $STORE from format version 4 to $CURRENT" "$XDG_STATE_HOME/grocer/migration.log" || fail "no log" || return 1
    # The units, as the old apps' users checked theirs.
    [[ $(sqlite3 "$STORE" 'SELECT name FROM unit') == $'kg\nbottle\nNew Unit' ]] || fail "units: $(sqlite3 "$STORE" 'SELECT name FROM unit')" || return 1
    "$GROCER_BIN" store status --store "$STORE" | grep -q '^state: *current$' || fail "not current: $("$GROCER_BIN" store status --store "$STORE")" || return 1
    [[ $("$GROCER_BIN" items list --json --store "$STORE" | grep -c '"id"') == $((ITEMS - 1)) ]] || fail "items list" || return 1
    migrate >"$TMPROOT/out" 2>&1 || fail "a second run: exit $?" || return 1
    grep -q "nothing to migrate" "$TMPROOT/out" || fail "second run: $(cat "$TMPROOT/out")" || return 1
}

test_kill_at_every_fault_point_of_the_step() {
    local point status old
    for point in after-lock after-backup after-create mid-step after-steps after-verify after-sync after-rename after-finish; do
        fresh4
        old=$(stat -c %i "$STORE")
        GROCER_FAULT_POINT=$point migrate >/dev/null 2>&1 && status=0 || status=$?
        [[ $status == 137 ]] || { fail "$point: exit $status, not killed"; return 1; }
        case $point in
            after-rename | after-finish) is_version5 || { fail "$point: the new store is not in place"; return 1; } ;;
            *) cmp -s "$STORE" "$ORIG4" || { fail "$point: the old store changed"; return 1; } ;;
        esac
        migrate >"$TMPROOT/out" 2>"$TMPROOT/err" || { fail "$point: rerun failed: $(cat "$TMPROOT/err")"; return 1; }
        is_version5 && no_leftovers || { fail "after the rerun following $point"; return 1; }
        # One backup, unless the kill came between naming it and the
        # rename: then the rerun's summary names the earlier one and its size.
        local baks want=1
        baks=$(ls "$TMPROOT"/s/grocer.sqlite.v4*.bak | wc -l)
        [[ $point == after-backup ]] && want=2
        ((baks == want)) || { fail "$point: $baks backups: $(ls -A "$TMPROOT/s")"; return 1; }
        if ((want == 2)); then
            grep -q "1 earlier backup of format version 4 beside it take .* MB: .*grocer.sqlite.v4.bak" "$TMPROOT/out" "$TMPROOT/err" \
                || { fail "$point: the earlier backup is not named: $(cat "$TMPROOT/out" "$TMPROOT/err")"; return 1; }
        fi
        local bak
        for bak in "$TMPROOT"/s/grocer.sqlite.v4*.bak; do real_backup "$bak" "$old" || { fail "$point: backup"; return 1; }; done
    done
}

test_older_stores_reach_version5_in_one_run() {
    local v schema
    for v in 1 2 3; do
        rm -rf "$TMPROOT/s" && mkdir "$TMPROOT/s"
        STORE=$TMPROOT/s/grocer.sqlite
        case $v in
            1) schema="$LEGACY_V1_SCHEMA INSERT INTO weight_entry VALUES (1, 150.5, 700000000);" ;;
            2) schema="$LEGACY_V2_SCHEMA INSERT INTO amount VALUES (1, 'kg'); INSERT INTO item VALUES (1, 'Flour', 2, 1, 0, 1);" ;;
            3) schema="$LEGACY_V3_SCHEMA INSERT INTO unit VALUES (1, 'kg'); INSERT INTO item VALUES (1, 'Flour', 2, 1, 0, 1);" ;;
        esac
        sqlite3 "$STORE" <<<"$schema PRAGMA user_version = $v;"
        cp "$STORE" "$TMPROOT/before"
        : >"$XDG_STATE_HOME/grocer/migration.log" 2>/dev/null || true
        migrate >/dev/null 2>"$TMPROOT/err" || { fail "v$v: exit $?: $(cat "$TMPROOT/err")"; return 1; }
        [[ $(version) == "$CURRENT" ]] || { fail "v$v: user_version $(version)"; return 1; }
        # One swap: the one backup is the old file, byte for byte; one log record.
        [[ $(ls -A "$TMPROOT/s") == $'grocer.sqlite\ngrocer.sqlite.v'"$v"'.bak' ]] || { fail "v$v: files: $(ls -A "$TMPROOT/s")"; return 1; }
        cmp -s "$STORE.v$v.bak" "$TMPROOT/before" || { fail "v$v: backup differs"; return 1; }
        [[ $(grep -c "^.* migrated $STORE from format version" "$XDG_STATE_HOME/grocer/migration.log") == 1 ]] || { fail "v$v: log"; return 1; }
        grep -q "from format version $v to $CURRENT" "$XDG_STATE_HOME/grocer/migration.log" || { fail "v$v: not straight to $CURRENT"; return 1; }
        if ((v >= 2)); then
            [[ $(sqlite3 "$STORE" "SELECT name FROM unit; SELECT amount FROM item") == $'kg\n2' ]] || { fail "v$v: units or amount"; return 1; }
        fi
    done
}

test_a_fresh_store_offers_common_units_a_migrated_one_its_own() {
    local store=$TMPROOT/fresh/grocer.sqlite
    "$GROCER_BIN" weight add 70 --unit kg --store "$store" >/dev/null || { fail "creating a store"; return 1; }
    local units
    units=$(sqlite3 "$store" 'SELECT name FROM unit' | tr '\n' ' ')
    [[ $units == "g kg ml l lb oz pack bottle can jar box bag bunch dozen " ]] || { fail "fresh units: $units"; return 1; }
    [[ $(sqlite3 "$store" 'PRAGMA user_version') == "$CURRENT" ]] || { fail "fresh user_version"; return 1; }
    fresh4
    migrate >/dev/null 2>&1 || return 1
    [[ $(sqlite3 "$STORE" 'SELECT name FROM unit' | tr '\n' ' ') == "kg bottle New Unit " ]] || { fail "migrated units"; return 1; }
}

echo "the version 4 -> 5 step on a store of $((WEIGHTS + ITEMS)) rows"
run_test "store migrate: a version 4 store becomes version 5 in place, real backup" test_store_migrate_steps_a_version4_store_in_place
run_test "kill -9 at every fault point of the 4 -> 5 step, then a rerun" test_kill_at_every_fault_point_of_the_step
run_test "versions 1, 2, 3 reach version 5 in one run and one swap" test_older_stores_reach_version5_in_one_run
run_test "a fresh store offers the common units; a migrated one only its own" test_a_fresh_store_offers_common_units_a_migrated_one_its_own
finish
