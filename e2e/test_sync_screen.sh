#!/usr/bin/env bash
# The grocery screen with sync set up (issue 16), in tmux against Radicale
# and Xandikos on 127.0.0.1: F5 shows "synced" at the right of the header
# (the sync on open); a phone's item (curl) appears after `s`; a tick shows
# "1 waiting", then "synced" once the background sync (3 s after the
# change) sent it, and the server has the tick.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/caldav.sh"
source "$(dirname "$0")/sync.sh"
for tool in jq curl python3; do
    command -v "$tool" >/dev/null || { echo "needs $tool (make test installs it)"; exit 1; }
done

app_ready() {
    [[ $(tm display-message -p -t "$SESSION" '#{alternate_on}') == 1 ]] && screen | grep -q '[^[:space:]]'
}

header() { screen | head -1; }
header_shows() { header | grep -qF -- "$1"; }

wait_header() { until_screen header_shows "$1" || report "the header never said: $1"; }

the_screen_syncs() {
    serve "$1" || return 1
    set_up >/dev/null || fail "setup" || return 1
    G items add milk >/dev/null || fail "add" || return 1
    G sync >/dev/null || fail "first sync" || return 1
    start || return 1
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_for "Enter Today's Weight" || return 1
    send F5
    wait_for "milk" || return 1
    wait_header "synced" || return 1
    phone_new phone-apples.ics "SUMMARY:3 apples"
    type_text "s"
    wait_line '\[.\] apples +3$' || return 1
    wait_header "synced" || return 1
    # Shop; the first item by name (apples) is selected: tick it.
    send Tab; wait_for "0 of 2 ticked" || return 1
    send Space; wait_for "1 of 2 ticked" || return 1
    wait_header "1 waiting" || return 1
    wait_header "synced" || return 1
    [[ $(phone_list | grep -F "3 apples") == *$'\tCOMPLETED\t'* ]] || fail "the tick is not on the server: $(phone_list)"
    send F10; wait_for "[exit 0]" || return 1
}

on_server() {
    "$@"
    local rc=$?
    # Every server it started, and any grocer left in the background.
    { caldav_stop_all; wait; } 2>/dev/null
    return "$rc"
}

for kind in radicale xandikos; do
    sync_test "$kind: the grocery screen shows sync, s syncs, a tick goes by itself" on_server the_screen_syncs "$kind"
done
finish
