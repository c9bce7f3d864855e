#!/usr/bin/env bash
# The grocery list, end to end in tmux: F5 opens it; `a` adds two items
# with one line each; Tab to Shop; Space ticks one (it sinks to the bottom
# of its aisle); C asks and y clears it off the list; u undoes the Clear.
# Also: Alt-5, the filter ignoring accents, `?` and `q` typed as text in
# the add line and acting as help and quit in the list; names in natural
# order, the filter's whole words first; the manage screen's undo.
# shellcheck source=e2e/lib.sh
source "$(dirname "$0")/lib.sh"

app_ready() {
    [[ $(tm display-message -p -t "$SESSION" '#{alternate_on}') == 1 ]] && screen | grep -q '[^[:space:]]'
}

open_groceries() {
    start "$@"
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_for "Enter Today's Weight" || return 1
    send F5
    wait_for "No items yet" || return 1
}

# add LINE: types LINE in the open add line and waits for its message.
add() {
    type_text "$1"
    wait_for "Enter adds:" || return 1
    send Enter
}

add_list_tick_clear_undo() {
    open_groceries || return 1
    type_text "a"; wait_for "Add:" || return 1
    add "2 kg flour" || return 1
    wait_for "Added flour" || return 1
    add "3 beans" || return 1
    wait_for "Added beans" || return 1
    send Escape; wait_gone "Add:" || return 1
    wait_line '^ +\[x\] beans +3$' || return 1
    wait_line '^ +\[x\] flour +2 kg$' || return 1
    wait_for "2 of 2 on the list" || return 1
    send Tab; wait_for "0 of 2 ticked" || return 1
    # Both went in the new store's Pantry, by the catalogue (issue 33).
    wait_line '^ Pantry$' || return 1
    # beans is first (by name) and selected: tick it; it sinks below flour.
    send Space; wait_for "1 of 2 ticked" || return 1
    wait_line '^ +\[x\] beans +3$' || return 1
    screen | grep -A1 -E '\[ \] flour' | grep -qE '\[x\] beans' || fail "beans did not sink below flour" || return 1
    type_text "C"; wait_for "Take the 1 ticked item off the list? (y/n)" || return 1
    type_text "y"; wait_for "Cleared 1 item (u undoes)" || return 1
    wait_for "0 of 1 ticked" || return 1
    wait_gone "beans" || return 1
    type_text "u"; wait_for "Undid: clear 1 item." || return 1
    wait_line '^ +\[x\] beans +3$' || return 1
    wait_for "1 of 2 ticked" || return 1
    # What the screen did is in the store.
    send F10; wait_for "[exit 0]" || return 1
    local listed
    listed=$("$GROCER_BIN" items list --listed 2>&1)
    grep -q beans <<<"$listed" || fail "beans not listed after undo: $listed" || return 1
    grep -q flour <<<"$listed" || fail "flour not listed: $listed" || return 1
}

# Issue 33: "3 eggs" twice is 6 eggs, said before Enter; u undoes the sum;
# eggs, never filed, go in the new store's Dairy, said before Enter;
# "3 eggs @Chilled" files eggs in a new aisle.
adding_what_is_already_there() {
    open_groceries || return 1
    type_text "a"; wait_for "Add:" || return 1
    type_text "3 eggs"; wait_for "Enter adds: 3 · eggs in Dairy" || return 1
    send Enter
    wait_for "Added eggs" || return 1
    type_text "3 eggs"; wait_for "Enter adds 3: 6 · eggs in Dairy" || return 1
    send Enter; wait_line '^ +\[x\] eggs +6$' || return 1
    send Escape; wait_gone "Add:" || return 1
    type_text "u"; wait_for "Undid: add 3 to eggs." || return 1
    wait_line '^ +\[x\] eggs +3$' || return 1
    type_text "a"; wait_for "Add:" || return 1
    type_text "3 eggs @Chilled"; wait_for "Enter adds 3: 6 · eggs in Chilled (a new aisle)" || return 1
    send Enter; wait_line '^ +\[x\] eggs +6$' || return 1
    # The Shop groups by aisle: eggs are under Chilled.
    send Escape; wait_gone "Add:" || return 1
    send Tab; wait_line '^ Chilled$' || return 1
    wait_line '^ +\[ \] eggs +6$' || return 1
    send F10; wait_for "[exit 0]" || return 1
    [[ $("$GROCER_BIN" items list) == $'1\t6\teggs\tlisted\taisle Chilled' ]] || fail "store: $("$GROCER_BIN" items list)" || return 1
}

