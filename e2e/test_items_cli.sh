#!/usr/bin/env bash
# The grocery commands: items add/list/edit/check/uncheck/clear/rm/export,
# aisles, storage and units; bad input, a missing id or name is one line
# and exit 2; commands that only read or need something there create no
# store. Plain bash (no tmux): every command answers once.
source "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || { echo "needs sqlite3"; exit 1; }

# Quantities are read and shown in the locale: these expect en_US unless told.
unset LC_ALL LC_NUMERIC
export LANG=en_US.UTF-8

G() { "$GROCER_BIN" "$@"; }

# The aisles a new store starts with under an English locale (issue 33).
ENGLISH_AISLES=(Produce Dairy Bakery "Meat & fish" Frozen Pantry Spices "Sweets & snacks" Drinks Household "Personal care")

# For the tests of aisles themselves: the store made, without the aisles a
# new store starts with (each taken away as the person would).
store_without_aisles() {
    G aisles add Mine >/dev/null || fail "aisles add Mine"
    [[ $(G aisles list | cut -f2 | head -1) == Produce ]] || fail "a new store's aisles: $(G aisles list)"
    local a
    G aisles list | cut -f2 | while IFS= read -r a; do G aisles rm "$a" >/dev/null || fail "aisles rm $a"; done
    [[ $(G aisles list) == "" ]] || fail "aisles left: $(G aisles list)"
}

# expect_error WANT_TEXT COMMAND...: exit 2 and one line on stderr holding WANT_TEXT.
expect_error() {
    local want=$1 out rc; shift
    out=$(G "$@" 2>&1 >/dev/null); rc=$?
    ((rc == 2)) || fail "$*: exit $rc, wanted 2 ($out)"
    [[ $(wc -l <<<"$out") == 1 ]] || fail "$*: not one line: $out"
    [[ $out == "grocer: "*"$want"* ]] || fail "$*: wanted '$want' in: $out"
}

add_list_and_json_show_quantity_unit_aisle_and_place() {
    local out
    out=$(G items add 2 kg flour --aisle Baking --stored-in Pantry) || fail "add: exit $?"
    [[ $out == "Added 2 kg flour (id 1) in Baking" ]] || fail "add said: $out"
    G items add "1.5 l milk" --aisle Dairy >/dev/null || fail "add milk"
    G items add "3 apples" >/dev/null || fail "add apples"
    out=$(G items list)
    [[ $out == $'1\t2 kg\tflour\tlisted\taisle Baking, stored in Pantry\n2\t1.5 l\tmilk\tlisted\taisle Dairy\n3\t3\tapples\tlisted\taisle Produce' ]] \
        || fail "list: $out"
    out=$(G items list --json)
    [[ $out == *'{"id": 1, "name": "flour", "quantity": 2, "amount": "2", "unit": "kg", "listed": true, "collected": false, "aisle": "Baking", "storedIn": "Pantry", "second": null, "note": ""}'* ]] \
        || fail "json flour: $out"
    [[ $out == *'{"id": 3, "name": "apples", "quantity": 3, "amount": "3", "unit": null, "listed": true, "collected": false, "aisle": "Produce", "storedIn": null, "second": null, "note": ""}'* ]] \
        || fail "json apples: $out"
    # apples, never filed, went in the new store's Produce (issue 33).
    # The same name again goes back on the list, with the new quantity.
    G items edit 1 --listed false >/dev/null || fail "edit --listed false"
    out=$(G items add "3 FLOUR") || fail "add again: exit $?"
    [[ $out == "Back on the list: 3 kg flour (id 1) in Baking" ]] || fail "add again said: $out"
    [[ $(G items list | wc -l) == 3 ]] || fail "a duplicate was added: $(G items list)"
    # A new store starts with the catalogue's aisles in the person's
    # language (issue 33); Baking, new, comes last.
    [[ $(sqlite3 "$GROCER_STORE" "SELECT name FROM aisle ORDER BY position") == "$(printf '%s\n' "${ENGLISH_AISLES[@]}" Baking)" ]] \
        || fail "aisles in the file: $(sqlite3 "$GROCER_STORE" "SELECT name FROM aisle ORDER BY position")"
}

