#!/usr/bin/env bash
# grocer sync against a hostile server (issue 16, "a server is untrusted
# input"): e2e/fake-caldav.py answers 100 MB (with a length, and chunked
# without one), a billion laughs, an external entity, garbage that is not
# HTTP, a redirect to another host, or nothing at all. For `grocer sync
# setup` and for `grocer sync`: exit 2 with one line, no control character
# in what grocer prints, memory bounded (peak RSS from /usr/bin/time, under
# 200 MB), the store untouched; the redirect never takes the login to
# 127.0.0.2 (the fake's log says who got it).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/caldav.sh"
source "$(dirname "$0")/sync.sh"
for tool in sqlite3 python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "needs $tool (make test installs it)"; exit 1; }
done
unset LC_ALL LC_NUMERIC
export LANG=en_US.UTF-8 TZ=UTC
RSS_LIMIT_KB=$((200 * 1024))

# bounded WANT COMMAND...: one_line_exit_2, under /usr/bin/time: its peak
# resident memory below RSS_LIMIT_KB. Says how long it took (for the report).
bounded() {
    local want=$1 rss started
    shift
    started=$(date +%s.%N)
    one_line_exit_2 "$want" /usr/bin/time -f '%M' -o "$TMPROOT/rss" "$@"
    rss=$(tail -1 "$TMPROOT/rss")
    echo "    $(head -c 200 "$TMPROOT/err") ($(awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f s", e - s }'), peak RSS $((${rss:-0} / 1024)) MB)"
    [[ $rss =~ ^[0-9]+$ ]] || { fail "no peak RSS: $(cat "$TMPROOT/rss")"; return 1; }
    ((rss < RSS_LIMIT_KB)) || fail "$*: peak RSS $((rss / 1024)) MB"
}

# The setup against the fake: refused, and no store made.
setup_refused() {
    local mode=$1 want=$2
    caldav_fake "$mode" || return 1
    bounded "$want" "$GROCER_BIN" sync setup --list "$CALDAV_URL" --user alice --password-command "cat $PW_FILE"
    [[ ! -e $GROCER_STORE ]] || fail "$mode: setup made a store"
    grep -q '^request ' "$CALDAV_LOG" || fail "$mode: grocer never asked the fake"
}

# A sync of a store whose list account is the fake: refused, the store's
# rows as they were, the local item still there and waiting.
sync_refused_by() {
    local mode=$1 want=$2 before
    caldav_fake "$mode" || return 1
    G items add milk >/dev/null || fail "add" || return 1
    sqlite3 "$GROCER_STORE" "INSERT INTO sync_account (collection, url) VALUES ('list', '$CALDAV_URL')" \
        || fail "the account" || return 1
    login_here "$CALDAV_URL"
    before=$(store_dump)
    bounded "$want" "$GROCER_BIN" sync
    [[ $(store_dump) == "$before" ]] || fail "$mode: the store changed"
    [[ $(sqlite3 "$GROCER_STORE" "PRAGMA integrity_check") == ok ]] || fail "$mode: integrity_check failed"
    G sync status | grep -q '1 waiting' || fail "$mode: status: $(G sync status)"
}

# The redirect's login stays on 127.0.0.1: the other host is never asked
# with it (asked at all would already be more than grocer allows).
login_never_leaves() {
    "$@"
    ! grep -q '^request 127.0.0.2 .* authorization=yes' "$CALDAV_LOG" || fail "the login went to 127.0.0.2: $(cat "$CALDAV_LOG")"
    ! grep -q '^request 127.0.0.2 ' "$CALDAV_LOG" || fail "grocer followed the redirect to 127.0.0.2: $(cat "$CALDAV_LOG")"
}

on_fake() {
    "$@"
    local rc=$?
    # Every server it started, and any grocer left in the background.
    { caldav_stop_all; wait; } 2>/dev/null
    return "$rc"
}

for how in setup_refused sync_refused_by; do
    sync_test "$how: huge (100 MB with its length)" on_fake "$how" huge "larger than"
    sync_test "$how: huge-chunked (no length)" on_fake "$how" huge-chunked "larger than"
    sync_test "$how: laughs (entity expansion)" on_fake "$how" laughs "nonsense"
    sync_test "$how: external entity" on_fake "$how" external "nonsense"
    sync_test "$how: garbage (not HTTP)" on_fake "$how" garbage "not HTTP"
    sync_test "$how: redirect to another host" on_fake login_never_leaves "$how" redirect "another address"
    sync_test "$how: hang (no answer at all; the request's idle limit)" on_fake "$how" hang "sent too little for 30 s"
