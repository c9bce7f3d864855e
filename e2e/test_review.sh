#!/usr/bin/env bash
# Issue 33, many items at once on the grocery screen, in tmux: a bracketed
# paste of three lines opens the review, Space skips one, Enter adds the
# other two (one u takes both back); R with a schema.org JSON-LD recipe
# file reads it into the review; a missing file is one line; the terminal
# is asked for bracketed paste and left without it.
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

paste_three_skip_one_add_two() {
    open_groceries || return 1
    # paste-buffer -p brackets the paste only when the application asked.
    tm set-buffer -b three "$(printf '2 kg flour\n3 eggs\nmilk')"
    tm paste-buffer -p -b three -t "$SESSION"
    wait_for "Review: 3 lines pasted" || return 1
    wait_line '^ \[x\] 3 eggs +new: 3$' || return 1
    send Down; send Space
    wait_line '^ \[ \] 3 eggs +skipped$' || return 1
    wait_for "Enter adds 2 of 3" || return 1
    send Enter
    wait_for "Added 2 items (u takes it back)" || return 1
    wait_line '^ +\[x\] flour +2 kg$' || return 1
    wait_line '^ +\[x\] milk +1$' || return 1
    lacks "eggs" || fail "the skipped line was added" || return 1
    type_text "u"; wait_for "Undid: add 2 items." || return 1
    wait_for "No items yet" || return 1
    send F10; wait_for "[exit 0]" || return 1
    [[ $("$GROCER_BIN" items list 2>&1) == "" ]] || fail "items left after the undo: $("$GROCER_BIN" items list 2>&1)" || return 1
}

recipe_file_into_the_review() {
    mkdir -p "$TMPROOT/home"
    cat >"$TMPROOT/home/quiche.json" <<'JSON'
{"@context": "https://schema.org", "@type": "Recipe", "name": "Quiche Lorraine",
 "recipeYield": "4 servings",
 "recipeIngredient": ["200 g flour", "3 large eggs", "250 ml milk", "salt to taste"]}
JSON
    open_groceries HOME="$TMPROOT/home" || return 1
    type_text "R"; wait_for "Recipe file:" || return 1
    type_text "~/missing.json"; send Enter
    wait_for "there is no such file" || return 1
    lacks "Review:" || fail "a review opened for a missing file" || return 1
    type_text "R"; wait_for "Recipe file: ~/missing.json" || return 1
    send C-u; type_text "~/quiche.json"; send Enter
    wait_for "Review: Quiche Lorraine, 4 lines, for 4 (it serves 4)" || return 1
    wait_line '^ \[x\] 3 large eggs +new: 3$' || return 1
    type_text "++"
    wait_for "for 6 (it serves 4)" || return 1
    wait_line '^ \[x\] 3 large eggs +new: 5$' || return 1
    send Enter
    wait_for "Added 4 items" || return 1
    send F10; wait_for "[exit 0]" || return 1
    local listed
    listed=$("$GROCER_BIN" items list --json 2>&1)
    grep -q '"note" *: *"for Quiche Lorraine; large"' <<<"$listed" || fail "eggs do not note the recipe: $listed" || return 1
    grep -q '"name" *: *"flour"' <<<"$listed" || fail "no flour: $listed" || return 1
}

run_test "review: a paste of three lines, Space skips one, Enter adds two, u takes both back" paste_three_skip_one_add_two
run_test "review: R reads a JSON-LD recipe (a missing file is one line), + scales it, Enter adds it" recipe_file_into_the_review
finish
