#!/usr/bin/env bash
# The habits of terminal users, in tmux: `?` opens help and `q` quits on
# every screen; the bottom row at 80x24 names F1 Help and F10 Quit on every
# screen; Ctrl-Z (and kill -TSTP) gives the shell back and `fg` brings
# grocer back, redrawn; under LC_ALL=C (and a Latin-1 locale when one can be
# made) the bytes grocer writes are ASCII, lines drawn with the terminal's
# own line characters (ESC ( 0 ... ESC ( B), never UTF-8.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/legacy-schema.sh"

# go SCREEN: from today's weight to SCREEN, waiting for it.
go() {
    case $1 in
        weight) wait_for "Enter Today's Weight" ;;
        history) send F3 && wait_for "Weight History" ;;
        tip) send F4 && wait_for "Tip calculator" ;;
        picker) send C-u && wait_for "Default unit" ;;
        help) send F1 && wait_for "keys" ;;
    esac
}

SCREENS="weight history tip picker help"

question_mark_opens_help_and_q_quits() {
    local s
    for s in $SCREENS; do
        start
        wait_for "Enter Today's Weight" || return 1
        go "$s" || return 1
        [[ $s == help ]] && { send Escape; wait_gone "grocer — keys" || return 1; }
        type_text "?"
        # Help opens at the keys of the screen it came from.
        wait_for "grocer — keys" || { fail "? did not open help on $s"; return 1; }
        start
        wait_for "Enter Today's Weight" || return 1
        go "$s" || return 1
        type_text "q"
        wait_for "[exit 0]" || { fail "q did not quit on $s"; return 1; }
        wait_for "icanon echo" || return 1
    done
}

the_bottom_row_names_help_and_quit_on_every_screen() {
    local s last
    for s in $SCREENS; do
        start
        wait_for "Enter Today's Weight" || return 1
        go "$s" || return 1
        last=$(screen | sed -n 24p)
        [[ $last == *"F1 Help"* && $last == *"F10 Quit"* ]] || { fail "bottom row on $s: $last"; return 1; }
    done
}

# A pane running an interactive bash (job control on), the prompt "$ ".
start_shell() {
    kill_servers
    TMUX_SOCKET="grocer-e2e-$$-$RANDOM$RANDOM"
    echo "$TMUX_SOCKET" >>"$TMPROOT/sockets"
    tm -f /dev/null new-session -d -s "$SESSION" -x 80 -y 24 \
        "env -i HOME=$TMPROOT PATH=$PATH TERM=xterm-256color PS1='\$ ' bash --norc --noprofile -i"
    wait_for '$' || return 1
}

# run_in_shell VAR=value...: types grocer's command line into the shell.
run_in_shell() {
    type_text "$(printf '%q ' env "$@" TZ=UTC GROCER_STORE="$GROCER_STORE" "$GROCER_BIN")"
    send Enter
}

ctrl_z_suspends_and_fg_redraws() {
    start_shell || return 1
    run_in_shell LANG=en_US.UTF-8
    wait_for "Enter Today's Weight" || return 1
    type_text "72"
    wait_line "72 .*lbs" || return 1
    send C-z
    wait_for "Stopped" || return 1
    lacks "Enter Today's Weight" || fail "the screen was not given back" || return 1
    # The shell has its terminal: what is typed echoes.
    type_text "echo back-in-the-shell"
    send Enter
    wait_line "^back-in-the-shell" || return 1
    send C-l
    wait_gone "back-in-the-shell" || return 1
    # Resized while stopped (the SIGWINCH goes to the shell): back at the new size.
    resize 100 30
    type_text "fg"
    send Enter
    wait_line "^ {40}Enter Today's Weight" || return 1
    wait_line "72 .*lbs" || return 1
    wait_line "F10 Quit *$" || return 1
    [[ $(screen | sed -n 30p) == *"F10 Quit"* ]] || fail "the hint bar is not on row 30" || return 1
    # A weight is typed: the first q asks, the second quits.
    type_text "q"
    wait_for "Not saved: q again quits" || return 1
    type_text "q"
    wait_line '^\$ ?$' || return 1
}

sigtstp_from_kill_suspends_too() {
    start_shell || return 1
    run_in_shell LANG=en_US.UTF-8
    wait_for "Enter Today's Weight" || return 1
    kill -TSTP "$(grocer_pid)"
    wait_for "Stopped" || return 1
    send C-l
    wait_gone "Enter Today's Weight" || return 1
    type_text "fg"
    send Enter
    wait_for "Enter Today's Weight" || return 1
    wait_for "F10 Quit" || return 1
    send F10
    wait_line '^\$ ?$' || return 1
}

# The bytes the pane received, recorded with pipe-pane from before grocer
# starts: no UTF-8 (under C: no byte above 0x7f at all), lines as the
# terminal's line drawing (ESC ( 0).
raw_bytes_are_ascii() {
    local out=$1 bad='[\x80-\xff]'
    [[ $2 != C ]] && bad='[\xc2-\xf4][\x80-\xbf]'
    if LC_ALL=C grep -qP "$bad" "$out"; then
        fail "bytes above 0x7f in grocer's output: $(LC_ALL=C grep -oP "$bad" "$out" | head -3 | od -An -tx1 | head -2)"
        return 1
    fi
    grep -qF $'\e(0' "$out" || { fail "no line drawing (ESC ( 0) in grocer's output"; return 1; }
}

