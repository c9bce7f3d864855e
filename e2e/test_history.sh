#!/usr/bin/env bash
# The weight history (F3): the graph and the list over every entry, delete
# and undo, edit, the goal (t), End and G to the very oldest; against the
# real binary in an 80x24 tmux pane.
source "$(dirname "$0")/lib.sh"

# fill N: N entries in kg, one a day at noon UTC ending yesterday, written
# with sqlite3 as another program could; the store rebuilds its per-day
# table (weight_day) when it next reads it.
fill() {
    "$GROCER_BIN" unit kg >/dev/null || return 1
    sqlite3 "$GROCER_STORE" "
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1)
        INSERT INTO weight_entry (value, unit, recorded_at)
        SELECT printf('%d.%d', 70 + i % 15, i % 10), 'kg',
               (CAST(strftime('%s', 'now') AS INTEGER) / 86400 - i) * 86400 + 43200 FROM n;
        DELETE FROM setting WHERE key = 'weight_day.zone';" || return 1
}

# Some cell holds a braille character (U+2801-U+28FF: E2 A0 81 to E2 A3 BF).
has_braille() { screen | LC_ALL=C grep -q $'\xe2[\xa0-\xa3]'; }

graph_and_list_then_delete_undo_edit_goal_and_end() {
    fill 30 || return 1
    start
    wait_for "Enter Today's Weight" || return 1
    send F3
    wait_for "Weight History" || return 1
    wait_for "1 of 30" || return 1
    expect_screen "┤" || return 1
    has_braille || fail "no braille dots in the graph"
    expect_screen "Trend [0-9]+\.[0-9] kg" || return 1
    expect_screen "\[3m\]" || return 1
    expect_screen "F1 Help" || return 1
    expect_screen "F10 Quit" || return 1

    send Down
    wait_for "2 of 30" || return 1
    type_text "d"
    wait_for "Press u to undo." || return 1
    wait_for "2 of 29" || return 1
    [[ $(sqlite3 "$GROCER_STORE" 'SELECT count(*) FROM weight_entry') == 29 ]] || fail "not deleted in the store"
    type_text "u"
    wait_for "Restored" || return 1
    wait_for "of 30" || return 1
    [[ $(sqlite3 "$GROCER_STORE" 'SELECT count(*) FROM weight_entry') == 30 ]] || fail "not restored in the store"

    type_text "e"
    wait_for "Edit: [" || return 1
    send BSpace BSpace BSpace BSpace BSpace
    type_text "66.6"
    wait_for "Edit: [66.6]" || return 1
    send Enter
    wait_for "Changed to 66.6 kg" || return 1
    "$GROCER_BIN" weight list --json | grep -q '"value": 66.6, "unit": "kg"' || fail "edit not in the store"
    type_text "u"
    wait_for "Undid the edit" || return 1
    "$GROCER_BIN" weight list --json | grep -q '"value": 66.6' && fail "the edit was not undone"

    type_text "t"
    wait_for "Goal: [" || return 1
    type_text "60"
    send Enter
    wait_for "Goal set: 60 kg." || return 1
    expect_screen "Goal 60\.0 kg" || return 1

    send End
    wait_for "30 of 30" || return 1
    send Home
    wait_for "1 of 30" || return 1
    # g and G jump as on every list (the goal is t).
    type_text "G"
    wait_for "30 of 30" || return 1
    type_text "g"
    wait_for "1 of 30" || return 1
    lacks "Goal: [" || fail "g opened the goal" || return 1
    type_text "q"
    wait_for "[exit 0]" || return 1
}

end_reaches_the_oldest_of_thousands_and_keys_change_the_range() {
    fill 5000 || return 1
    start
    wait_for "Enter Today's Weight" || return 1
    send F3
    wait_for "1 of 5,000" || return 1
    send End
    wait_for "5,000 of 5,000" || return 1
    send Up
    wait_for "4,999 of 5,000" || return 1
    send PageUp
    wait_line "4,99[0-9] of 5,000" || return 1
    type_text "]"
    wait_for "[6m]" || return 1
    type_text "6"
    wait_for "[all]" || return 1
    # Help opens at the history's own keys; PgDn goes on a page (20 rows,
    # not 10), past the tip calculator's to the grocery list's.
    type_text "?"
    wait_for "Weight history" || return 1
    wait_for "graph range" || return 1
    send PageDown
    wait_for "switch Prepare and Shop" || return 1
}