alt5_filter_and_keys_typed_as_text() {
    "$GROCER_BIN" items add "Crème fraîche" >/dev/null || fail "items add failed" || return 1
    "$GROCER_BIN" items add "milk" >/dev/null || return 1
    start
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_for "Enter Today's Weight" || return 1
    send M-5; wait_for "2 of 2 on the list" || return 1
    type_text "/creme"; wait_line '^ / creme$' || return 1
    wait_gone "milk" || return 1
    wait_for "Crème fraîche" || return 1
    send Escape; wait_for "milk" || return 1
    # In the add line, ? and q are text.
    type_text "a"; wait_for "Add:" || return 1
    type_text "q?"; wait_line '^ Add: q\?$' || return 1
    send Escape; wait_gone "Add:" || return 1
    # In the list they are help and quit; the bottom row names both.
    wait_line 'F1 Help.*F10 Quit' || return 1
    type_text "?"; wait_for "grocer — keys" || return 1
    send Escape; wait_for "Crème fraîche" || return 1
    type_text "q"; wait_for "[exit 0]" || return 1
}

# The names of the items on the screen, top to bottom, comma-separated.
item_order() { screen | grep -o 'item [0-9]*' | tr '\n' ,; }
shows_order() { [[ $(item_order) == "$1" ]]; }

natural_order_whole_words_first_and_manage_undo() {
    local n
    # A store without the aisles a new one starts with (issue 33): Dairy
    # is the only one.
    "$GROCER_BIN" aisles add Dairy >/dev/null 2>&1
    sqlite3 "$GROCER_STORE" 'DELETE FROM aisle' || return 1
    for n in 10 2 1099 99; do "$GROCER_BIN" items add "item $n" --aisle Dairy >/dev/null || return 1; done
    start
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_for "Enter Today's Weight" || return 1
    send F5; wait_for "4 of 4 on the list" || return 1
    until_screen shows_order "item 2,item 10,item 99,item 1099," || fail "not in natural order: $(item_order)" || return 1
    type_text "/99"; wait_line '^ / 99$' || return 1
    until_screen shows_order "item 99,item 1099," || fail "not whole words first: $(item_order)" || return 1
    send Escape; wait_for "item 10 " || return 1

    type_text "m"; wait_for "Manage" || return 1
    wait_for "1. Dairy" || return 1
    type_text "d"; wait_for "Delete “Dairy”?" || return 1
    type_text "y"; wait_for "Deleted Dairy (u undoes)" || return 1
    [[ $(sqlite3 "$GROCER_STORE" 'SELECT count(*) FROM item WHERE aisle_id IS NOT NULL') == 0 ]] || fail "the aisle was not deleted"
    type_text "u"; wait_for "Undid: delete Dairy." || return 1
    wait_for "1. Dairy" || return 1
    [[ $(sqlite3 "$GROCER_STORE" 'SELECT count(*) FROM item WHERE aisle_id IS NOT NULL') == 4 ]] || fail "the items did not get their aisle back"
    send End; type_text "r"; wait_for "Rename to: Dairy" || return 1
    send BSpace BSpace BSpace BSpace BSpace; type_text "Milk bar"; send Enter
    wait_for "Renamed Dairy to Milk bar" || return 1
    type_text "u"; wait_for "Undid: rename Dairy to Milk bar." || return 1
    [[ $(sqlite3 "$GROCER_STORE" 'SELECT name FROM aisle') == Dairy ]] || fail "the rename was not undone"
}

run_test "groceries: add two, list, Shop, tick, Clear (y), undo" add_list_tick_clear_undo
run_test "groceries: 3 eggs twice are 6 (said before Enter), u undoes the sum, eggs in Dairy, @Chilled files it" adding_what_is_already_there
run_test "groceries: Alt-5, filter ignores accents, ? and q typed in the add line" alt5_filter_and_keys_typed_as_text
run_test "groceries: natural order, whole words first, manage's u undoes a delete and a rename" natural_order_whole_words_first_and_manage_undo
finish