decimal_quantities_follow_the_locale() {
    local out
    out=$(LANG=de_DE.UTF-8 G items add "1,5 kg Mehl") || fail "add in de_DE: exit $?"
    [[ $out == "Added 1,5 kg Mehl (id 1) in Vorrat" ]] || fail "de_DE add said: $out"
    # A store made under de_DE starts with German aisles (issue 33).
    [[ $(G aisles list | head -2) == $'1\tObst & Gemüse\n2\tMilchprodukte' ]] || fail "de_DE aisles: $(G aisles list)"
    [[ $(sqlite3 "$GROCER_STORE" "SELECT amount, quantity FROM item") == "1.5|2" ]] || fail "stored: $(sqlite3 "$GROCER_STORE" "SELECT * FROM item")"
    LANG=de_DE.UTF-8 expect_error 'is not a quantity' items add "1.5.2 kg Mehl"
    # One rule: the locale's separator and "." (not "1.500": 1,5 or 1500?).
    out=$(LANG=de_DE.UTF-8 G items add "0.5 l Saft") || fail "'.' in de_DE: exit $?"
    [[ $out == "Added 0,5 l Saft (id 2) in Getränke" ]] || fail "de_DE '.' said: $out"
    LANG=de_DE.UTF-8 expect_error 'could mean 1,5 or 1500' items add "1.500 kg Zucker"
    out=$(LANG=de_DE.UTF-8 G weight add 72,5 --unit kg) || fail "weight add 72,5 in de_DE: exit $?"
    [[ $out == "Saved 72.5 kg at "* ]] || fail "de_DE weight said: $out"
    LANG=en_US.UTF-8 expect_error "e.g. 72.5" weight add 72,5 --unit kg
    expect_error 'must be more than 0' items add "0 eggs"
    expect_error 'names no item' items add "2 kg"
    # A known name alone goes back on the list with the quantity it had.
    G items add "2 kg rice" >/dev/null || fail "add rice"
    G items add rice >/dev/null || fail "re-add rice"
    [[ $(G items export --format json) == *'"quantity": "2", "unit": "kg", "name": "rice"'* ]] \
        || fail "rice lost its quantity: $(G items export --format json)"
    expect_error 'control characters' items add $'milk\e[2J'
}

# Issue 33: an item on the list adds up; --replace sets; " @Aisle" files
# it; units that do not convert are both kept; --note travels to JSON and
# the export.
adding_what_is_already_there() {
    local out
    out=$(G items add "3 eggs") || fail "add eggs: exit $?"
    out=$(G items add "3 eggs") || fail "add eggs again: exit $?"
    [[ $out == "Now on the list: 6 eggs (id 1) in Dairy" ]] || fail "add again said: $out"
    G items add "2 kg flour" >/dev/null || fail "add flour"
    out=$(G items add "500 g flour") || fail "add 500 g: exit $?"
    [[ $out == "Now on the list: 2.5 kg flour (id 2) in Pantry" ]] || fail "2 kg + 500 g said: $out"
    out=$(G items add "200 g flour" --replace) || fail "--replace: exit $?"
    [[ $out == "Now on the list: 200 g flour (id 2) in Pantry" ]] || fail "--replace said: $out"
    G items add "2 cans tomatoes" >/dev/null || fail "add cans"
    out=$(G items add "400 g tomatoes") || fail "add 400 g: exit $?"
    [[ $out == "Now on the list: 2 can + 400 g tomatoes (id 3) in Produce" ]] || fail "cans + g said: $out"
    expect_error 'holds 2 can + 400 g already' items add "1 jar tomatoes"
    out=$(G items add "6 milk @Dairy" --note "the organic one") || fail "add @Dairy: exit $?"
    [[ $out == "Added 6 milk — the organic one (id 4) in Dairy" ]] || fail "@Dairy said: $out"
    out=$(G items list --json)
    [[ $out == *'"name": "milk", "quantity": 6, "amount": "6", "unit": null, "listed": true, "collected": false, "aisle": "Dairy", "storedIn": null, "second": null, "note": "the organic one"}'* ]] \
        || fail "json milk: $out"
    [[ $out == *'"name": "tomatoes", '*'"second": {"amount": "400", "unit": "g"}, "note": ""}'* ]] || fail "json tomatoes: $out"
    [[ $(G items export --format text) == *'[ ] 6 milk — the organic one'* ]] || fail "export: $(G items export --format text)"
    # A name filed before keeps its aisle.
    G items add "1 milk" >/dev/null || fail "add milk again"
    [[ $(G items list) == *$'4\t7\tmilk\tlisted\taisle Dairy\tnote: the organic one'* ]] || fail "list: $(G items list)"
    G items edit 4 --note "" >/dev/null || fail "edit --note ''"
    [[ $(sqlite3 "$GROCER_STORE" "SELECT note FROM item WHERE id = 4") == "" ]] || fail "note not taken away"
    expect_error 'one line of text' items add milk --note $'two\nlines'
}

