#!/usr/bin/env bash
# Tip calculator, end to end: the F4 / Alt-4 screen of the TUI in a tmux
# pane (digits with refused keys among them, the slider, the split, amounts
# read off the screen) under en_US and de_DE, and the `grocer tip`
# subcommand's table, JSON and errors.
# shellcheck source=e2e/lib.sh
source "$(dirname "$0")/lib.sh"

NBSP=$'\xc2\xa0'   # Foundation puts a no-break space before "€" and "%" in German

# The first screen is up: ncurses switched to the alternate screen and drew
# something. Keys sent before that could reach a terminal still in cooked mode.
app_ready() {
    [[ $(tm display-message -p -t "$SESSION" '#{alternate_on}') == 1 ]] && screen | grep -q '[^[:space:]]'
}
wait_app_ready() { until_screen app_ready || report "grocer never drew its first screen"; }

# "Custom tip" is drawn only by the tip screen (a hint bar may name it).
open_tip_screen() {
    start "$@"
    wait_app_ready || return 1
    send F4
    wait_for "Custom tip"
}

# --- the screen -------------------------------------------------------------

tui_en_us() {
    LANG_E2E=en_US.UTF-8 open_tip_screen || return 1
    wait_for "1 person" || return 1
    type_text "5"; wait_line 'Bill +\$0\.05$' || return 1
    type_text "x"; wait_for "is not a digit" || return 1
    type_text "6"; wait_line 'Bill +\$0\.56$' || return 1
    wait_gone "is not a digit" || return 1
    type_text "."; wait_for "is not a digit" || return 1
    type_text "32"; wait_line 'Bill +\$56\.32$' || return 1
    # 15% of 56.32 is 8.448: tip $8.45, total $64.77; 18% gives $10.14 / $66.46
    wait_line 'Tip +\$8\.45 +\$10\.14$' || return 1
    wait_line 'Total +\$64\.77 +\$66\.46$' || return 1
    send Right Right
    wait_line 'Tip +\$8\.45 +\$11\.26$' || return 1
    wait_line 'Total +\$64\.77 +\$67\.58$' || return 1
    wait_line ' 15% +20%$' || return 1
    send Left; wait_line ' 15% +19%$' || return 1
    type_text "+"; wait_line ' 15% +20%$' || return 1
    type_text ">"; wait_for "2 people" || return 1
    # 64.77 / 2 does not divide: the first share is a cent higher
    wait_line 'Per person +1 × \$32\.39 +\$33\.79$' || return 1
    wait_line '^ +1 × \$32\.38$' || return 1
    type_text "<<"; wait_for "splits among 1 to 20 people" || return 1
    wait_for "1 person" || return 1
    send BSpace; wait_line 'Bill +\$5\.63$' || return 1
    send BSpace BSpace BSpace
    wait_line '^ +Bill$' || return 1
    wait_line '^ +Total$' || return 1
}

tui_de_de() {
    LANG_E2E=de_DE.UTF-8 open_tip_screen || return 1
    type_text "56a32"; wait_line "Bill +56,32${NBSP}€\$" || return 1
    wait_line "Tip +8,45${NBSP}€ +10,14${NBSP}€\$" || return 1
    wait_line "Total +64,77${NBSP}€ +66,46${NBSP}€\$" || return 1
    send Right Right; wait_line "Total +64,77${NBSP}€ +67,58${NBSP}€\$" || return 1
    wait_line " 15${NBSP}% +20${NBSP}%\$" || return 1
    type_text "]"; wait_for "2 people" || return 1
    wait_line "Per person +1 × 32,39${NBSP}€ +33,79${NBSP}€\$" || return 1
}

tui_slider_bounds() {
    open_tip_screen || return 1
    type_text "10000"; wait_line 'Bill +\$100\.00$' || return 1
    for _ in $(seq 12); do send Right; done
    wait_line 'Tip +\$15\.00 +\$30\.00$' || return 1
    send Right; wait_for "from 0% to 30%" || return 1
    wait_line ' 15% +30%$' || return 1
    for _ in $(seq 30); do type_text "-"; done
    wait_line 'Total +\$115\.00 +\$100\.00$' || return 1
    type_text "-"; wait_for "from 0% to 30%" || return 1
    wait_line ' 15% +0%$' || return 1
}

tui_alt4_and_nothing_kept() {
    start
    wait_app_ready || return 1
    send M-4; wait_for "Custom tip" || return 1
    type_text "5632"; wait_line 'Bill +\$56\.32$' || return 1
    send F10; wait_for "[exit 0]" || return 1
    open_tip_screen || return 1
    wait_line '^ +Bill$' || return 1
}

tui_escape_leaves() {
    open_tip_screen || return 1
    send Escape; wait_gone "Custom tip"
}

# --- the subcommand ---------------------------------------------------------

