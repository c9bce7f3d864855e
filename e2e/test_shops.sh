#!/usr/bin/env bash
# Shops (issue 33), end to end in tmux: two shops with their own aisle
# orders (Market walks Produce first and has no Bakery; Super keeps the
# default order), items added to each with `items add --shop`; on the
# grocery screen Tab goes Prepare, Market, Super, Prepare, the header
# naming the shop and each listing its items and those bought anywhere in
# its order. A shop added in the manage screen (m) with its aisles ordered
# by K and J, and Shop mode in that order; one deleted there and brought
# back by u. Then the command line's views
# of the same, and an unknown shop refused with the known ones named.
# shellcheck source=e2e/lib.sh
source "$(dirname "$0")/lib.sh"

app_ready() {
    [[ $(tm display-message -p -t "$SESSION" '#{alternate_on}') == 1 ]] && screen | grep -q '[^[:space:]]'
}

# A store without the aisles a new one starts with (issue 33): Bakery,
# Dairy and Produce only, so that the shops' orders are all there is.
only_three_aisles() {
    local a
    "$GROCER_BIN" aisles add Bakery >/dev/null 2>&1
    sqlite3 "$GROCER_STORE" 'DELETE FROM aisle' || return 1
    for a in Bakery Dairy Produce; do "$GROCER_BIN" aisles add "$a" >/dev/null || return 1; done
}

setup_two_shops() {
    only_three_aisles || return 1
    "$GROCER_BIN" shops add Market >/dev/null || return 1
    "$GROCER_BIN" shops add Super >/dev/null || return 1
    "$GROCER_BIN" shops order Market Produce Dairy >/dev/null || return 1
    "$GROCER_BIN" shops hide Market Bakery >/dev/null || return 1
    "$GROCER_BIN" items add apples --aisle Produce --shop Market >/dev/null || return 1
    "$GROCER_BIN" items add cheese --aisle Dairy --shop Market --shop Super >/dev/null || return 1
    "$GROCER_BIN" items add bread --aisle Bakery --shop Super >/dev/null || return 1
    "$GROCER_BIN" items add milk --aisle Dairy >/dev/null || return 1
    "$GROCER_BIN" items add candles >/dev/null || return 1
}

tab_through_two_shops() {
    setup_two_shops || { fail "setting up the shops failed"; return 1; }
    start
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_for "Enter Today's Weight" || return 1
    send F5; wait_for "5 of 5 on the list" || return 1
    wait_for "Tab Market" || return 1
    send Tab; wait_for " Shop: Market " || return 1
    wait_for "Tab Super" || return 1
    in_order '^ Produce$' '\[ \] apples' '^ Dairy$' '\[ \] cheese' '\[ \] milk' '^ No aisle$' '\[ \] candles' || return 1
    shows "bread" && { fail "Market lists bread (Super only, and Market has no Bakery)"; return 1; }
    send Tab; wait_for " Shop: Super " || return 1
    in_order '^ Bakery$' '\[ \] bread' '^ Dairy$' '\[ \] cheese' '\[ \] milk' '^ No aisle$' '\[ \] candles' || return 1
    shows "apples" && { fail "Super lists apples (Market only)"; return 1; }
    # Space ticks in a shop as in Shop.
    send Space; wait_for "1 of 5 ticked" || return 1
    send Tab; wait_gone " Shop: Super " || return 1
    wait_for "5 of 5 on the list" || return 1
    send BTab; wait_for " Shop: Super " || return 1
    send F10; wait_for "[exit 0]" || return 1
}

command_line_views() {
    setup_two_shops || { fail "setting up the shops failed"; return 1; }
    local out
    out=$("$GROCER_BIN" shops list)
    [[ $out == $'Market\tProduce, Dairy\nSuper\tBakery, Dairy, Produce' ]] || fail "shops list: $out" || return 1
    out=$("$GROCER_BIN" items list --shop Market | cut -f3)
    [[ $out == $'apples\ncheese\nmilk\ncandles' ]] || fail "items list --shop Market: $out" || return 1
    out=$("$GROCER_BIN" items export --shop Super --format text)
    [[ $out == $'Bakery\n  [ ] bread\n\nDairy\n  [ ] cheese\n  [ ] milk\n\nOther\n  [ ] candles' ]] || fail "export --shop Super: $out" || return 1
    local status=0
    out=$("$GROCER_BIN" items add eggs --shop Aldi 2>&1) || status=$?
    ((status == 2)) || fail "an unknown shop exited $status" || return 1
    [[ $out == *'has no shop named "Aldi" (its shops: Market, Super)'* ]] || fail "unknown shop said: $out" || return 1
    [[ $(printf '%s\n' "$out" | wc -l) == 1 ]] || fail "more than one line: $out" || return 1
    "$GROCER_BIN" items list | grep -q eggs && fail "eggs was added" && return 1
    out=$("$GROCER_BIN" shops rm Market) || return 1
    [[ $out == "Deleted shop Market; 2 items no longer name it." ]] || fail "shops rm said: $out" || return 1
    out=$("$GROCER_BIN" items list --shop Super | cut -f3)
    [[ $out == $'bread\ncheese\nmilk\napples\ncandles' ]] || fail "after rm Market, Super: $out" || return 1
}

