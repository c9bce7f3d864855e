#!/usr/bin/env bash
# The weights as one VJOURNAL per month (issue 35, docs/SYNC-FORMAT.md), on
# Radicale and Xandikos:
#   - a collection of one object per entry (grocer 0.4.0) is converted by
#     a store's first sync: the months written, the entries' objects
#     deleted; grocer killed (-9) in the middle of it, then synced again,
#     loses nothing and completes it;
#   - a month edited by two machines at once (both syncs running) keeps
#     both weights on both.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/caldav.sh"
source "$(dirname "$0")/sync.sh"
needs_tools sqlite3 jq curl python3

ENTRIES=${ENTRIES:-120}

# put_entries N: N objects of one entry each, as grocer 0.4.0 wrote them,
# daily from 2026-07-01 (four months).
put_entries() {
    local i uid day status
    for ((i = 0; i < $1; i++)); do
        uid=old-$i
        day=$(date -u -d "2026-07-01 +$i days" +%Y%m%d)
        printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//grocer//grocer//EN\r\nBEGIN:VJOURNAL\r\nUID:%s\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:%sT063000Z\r\nSUMMARY:80.%02d kg\r\nX-GROCER-WEIGHT:80.%02d\r\nX-GROCER-UNIT:kg\r\nDESCRIPTION:day %d\\, as typed\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n' \
            "$uid" "$day" $((i % 100)) $((i % 100)) "$i" >"$TMPROOT/entry.ics"
        status=$(phone -o /dev/null -w '%{http_code}' -X PUT -H 'Content-Type: text/calendar; charset=utf-8' \
            -H 'If-None-Match: *' --data-binary @"$TMPROOT/entry.ics" "$WEIGHTS_URL$uid.ics")
        [[ $status == 201 || $status == 204 ]] || { fail "PUT $uid: $status"; return 1; }
    done
}

# server_weights: what the weights collection holds, "MONTHS ENTRY-OBJECTS
# WEIGHTS" (WEIGHTS: every weight in a month or an object of its own,
# UID, time, value and note, counted once each).
server_weights() {
    phone -X REPORT -H 'Depth: 1' -H 'Content-Type: application/xml' --data-binary "$CALENDAR_QUERY" "$WEIGHTS_URL" | python3 -c '
import re, sys, html
body = sys.stdin.read()
months = objects = 0
weights = set()
for data in re.findall(r"<[A-Za-z0-9_.:-]*calendar-data[^>]*>(.*?)</[A-Za-z0-9_.:-]*calendar-data>", body, re.S):
    text = html.unescape(data).replace("\r\n ", "").replace("\n ", "")
    lines = [l.rstrip("\r") for l in text.split("\n")]
    if any(l.startswith("X-GROCER-MONTH:") for l in lines):
        months += 1
        for l in lines:
            if l.startswith("X-GROCER-WEIGHT;"):
                weights.add(l)
    elif any(l.startswith("X-GROCER-WEIGHT:") for l in lines):
        objects += 1
        uid = [l[4:] for l in lines if l.startswith("UID:")][0]
        weights.add("uid=" + uid)
print(months, objects, len(weights))
'
}

# The UIDs on the server, one per weight (in a month or on its own).
server_uids() {
    phone -X REPORT -H 'Depth: 1' -H 'Content-Type: application/xml' --data-binary "$CALENDAR_QUERY" "$WEIGHTS_URL" | python3 -c '
import re, sys, html
body = sys.stdin.read()
for data in re.findall(r"<[A-Za-z0-9_.:-]*calendar-data[^>]*>(.*?)</[A-Za-z0-9_.:-]*calendar-data>", body, re.S):
    text = html.unescape(data).replace("\r\n ", "").replace("\n ", "")
    for l in text.split("\n"):
        l = l.rstrip("\r")
        m = re.match(r"X-GROCER-WEIGHT;.*X-GROCER-UID=([^;:]*)", l)
        if m: print(m.group(1))
        elif l.startswith("UID:old-"): print(l[4:])
' | sort -u | wc -l
}

weights_here() { G weight list --json | jq length; }

