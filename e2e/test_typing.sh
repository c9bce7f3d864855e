#!/usr/bin/env bash
# Every script a person types, into every text field, end to end (issue
# 31): tmux sends the text as UTF-8 and ncurses hands grocer one code point
# at a time, so a combining mark, a vowel sign, a skin tone or the second
# half of a flag arrives after the character it joins. Each sample goes
# into the weight's note, the grocery add line, the filter and the edit
# form's name in one session; grocer must not die (it used to, exit 132),
# and what was typed is what the store keeps.
# shellcheck source=e2e/lib.sh
source "$(dirname "$0")/lib.sh"

app_ready() {
    [[ $(tm display-message -p -t "$SESSION" '#{alternate_on}') == 1 ]] && screen | grep -q '[^[:space:]]'
}

# alive: grocer is still running (the pane has not printed its exit line).
alive() {
    lacks "[exit" || report "grocer exited" || return 1
}

# same EXPECTED ACTUAL WHAT: the two are the same text (compared in NFC:
# the store may keep a decomposed accent composed).
same() {
    python3 -c 'import sys, unicodedata as u; sys.exit(u.normalize("NFC", sys.argv[1]) != u.normalize("NFC", sys.argv[2]))' "$1" "$2" ||
        fail "$3: expected [$1], kept [$2]"
}

# type_everywhere FIRST REST: a sample that starts with the one character
# FIRST (made of several code points) and goes on with REST (ending in
# ASCII letters), typed and edited in the note, the add line, the filter and
# the edit form's name; what the store keeps is what the edits make.
type_everywhere() {
    local first=$1 rest=$2
    start
    until_screen app_ready || report "grocer never drew its first screen" || return 1
    wait_weight_screen lbs || return 1
    type_text "150"
    # Past the body fat (issue 34) to the note.
    send Tab Tab
    wait_for "Note:" || return 1
    # The note: Home, over "after " and the first character, Backspace takes it out.
    type_text "after $first$rest"
    alive || return 1
    send Home Right Right Right Right Right Right Right BSpace
    alive || return 1
    send Enter
    wait_for "Weight History" || return 1
    send F5
    wait_for "No items yet" || return 1
    # The add line: Delete at Home takes the first character out, x goes in its place.
    type_text "a"
    wait_for "Add:" || return 1
    type_text "$first$rest"
    alive || return 1
    send Home Delete
    type_text "x"
    wait_for "Enter adds" || return 1
    send Enter
    wait_for "Added" || return 1
    send Escape
    wait_gone "Add:" || return 1
    # The filter: typed, edited, cleared.
    type_text "/"
    type_text "$first$rest"
    send Left BSpace Right Home Delete
    alive || return 1
    send Escape
    wait_gone "Enter Keep" || return 1
    # The edit form's name: Backspace before " tea" takes the last letter of REST.
    type_text "e"
    wait_for "Edit " || return 1
    send C-u
    type_text "$first$rest tea"
    send Left Left Left Left BSpace
    alive || return 1
    send Enter
    wait_line " tea" || return 1
    alive || return 1
    send F10
    wait_for "[exit 0]" || return 1
    local note name
    note=$("$GROCER_BIN" weight list | cut -f4-)
    same "after $rest" "$note" "the note" || return 1
    name=$("$GROCER_BIN" items list --json | jq -r '.[].name')
    same "$first${rest%?} tea" "$name" "the name" || return 1
}

# Each sample's first character, then the rest of it.
SAMPLES=(
    "é" "clair créme ok"
    "ạ̈" "x mark ok"
    "दू" "ध और चाय ok"
    "क्ष" "मा ok"
    "น้ำ" "ปลา ดี ok"
    "한" "글 kimchi"
    "👍🏽" " thumbs ok"
    "👨‍👩‍👧" " visit ok"
    "❤️" " love it"
    "🇩🇪" "🇫🇷 flags"
    "牛" "乳と卵 abc"
    "ח" "לב טרי ok"
    "ح" "ليب طازج ok"
)

for ((i = 0; i < ${#SAMPLES[@]}; i += 2)); do
    run_test "typed into every field: ${SAMPLES[i]}${SAMPLES[i + 1]}" type_everywhere "${SAMPLES[i]}" "${SAMPLES[i + 1]}"
done
finish
