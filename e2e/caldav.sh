# shellcheck shell=bash
# CalDAV servers for the sync tests (issue 16), sourced after lib.sh:
# Debian's Radicale and Xandikos, and the hostile e2e/fake-caldav.py, each
# on 127.0.0.1 and a free port, its files in $TMPROOT. Starting waits until
# the server answers (text, never a fixed time; a start that never answers
# within E2E_DEADLINE fails). Every server started is stopped when the test
# file ends, or by caldav_stop. SIGKILL: a server started under make's test
# run may inherit blocked SIGTERM and SIGINT and never see them
# (Tests/GrocerSyncLiveTests/LiveServerTests.swift found it).
#
#   caldav_start radicale|xandikos [RIGHTS]
#                                    sets CALDAV_PID, CALDAV_PORT, CALDAV_DIR,
#                                    CALDAV_URL (the user's home collection);
#                                    Radicale also takes a rights file (RIGHTS)
#                                    and more logins (CALDAV_MORE_USERS, lines
#                                    of user:password)
#   caldav_fake MODE [PORT]          the fake server (fake-caldav.py MODE [PORT]): sets
#                                    CALDAV_PID, CALDAV_PORT, CALDAV_LOG (its
#                                    request log), CALDAV_URL
#   caldav_stop [PID]                kills it (CALDAV_PID by default) and waits
#                                    for it to be gone
#   caldav_propfind URL [curl args]  one PROPFIND (Depth 0); prints the status
#
# Call caldav_start and caldav_fake in the test's own shell, not in $(...):
# the variables and the process must be the test's.

CALDAV_USER=alice
CALDAV_PASSWORD="correct horse"
CALDAV_FAKE=$ROOT/e2e/fake-caldav.py

# A port nothing listens on now (the kernel's pick; a server that then finds
# it taken fails to start, and caldav_start tries another).
caldav_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# caldav_propfind URL [curl args...]: the HTTP status of a PROPFIND (000
# when nothing answered), within 5 s.
caldav_propfind() {
    local url=$1
    shift
    curl -s -o /dev/null -w '%{http_code}' --max-time 5 -X PROPFIND -H 'Depth: 0' "$@" "$url"
}

# The server PID answers at URL within E2E_DEADLINE (any HTTP status), or
# has ended (false at once).
caldav_wait_answers() {
    local pid=$1 url=$2 i=0 limit=$((E2E_DEADLINE * 50))
    while ((i < limit)); do
        kill -0 "$pid" 2>/dev/null || return 1
        [[ $(caldav_propfind "$url" --max-time 1) != 000 ]] && return 0
        sleep 0.02
        i=$((i + 1))
    done
    return 1
}

caldav_start() {
    local kind=$1 rights=${2:-} attempt dir port
    for attempt in 1 2 3; do
        dir=$(mktemp -d "$TMPROOT/$kind.XXXXXX")
        port=$(caldav_free_port)
        case $kind in
        radicale)
            # Logins from a plain htpasswd file; the user's home collection is
            # made at the first login.
            printf '%s:%s\n' "$CALDAV_USER" "$CALDAV_PASSWORD" >"$dir/users"
            cat >"$dir/config" <<EOF
[server]
hosts = 127.0.0.1:$port
[auth]
type = htpasswd
htpasswd_filename = $dir/users
htpasswd_encryption = plain
[storage]
filesystem_folder = $dir/collections
EOF
            [[ -z ${CALDAV_MORE_USERS:-} ]] || printf '%s\n' "$CALDAV_MORE_USERS" >>"$dir/users"
            if [[ -n $rights ]]; then
                cp "$rights" "$dir/rights"
                printf '[rights]\ntype = from_file\nfile = %s\n' "$dir/rights" >>"$dir/config"
            fi
            radicale --config "$dir/config" >"$dir/log" 2>&1 &
            CALDAV_URL="http://127.0.0.1:$port/$CALDAV_USER/"
            ;;
        xandikos)
            # No logins of its own (it runs behind a proxy that has them).
            xandikos -d "$dir/collections" -l 127.0.0.1 -p "$port" --autocreate >"$dir/log" 2>&1 &
            CALDAV_URL="http://127.0.0.1:$port/user/calendars/"
            ;;
        *)
            fail "caldav_start: no server called $kind (radicale or xandikos)"
            return 1
            ;;
        esac
        CALDAV_PID=$! CALDAV_PORT=$port CALDAV_DIR=$dir
        echo "$CALDAV_PID" >>"$TMPROOT/caldav-pids"
        if caldav_wait_answers "$CALDAV_PID" "http://127.0.0.1:$port/"; then return 0; fi
        caldav_stop "$CALDAV_PID"
    done
    fail "$kind never answered on 127.0.0.1 (make test installs it: apt-get install $kind); its log: $(tail -5 "$dir/log")"
}

caldav_fake() {
    local mode=$1 i=0 limit=$((E2E_DEADLINE * 50))
    CALDAV_LOG=$(mktemp "$TMPROOT/fake-$mode.XXXXXX")
    python3 "$CALDAV_FAKE" "$@" >"$CALDAV_LOG" 2>&1 &
    CALDAV_PID=$!
    echo "$CALDAV_PID" >>"$TMPROOT/caldav-pids"
    # It prints its port once it takes connections.
    while ((i < limit)) && ! grep -q '^port ' "$CALDAV_LOG"; do
        kill -0 "$CALDAV_PID" 2>/dev/null || break
        sleep 0.02
        i=$((i + 1))
    done
    CALDAV_PORT=$(sed -n 's/^port //p' "$CALDAV_LOG")
    [[ -n $CALDAV_PORT ]] || { fail "fake-caldav.py $mode never said its port: $(head -5 "$CALDAV_LOG")"; return 1; }
    CALDAV_URL="http://127.0.0.1:$CALDAV_PORT/$CALDAV_USER/groceries/"
}

caldav_stop() {
    local pid=${1:-${CALDAV_PID:-}} i=0 limit=$((E2E_DEADLINE * 50))
    [[ -n $pid ]] || return 0
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    # wait only knows this shell's children: for any other, until it is gone.
    while ((i < limit)) && kill -0 "$pid" 2>/dev/null; do
        sleep 0.02
        i=$((i + 1))
    done
    ! kill -0 "$pid" 2>/dev/null || { fail "caldav_stop: $pid is still running"; return 1; }
}

# Every server this test file started, at its end (then lib.sh's cleanup).
caldav_stop_all() {
    local pid
    [[ -f $TMPROOT/caldav-pids ]] || return 0
    while read -r pid; do kill -KILL "$pid" 2>/dev/null; done <"$TMPROOT/caldav-pids"
    : >"$TMPROOT/caldav-pids"
}
trap 'caldav_stop_all; cleanup' EXIT