done

# Issue 36, "a slow server hangs sync forever": one byte a second (with a
# length of 100 kB), and chunks that never end (a few bytes each second).
# Each request is cut at the sync's deadline, here 2 s from
# GROCER_SYNC_DEADLINE (setup_refused and sync_refused_by as they are): one
# line, exit 2, no store made, the store's rows untouched, milk waiting.
slow_server_ends_at_the_deadline() {
    (
        export GROCER_SYNC_DEADLINE=2
        "$@" "sent too little before the sync's deadline of 2 s"
    )
}

# --deadline on the command line beats the environment.
the_deadline_option_ends_setup() {
    caldav_fake trickle || return 1
    (
        export GROCER_SYNC_DEADLINE=600
        bounded "nothing was kept" "$GROCER_BIN" sync setup --deadline 2 --list "$CALDAV_URL" --user alice --password-command "cat $PW_FILE"
    )
    grep -qF "sent too little before the sync's deadline of 2 s" "$TMPROOT/err" || fail "said: $(cat "$TMPROOT/err")"
    [[ ! -e $GROCER_STORE ]] || fail "setup made a store"
}

# Issue 36: a 10 MB sync token (fake-caldav.py huge-token, a small working
# server whose every token is 10 MB) is never kept and never sent back; the
# sync works by listing the collection instead.
a_huge_token_is_never_kept() {
    caldav_fake huge-token || return 1
    G sync setup --list "$CALDAV_URL" --user alice --password-command "cat $PW_FILE" >/dev/null || fail "setup" || return 1
    G items add milk >/dev/null || fail "add milk" || return 1
    synced "sync: 0 received, 1 sent, no conflicts" || return 1
    synced "sync: 0 received, 0 sent, no conflicts" || return 1
    [[ $(sqlite3 "$GROCER_STORE" "SELECT coalesce(max(length(token)), 0) FROM sync_account") == 0 ]] \
        || fail "a token was kept: $(sqlite3 "$GROCER_STORE" "SELECT length(token) FROM sync_account")"
    grep -q '^token 0 bytes' "$CALDAV_LOG" || fail "grocer never asked for changes: $(cut -c1-80 "$CALDAV_LOG")"
    ! grep -q '^token [1-9]' "$CALDAV_LOG" || fail "grocer sent a token back: $(grep '^token' "$CALDAV_LOG" | sort | uniq -c)"
}

for how in setup_refused sync_refused_by; do
    sync_test "$how: trickle (one byte a second; the deadline)" on_fake slow_server_ends_at_the_deadline "$how" trickle
    sync_test "$how: endless (chunks that never end; the deadline)" on_fake slow_server_ends_at_the_deadline "$how" endless
done
sync_test "setup: trickle, --deadline 2 beats GROCER_SYNC_DEADLINE" on_fake the_deadline_option_ends_setup
sync_test "a 10 MB sync token is never kept nor sent back (issue 36)" on_fake a_huge_token_is_never_kept

