#!/usr/bin/env bash
# The goal, the display unit and the height travel with the weights (issue
# 36, "The list arrives without a key"): two stores on one weights
# collection, on Radicale and Xandikos. The goal, unit and height set on A
# show on B after A syncs and B syncs, as one journal entry a phone lists
# as "grocer settings" beside the weights (counted once, never as a
# weight); a goal changed on A and a unit on B are both kept; both
# changing the goal keeps the server's and records a conflict on B, which
# `sync conflicts --take` turns back.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/caldav.sh"
source "$(dirname "$0")/sync.sh"
needs_tools sqlite3 jq curl python3

# settings_of STORE: goal (in kg, whatever the unit: with st it prints in
# stones), unit and height as the commands print them.
settings_of() {
    GROCER_STORE=$1 G weight goal --unit kg
    GROCER_STORE=$1 G unit
    GROCER_STORE=$1 G height
}

the_settings_on_two_stores() {
    serve "$1" || return 1
    local a=$GROCER_STORE-a b=$GROCER_STORE-b
    GROCER_STORE=$a set_up >/dev/null || fail "setup a" || return 1
    GROCER_STORE=$b set_up >/dev/null || fail "setup b" || return 1
    GROCER_STORE=$a G weight goal 75 --unit kg >/dev/null || fail "goal on a"
    GROCER_STORE=$a G unit kg >/dev/null || fail "unit on a"
    GROCER_STORE=$a G height 180 cm >/dev/null || fail "height on a"
    GROCER_STORE=$a G weight add 80 --unit kg --at 2026-11-20T07:30:00Z >/dev/null || fail "add a"
    GROCER_STORE=$a synced "sync: 0 received, 2 sent, no conflicts"
    GROCER_STORE=$b synced "sync: 2 received, 0 sent, no conflicts"
    local want
    want=$(printf 'Goal: 75 kg\nkg\nHeight: 180 cm (5 ft 10.9 in)')
    [[ $(settings_of "$b") == "$want" ]] || fail "b shows: $(settings_of "$b")"
    [[ $(GROCER_STORE=$b G weight list --json | jq length) == 1 ]] || fail "b's weights: $(GROCER_STORE=$b G weight list)"
    # What a phone's journal app lists: the weight and the settings.
    phone_list "$WEIGHTS_URL" >"$TMPROOT/phone"
    [[ $(wc -l <"$TMPROOT/phone") == 2 ]] || fail "the server holds: $(cat "$TMPROOT/phone")"
    grep -q $'^grocer-settings.ics\tgrocer-settings\tgrocer settings\t' "$TMPROOT/phone" || fail "no settings: $(cat "$TMPROOT/phone")"
    GROCER_STORE=$a synced "sync: 0 received, 0 sent, no conflicts"
    GROCER_STORE=$b synced "sync: 0 received, 0 sent, no conflicts"

    # A goal here, a unit there: both kept.
    GROCER_STORE=$a G weight goal 74 --unit kg >/dev/null || fail "goal on a"
    GROCER_STORE=$b G unit st >/dev/null || fail "unit on b"
    GROCER_STORE=$a synced "sync: 0 received, 1 sent, no conflicts"
    GROCER_STORE=$b synced "sync: 1 received, 1 sent, no conflicts"
    GROCER_STORE=$a synced "sync: 1 received, 0 sent, no conflicts"
    want=$(printf 'Goal: 74 kg\nst\nHeight: 180 cm (5 ft 10.9 in)')
    [[ $(settings_of "$a") == "$want" ]] || fail "a shows: $(settings_of "$a")"
    [[ $(settings_of "$b") == "$want" ]] || fail "b shows: $(settings_of "$b")"
    [[ $(GROCER_STORE=$b G weight goal) == "Goal: 11 st 9.14 lb (74 kg)" ]] || fail "b's goal in st: $(GROCER_STORE=$b G weight goal)"

    # Both change the goal: the server's (a's, synced first) shows, b's is
    # a conflict, and taking it sends it.
    GROCER_STORE=$a G weight goal 73 --unit kg >/dev/null || fail "goal on a"
    GROCER_STORE=$b G weight goal 72 --unit kg >/dev/null || fail "goal on b"
    GROCER_STORE=$a synced "sync: 0 received, 1 sent, no conflicts"
    GROCER_STORE=$b synced "sync: 1 received, 0 sent, 1 conflict"
    [[ $(GROCER_STORE=$b G weight goal --unit kg) == "Goal: 73 kg" ]] || fail "b's goal: $(GROCER_STORE=$b G weight goal)"
    local conflicts id
    conflicts=$(GROCER_STORE=$b G sync conflicts --json)
    [[ $(jq length <<<"$conflicts") == 1 ]] || fail "b's conflicts: $conflicts"
    id=$(jq -r '.[0].id' <<<"$conflicts")
    GROCER_STORE=$b G sync conflicts --take "$id" >/dev/null || fail "take $id on b: $conflicts"
    [[ $(GROCER_STORE=$b G weight goal --unit kg) == "Goal: 72 kg" ]] || fail "b's goal after take: $(GROCER_STORE=$b G weight goal)"
    GROCER_STORE=$b synced "sync: 0 received, 1 sent, no conflicts"
    GROCER_STORE=$a synced "sync: 1 received, 0 sent, no conflicts"
    [[ $(GROCER_STORE=$a G weight goal --unit kg) == "Goal: 72 kg" ]] || fail "a's goal: $(GROCER_STORE=$a G weight goal)"
    [[ $(GROCER_STORE=$a G weight list --json | jq length) == 1 ]] || fail "a's weights: $(GROCER_STORE=$a G weight list)"
}

for kind in radicale xandikos; do
    sync_test "$kind: the goal, unit and height on two stores" on_server the_settings_on_two_stores "$kind"
done
finish