edit_check_clear_and_rm() {
    local out
    G items add "2 kg flour" >/dev/null && G items add eggs >/dev/null && G items add ham >/dev/null || fail "adds"
    out=$(G items edit 2 --name Eggs --quantity 12 --unit "" --aisle Dairy --stored-in Fridge) || fail "edit: exit $?"
    [[ $out == "Changed 12 Eggs (id 2)" ]] || fail "edit said: $out"
    [[ $(G items list | sed -n 2p) == $'2\t12\tEggs\tlisted\taisle Dairy, stored in Fridge' ]] || fail "after edit: $(G items list)"
    [[ $(G items check 1) == "Ticked 2 kg flour (id 1)" ]] || fail "check 1"
    G items check 2 >/dev/null && G items uncheck 2 >/dev/null || fail "check/uncheck 2"
    [[ $(G items list | sed -n 1p) == $'1\t2 kg\tflour\tlisted, collected\taisle Pantry' ]] || fail "ticked: $(G items list)"
    [[ $(G items clear) == "Cleared 1 item off the list." ]] || fail "clear"
    [[ $(G items clear) == "Nothing is ticked; nothing was changed." ]] || fail "clear again"
    [[ $(G items list --listed | cut -f3) == $'Eggs\nham' ]] || fail "listed after clear: $(G items list --listed)"
    [[ $(G items rm 3) == "Deleted ham (id 3)" ]] || fail "rm"
    [[ $(G items list | cut -f1) == $'1\n2' ]] || fail "after rm: $(G items list)"
    expect_error 'already has an item named "flour"' items edit 2 --name FLOUR
    expect_error 'is not on the list' items check 1
    expect_error 'Say what to change' items edit 2
}

a_missing_id_is_one_line_and_creates_no_store() {
    local cmd
    for cmd in "rm 7" "check 7" "uncheck 7" "edit 7 --name x"; do
        # shellcheck disable=SC2086
        expect_error 'has no item with id 7' items $cmd
    done
    expect_error 'has no aisle named "Nope"' aisles rm Nope
    expect_error 'has no storage place named "Nope"' storage rename Nope Other
    expect_error 'has no unit named "Nope"' units rm Nope
    [[ $(G items list 2>/dev/null) == "" && $(G items export 2>/dev/null) == "" && $(G aisles list 2>/dev/null) == "" ]] || fail "read-only output"
    [[ $(G items clear 2>&1) == "Nothing is ticked; nothing was changed." ]] || fail "clear on no store"
    [[ ! -e $GROCER_STORE ]] || fail "a store was created"
    [[ ! -d $XDG_DATA_HOME ]] || fail "a folder was created"
    G items add milk >/dev/null || fail "add milk"
    expect_error 'has no item with id 7' items rm 7
    expect_error 'is not a quantity' items edit 1 --quantity lots
    expect_error '' items edit 1 --listed maybe
}

