#!/usr/bin/env bash
# grocer store backup FILE: a consistent copy (SQLite's online backup) even
# while other grocers save; a new private file, never written through a
# link, never over an existing file without --force.
source "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || { echo "needs sqlite3"; exit 1; }

G() { "$GROCER_BIN" "$@"; }

count() { sqlite3 -cmd '.timeout 30000' "$1" 'SELECT count(*) FROM weight_entry'; }

backup_during_two_writers_is_a_consistent_snapshot() {
    local w pids=() n before after c
    G weight add 70 --unit kg >/dev/null || return 1
    for w in 1 2; do
        (
            i=0
            while [[ ! -f $TMPROOT/stop ]]; do
                G weight add "7$w.$((i % 10))" --unit kg >/dev/null 2>>"$TMPROOT/werr$w" || echo fail >>"$TMPROOT/wfail"
                i=$((i + 1))
            done
        ) &
        pids+=($!)
    done
    # Each writer has saved at least once before the copies start.
    until [[ $(count "$GROCER_STORE") -ge 3 ]]; do :; done
    for n in 1 2 3 4 5; do
        before=$(count "$GROCER_STORE")
        G store backup "$TMPROOT/copy$n.sqlite" >/dev/null 2>"$TMPROOT/berr" || fail "backup $n: $(cat "$TMPROOT/berr")"
        after=$(count "$GROCER_STORE")
        c=$(count "$TMPROOT/copy$n.sqlite")
        ((c >= before && c <= after)) || fail "copy $n has $c rows, store had $before then $after"
        [[ $(sqlite3 "$TMPROOT/copy$n.sqlite" 'PRAGMA integrity_check') == ok ]] || fail "copy $n: integrity_check"
        # Ids 1..c with no gap, every row a well-formed weight.
        [[ $(sqlite3 "$TMPROOT/copy$n.sqlite" 'SELECT count(*) FROM weight_entry WHERE id > (SELECT count(*) FROM weight_entry)') == 0 ]] ||
            fail "copy $n has a gap in its ids"
        [[ $(G --store "$TMPROOT/copy$n.sqlite" weight list | wc -l) == "$c" ]] || fail "grocer cannot read copy $n fully"
        [[ $(stat -c %a "$TMPROOT/copy$n.sqlite") == 600 ]] || fail "copy $n mode $(stat -c %a "$TMPROOT/copy$n.sqlite")"
    done
    touch "$TMPROOT/stop"
    wait "${pids[@]}"
    [[ ! -s $TMPROOT/wfail ]] || fail "a save failed while copying: $(cat "$TMPROOT"/werr*)"
    [[ -z $(ls -A "$TMPROOT" | grep -E '^\.copy|copy[0-9]\.sqlite-') ]] || fail "left beside: $(ls -A "$TMPROOT")"
}

an_existing_file_needs_force() {
    local out rc
    G weight add 70 --unit kg >/dev/null || return 1
    echo keep >"$TMPROOT/copy.sqlite"
    out=$(G store backup "$TMPROOT/copy.sqlite" 2>&1); rc=$?
    [[ $rc == 2 ]] || fail "exit $rc"
    [[ $out == *"already exists"*"--force"* && $(wc -l <<<"$out") == 1 ]] || fail "message: $out"
    [[ $(cat "$TMPROOT/copy.sqlite") == keep ]] || fail "the file was changed"
    G store backup --force "$TMPROOT/copy.sqlite" >/dev/null || fail "--force: exit $?"
    [[ $(G --store "$TMPROOT/copy.sqlite" weight list | wc -l) == 1 ]] || fail "the replaced copy is not the store"
}

json_names_the_store_and_the_copy() {
    G weight add 70 --unit kg >/dev/null || return 1
    local out
    out=$(G store backup "$TMPROOT/j.sqlite" --json) || fail "exit $?" || return 1
    jq -e --arg copy "$TMPROOT/j.sqlite" '.backup == $copy and (.store | endswith(".sqlite")) and length == 2' <<<"$out" >/dev/null \
        || fail "json: $out"
    [[ $(G --store "$TMPROOT/j.sqlite" weight list | wc -l) == 1 ]] || fail "the copy is not the store"
}

a_link_is_never_written_through() {
    local out rc
    G weight add 70 --unit kg >/dev/null || return 1
    echo victim >"$TMPROOT/victim"
    ln -s "$TMPROOT/victim" "$TMPROOT/linked.sqlite"
    out=$(G store backup --force "$TMPROOT/linked.sqlite" 2>&1); rc=$?
    [[ $rc == 2 && $out == *"symbolic link"* ]] || fail "exit $rc: $out"
    [[ $(cat "$TMPROOT/victim") == victim && -L $TMPROOT/linked.sqlite ]] || fail "the link or its target changed"
}

run_test "backup during two writers: a consistent, readable snapshot" backup_during_two_writers_is_a_consistent_snapshot
run_test "an existing file is refused unless --force" an_existing_file_needs_force
run_test "a link at the name is never written through" a_link_is_never_written_through
run_test "--json: the store's path and the copy's" json_names_the_store_and_the_copy
finish