# Issue 36, "the server's words decide where grocer writes": a partner's
# to-do on Radicale whose UID climbs out of the list ("../weights/planted").
# Changed here and deleted there, grocer makes it again: in the list, under
# a plain name, never in the weights collection.
a_uid_that_climbs_stays_in_the_list() {
    serve radicale || return 1
    set_up >/dev/null || fail "setup" || return 1
    local status
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//e2e//partner//EN\r\nBEGIN:VTODO\r\nUID:../weights/planted\r\nDTSTAMP:20261125T120000Z\r\nSUMMARY:tea\r\nEND:VTODO\r\nEND:VCALENDAR\r\n' \
        >"$TMPROOT/climb.ics"
    status=$(phone -o /dev/null -w '%{http_code}' -X PUT -H 'Content-Type: text/calendar; charset=utf-8' -H 'If-None-Match: *' \
        --data-binary @"$TMPROOT/climb.ics" "${LIST_URL}climb.ics")
    [[ $status == 201 || $status == 204 ]] || fail "partner: PUT climb.ics: $status" || return 1
    # tea filed in Drinks (issue 33): sent back to the href the server
    # named, never to one made from the UID.
    synced "sync: 1 received, 1 sent, no conflicts" || return 1
    [[ $(phone_list | cut -f1) == climb.ics ]] || fail "the list's member is named $(phone_list | cut -f1)" || return 1
    G items edit "$(item_id tea)" --quantity 4 >/dev/null || fail "edit tea" || return 1
    phone_delete climb.ics
    synced || return 1
    [[ -z $(phone_list "$WEIGHTS_URL") ]] || fail "the weights collection holds $(phone_list "$WEIGHTS_URL")"
    [[ -z $(find "$CALDAV_DIR/collections" -path '*/weights/*' -name '*.ics') ]] \
        || fail "Radicale's weights folder holds $(find "$CALDAV_DIR/collections" -path '*/weights/*' -name '*.ics')"
    [[ $(phone_summaries) == "4 tea" ]] || fail "the list holds $(phone_summaries)"
    [[ $(phone_list | cut -f1) =~ ^_[0-9a-f]+\.ics$ ]] || fail "the list's member is named $(phone_list | cut -f1)"
    synced "sync: 0 received, 0 sent, no conflicts"
}

# Issue 36, "a listing the server cut short deletes local data": Radicale
# behind fake-caldav.py's proxy, which refuses the sync token and cuts the
# calendar-query that replaces it to 2 members (a 507 for the collection).
# The sync stops in one line, exit 2, the store's rows as they were: no
# weight, no item deleted.
a_listing_cut_short_deletes_nothing() {
    serve radicale || return 1
    caldav_fake truncate "$CALDAV_PORT" || return 1
    LIST_URL="http://127.0.0.1:$CALDAV_PORT/$CALDAV_USER/groceries/" WEIGHTS_URL="http://127.0.0.1:$CALDAV_PORT/$CALDAV_USER/weights/"
    set_up >/dev/null || fail "setup" || return 1
    local day name before
    for day in 10 11 12 13 14 15 16 17 18 19; do
        G weight add "72.$day" --unit kg --at "2026-11-${day}T07:30:00Z" >/dev/null || fail "weight add" || return 1
    done
    for name in milk tea ham eggs rice; do G items add "$name" >/dev/null || fail "add $name" || return 1; done
    synced || return 1
    before=$(store_dump)
    sync_refused "cut its listing of the collection short"
    grep -q '^refused a token' "$CALDAV_LOG" && grep -q '^truncated ' "$CALDAV_LOG" || fail "the proxy never cut a listing: $(cat "$CALDAV_LOG")"
    [[ $(store_dump) == "$before" ]] || fail "the store changed"
    [[ $(G weight list --json | jq length) == 10 ]] || fail "weights left: $(G weight list)"
    [[ $(G items list --listed --json | jq length) == 5 ]] || fail "items left: $(listed)"
}

# Issue 36: a collection URL typed with lower-case escapes ("%c3%a9") syncs;
# Radicale names its members with upper-case ones ("%C3%A9").
a_url_typed_with_lower_case_escapes_syncs() {
    serve radicale || return 1
    LIST_URL="${CALDAV_URL}caf%c3%a9/" WEIGHTS_URL="${CALDAV_URL}poids%c3%a9/"
    set_up >/dev/null || fail "setup" || return 1
    G items add milk >/dev/null || fail "add milk" || return 1
    synced "sync: 0 received, 1 sent, no conflicts" || return 1
    phone_new phone-tea.ics "SUMMARY:tea"
    # tea filed in Drinks (issue 33) and sent back with its aisle.
    synced "sync: 1 received, 1 sent, no conflicts" || return 1
    [[ $(phone_summaries) == $'milk\ntea' ]] || fail "the server has $(phone_summaries)"
    synced "sync: 0 received, 0 sent, no conflicts"
}

sync_test "radicale: a UID with ../ stays in the list (issue 36)" on_fake a_uid_that_climbs_stays_in_the_list
sync_test "radicale: a URL typed with lower-case escapes syncs (issue 36)" on_fake a_url_typed_with_lower_case_escapes_syncs
sync_test "radicale behind a proxy: a listing cut short deletes nothing (issue 36)" on_fake a_listing_cut_short_deletes_nothing
finish