export_is_the_unticked_list_by_aisle_order() {
    local out
    store_without_aisles
    G items add "2 kg flour" --aisle Baking >/dev/null
    G items add "1 l milk" --aisle Dairy >/dev/null
    G items add "6 eggs" --aisle Dairy >/dev/null
    G items add salt >/dev/null
    G items add ham --aisle Deli >/dev/null
    G items check 5 >/dev/null
    G items add sugar --aisle Baking >/dev/null && G items edit 6 --listed false >/dev/null
    out=$(G aisles move dairy 1) || fail "move: exit $?"
    [[ $out == "Moved aisle Dairy to position 1 of 3." ]] || fail "move said: $out"
    out=$(G items export)
    [[ $out == $'## Dairy\n- [ ] 6 eggs\n- [ ] 1 l milk\n\n## Baking\n- [ ] 2 kg flour\n\n## Other\n- [ ] salt' ]] || fail "markdown: $out"
    [[ $(G items export --format text | head -2) == $'Dairy\n  [ ] 6 eggs' ]] || fail "text: $(G items export --format text)"
    out=$(G items export --format json)
    [[ $out == *'{"aisle": "Dairy", "items": ['* && $out == *'{"id": 1, "quantity": "2", "unit": "kg", "name": "flour"}'* ]] || fail "json: $out"
    expect_error '' items export --format pdf
}

aisles_storage_and_units_are_managed_by_name() {
    local out
    store_without_aisles
    for a in Produce Bakery Dairy; do G aisles add "$a" >/dev/null || fail "aisles add $a"; done
    [[ $(G aisles list) == $'1\tProduce\n2\tBakery\n3\tDairy' ]] || fail "aisles: $(G aisles list)"
    G aisles move produce 9 >/dev/null || fail "move past the end"
    G aisles rename BAKERY Bread >/dev/null || fail "rename"
    [[ $(G aisles list) == $'1\tBread\n2\tDairy\n3\tProduce' ]] || fail "after move/rename: $(G aisles list)"
    G items add bread --aisle bread >/dev/null || fail "add bread"
    [[ $(G aisles rm Bread) == "Deleted aisle Bread; its items keep working, in no aisle." ]] || fail "aisles rm"
    [[ $(G aisles list) == $'1\tDairy\n2\tProduce' ]] || fail "renumbered: $(G aisles list)"
    [[ $(G items list) == $'1\t1\tbread\tlisted' ]] || fail "bread lost its aisle: $(G items list)"
    expect_error 'already has an aisle named "Dairy"' aisles add dairy
    expect_error 'already has an aisle named "Dairy"' aisles rename Produce DAIRY
    expect_error 'position is 1 or more' aisles move Dairy 0
    expect_error 'cannot be empty' aisles add "  "

    G storage add Fridge >/dev/null && G storage add pantry >/dev/null || fail "storage add"
    [[ $(G storage list) == $'Fridge\npantry' ]] || fail "storage: $(G storage list)"
    G items edit 1 --stored-in fridge >/dev/null || fail "stored in"
    G storage rename Fridge Freezer >/dev/null || fail "storage rename"
    [[ $(G items list --json) == *'"storedIn": "Freezer"'* ]] || fail "renamed place: $(G items list --json)"
    G storage rm freezer >/dev/null || fail "storage rm"
    [[ $(G storage list) == pantry ]] || fail "storage after rm: $(G storage list)"
    expect_error 'already has a storage place named "pantry"' storage add PANTRY

    # A fresh store offers the common units; sqlite3 still shows them.
    [[ $(G units list | head -2) == $'g\nkg' ]] || fail "units: $(G units list)"
    [[ $(sqlite3 "$GROCER_STORE" "SELECT name FROM unit WHERE name = 'bottle'") == bottle ]] || fail "units in the file"
    G units add crate >/dev/null || fail "units add"
    G items add "2 CRATE beer" >/dev/null || fail "add with a new unit"
    [[ $(G items list | grep beer) == $'2\t2 crate\tbeer\tlisted' ]] || fail "crate: $(G items list)"
    G units rename crate kiste >/dev/null && G units rm kiste >/dev/null || fail "units rename/rm"
    [[ $(G items list | grep beer) == $'2\t2\tbeer\tlisted' ]] || fail "beer after its unit went: $(G items list)"
    # A deleted common unit typed again gets a row again.
    G units rm kg >/dev/null || fail "units rm kg"
    G items add "2 kg flour" >/dev/null || fail "add flour"
    [[ $(sqlite3 "$GROCER_STORE" "SELECT count(*) FROM unit WHERE name = 'kg'") == 1 ]] || fail "kg not back"
    expect_error 'already has a unit named "kg"' units add KG
}