# convert_killed KIND WHEN: a store's first sync converts ENTRIES objects;
# it is killed (-9) when WHEN holds of the server (months written, or half
# the objects deleted), then synced again.
convert_killed() {
    serve "$1" || return 1
    local when=$2 pid state months objects i
    G sync setup --weights "$WEIGHTS_URL" --user "$CALDAV_USER" --password-command "cat $PW_FILE" >/dev/null || fail "setup" || return 1
    put_entries "$ENTRIES" || return 1
    [[ $(server_weights) == "0 $ENTRIES $ENTRIES" ]] || fail "before: $(server_weights)"
    G sync >"$TMPROOT/killed.out" 2>&1 &
    pid=$!
    for ((i = 0; i < E2E_DEADLINE * 20; i++)); do
        read -r months objects _ < <(server_weights)
        case $when in
        months) ((months >= 1)) && break ;;
        half) ((objects <= ENTRIES / 2)) && break ;;
        esac
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.05
    done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    state=$(server_weights)
    read -r months objects _ <<<"$state"
    echo "    killed ($when) with $months months and $objects objects of one entry on the server" >&2
    # Nothing lost on the server at the moment of the kill.
    [[ $(server_uids) == "$ENTRIES" ]] || fail "killed ($when): the server holds $(server_uids) weights ($state)"
    synced || return 1
    [[ $(server_weights) == "4 0 $ENTRIES" ]] || fail "after ($when, killed at '$state'): $(server_weights)"
    [[ $(weights_here) == "$ENTRIES" ]] || fail "the store holds $(weights_here)"
    synced "sync: 0 received, 0 sent, no conflicts"
    # Another store reads the same weights from the months.
    GROCER_STORE=$GROCER_STORE-other G sync setup --weights "$WEIGHTS_URL" --user "$CALDAV_USER" --password-command "cat $PW_FILE" >/dev/null
    GROCER_STORE=$GROCER_STORE-other synced "sync: $ENTRIES received, 0 sent, no conflicts"
    [[ $(GROCER_STORE=$GROCER_STORE-other G weight list --utc | cut -f2-) == $(G weight list --utc | cut -f2-) ]] ||
        fail "the other store differs: $(diff <(GROCER_STORE=$GROCER_STORE-other G weight list --utc | cut -f2-) <(G weight list --utc | cut -f2-) | head -5)"
}

# Two stores weigh in during the same month and sync at once: the month
# takes both (one of them meets a 412 and merges), on both stores.
one_month_two_machines() {
    serve "$1" || return 1
    local a=$GROCER_STORE-a b=$GROCER_STORE-b pa pb
    GROCER_STORE=$a set_up >/dev/null || fail "setup a" || return 1
    GROCER_STORE=$b set_up >/dev/null || fail "setup b" || return 1
    GROCER_STORE=$a G weight add 80 --unit kg --at 2026-11-20T07:30:00Z >/dev/null || fail "add a"
    GROCER_STORE=$a synced "sync: 0 received, 1 sent, no conflicts"
    GROCER_STORE=$b synced "sync: 1 received, 0 sent, no conflicts"
    for round in 1 2 3; do
        GROCER_STORE=$a G weight add "8$round.1" --unit kg --at "2026-11-2${round}T07:30:00Z" >/dev/null || fail "add a $round"
        GROCER_STORE=$b G weight add "9$round.2" --unit kg --at "2026-11-2${round}T08:30:00Z" >/dev/null || fail "add b $round"
        GROCER_STORE=$a G sync >"$TMPROOT/a.out" 2>&1 &
        pa=$!
        GROCER_STORE=$b G sync >"$TMPROOT/b.out" 2>&1 &
        pb=$!
        wait "$pa" || fail "round $round: a's sync: $(cat "$TMPROOT/a.out")"
        wait "$pb" || fail "round $round: b's sync: $(cat "$TMPROOT/b.out")"
    done
    GROCER_STORE=$a synced
    GROCER_STORE=$b synced
    GROCER_STORE=$a synced "sync: 0 received, 0 sent, no conflicts"
    [[ $(GROCER_STORE=$a G weight list --json | jq length) == 7 ]] || fail "a holds: $(GROCER_STORE=$a G weight list)"
    [[ $(GROCER_STORE=$a G weight list --utc | cut -f2-) == $(GROCER_STORE=$b G weight list --utc | cut -f2-) ]] ||
        fail "a and b differ: $(diff <(GROCER_STORE=$a G weight list --utc) <(GROCER_STORE=$b G weight list --utc))"
    [[ $(server_weights) == "1 0 7" ]] || fail "the server holds: $(server_weights)"
}

for kind in radicale xandikos; do
    sync_test "$kind: a conversion killed once months are written, then completed" on_server convert_killed "$kind" months
    sync_test "$kind: a conversion killed half way through the deletes, then completed" on_server convert_killed "$kind" half
    sync_test "$kind: one month edited by two machines at once" on_server one_month_two_machines "$kind"
done
finish
