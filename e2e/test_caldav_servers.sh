#!/usr/bin/env bash
# The sync tests' servers (e2e/caldav.sh) start, answer a PROPFIND as each
# should, and stop: Radicale with its login, Xandikos without, and every
# mode of the hostile fake-caldav.py. curl plays the client; no grocer.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/caldav.sh"

# stopped PID PORT: the process is gone and nothing answers on the port.
stopped() {
    ! kill -0 "$1" 2>/dev/null || fail "server $1 still runs"
    [[ $(caldav_propfind "http://127.0.0.1:$2/") == 000 ]] || fail "something still answers on port $2"
}

radicale_answers_with_its_login_only() {
    caldav_start radicale || return 1
    local pid=$CALDAV_PID port=$CALDAV_PORT status
    status=$(caldav_propfind "$CALDAV_URL" -u "$CALDAV_USER:$CALDAV_PASSWORD")
    [[ $status == 207 ]] || fail "the right login: wanted 207, got $status"
    status=$(caldav_propfind "$CALDAV_URL" -u "$CALDAV_USER:wrong")
    [[ $status == 401 ]] || fail "a wrong password: wanted 401, got $status"
    caldav_stop
    stopped "$pid" "$port"
}

xandikos_answers() {
    caldav_start xandikos || return 1
    local pid=$CALDAV_PID port=$CALDAV_PORT status
    status=$(caldav_propfind "http://127.0.0.1:$port/user/")
    [[ $status == 207 ]] || fail "the principal: wanted 207, got $status"
    caldav_stop
    stopped "$pid" "$port"
}

# Two servers at once get two ports.
two_servers_run_side_by_side() {
    caldav_start radicale || return 1
    local first=$CALDAV_PID first_port=$CALDAV_PORT
    caldav_start xandikos || return 1
    [[ $first_port != "$CALDAV_PORT" ]] || fail "both on port $first_port"
    caldav_stop "$first"
    [[ $(caldav_propfind "http://127.0.0.1:$CALDAV_PORT/user/") == 207 ]] || fail "xandikos stopped with radicale"
    caldav_stop
}

# fake MODE CHECK...: starts the fake in MODE, runs CHECK, stops it.
fake() {
    local mode=$1
    shift
    caldav_fake "$mode" || return 1
    local pid=$CALDAV_PID port=$CALDAV_PORT
    "$@"
    grep -q "^request 127.0.0.1 PROPFIND /$CALDAV_USER/groceries/ " "$CALDAV_LOG" || fail "$mode: the request was not logged"
    caldav_stop
    stopped "$pid" "$port"
}

huge_is_100_mb() {
    local got
    got=$(curl -s -D "$TMPROOT/headers" -X PROPFIND "$CALDAV_URL" | head -c 2000000 | wc -c)
    ((got == 2000000)) || fail "huge: read $got bytes"
    grep -qi '^content-length: 104857600' "$TMPROOT/headers" || fail "huge: no 100 MB length: $(cat "$TMPROOT/headers")"
}

huge_chunked_has_no_length() {
    local got
    got=$(curl -s -D "$TMPROOT/headers" -X PROPFIND "$CALDAV_URL" | head -c 2000000 | wc -c)
    ((got == 2000000)) || fail "huge-chunked: read $got bytes"
    grep -qi '^transfer-encoding: chunked' "$TMPROOT/headers" || fail "huge-chunked: not chunked"
}

laughs_has_its_entities() {
    curl -s -X PROPFIND "$CALDAV_URL" | grep -q '<!ENTITY lol9 "&lol8;' || fail "laughs: no entity"
}

external_names_a_file() {
    curl -s -X PROPFIND "$CALDAV_URL" | grep -q 'SYSTEM "file:///etc/passwd"' || fail "external: no external entity"
}

# No answer at all: curl gives up at its own limit (28: timed out), with
# nothing read.
hang_never_answers() {
    local out status
    out=$(curl -s --max-time 1 -X PROPFIND "$CALDAV_URL")
    status=$?
    ((status == 28)) || fail "hang: curl ended with $status, not a timeout"
    [[ -z $out ]] || fail "hang: it answered $out"
}

garbage_is_not_http() {
    curl -s --max-time 5 -X PROPFIND "$CALDAV_URL" >/dev/null && fail "garbage: curl took it as HTTP"
    curl -s --max-time 5 --http0.9 -X PROPFIND "$CALDAV_URL" | grep -qa 'not-http' || fail "garbage: not its bytes"
}

# The redirect points at another host, which answers; curl (as grocer must)
# does not take the login there.
redirect_goes_to_another_host() {
    local headers
    headers=$(curl -s -D - -o /dev/null -u "$CALDAV_USER:$CALDAV_PASSWORD" -X PROPFIND "$CALDAV_URL")
    [[ $headers == *"301"* && $headers == *"Location: http://127.0.0.2:$CALDAV_PORT/elsewhere/"* ]] \
        || fail "redirect: $headers"
    curl -s -L -o /dev/null -u "$CALDAV_USER:$CALDAV_PASSWORD" -X PROPFIND "$CALDAV_URL"
    grep -q "^request 127.0.0.1 PROPFIND /$CALDAV_USER/groceries/ authorization=yes" "$CALDAV_LOG" \
        || fail "redirect: the first request's login was not logged"
    grep -q '^request 127.0.0.2 PROPFIND /elsewhere/ authorization=no' "$CALDAV_LOG" \
        || fail "redirect: the other host was not asked, or got the login: $(cat "$CALDAV_LOG")"
}

run_test "radicale starts, takes its login only, and stops" radicale_answers_with_its_login_only
run_test "xandikos starts, answers and stops" xandikos_answers
run_test "two servers run side by side" two_servers_run_side_by_side
run_test "fake: huge (100 MB, with its length)" fake huge huge_is_100_mb
run_test "fake: huge-chunked (no length)" fake huge-chunked huge_chunked_has_no_length
run_test "fake: laughs (billion laughs)" fake laughs laughs_has_its_entities
run_test "fake: external (file:///etc/passwd)" fake external external_names_a_file
run_test "fake: hang (no answer at all)" fake hang hang_never_answers
run_test "fake: garbage (not HTTP)" fake garbage garbage_is_not_http
run_test "fake: redirect (to another host)" fake redirect redirect_goes_to_another_host
finish