names_from_the_file_are_shown_not_obeyed() {
    local out
    G items add milk --aisle Dairy >/dev/null || fail "add"
    sqlite3 "$GROCER_STORE" "UPDATE aisle SET name = 'D' || char(27) || '[2J' WHERE name = 'Dairy'; UPDATE item SET name = char(27) || ']0;pwned' || char(7);" || return 1
    out=$(G items list; G items export; G aisles list)
    [[ $out != *$'\e'* && $out != *$'\a'* ]] || fail "a control byte reached the terminal: $(od -c <<<"$out" | head -3)"
    [[ $out == *'aisle D^[[2J'* ]] || fail "aisle not visible: $out"
}

unreadable_rows_are_reported_after_the_rest() {
    local out rc
    G items add milk >/dev/null && G items add eggs >/dev/null || fail "adds"
    sqlite3 "$GROCER_STORE" "UPDATE item SET amount = '1.2.3' WHERE name = 'eggs'" || return 1
    out=$(G items list 2>"$TMPROOT/err"); rc=$?
    ((rc == 2)) || fail "exit $rc, wanted 2"
    [[ $out == $'1\t1\tmilk\tlisted\taisle Dairy' ]] || fail "readable rows: $out"
    grep -q "item id 2: amount" "$TMPROOT/err" || fail "stderr: $(cat "$TMPROOT/err")"
}

json_answers_the_items_and_names_changed() {
    local out
    store_without_aisles
    out=$(G items add 2 kg flour --aisle Baking --json) || fail "add: exit $?" || return 1
    jq -e '.id == 1 and .name == "flour" and .amount == "2" and .unit == "kg" and .aisle == "Baking" and .listed' \
        <<<"$out" >/dev/null || fail "add: $out"
    G items add eggs >/dev/null || return 1
    out=$(G items check 1 --json) || return 1
    jq -e '.id == 1 and .collected == true' <<<"$out" >/dev/null || fail "check: $out"
    out=$(G items edit 2 --quantity 12 --json) || return 1
    jq -e '.id == 2 and .quantity == 12' <<<"$out" >/dev/null || fail "edit: $out"
    out=$(G items clear --json) || return 1
    jq -e 'length == 1 and .[0].id == 1 and .[0].listed == false and .[0].collected == false' <<<"$out" >/dev/null \
        || fail "clear: $out"
    [[ $(G items clear --json) == "[]" ]] || fail "clear with nothing ticked: $(G items clear --json)"
    out=$(G items rm 2 --json) || return 1
    jq -e '.id == 2 and .name == "eggs"' <<<"$out" >/dev/null || fail "rm: $out"
    G aisles add Dairy >/dev/null || return 1
    out=$(G aisles move Dairy 1 --json) || return 1
    jq -e '. == [{"id": 2, "name": "Dairy", "position": 1}, {"id": 1, "name": "Baking", "position": 2}]' <<<"$out" >/dev/null \
        || fail "aisles move: $out"
    out=$(G aisles list --json) || return 1
    jq -e 'map(.name) == ["Dairy", "Baking"]' <<<"$out" >/dev/null || fail "aisles list: $out"
    out=$(G storage add Pantry --json) || return 1
    jq -e '.name == "Pantry" and (has("position") | not)' <<<"$out" >/dev/null || fail "storage add: $out"
    out=$(G units list --json) || return 1
    jq -e 'map(.name) | index("kg") != null' <<<"$out" >/dev/null || fail "units list: $out"
    expect_error 'is not on the list' items check 1 --json
}