a_c_locale_frame_is_ascii_with_line_drawing() {
    local locale=${1:-C} env=(LC_ALL="${1:-C}")
    [[ -n ${2:-} ]] && env+=(LOCPATH="$2")
    start_shell || return 1
    local out="$TMPROOT/raw-$locale.out"
    tm pipe-pane -t "$SESSION" -o "cat >>'$out'"
    run_in_shell TERM=xterm "${env[@]}"
    wait_for "Enter Today's Weight" || return 1
    send C-u
    wait_for "Default unit" || return 1
    send Escape
    wait_gone "Default unit" || return 1
    send F4
    wait_for "Tip calculator" || return 1
    type_text "5632"
    wait_line "56[.,]32" || return 1
    send F1
    wait_for "keys" || return 1
    type_text "q"
    wait_line '^\$ ?$' || return 1
    tm pipe-pane -t "$SESSION"
    raw_bytes_are_ascii "$out" "$locale" || return 1
}

the_migration_screen_in_the_c_locale_is_ascii() {
    sqlite3 "$GROCER_STORE" <<SQL
$LEGACY_V1_SCHEMA
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
INSERT INTO weight_entry SELECT i, 150 + (i % 500) * 0.0123, 700000000 + i * 60.0 FROM n;
COMMIT;
PRAGMA user_version = 1;
SQL
    start_shell || return 1
    local out="$TMPROOT/raw-migration.out"
    tm pipe-pane -t "$SESSION" -o "cat >>'$out'"
    run_in_shell TERM=xterm LC_ALL=C GROCER_TEST_BATCH_PAUSE_MS=20
    wait_for "Migration Progress:" || return 1
    wait_line "^ +#+\.+ *$" || { fail "no ASCII progress bar"; return 1; }
    wait_for "Enter Today's Weight" || return 1
    send F10
    wait_line '^\$ ?$' || return 1
    tm pipe-pane -t "$SESSION"
    if LC_ALL=C grep -qP '[\x80-\xff]' "$out"; then fail "bytes above 0x7f on the migration screen"; return 1; fi
}

a_latin1_frame_is_ascii_with_line_drawing() {
    local dir="$TMPROOT/locales"
    mkdir -p "$dir"
    if ! localedef -i de_DE -f ISO-8859-1 "$dir/de_DE.ISO-8859-1" >/dev/null 2>&1; then
        echo "    (no Latin-1 locale can be made here: skipped)"
        return 0
    fi
    a_c_locale_frame_is_ascii_with_line_drawing de_DE.ISO-8859-1 "$dir"
}

# ar_EG's separator (U+066B) is on no common keyboard: `.` is taken for it.
arabic_egypt_takes_a_dot_for_its_separator() {
    start LANG=ar_EG.UTF-8
    wait_weight_screen lbs || return 1
    type_text "72.5"
    wait_for $'72\u066b5' || return 1
    lacks "not allowed" || fail "the dot was refused" || return 1
    send Enter
    wait_for "Weight History" || return 1
    [[ $("$GROCER_BIN" weight list) == *"72.5 lbs"* ]] || fail "saved: $("$GROCER_BIN" weight list)" || return 1
}

# Esc and a function key in one burst (as a fast typist or a paste sends
# them) are two keys: the picker closes, then F4 opens the tip screen.
esc_then_a_function_key_are_two_keys() {
    start
    wait_for "Enter Today's Weight" || return 1
    send C-u
    wait_for "Default unit" || return 1
    send Escape F4
    wait_for "Tip calculator" || return 1
    send Escape Escape
    wait_for "Enter Today's Weight" || return 1
}

run_test "? opens help and q quits on every screen" question_mark_opens_help_and_q_quits
run_test "the bottom row at 80x24 names F1 Help and F10 Quit on every screen" the_bottom_row_names_help_and_quit_on_every_screen
run_test "Ctrl-Z gives the shell back; fg brings grocer back, redrawn" ctrl_z_suspends_and_fg_redraws
run_test "kill -TSTP suspends too; fg redraws" sigtstp_from_kill_suspends_too
run_test "LC_ALL=C: grocer writes ASCII only, lines through line drawing" a_c_locale_frame_is_ascii_with_line_drawing
run_test "LC_ALL=C: the migration screen is ASCII" the_migration_screen_in_the_c_locale_is_ascii
run_test "Esc then F4 at once: both act" esc_then_a_function_key_are_two_keys
run_test "ar_EG: a dot is taken for the Arabic decimal separator" arabic_egypt_takes_a_dot_for_its_separator
run_test "Latin-1: grocer writes no UTF-8, lines through line drawing" a_latin1_frame_is_ascii_with_line_drawing
finish
