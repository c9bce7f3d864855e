#!/usr/bin/env bash
# What the engine's planner decides, end to end on Debian's Radicale (issue
# 36), curl playing a careless phone: a second object at a new address with
# the UID of a synced weight (Radicale refuses that PUT with 409, so the
# file goes into its folder, as a server that does not check holds it) is
# left alone (the weight keeps its value
# and note, and deleting the intruder deletes nothing here); a PUT without
# If-Match of the bytes from before grocer's change (Tasks.org, or
# Thunderbird's "overwrite") does not take the change back: grocer keeps
# it, writes it again and lists a conflict naming both values.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/caldav.sh"
source "$(dirname "$0")/sync.sh"
needs_tools sqlite3 jq curl python3

# weights: each entry as TIME VALUE UNIT NOTE, by time.
weights() { G weight list --json --utc | jq -r '.[] | [.recordedAt, .value, .unit, .note] | @tsv' | sort; }

# unfolded FILE: its lines unfolded, without CR.
unfolded() { tr -d '\r' <"$1" | sed -e ':a' -e '$!N;s/\n //;ta' -e 'P;D'; }

# weight_put NAME FILE [HEADER]: PUT the file at NAME in the weights'
# collection; prints the status.
weight_put() {
    phone -o /dev/null -w '%{http_code}' -X PUT -H 'Content-Type: text/calendar; charset=utf-8' ${3:+-H "$3"} \
        --data-binary @"$2" "$WEIGHTS_URL$1"
}

a_known_uid_at_a_new_address() {
    serve "$1" || return 1
    set_up >/dev/null || fail "setup" || return 1
    G weight add 72.5 --unit kg --at 2026-11-20T07:30:00Z --note "after a run" >/dev/null || fail "add" || return 1
    synced "sync: 0 received, 1 sent, no conflicts" || return 1
    local name status before
    name=$(phone_list "$WEIGHTS_URL" | cut -f1)
    [[ -n $name ]] || fail "no object on the server" || return 1
    before=$(weights)
    # The same UID, another weight and note, at a new address.
    phone "$WEIGHTS_URL$name" | python3 "$PHONE" edit "SUMMARY=99.9 kg" "X-GROCER-WEIGHT=99.9" "DESCRIPTION=not mine" >"$TMPROOT/intruder.ics"
    status=$(weight_put intruder.ics "$TMPROOT/intruder.ics" 'If-None-Match: *')
    if [[ $status == 409 ]]; then
        # Radicale refuses a second object with a UID it holds (409); a
        # server that does not check, or a tool writing its folder, makes
        # one all the same: the file goes into Radicale's folder.
        cp "$TMPROOT/intruder.ics" "$CALDAV_DIR/collections/collection-root/alice/weights/intruder.ics" || fail "no folder" || return 1
    else
        [[ $status == 201 ]] || fail "PUT intruder.ics: $status" || return 1
    fi
    phone "${WEIGHTS_URL}intruder.ics" | grep -q "not mine" || fail "the server does not serve the intruder" || return 1
    synced "sync: 0 received, 0 sent, no conflicts; 1 object on the server has the UID of another and was left alone" || return 1
    [[ $(weights) == "$before" ]] || fail "the weight changed: $(weights)"
    [[ $(weights) == $'2026-11-20T07:30:00Z\t72.5\tkg\tafter a run' ]] || fail "the weight: $(weights)"
    phone "${WEIGHTS_URL}intruder.ics" | grep -q "not mine" || fail "the intruder was rewritten"
    # Its deletion deletes nothing here.
    status=$(phone -o /dev/null -w '%{http_code}' -X DELETE "${WEIGHTS_URL}intruder.ics")
    [[ $status == 200 || $status == 204 ]] || fail "DELETE intruder.ics: $status"
    synced "sync: 0 received, 0 sent, no conflicts" || return 1
    [[ $(weights) == "$before" ]] || fail "the weight went with the intruder: $(weights)"
    [[ $(phone_list "$WEIGHTS_URL" | wc -l) == 1 ]] || fail "the server holds $(phone_list "$WEIGHTS_URL")"
}

a_stale_write_keeps_grocers_change() {
    serve "$1" || return 1
    set_up >/dev/null || fail "setup" || return 1
    G weight add 2 --unit kg --at 2026-11-20T07:30:00Z >/dev/null || fail "add" || return 1
    synced "sync: 0 received, 1 sent, no conflicts" || return 1
    local name id status
    name=$(phone_list "$WEIGHTS_URL" | cut -f1)
    # The phone's copy, before grocer's change.
    phone "$WEIGHTS_URL$name" >"$TMPROOT/stale.ics"
    # The weight in its month's object (issue 35): the digits end the line.
    unfolded "$TMPROOT/stale.ics" | grep -q '^X-GROCER-WEIGHT;.*:2$' || fail "the phone's copy: $(cat "$TMPROOT/stale.ics")" || return 1
    id=$(G weight list --json | jq -r '.[0].id')
    G weight edit "$id" --value 5 >/dev/null || fail "edit" || return 1
    synced "sync: 0 received, 1 sent, no conflicts" || return 1
    # The phone writes its stale copy back, without If-Match.
    status=$(weight_put "$name" "$TMPROOT/stale.ics")
    [[ $status == 201 || $status == 204 ]] || fail "PUT of the stale copy: $status" || return 1
    synced "sync: 0 received, 1 sent, 1 conflict" || return 1
    [[ $(weights) == $'2026-11-20T07:30:00Z\t5\tkg\t' ]] || fail "grocer's change was taken back: $(weights)"
    phone "$WEIGHTS_URL$name" >"$TMPROOT/now.ics"
    unfolded "$TMPROOT/now.ics" | grep -q '^X-GROCER-WEIGHT;.*:5$' || fail "the server holds $(cat "$TMPROOT/now.ics")"
    local conflicts
    conflicts=$(G sync conflicts --json)
    jq -e 'length == 1' <<<"$conflicts" >/dev/null || fail "conflicts: $conflicts"
    jq -e '.[0] | (.local == "5 kg") and (.remote == "2 kg") and (.kept == "local")' <<<"$conflicts" >/dev/null \
        || fail "the conflict does not name both: $conflicts"
    # Nothing loops: the next sync has nothing to do.
    synced "sync: 0 received, 0 sent, no conflicts" || return 1
}

sync_test "radicale: a known UID at a new address is left alone" on_server a_known_uid_at_a_new_address radicale
sync_test "radicale: a stale write keeps grocer's change as a conflict" on_server a_stale_write_keeps_grocers_change radicale
finish