many_items_at_once_from_a_list_or_a_recipe() {
    local out dir=$TMPROOT/many
    mkdir -p "$dir"
    G items add "2 kg flour" >/dev/null || fail "add flour"
    # A recipe site's page: its JSON-LD in an @graph, scaled from 4 to 6.
    cat >"$dir/quiche.html" <<'HTML'
<!doctype html><html><head>
<script type="application/ld+json">{"@graph": [{"@type": "WebSite", "name": "x"}, {"@type": "Recipe",
 "name": "Quiche Lorraine", "recipeYield": "4 servings",
 "recipeIngredient": ["200 g flour", "3 large eggs", "100 g bacon, diced", "salt to taste", "\u001b[2J1 cup"]}]}</script>
</head><body></body></html>
HTML
    out=$(G items add --recipe "$dir/quiche.html" --servings 6) || fail "recipe: exit $?"
    [[ $out == *"Now on the list: 2.3 kg flour (id 1) in Pantry"* ]] || fail "flour not summed: $out"
    [[ $out == *"Added 5 eggs — for Quiche Lorraine; large"* ]] || fail "eggs not scaled up to whole: $out"
    [[ $out == *"Added 150 g bacon — for Quiche Lorraine; diced"* ]] || fail "bacon: $out"
    [[ $out == *"Quiche Lorraine: for 6 (it serves 4), 4 added, 1 summed, 0 skipped." ]] || fail "summary: $out"
    [[ $out != *$'\e'* ]] || fail "a control character reached the output: $out"
    # One quick-add line a line from standard input; what cannot be read is skipped and said.
    out=$(printf '2 apples\n# a comment\n\n3 kg\n2 apples\n' | G items add -) || fail "stdin: exit $?"
    [[ $out == *"Added 2 apples"* && $out == *"Now on the list: 4 apples"* ]] || fail "stdin adds: $out"
    [[ $out == *"Skipped “3 kg”: "* && $out == *"1 added, 1 summed, 1 skipped." ]] || fail "stdin summary: $out"
    expect_error "holds no schema.org Recipe" items add --recipe <(echo '{"@type": "Person"}')
    expect_error "--servings goes with --recipe" items add milk --servings 2
    expect_error "no such file" items add --recipe "$dir/nothing.html"
}

run_test "add, list and --json show quantity, unit, aisle and place" add_list_and_json_show_quantity_unit_aisle_and_place
run_test "decimal quantities follow the locale; bad ones are one line" decimal_quantities_follow_the_locale
run_test "items add: an item on the list adds up, --replace, @aisle, units kept apart, --note" adding_what_is_already_there
run_test "edit, check, uncheck, clear and rm" edit_check_clear_and_rm
run_test "a missing id or name is one line, exit 2, and creates no store" a_missing_id_is_one_line_and_creates_no_store
run_test "export is the unticked list in aisle order" export_is_the_unticked_list_by_aisle_order
run_test "aisles, storage and units are managed by name" aisles_storage_and_units_are_managed_by_name
run_test "names from the file are shown, not obeyed" names_from_the_file_are_shown_not_obeyed
run_test "unreadable rows are reported after the rest" unreadable_rows_are_reported_after_the_rest
run_test "--json: items add/edit/check/clear/rm and the names print what changed" json_answers_the_items_and_names_changed
run_test "items add -, --from and --recipe: many items at once, scaled, each said" many_items_at_once_from_a_list_or_a_recipe
finish