# grocer LANG ARGS...: runs the binary directly, stdout and stderr apart.
grocer_in() { env -i PATH="$PATH" HOME="$TMPROOT" LANG="$1" TZ=UTC "$GROCER_BIN" "${@:2}"; }

cli_table_en_us() {
    local out
    out=$(grocer_in en_US.UTF-8 tip 5632 --split 3) || fail "exit $?" || return 1
    grep -qE '^Bill +\$56\.32$' <<<"$out" || fail "no bill: $out" || return 1
    grep -qE '^Tip +\$8\.45 +\$10\.14$' <<<"$out" || fail "no tips: $out" || return 1
    grep -qE '^Total +\$64\.77 +\$66\.46$' <<<"$out" || fail "no totals: $out" || return 1
    grep -qE '^Per person +\$21\.59 +1 × \$22\.16$' <<<"$out" || fail "no shares: $out" || return 1
    grep -qE '^ +2 × \$22\.15$' <<<"$out" || fail "no second share line: $out" || return 1
}

cli_table_locales() {
    local out
    out=$(grocer_in de_DE.UTF-8 tip 5632 --custom 20) || return 1
    grep -qF "Total       64,77${NBSP}€  67,58${NBSP}€" <<<"$out" || fail "de_DE: $out" || return 1
    grep -qF "15${NBSP}%" <<<"$out" || fail "de_DE percent: $out" || return 1
    out=$(grocer_in ja_JP.UTF-8 tip 5632) || return 1
    grep -qE '^Total +¥6,477 +¥6,646$' <<<"$out" || fail "ja_JP: $out" || return 1
    out=$(grocer_in C.UTF-8 tip 5632) || return 1
    grep -qE '^Bill +\$56\.32$' <<<"$out" || fail "C.UTF-8: $out" || return 1
    if grep -qF '¤' <<<"$out"; then fail "C.UTF-8 printed a bare currency sign"; fi
    out=$(env -i PATH="$PATH" LANG=C LC_MONETARY=fr_FR.UTF-8 "$GROCER_BIN" tip 5632) || return 1
    grep -qF "56,32${NBSP}€" <<<"$out" || fail "LC_MONETARY=fr_FR: $out" || return 1
}

cli_json() {
    local out
    out=$(grocer_in de_DE.UTF-8 tip 0005630 --custom 0 --split 2 --json) || return 1
    for pair in '"bill" : "56.30"' '"currency" : "EUR"' '"tip15" : "8.45"' '"total15" : "64.75"' \
                '"customPercent" : 0' '"tipCustom" : "0.00"' '"totalCustom" : "56.30"' \
                '"split" : 2' '"perPerson15" : "32.38"' '"perPersonCustom" : "28.15"'; do
        grep -qF -- "$pair" <<<"$out" || fail "no $pair in: $out" || return 1
    done
    out=$(grocer_in ja_JP.UTF-8 tip 5632 --json) || return 1
    grep -qF '"total15" : "6477"' <<<"$out" || fail "ja_JP json: $out" || return 1
}

# expect_error EXPECTED-TEXT ARGS...: exit 2 and one line on stderr naming it.
expect_error() {
    local want=$1 err status
    shift
    err=$(grocer_in en_US.UTF-8 tip "$@" 2>&1 >/dev/null)
    status=$?
    ((status == 2)) || fail "tip $*: exit $status, wanted 2" || return 1
    [[ $(wc -l <<<"$err") == 1 ]] || fail "tip $*: not one line: $err" || return 1
    grep -qF -- "$want" <<<"$err" || fail "tip $*: '$err' lacks '$want'" || return 1
}

cli_errors() {
    expect_error '"56.32"' 56.32 || return 1
    expect_error '1 to 12 digits' 12a || return 1
    expect_error '"1234567890123"' 1234567890123 || return 1
    expect_error '"31"' 5632 --custom 31 || return 1
    expect_error 'from 0 to 30' 5632 --custom -1 || return 1
    expect_error '"0"' 5632 --split 0 || return 1
    expect_error 'from 1 to 20' 5632 --split 21 || return 1
}

run_test "grocer tip: table in en_US" cli_table_en_us
run_test "grocer tip: de_DE, ja_JP, C.UTF-8 and LC_MONETARY" cli_table_locales
run_test "grocer tip --json" cli_json
run_test "grocer tip: bad input exits 2 with one line" cli_errors
if [[ ${E2E_TIP_CLI_ONLY:-0} != 1 ]]; then
    run_test "tip screen: digits, refused keys, slider, split (en_US)" tui_en_us
    run_test "tip screen: German amounts and percents (de_DE)" tui_de_de
    run_test "tip screen: the slider stops at 0% and 30%" tui_slider_bounds
    run_test "tip screen: Alt-4 opens it; nothing is kept between runs" tui_alt4_and_nothing_kept
    run_test "tip screen: Esc leaves" tui_escape_leaves
fi
finish
