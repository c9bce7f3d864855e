#!/usr/bin/env bash
# The grocery screen with sync set up (issue 16), in tmux against Radicale
# and Xandikos on 127.0.0.1: F5 shows "synced" at the right of the header
# (the sync on open); a phone's item (curl) appears after `s`; a tick shows
# "1 waiting", then "synced" once the background sync (3 s after the
# change) sent it, and the server has the tick. With the server stopped
# the header says offline; a conflict shows there, and `c` then Enter takes
# the other value.
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
    # Shop: milk went in the new store's Dairy (issue 33); the phone's
    # apples were filed in Produce, which comes first: tick them.
    send Tab; wait_for "0 of 2 ticked" || return 1
    in_order '^ Produce$' '\[ \] apples' '^ Dairy$' '\[ \] milk' || return 1
    send Space; wait_for "1 of 2 ticked" || return 1
    wait_header "1 waiting" || return 1
    wait_header "synced" || return 1
    [[ $(phone_list | grep -F "3 apples") == *$'\tCOMPLETED\t'* ]] || fail "the tick is not on the server: $(phone_list)"
    send F10; wait_for "[exit 0]" || return 1
}

# The server stopped: `s` says offline, the tick waits; back: `s` sends it.
# A conflict (the phone and grocer both change the quantity) shows in the
# header; `c` lists it, Enter takes the other value, and it goes.
offline_then_a_conflict_taken() {
    serve "$1" || return 1
    set_up >/dev/null || fail "setup" || return 1
    G items add "2 kg flour" >/dev/null && G items add milk >/dev/null || fail "adds" || return 1
    G sync >/dev/null || fail "first sync" || return 1
    local flour
    flour=$(phone_name "2 kg flour")
    start || return 1
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_for "Enter Today's Weight" || return 1
    send F5
    wait_for "milk" || return 1
    wait_header "synced" || return 1
    caldav_stop || return 1
    # Shop: milk (the new store's Dairy, issue 33) comes before flour
    # (Pantry): select flour and tick it.
    send Tab; wait_for "0 of 2 ticked" || return 1
    send Down; send Space; wait_for "1 of 2 ticked" || return 1
    wait_header "1 waiting" || return 1
    wait_header "offline" || return 1
    serve_again || return 1
    type_text "s"
    wait_header "synced" || return 1
    header_shows "waiting" && fail "still waiting: $(header)"
    [[ $(phone_list | grep -F "2 kg flour") == *$'\tCOMPLETED\t'* ]] || fail "the tick is not on the server: $(phone_list)"
    # The conflict: 3 kg here, 5 kg on the phone; the larger shows.
    send F10; wait_for "[exit 0]" || return 1
    G items edit "$(item_id flour)" --quantity 3 >/dev/null || fail "edit"
    phone_edit "$flour" "SUMMARY=5 kg flour"
    start || return 1
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_for "Enter Today's Weight" || return 1
    send F5
    wait_header "1 conflict" || return 1
    wait_line 'flour +5 kg' || return 1
    type_text "c"
    wait_for "Sync conflicts" || return 1
    wait_for "1 conflict" || return 1
    send Enter
    wait_for "Took the other value: flour" || return 1
    send Escape
    wait_line 'flour +3 kg' || return 1
    wait_header "synced" || return 1
    until_screen eval '[[ $(phone_list | grep -F "flour") == *$'"'"'\t3 kg flour\t'"'"'* ]]' \
        || fail "the value taken never reached the server: $(phone_list)"
    send F10; wait_for "[exit 0]" || return 1
}

# Issue 36, "a slow server hangs sync forever": the screen's sync against
# a server that sends one byte a second (fake-caldav.py trickle) ends at
# GROCER_SYNC_DEADLINE (2 s here): the header leaves "syncing…" for "server
# too slow", and `s` starts the next sync at once (the server is asked
# again), which ends the same way.
asked_more_than() { (($(grep -c '^request ' "$CALDAV_LOG") > $1)); }

the_screen_leaves_syncing_on_a_slow_server() {
    caldav_fake trickle || return 1
    G items add milk >/dev/null || fail "add" || return 1
    sqlite3 "$GROCER_STORE" "INSERT INTO sync_account (collection, url) VALUES ('list', '$CALDAV_URL')" \
        || fail "the account" || return 1
    login_here "$CALDAV_URL"
    start GROCER_SYNC_DEADLINE=2 || return 1
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_for "Enter Today's Weight" || return 1
    send F5
    wait_for "milk" || return 1
    wait_header "server too slow" || return 1
    local asked
    asked=$(grep -c '^request ' "$CALDAV_LOG")
    type_text "s"
    until_screen asked_more_than "$asked" || report "s never asked the server again" || return 1
    wait_header "syncing" || return 1
    wait_header "server too slow" || return 1
    send F10; wait_for "[exit 0]" || return 1
}

sync_test "trickle: the screen's sync ends at its deadline, and the next starts (issue 36)" \
    on_server the_screen_leaves_syncing_on_a_slow_server
for kind in radicale xandikos; do
    sync_test "$kind: the grocery screen shows sync, s syncs, a tick goes by itself" on_server the_screen_syncs "$kind"
    sync_test "$kind: offline, back, and a conflict taken on the screen" on_server offline_then_a_conflict_taken "$kind"
done
finish
