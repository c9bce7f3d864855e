# shellcheck shell=bash
# Helpers of the sync tests (e2e/test_sync.sh, test_sync_hostile.sh), sourced
# after lib.sh and caldav.sh: grocer's commands, and the phone (curl does the
# HTTP, e2e/caldav-phone.py reads and edits the iCalendar it carries).
#
#   serve KIND             caldav_start KIND, then LIST_URL and WEIGHTS_URL
#   serve_again            the same server (its folder, its port) started
#                          again after caldav_stop
#   set_up [ARGS]          grocer sync setup of both collections as alice
#   login_here URL         alice's login for URL in the logins file
#   synced [WANT]          grocer sync: exit 0, one line (WANT exactly, if given)
#   sync_refused WANT      grocer sync: exit 2, one line on stderr holding WANT
#   phone_list [URL]       NAME UID SUMMARY STATUS PERCENT X-GROCER-NAME, a line each
#   phone_name SUMMARY     the object whose SUMMARY is that
#   phone_new NAME LINE... a new object (a VTODO of those lines, DTSTAMP added)
#   phone_edit NAME OP...  the object changed (caldav-phone.py edit), If-Match
#   phone_delete NAME
#   listed                 grocer's items: NAME AMOUNT UNIT LISTED COLLECTED
#   item_id NAME           grocer's id of the item
set -u

PHONE=$ROOT/e2e/caldav-phone.py
PW_FILE=$TMPROOT/password
printf '%s\n' "$CALDAV_PASSWORD" >"$PW_FILE"
CALENDAR_QUERY='<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>'

G() { "$GROCER_BIN" "$@"; }

serve() {
    SERVER_KIND=$1
    caldav_start "$1" || return 1
    LIST_URL=${CALDAV_URL}groceries/
    WEIGHTS_URL=${CALDAV_URL}weights/
}

serve_again() {
    case $SERVER_KIND in
    radicale) radicale --config "$CALDAV_DIR/config" >>"$CALDAV_DIR/log" 2>&1 & ;;
    xandikos) xandikos -d "$CALDAV_DIR/collections" -l 127.0.0.1 -p "$CALDAV_PORT" --autocreate >>"$CALDAV_DIR/log" 2>&1 & ;;
    esac
    CALDAV_PID=$!
    echo "$CALDAV_PID" >>"$TMPROOT/caldav-pids"
    caldav_wait_answers "$CALDAV_PID" "http://127.0.0.1:$CALDAV_PORT/" || fail "$SERVER_KIND did not start again on $CALDAV_PORT"
}

set_up() {
    G sync setup --list "$LIST_URL" --weights "$WEIGHTS_URL" --user "$CALDAV_USER" --password-command "cat $PW_FILE" "$@"
}

# login_here URL: the logins file (issue 36) holds alice's login for URL,
# as `grocer sync setup` writes it, for a test that makes its account in
# the store by hand.
login_here() {
    mkdir -p "$XDG_CONFIG_HOME/grocer" && chmod 700 "$XDG_CONFIG_HOME/grocer"
    printf 'collection %s\nuser %s\npassword-command cat %s\n' "$1" "$CALDAV_USER" "$PW_FILE" >"$XDG_CONFIG_HOME/grocer/logins"
    chmod 600 "$XDG_CONFIG_HOME/grocer/logins"
}

