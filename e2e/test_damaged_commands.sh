#!/usr/bin/env bash
# A damaged store is never written (issue 31): every command that writes,
# and every read that would keep something (the trend's checkpoints), reads
# the store's pages first when the file changed since a check last passed,
# and refuses a damaged one with the screen's own message, in one line,
# exit 2, the file byte for byte as it was and nothing made beside it. The
# usual command on an unchanged store reads no page; one on a store that
# changed is judged before it writes.
source "$(dirname "$0")/lib.sh"

G() { "$GROCER_BIN" "$@"; }

# A store with something of every kind to change, then damaged.
damaged_store() {
    local store=$1
    G weight add 70 --unit kg --store "$store" >/dev/null || return 1
    G weight add 71 --unit kg --at yesterday --store "$store" >/dev/null || return 1
    G items add 2 milk --aisle Dairy --store "$store" >/dev/null || return 1
    G items add bread --store "$store" >/dev/null || return 1
    G storage add Fridge --store "$store" >/dev/null || return 1
    G units add crate --store "$store" >/dev/null || return 1
    damage "$store" || return 1
    [[ $(G store status --store "$store" | grep state:) == *corrupt* ]] || fail "status: not corrupt"
}

every_writing_command_refuses_a_damaged_store() {
    local dir=$TMPROOT/d1 store=$TMPROOT/d1/s.sqlite before listing screen_message cmd out status
    mkdir -p "$dir" || return 1
    damaged_store "$store" || return 1
    G weight add 70.5 --at 2026-01-02 --store "$TMPROOT/healthy.sqlite" >/dev/null || return 1
    G weight export --format csv --store "$TMPROOT/healthy.sqlite" >"$TMPROOT/import.csv" || return 1
    before=$(sha256sum <"$store")
    listing=$(ls -A "$dir")
    # The screen's refusal, one line once unwrapped: what each command says.
    start -- --store "$store"
    wait_for "[exit 2]" || return 1
    screen_message=$(screen | sed '/^\[exit/,$d' | sed '/^$/d' | paste -sd ' ')
    [[ $screen_message == *"is damaged"* ]] || fail "the screen did not refuse it: $screen_message" || return 1
    local -a commands=(
        "weight add 72"
        "weight add 72 --note run"
        "weight edit 1 --value 69"
        "weight rm 1"
        "weight goal 65"
        "weight goal --clear"
        "weight import $TMPROOT/import.csv"
        "weight trend"
        "unit kg"
        "height 180 cm"
        "height --clear"
        "items add eggs"
        "items edit 1 --name oat-milk"
        "items check 1"
        "items uncheck 1"
        "items clear"
        "items rm 2"
        "aisles add Bakery"
        "aisles rename Dairy Milk"
        "aisles move Dairy 1"
        "aisles rm Dairy"
        "storage add Pantry"
        "storage rename Fridge Cold"
        "storage rm Fridge"
        "units add box"
        "units rename crate crates"
        "units rm crate"
        "sync forget"
        "sync conflicts --dismiss 1"
        "store backup $TMPROOT/copy.sqlite"
    )
    for cmd in "${commands[@]}"; do
        # shellcheck disable=SC2086
        out=$(G $cmd --store "$store" 2>&1 >/dev/null)
        status=$?
        [[ $status == 2 ]] || fail "$cmd: exit $status" || continue
        [[ $(printf '%s\n' "$out" | wc -l) == 1 ]] || fail "$cmd: not one line: $out"
        [[ $out == "$screen_message" ]] || fail "$cmd: not the screen's message: $out | screen: $screen_message"
        [[ $(sha256sum <"$store") == "$before" ]] || fail "$cmd: the file changed" || return 1
        [[ $(ls -A "$dir") == "$listing" ]] || fail "$cmd: made beside it: $(ls -A "$dir")" || return 1
    done
    [[ ! -e $TMPROOT/copy.sqlite ]] || fail "a backup of the damaged store was written"
}

# The usual command on a store unchanged since a check passed reads no
# page: the check's fingerprint is kept in the first-frame cache, and a
# command's own write keeps the file as it left it. A store changed since
# (damaged in place, same size) is judged again before the write.
an_unchanged_store_is_not_read_again_and_a_changed_one_is() {
    local dir=$TMPROOT/d2 store=$TMPROOT/d2/s.sqlite cache=$XDG_STATE_HOME/grocer/first-frame kept before
    mkdir -p "$dir" || return 1
    rm -f "$cache"
    G weight add 70 --unit kg --store "$store" >/dev/null || return 1
    G weight add 71 --unit kg --store "$store" >/dev/null || return 1
    kept=$(grep '^checked=' "$cache") || fail "no fingerprint kept: $(cat "$cache" 2>&1)" || return 1
    # No page read: strace sees the one connection, never a read-only one.
    strace -f -e trace=openat -o "$TMPROOT/trace" "$GROCER_BIN" weight add 72 --unit kg --store "$store" >/dev/null || return 1
    [[ $(grep -c "s.sqlite\"" "$TMPROOT/trace") -le 2 ]] || fail "the store was opened more than once: $(grep 's.sqlite' "$TMPROOT/trace")"
    [[ $(grep '^checked=' "$cache") != "$kept" ]] || fail "the write's fingerprint was not kept"
    damage "$store" || return 1
    before=$(sha256sum <"$store")
    G weight add 73 --unit kg --store "$store" >/dev/null 2>"$TMPROOT/err" && fail "saved into a damaged store"
    grep -q "is damaged" "$TMPROOT/err" || fail "not refused as damaged: $(cat "$TMPROOT/err")"
    [[ $(sha256sum <"$store") == "$before" ]] || fail "the file changed"
}

run_test "every writing command refuses a damaged store, byte for byte as it was" every_writing_command_refuses_a_damaged_store
run_test "an unchanged store is not read again; a changed one is judged first" an_unchanged_store_is_not_read_again_and_a_changed_one_is
finish