# all over a long history (issue 35): the graph from the store's blocks of
# days (weight_block), made on the first 6 and kept; the axis names the
# first day; a save made again only the blocks that reach it.
all_over_a_long_history_draws_the_stores_blocks() {
    fill 20000 || return 1
    local first
    first=$(LC_ALL=en_US.UTF-8 date -u -d "@$(( ($(date +%s) / 86400 - 20000) * 86400 ))" '+%b %-d, %Y')
    start
    wait_for "Enter Today's Weight" || return 1
    # The store's unit shown: the store has opened (a key before it, on a
    # first frame that guessed lbs, is dropped with the rest typed).
    wait_for "kg ^U" || return 1
    send F3
    wait_for "1 of 20,000" || return 1
    type_text "6"
    wait_for "[all]" || return 1
    wait_for "$first" || return 1
    has_braille || fail "no braille dots in the graph"
    # 20,000 days in 160 dots: blocks of 16 days, and the 4-day ones under them.
    local kept
    kept=$(sqlite3 "$GROCER_STORE" 'SELECT count(*) FROM weight_block WHERE size = 16')
    ((kept >= 1240 && kept <= 1252)) || fail "blocks of 16 days kept: $kept"
    send F2
    wait_for "Enter Today's Weight" || return 1
    type_text "71.5"
    send Enter
    wait_for "Saved 71.5 kg" || return 1
    wait_for "1 of 20,001" || return 1
    wait_for "[all]" || return 1
    wait_for "$first" || return 1
    [[ $(sqlite3 "$GROCER_STORE" 'SELECT count(*) FROM weight_block WHERE size = 16') -ge $kept ]] || fail "blocks not made again"
}

saving_a_weight_shows_the_history_with_it() {
    "$GROCER_BIN" unit kg >/dev/null || return 1
    start
    wait_weight_screen kg || return 1
    type_text "72.5"
    send Enter
    wait_for "Saved 72.5 kg" || return 1
    wait_for "1 of 1" || return 1
    expect_screen "72\.5 kg" || return 1
    expect_screen "Trend 72\.5 kg" || return 1
}

# w: the weeks (their figures as grocer weight averages has them), then
# the months, then the entries; Esc goes back to the entries, then to
# today's weight.
weeks_and_months_with_w() {
    fill 30 || return 1
    local newest mean low high count
    newest=$("$GROCER_BIN" weight averages --by week --json | jq -c '.periods[-1]') || return 1
    mean=$(jq -r '.mean' <<<"$newest" | xargs printf '%.2f')
    low=$(jq -r '.min' <<<"$newest" | xargs printf '%.2f')
    high=$(jq -r '.max' <<<"$newest" | xargs printf '%.2f')
    count=$(jq -r '.count' <<<"$newest")
    start
    wait_for "Enter Today's Weight" || return 1
    send F3
    wait_for "1 of 30" || return 1
    expect_screen "w Weeks" || return 1
    type_text "w"
    wait_for "Week of (kg)" || return 1
    wait_line "^  [A-Z][a-z]{2} [0-9]+, [0-9]{4} +$mean +$low +$high +$count +" || return 1
    wait_gone "…" || return 1
    send Down
    wait_line "2 of [0-9]" || return 1
    type_text "w"
    wait_for "Month (kg)" || return 1
    send Escape
    wait_for "Entries, newest first" || return 1
    wait_for "1 of 30" || return 1
    send Escape
    wait_for "Enter Today's Weight" || return 1
}

run_test "graph and list, delete and undo, edit, goal (t), End, G and g" graph_and_list_then_delete_undo_edit_goal_and_end
run_test "End reaches the oldest of 5,000; ranges by key" end_reaches_the_oldest_of_thousands_and_keys_change_the_range
run_test "all over 20,000 days draws the store's blocks" all_over_a_long_history_draws_the_stores_blocks
run_test "saving a weight shows the history with it" saving_a_weight_shows_the_history_with_it
run_test "w shows the weeks, then the months; Esc goes back" weeks_and_months_with_w
finish