# The last sync's line, for a caller that wants to look further.
SYNC_OUT=$TMPROOT/sync-out
synced() {
    local rc
    G sync >"$SYNC_OUT" 2>&1
    rc=$?
    ((rc == 0)) || { fail "grocer sync: exit $rc: $(cat "$SYNC_OUT")"; return 1; }
    [[ $(wc -l <"$SYNC_OUT") == 1 ]] || fail "grocer sync: not one line: $(cat "$SYNC_OUT")"
    if (($#)) && [[ $(cat "$SYNC_OUT") != "$1" ]]; then
        fail "grocer sync said '$(cat "$SYNC_OUT")', wanted '$1'"
        return 1
    fi
}

# one_line_exit_2 WANT COMMAND...: exit 2, one line on stderr holding WANT,
# nothing on stdout, no control character anywhere.
one_line_exit_2() {
    local want=$1 rc
    shift
    "$@" >"$TMPROOT/out" 2>"$TMPROOT/err"
    rc=$?
    ((rc == 2)) || fail "$*: exit $rc, wanted 2: $(cat "$TMPROOT/out" "$TMPROOT/err")"
    [[ ! -s $TMPROOT/out ]] || fail "$*: printed on stdout: $(cat -v "$TMPROOT/out")"
    [[ $(wc -l <"$TMPROOT/err") == 1 ]] || fail "$*: not one line: $(cat -v "$TMPROOT/err")"
    grep -qF -- "$want" "$TMPROOT/err" || fail "$*: wanted '$want' in: $(cat -v "$TMPROOT/err")"
    ! LC_ALL=C grep -q '[[:cntrl:]]' "$TMPROOT/err" || fail "$*: a control character: $(cat -v "$TMPROOT/err")"
}

sync_refused() { one_line_exit_2 "$1" G sync; }

phone() { curl -s -u "$CALDAV_USER:$CALDAV_PASSWORD" "$@"; }

phone_list() {
    phone -X REPORT -H 'Depth: 1' -H 'Content-Type: application/xml' --data-binary "$CALENDAR_QUERY" "${1:-$LIST_URL}" \
        | python3 "$PHONE" list | sort -t$'\t' -k3
}

phone_name() { phone_list | awk -F'\t' -v s="$1" '$3 == s { print $1 }'; }

# phone_summaries: the SUMMARY of every object, sorted, one a line.
phone_summaries() { phone_list | cut -f3 | sort; }

phone_new() {
    local name=$1 status
    shift
    {
        printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//e2e//phone//EN\r\nBEGIN:VTODO\r\nUID:%s\r\nDTSTAMP:20261125T120000Z\r\n' "${name%.ics}"
        printf '%s\r\n' "$@"
        printf 'END:VTODO\r\nEND:VCALENDAR\r\n'
    } >"$TMPROOT/new.ics"
    status=$(phone -o /dev/null -w '%{http_code}' -X PUT -H 'Content-Type: text/calendar; charset=utf-8' \
        -H 'If-None-Match: *' --data-binary @"$TMPROOT/new.ics" "$LIST_URL$name")
    [[ $status == 201 || $status == 204 ]] || fail "phone: PUT $name: $status"
}

phone_get() { phone -D "$TMPROOT/get-headers" "$LIST_URL$1"; }

phone_edit() {
    local name=$1 etag status
    shift
    phone_get "$name" >"$TMPROOT/got.ics"
    etag=$(sed -n 's/^[Ee][Tt][Aa][Gg]: *\(.*\)\r$/\1/p' "$TMPROOT/get-headers")
    [[ -n $etag ]] || { fail "phone: GET $name: no ETag: $(head -1 "$TMPROOT/get-headers")"; return 1; }
    python3 "$PHONE" edit "$@" <"$TMPROOT/got.ics" >"$TMPROOT/edited.ics"
    status=$(phone -o /dev/null -w '%{http_code}' -X PUT -H 'Content-Type: text/calendar; charset=utf-8' \
        -H "If-Match: $etag" --data-binary @"$TMPROOT/edited.ics" "$LIST_URL$name")
    [[ $status == 201 || $status == 204 ]] || fail "phone: PUT $name (edited $*): $status"
}

phone_delete() {
    local status
    status=$(phone -o /dev/null -w '%{http_code}' -X DELETE "$LIST_URL$1")
    [[ $status == 200 || $status == 204 ]] || fail "phone: DELETE $1: $status"
}

# grocer's items: NAME AMOUNT UNIT LISTED COLLECTED (tab-separated), by name.
listed() {
    G items list --json | jq -r '.[] | [.name, .amount, (.unit // "-"), .listed, .collected] | @tsv' | sort
}

item_id() { G items list --json | jq -r --arg n "$1" '.[] | select(.name == $n) | .id'; }

# The store's rows, for "untouched" (the file's bytes may move with a
# checkpoint; its rows may not).
store_dump() { sqlite3 "$GROCER_STORE" .dump 2>/dev/null | sha256sum; }

# sync_test NAME FUNCTION ARGS...: run_test, unless SYNC_ONLY (a regex) is
# set and NAME does not match it (for running one scenario by hand).
sync_test() {
    if [[ -n ${SYNC_ONLY:-} && ! $1 =~ $SYNC_ONLY ]]; then return 0; fi
    run_test "$@"
}

# on_server FUNCTION ARGS...: the scenario, with alice's password in
# PW_FILE, then every server it started stopped (and any grocer left in
# the background), whatever it returned.
on_server() {
    printf '%s\n' "$CALDAV_PASSWORD" >"$PW_FILE"
    "$@"
    local rc=$?
    { caldav_stop_all; wait; } 2>/dev/null
    return "$rc"
}

# needs_tools TOOL...: each is installed (make test installs them), else
# the file stops; and the locale and zone every sync test runs under.
needs_tools() {
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "needs $tool (make test installs it)"; exit 1; }
    done
    unset LC_ALL LC_NUMERIC
    export LANG=en_US.UTF-8 TZ=UTC
}
