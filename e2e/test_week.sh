#!/usr/bin/env bash
# A household's week with the list (issue 33), end to end on Radicale: two
# shops with their own aisle orders over the aisles a new store starts
# with; Monday's list typed as quick-add lines (`items add -`), each name
# filed in its aisle by the catalogue; Wednesday's quiche read from a
# recipe site's page, scaled to 8, its flour and eggs adding up to what
# is listed; the partner's phone adds "3 apples" to the listed apples,
# a new item with a note, and ticks the eggs; then the grocery screen in
# tmux, Tab through Market and Super, each in its order, with what the
# phone did; and the phone sees what grocer summed.
# shellcheck source=e2e/lib.sh
source "$(dirname "$0")/lib.sh"
# shellcheck source=e2e/caldav.sh
source "$ROOT/e2e/caldav.sh"
# shellcheck source=e2e/sync.sh
source "$ROOT/e2e/sync.sh"
needs_tools radicale curl jq

app_ready() {
    [[ $(tm display-message -p -t "$SESSION" '#{alternate_on}') == 1 ]] && screen | grep -q '[^[:space:]]'
}

# NAME's amount, unit, listed and ticked, tab-separated.
item() { listed | awk -F'\t' -v n="$1" '$1 == n { print $2 "\t" $3 "\t" $4 "\t" $5 }'; }

the_whole_week() {
    serve radicale || return 1
    local out
    G shops add Market >/dev/null && G shops add Super >/dev/null || return 1
    G shops order Market Produce Dairy >/dev/null || return 1
    G shops hide Market Bakery >/dev/null || return 1
    # Monday: the week's list, one quick-add line each.
    out=$(printf '2 kg flour\n6 eggs\napples\nbread\n1 l milk\n' | G items add -) || fail "items add -: exit $?: $out" || return 1
    [[ $out == *"5 added, 0 summed, 0 skipped."* ]] || fail "Monday's list: $out" || return 1
    out=$(G items list --json | jq -r '[.[] | "\(.name)=\(.aisle)"] | sort | join(" ")')
    [[ $out == "apples=Produce bread=Bakery eggs=Dairy flour=Pantry milk=Dairy" ]] || fail "the catalogue's aisles: $out" || return 1
    G items edit "$(item_id apples)" --shop Market >/dev/null || return 1
    G items edit "$(item_id bread)" --shop Super >/dev/null || return 1
    # Wednesday: a quiche for 8 from a recipe site's page (it serves 4).
    cat >"$TMPROOT/quiche.html" <<'HTML'
<!doctype html><html><head><title>Quiche</title>
<script type="application/ld+json">{"@context": "https://schema.org", "@graph": [{"@type": "WebPage"}, {"@type": "Recipe",
 "name": "Quiche Lorraine", "recipeYield": ["4", "4 servings"],
 "recipeIngredient": ["200 g flour", "3 large eggs", "250 ml milk", "100 g bacon, diced", "salt to taste"]}]}</script>
</head><body>Quiche</body></html>
HTML
    out=$(G items add --recipe "$TMPROOT/quiche.html" --servings 8) || fail "recipe: exit $?: $out" || return 1
    [[ $out == *"Now on the list: 2.4 kg flour"* ]] || fail "flour did not add up: $out" || return 1
    [[ $out == *"Now on the list: 12 eggs"* ]] || fail "eggs did not add up: $out" || return 1
    [[ $out == *"Now on the list: 1.5 l milk"* ]] || fail "milk did not add up in litres: $out" || return 1
    [[ $out == *"Added 200 g bacon"* ]] || fail "bacon: $out" || return 1
    # The partner's phone, through the household's Radicale.
    set_up >/dev/null 2>&1 || fail "sync setup" || return 1
    synced || return 1
    phone_new oatmilk.ics "SUMMARY:oat milk" "DESCRIPTION:the barista one"
    phone_new apples.ics "SUMMARY:3 apples"
    phone_edit "$(phone_name "12 eggs")" STATUS=COMPLETED PERCENT-COMPLETE=100 COMPLETED=20261125T130000Z || return 1
    synced || return 1
    synced || return 1
    [[ $(item apples) == $'4\t-\ttrue\tfalse' ]] || fail "apples after the phone's 3: $(item apples)" || return 1
    [[ $(item eggs) == $'12\t-\ttrue\ttrue' ]] || fail "eggs after the phone's tick: $(item eggs)" || return 1
    [[ $(G items list --json | jq -r '.[] | select(.name == "oat milk") | .note') == "the barista one" ]] \
        || fail "the phone's note: $(G items list --json)" || return 1
    [[ -n $(phone_name "4 apples") ]] || fail "the phone never saw 4 apples: $(phone_list)" || return 1
    # Saturday: at the market, then the supermarket.
    start
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_for "Enter Today's Weight" || return 1
    send F5; wait_for "Tab Market" || return 1
    send Tab; wait_for " Shop: Market " || return 1
    in_order '^ Produce$' '\[ \] apples' '^ Dairy$' '\[ \] milk' '\[x\] eggs' '^ Pantry$' '\[ \] flour' || return 1
    # The phone's oat milk, filed by the catalogue in Dairy (issue 33).
    in_order '^ Dairy$' '\[ \] oat milk' '^ Pantry$' || return 1
    shows "bread" && { fail "Market lists bread (Super only)"; return 1; }
    send Tab; wait_for " Shop: Super " || return 1
    in_order '^ Dairy$' '\[ \] milk' '\[x\] eggs' '^ Bakery$' '\[ \] bread' '^ Pantry$' '\[ \] flour' || return 1
    shows "apples" && { fail "Super lists apples (Market only)"; return 1; }
    send F10; wait_for "[exit 0]" || return 1
}

sync_test "a household's week: two shops, a recipe, a partner's phone" on_server the_whole_week
finish
