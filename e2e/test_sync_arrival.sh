#!/usr/bin/env bash
# What arrives without a key (issue 36), in tmux against Radicale and
# Xandikos on 127.0.0.1:
#   - the grocery list open, a phone (curl) adds an item: it shows by
#     itself, at the screen's next poll (every 20 s after a good sync;
#     GroceriesSync.swift, SyncPoll.swift), with no key pressed;
#   - a weight saved on the weight screen goes to the server a few seconds
#     later without the list ever being opened, and the history's title row
#     says where sync stands ("synced just now").
# The seconds each took are printed (a figure, not a limit: the waits are
# the helpers' own).
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

seconds_since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

# The list open; a phone adds "3 apples"; no key is pressed until it shows.
a_phones_item_shows_without_a_key() {
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
    local added
    added=$(date +%s.%N)
    phone_new phone-apples.ics "SUMMARY:3 apples"
    wait_line '\[.\] apples +3$' || return 1
    echo "    $1: the phone's item showed $(seconds_since "$added") s after its PUT, no key pressed"
    # And a tick on the phone comes the same way.
    local apples
    apples=$(phone_name "3 apples")
    send Tab
    wait_for "0 of 2 ticked" || return 1
    added=$(date +%s.%N)
    phone_edit "$apples" STATUS=COMPLETED COMPLETED=20261125T130000Z PERCENT-COMPLETE=100
    wait_for "1 of 2 ticked" || return 1
    echo "    $1: the phone's tick showed $(seconds_since "$added") s after its PUT"
    send F10; wait_for "[exit 0]" || return 1
}

# A weight saved on the weight screen; the list is never opened.
a_saved_weight_goes_without_the_list() {
    serve "$1" || return 1
    set_up >/dev/null || fail "setup" || return 1
    start || return 1
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_weight_screen lbs || return 1
    local saved
    type_text "72.5"
    send Enter
    saved=$(date +%s.%N)
    wait_for "Saved 72.5" || return 1
    until_screen eval '[[ $(phone_list "$WEIGHTS_URL" | wc -l) == 1 ]]' \
        || fail "the weight never reached the server: $(phone_list "$WEIGHTS_URL")" || return 1
    echo "    $1: the weight was on the server $(seconds_since "$saved") s after Enter"
    wait_header "synced just now" || return 1
    header_shows "waiting" && fail "the history still says waiting: $(header)"
    [[ $(G sync status) == *"0 waiting"* ]] || fail "sync status: $(G sync status)"
    send F10; wait_for "[exit 0]" || return 1
}

for kind in radicale xandikos; do
    sync_test "$kind: a phone's item and tick show on the open list without a key" on_server a_phones_item_shows_without_a_key "$kind"
    sync_test "$kind: a weight saved goes to the server without the list, and the history says synced" \
        on_server a_saved_weight_goes_without_the_list "$kind"
done
finish
