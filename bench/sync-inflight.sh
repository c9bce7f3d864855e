#!/usr/bin/env bash
# Does a CalDAV server take a first sync's new objects faster with two
# requests in flight than with one? (issue 36, "Built on": measure whether
# a few requests in flight shorten the initial sync.) The same OBJECTS
# VTODOs, the shape grocer writes, uploaded into a fresh collection by
# bench/put-inflight.py (one PUT an object, If-None-Match: *) with 1 and
# with 2 requests in flight, ROUNDS rounds alternating which goes first,
# on Debian's Radicale and Xandikos on 127.0.0.1. Prints each time, the
# medians and their ratio. The server alone: grocer's own work between
# requests is not in it (bench/sync.sh measures grocer).
# Usage: bench/sync-inflight.sh   (OBJECTS=1000 ROUNDS=3 SERVERS="radicale xandikos")
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OBJECTS=${OBJECTS:-1000}
ROUNDS=${ROUNDS:-3}
SERVERS=${SERVERS:-radicale xandikos}
for tool in radicale xandikos curl python3; do
    command -v "$tool" >/dev/null || { echo "bench/sync-inflight.sh needs $tool (apt-get install $tool)" >&2; exit 2; }
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/grocer-inflight.XXXXXX")
SERVER_PID=""
stop_server() {
    [[ -z $SERVER_PID ]] || { kill -KILL "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; }
    SERVER_PID=""
}
trap 'stop_server; rm -rf "$WORK"' EXIT
USER_NAME=alice
PASSWORD="correct horse"

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# start KIND: a fresh server with an empty VTODO collection at $COLLECTION.
start() {
    local kind=$1 dir port i
    dir=$(mktemp -d "$WORK/$kind.XXXXXX")
    port=$(free_port)
    case $kind in
    radicale)
        printf '%s:%s\n' "$USER_NAME" "$PASSWORD" >"$dir/users"
        printf '[server]\nhosts = 127.0.0.1:%s\n[auth]\ntype = htpasswd\nhtpasswd_filename = %s/users\nhtpasswd_encryption = plain\n[storage]\nfilesystem_folder = %s/collections\n[logging]\nlevel = warning\n' \
            "$port" "$dir" "$dir" >"$dir/config"
        radicale --config "$dir/config" >"$dir/log" 2>&1 &
        COLLECTION=http://127.0.0.1:$port/$USER_NAME/list/
        ;;
    xandikos)
        xandikos -d "$dir/collections" -l 127.0.0.1 -p "$port" --autocreate >"$dir/log" 2>&1 &
        COLLECTION=http://127.0.0.1:$port/user/calendars/list/
        ;;
    esac
    SERVER_PID=$!
    for ((i = 0; i < 1500; i++)); do
        kill -0 "$SERVER_PID" 2>/dev/null || break
        if [[ $(curl -s -o /dev/null -w '%{http_code}' --max-time 1 -u "$USER_NAME:$PASSWORD" -X PROPFIND -H 'Depth: 0' "http://127.0.0.1:$port/") != 000 ]]; then
            curl -s -f -o /dev/null -u "$USER_NAME:$PASSWORD" -X MKCALENDAR -H 'Content-Type: application/xml' --data-binary \
                '<?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop><c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>' \
                "$COLLECTION" || { echo "$kind: MKCALENDAR failed: $(tail -3 "$dir/log")" >&2; exit 1; }
            return 0
        fi
        sleep 0.02
    done
    echo "$kind never answered on 127.0.0.1: $(tail -5 "$dir/log")" >&2
    exit 1
}

# The objects: OBJECTS VTODOs as grocer writes a list's items (accented
# names, a place and an aisle each, a few ticked).
python3 - "$OBJECTS" "$WORK/objects" <<'EOF'
import os, sys, uuid
n, out = int(sys.argv[1]), sys.argv[2]
os.makedirs(out)
words = ["pâte feuilletée", "jalapeños", "Müsli", "café moulu", "œufs fermiers", "Äpfel Boskoop", "crème brûlée",
         "pain de mie complet", "gruyère râpé", "açaí"]
aisles = ["Fruits et légumes", "Crèmerie", "Épicerie", "Boulangerie"]
places = ["Réfrigérateur", "Garde-manger", "Congélateur"]
for i in range(n):
    uid, name, quantity = str(uuid.uuid4()), f"{words[i % 10]} {i:04d}", 1 + i % 3
    ticked = i % 7 == 0
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//grocer//grocer//EN", "BEGIN:VTODO", f"UID:{uid}",
             "CREATED:20260101T060000Z", f"SUMMARY:{quantity} {name}" if quantity > 1 else f"SUMMARY:{name}",
             f"X-GROCER-NAME:{name}", f"X-GROCER-QUANTITY:{quantity}", f"X-GROCER-AISLE:{aisles[i % 4]}",
             f"X-GROCER-PLACE:{places[i % 3]}", f"CATEGORIES:{aisles[i % 4]}",
             f"X-APPLE-SORT-ORDER:{(100001 + i % 4) * 10000 + i // 4}",
             "STATUS:COMPLETED" if ticked else "STATUS:NEEDS-ACTION"]
    lines += ["COMPLETED:20260101T060000Z", "PERCENT-COMPLETE:100"] if ticked else []
    lines += ["DTSTAMP:20260101T060000Z", "LAST-MODIFIED:20260101T060000Z", "END:VTODO", "END:VCALENDAR", ""]
    with open(os.path.join(out, uid + ".ics"), "w", newline="") as f:
        f.write("\r\n".join(lines))
EOF

median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "$OBJECTS new objects into a fresh collection, 1 and 2 PUTs in flight (bench/put-inflight.py), $ROUNDS rounds alternating; load: $(cut -d' ' -f1-3 /proc/loadavg)"
for kind in $SERVERS; do
    one=() two=()
    for ((r = 0; r < ROUNDS; r++)); do
        if ((r % 2 == 0)); then order="1 2"; else order="2 1"; fi
        for n in $order; do
            start "$kind"
            ms=$(python3 "$ROOT/bench/put-inflight.py" "$COLLECTION" "$USER_NAME" "$PASSWORD" "$WORK/objects" "$n")
            stop_server
            if ((n == 1)); then one+=("$ms"); else two+=("$ms"); fi
        done
    done
    m1=$(median "${one[@]}")
    m2=$(median "${two[@]}")
    printf '  %-9s 1 in flight %6s ms (%s), 2 in flight %6s ms (%s): %s  [load %s]\n' "$kind" "$m1" "${one[*]}" "$m2" "${two[*]}" \
        "$(awk -v a="$m2" -v b="$m1" 'BEGIN { printf "%.2fx", a / b }')" "$(cut -d' ' -f1-3 /proc/loadavg)"
done