# The manage screen (m): a shop added on Shops, its aisles ordered with
# K and J, and Shop mode walking that order.
manage_orders_a_shop() {
    only_three_aisles || return 1
    "$GROCER_BIN" items add bread --aisle Bakery >/dev/null || return 1
    "$GROCER_BIN" items add milk --aisle Dairy >/dev/null || return 1
    "$GROCER_BIN" items add apples --aisle Produce >/dev/null || return 1
    start
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_for "Enter Today's Weight" || return 1
    send F5; wait_for "3 of 3 on the list" || return 1
    send m; wait_for "3. Produce" || return 1
    send Tab; wait_for "No shops yet" || return 1
    send a; wait_for "New name:" || return 1
    type_text "Corner"; send Enter; wait_for "Added Corner" || return 1
    send Enter; wait_for "Corner: its aisles in the order you walk them" || return 1
    in_order '1\. Bakery' '2\. Dairy' '3\. Produce' || return 1
    # Produce to the top, then Bakery below Dairy.
    send End K K; wait_for "1. Produce" || return 1
    in_order '1\. Produce' '2\. Bakery' '3\. Dairy' || return 1
    send Down J; wait_for "3. Bakery" || return 1
    in_order '1\. Produce' '2\. Dairy' '3\. Bakery' || return 1
    send Escape; wait_for "Corner" || return 1
    send Escape; wait_for "3 of 3 on the list" || return 1
    send Tab; wait_for " Shop: Corner " || return 1
    in_order '^ Produce$' '\[ \] apples' '^ Dairy$' '\[ \] milk' '^ Bakery$' '\[ \] bread' || return 1
    send F10; wait_for "[exit 0]" || return 1
    local out
    out=$("$GROCER_BIN" shops list)
    [[ $out == $'Corner\tProduce, Dairy, Bakery' ]] || fail "shops list after m: $out" || return 1
}

# The manage screen's u (issue 33): Market deleted by mistake comes back
# with its aisle order, the aisle it hides and its items, as a deleted
# item or aisle does.
manage_undoes_a_shops_delete() {
    setup_two_shops || { fail "setting up the shops failed"; return 1; }
    local shops items
    shops=$("$GROCER_BIN" shops list) items=$("$GROCER_BIN" items list --json)
    start
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_for "Enter Today's Weight" || return 1
    send F5; wait_for "5 of 5 on the list" || return 1
    send m; wait_for "3. Produce" || return 1
    send Tab; wait_for "Market  (2 items)" || return 1
    send d; wait_for "2 items lose it. (y/n)" || return 1
    send y; wait_for "Deleted Market; 2 items lost it (u undoes)" || return 1
    [[ $("$GROCER_BIN" shops list) == $'Super\tBakery, Dairy, Produce' ]] || fail "after the delete: $("$GROCER_BIN" shops list)" || return 1
    send u; wait_for "Undid: delete Market." || return 1
    wait_for "Market  (2 items)" || return 1
    send Escape; wait_for "5 of 5 on the list" || return 1
    send Tab; wait_for " Shop: Market " || return 1
    in_order '^ Produce$' '\[ \] apples' '^ Dairy$' '\[ \] cheese' '\[ \] milk' '^ No aisle$' '\[ \] candles' || return 1
    shows "bread" && { fail "Market lists bread (Super only, and Market has no Bakery)"; return 1; }
    send F10; wait_for "[exit 0]" || return 1
    [[ $("$GROCER_BIN" shops list) == "$shops" ]] || fail "shops list after u: $("$GROCER_BIN" shops list)" || return 1
    [[ $("$GROCER_BIN" items list --json) == "$items" ]] || fail "the items' shops after u: $("$GROCER_BIN" items list --json)" || return 1
}

run_test "shops: Tab goes Prepare, Market, Super, Prepare; each in its order" tab_through_two_shops
run_test "shops: m adds a shop and orders its aisles with K and J; Shop mode follows" manage_orders_a_shop
run_test "shops: u on the manage screen brings back a deleted shop, its order, hidden aisle and items" manage_undoes_a_shops_delete
run_test "shops: list, items list and export --shop, an unknown shop refused" command_line_views
finish
