#!/usr/bin/env bash
# What real clients write (issue 36), on Radicale and Xandikos, curl
# playing the client: Thunderbird's recurring task (the master and a
# ticked occurrence as two VTODOs in one object) takes grocer's edit in
# its master, keeps the occurrence, and the next sync sends nothing (it
# sent 3 PUTs refused with 412 every sync and recorded a false "deleted on
# the server" conflict); a phone's "3 Apples" joined to grocer's "apples"
# keeps its name, aisle and place (the join wiped them and renamed it).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/caldav.sh"
source "$(dirname "$0")/sync.sh"
needs_tools sqlite3 jq curl python3

# recurring: the object on stdin as Thunderbird makes it recurring with one
# occurrence ticked: RRULE in the master, a second VTODO with RECURRENCE-ID.
recurring() {
    python3 -c '
import sys
text = sys.stdin.read().replace("\r\n ", "").replace("\r\n\t", "")
lines = [l for l in text.split("\r\n") if l]
b = lines.index("BEGIN:VTODO"); e = lines.index("END:VTODO", b)
todo = lines[b + 1:e]
master = [l for l in todo if not l.startswith(("PERCENT-COMPLETE", "X-MOZ-GENERATION"))] + [
    "RRULE:FREQ=WEEKLY", "DTSTART;VALUE=DATE:20261123", "PERCENT-COMPLETE:0", "X-MOZ-GENERATION:2"]
override = [l for l in todo if not l.startswith(("STATUS", "COMPLETED", "PERCENT-COMPLETE", "X-MOZ-GENERATION", "DTSTART"))] + [
    "RECURRENCE-ID;VALUE=DATE:20261123", "DTSTART;VALUE=DATE:20261123", "STATUS:COMPLETED",
    "COMPLETED:20261124T081500Z", "PERCENT-COMPLETE:100", "X-MOZ-GENERATION:2"]
out = lines[:b] + ["BEGIN:VTODO"] + master + ["END:VTODO", "BEGIN:VTODO"] + override + ["END:VTODO"] + lines[e + 1:]
sys.stdout.write("".join(l + "\r\n" for l in out))'
}

a_recurring_task_never_loops() {
    serve "$1" || return 1
    set_up >/dev/null 2>&1 || fail "setup" || return 1
    G items add milk >/dev/null || return 1
    synced "sync: 0 received, 1 sent, no conflicts" || return 1
    local name etag status
    name=$(phone_name milk)
    [[ -n $name ]] || fail "no milk on the server: $(phone_list)" || return 1
    phone_get "$name" | recurring >"$TMPROOT/recurring.ics"
    etag=$(sed -n 's/^[Ee][Tt][Aa][Gg]: *\(.*\)\r$/\1/p' "$TMPROOT/get-headers")
    status=$(phone -o /dev/null -w '%{http_code}' -X PUT -H 'Content-Type: text/calendar; charset=utf-8' \
        -H "If-Match: $etag" --data-binary @"$TMPROOT/recurring.ics" "$LIST_URL$name")
    [[ $status == 201 || $status == 204 ]] || fail "PUT the recurring task: $status" || return 1
    G items edit "$(item_id milk)" --quantity 2 >/dev/null || fail "edit" || return 1
    synced "sync: 0 received, 1 sent, no conflicts" || return 1
    synced "sync: 0 received, 0 sent, no conflicts" || return 1
    [[ $(G sync conflicts 2>&1) != *milk* ]] || fail "a conflict: $(G sync conflicts)"
    phone_get "$name" >"$TMPROOT/after.ics"
    [[ $(grep -c '^BEGIN:VTODO' "$TMPROOT/after.ics") == 2 ]] || fail "the occurrence is gone: $(cat "$TMPROOT/after.ics")"
    grep -q '^RECURRENCE-ID' "$TMPROOT/after.ics" || fail "no RECURRENCE-ID: $(cat "$TMPROOT/after.ics")"
    grep -q 'SUMMARY:2 milk' "$TMPROOT/after.ics" || fail "the master lacks the edit: $(cat "$TMPROOT/after.ics")"
    [[ $(listed) == $'milk\t2\t-\ttrue\tfalse' ]] || fail "grocer's list: $(listed)"
}

a_join_keeps_name_aisle_and_place() {
    serve "$1" || return 1
    set_up >/dev/null 2>&1 || fail "setup" || return 1
    G items add apples --aisle fruit --stored-in bowl >/dev/null || return 1
    G items edit "$(item_id apples)" --listed false >/dev/null || return 1
    synced || return 1
    phone_new apples.ics "SUMMARY:3 Apples"
    # The known aisle and place go back in the same sync (issue 33).
    synced "sync: 1 received, 1 sent, no conflicts" || return 1
    synced "sync: 0 received, 0 sent, no conflicts" || return 1
    local item
    item=$(G items list --json | jq -c '.[] | [.name, .amount, .listed, .aisle, .storedIn]')
    [[ $item == '["apples","3",true,"fruit","bowl"]' ]] || fail "the joined item: $item"
    phone_get apples.ics | grep -q '^X-GROCER-AISLE:fruit' || fail "the aisle never reached the server: $(phone_get apples.ics)"
}

for kind in radicale xandikos; do
    sync_test "$kind: Thunderbird's recurring task takes the edit, keeps the occurrence, then rests" \
        on_server a_recurring_task_never_loops "$kind"
    sync_test "$kind: a phone's 3 Apples joined to apples keeps its name, aisle and place" \
        on_server a_join_keeps_name_aisle_and_place "$kind"
done
finish
