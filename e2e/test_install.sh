#!/usr/bin/env bash
# `make install` and `make uninstall` into temporary prefixes, as a person
# would run them: a stripped binary without the test hooks, a man page that
# renders and names every subcommand and option, completions for bash, zsh
# and fish (bash's exercised here), and an uninstall that leaves no grocer
# file behind. This test installs the plain release build (`make build`),
# whatever GROCER_BIN the rest of the suite runs.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/legacy-schema.sh"
command -v sqlite3 >/dev/null || { echo "needs sqlite3"; exit 1; }

PREFIX=$TMPROOT/prefix
FILES=(bin/grocer share/man/man1/grocer.1 share/bash-completion/completions/grocer
    share/zsh/site-functions/_grocer share/fish/vendor_completions.d/grocer.fish)

mk() { make -C "$ROOT" --no-print-directory "$@" >"$TMPROOT/make.log" 2>&1 || { cat "$TMPROOT/make.log" >&2; return 1; }; }

echo "  (make install PREFIX=$PREFIX)"
mk install PREFIX="$PREFIX" || { echo "  FAIL make install"; failures=1; finish; exit 1; }
G=$PREFIX/bin/grocer

install_puts_every_file_in_place() {
    local f
    for f in "${FILES[@]}"; do
        [[ -s $PREFIX/$f ]] || fail "missing or empty: $f"
    done
    [[ $(stat -c %a "$G") == 755 ]] || fail "binary mode $(stat -c %a "$G")"
    [[ $(stat -c %a "$PREFIX/share/man/man1/grocer.1") == 644 ]] || fail "man page mode"
    [[ $(stat -c %a "$PREFIX/share/bash-completion/completions/grocer") == 644 ]] || fail "completion mode"
    "$G" --version | grep -qE '^[0-9]+\.[0-9]+\.[0-9]+$' || fail "the installed binary does not run"
}

installed_binary_is_stripped() {
    ! readelf -S "$G" | grep -qF .symtab || fail "the binary keeps its symbol table"
    if command -v file >/dev/null; then
        file "$G" | grep -qF ', stripped' || fail "file says: $(file -b "$G")"
    fi
    if [[ -e $ROOT/.build/release/grocer ]]; then
        echo "    size: $(stat -c %s "$ROOT/.build/release/grocer") bytes built, $(stat -c %s "$G") installed" >&2
    fi
}

# The test hooks are compiled only into the tests' build (make build-test).
installed_binary_ignores_test_hooks() {
    ! grep -aqE 'GROCER_(FAULT_POINT|TEST_)' "$G" || fail "the binary reads the test hooks' variables" || return 1
    local dir=$TMPROOT/hooks store
    mkdir -p "$dir" && store=$dir/grocer.sqlite
    sqlite3 "$store" <<SQL || return 1
$LEGACY_V2_SCHEMA
INSERT INTO weight_entry VALUES (1, 150.5, 700000000);
PRAGMA user_version = 2;
SQL
    GROCER_FAULT_POINT=after-lock GROCER_TEST_EXTRA_STEP_SQL='CREATE TABLE hooked(a)' GROCER_TEST_TARGET_VERSION=4 \
        "$G" store migrate --store "$store" >/dev/null 2>&1
    local status=$?
    [[ $status == 0 ]] || fail "store migrate with GROCER_FAULT_POINT set: exit $status" || return 1
    local current
    current=$("$G" store status --store "$dir/none.sqlite" 2>/dev/null | sed -n 's/^currentVersion: *//p')
    [[ $(sqlite3 "$store" 'PRAGMA user_version') == "$current" ]] || fail "user_version $(sqlite3 "$store" 'PRAGMA user_version'), not $current"
    [[ -z $(sqlite3 "$store" "SELECT name FROM sqlite_master WHERE name = 'hooked'") ]] || fail "the extra test step ran"
}

man_page_renders_with_every_section() {
    local out section
    out=$(groff -mandoc -Tutf8 -ww "$PREFIX/share/man/man1/grocer.1" 2>"$TMPROOT/groff.err" | col -b) || fail "groff failed"
    [[ ! -s $TMPROOT/groff.err ]] || fail "groff warns: $(cat "$TMPROOT/groff.err")"
    for section in NAME SYNOPSIS DESCRIPTION COMMANDS OPTIONS ENVIRONMENT FILES 'EXIT STATUS' EXAMPLES; do
        grep -qx "$section" <<<"$out" || fail "no $section section"
    done
    if command -v man >/dev/null; then
        env -u MANPATH PATH="$PREFIX/bin:$PATH" man grocer 2>/dev/null | grep -q 'keyboard-first grocery' \
            || fail "man grocer, with $PREFIX/bin on PATH, does not find the page"
    fi
}

# Every subcommand and long option the binary knows (argument-parser's own
# description of it) is in the manual, and every variable --help names.
man_page_names_every_subcommand_option_and_variable() {
    local out commands line var
    # The page up to its examples (they name commands too, but explain none).
    out=$(groff -mandoc -Tutf8 "$PREFIX/share/man/man1/grocer.1" 2>/dev/null | col -b | sed 's/‐/-/g' | sed '/^EXAMPLES$/,$d')
    commands=$(sed -n '/^COMMANDS$/,/^[A-Z]/p' <<<"$out")
    while read -r line; do
        if [[ $line == --* ]]; then
            grep -qF -- "$line" <<<"$out" || fail "the man page does not explain $line (add it to Resources/grocer.1.in, then make man)"
        elif [[ -n $line ]]; then
            grep -qE -- "^ +$line( |\$)" <<<"$commands" || fail "COMMANDS has no entry for: $line (add it to Resources/grocer.1.in, then make man)"
        fi
    done < <("$G" --experimental-dump-help | jq -r '
        def walk_commands(path): (path + [.commandName]) as $p
            | ($p[1:] | join(" ")),
              (.arguments[]? | select(.shouldDisplay != false and .kind != "positional")
                  | .names[]? | select(.kind == "long") | "--" + .name),
              (.subcommands[]? | walk_commands($p));
        .command | walk_commands([])' | sort -u)
    for var in GROCER_STORE XDG_DATA_HOME XDG_STATE_HOME NO_COLOR ESCDELAY LANG LC_ALL TZ; do
        grep -qw -- "$var" <<<"$out" || fail "the man page does not name $var"
    done
}

help_names_the_environment_and_exit_statuses() {
    local out var code
    out=$("$G" --help) || fail "--help exit $?" || return 1
    for var in GROCER_STORE XDG_DATA_HOME XDG_STATE_HOME NO_COLOR ESCDELAY 'LANG, LC_ALL' TZ; do
        grep -qF -- "  $var" <<<"$out" || fail "--help does not name $var"
    done
    for code in 0 1 2 130; do
        grep -qE "^  $code +[a-z]" <<<"$out" || fail "--help does not explain exit status $code"
    done
    awk 'length > 80 { bad = 1 } END { exit bad }' <<<"$out" || fail "--help has lines over 80 columns"
}

# bash: source the installed script, call its function as bash would on Tab.
complete_bash() {
    local line=$1
    env -i PATH="$PATH" HOME="$TMPROOT" bash --norc --noprofile -c '
        source "$1" || exit 1
        line=$2
        read -ra COMP_WORDS <<<"$line"
        [[ $line == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line}
        _grocer grocer "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$PREFIX/share/bash-completion/completions/grocer" "$line"
}

bash_completion_offers_subcommands_units_and_files() {
    local got
    got=$(complete_bash "grocer sto") || fail "the completion script failed" || return 1
    [[ $got == $'storage\nstore' ]] || fail "grocer sto<Tab>: '$got', want storage and store"
    got=$(complete_bash "grocer weight ")
    [[ $(grep -v '^-' <<<"$got" | sort | tr '\n' ' ') == "add averages edit export goal import list rm trend " ]] ||
        fail "grocer weight <Tab> does not offer exactly the weight subcommands: '$got'"
    # Every command that takes a weight takes stones too (issue 34).
    got=$(complete_bash "grocer weight add 72 --unit ")
    [[ $got == $'kg\nlbs\nst' ]] || fail "--unit <Tab>: '$got'"
    got=$(complete_bash "grocer weight edit 1 --unit ")
    [[ $got == $'kg\nlbs\nst' ]] || fail "weight edit --unit <Tab>: '$got'"
    mkdir -p "$TMPROOT/c/health" && : >"$TMPROOT/c/health.sqlite"
    got=$(complete_bash "grocer --store $TMPROOT/c/hea")
    [[ $got == "$TMPROOT/c/health"$'\n'"$TMPROOT/c/health.sqlite" ]] || fail "--store <Tab> (file names): '$got'"
    got=$(complete_bash "grocer weight list --store $TMPROOT/c/health.")
    [[ $got == "$TMPROOT/c/health.sqlite" ]] || fail "weight list --store <Tab>: '$got'"
}

zsh_and_fish_completions_name_grocer() {
    grep -qx '#compdef grocer' "$PREFIX/share/zsh/site-functions/_grocer" || fail "zsh: no #compdef grocer"
    grep -q "_files" "$PREFIX/share/zsh/site-functions/_grocer" || fail "zsh: --store does not complete files"
    grep -q "^complete -c 'grocer' .*-l 'store' .*-rF" "$PREFIX/share/fish/vendor_completions.d/grocer.fish" \
        || fail "fish: --store does not complete files"
    if command -v zsh >/dev/null; then zsh -n "$PREFIX/share/zsh/site-functions/_grocer" || fail "zsh -n"; fi
    if command -v fish >/dev/null; then fish -n "$PREFIX/share/fish/vendor_completions.d/grocer.fish" || fail "fish -n"; fi
}

uninstall_removes_exactly_what_install_put() {
    mkdir -p "$PREFIX/share/man/man1" && : >"$PREFIX/share/man/man1/other.1"
    mk uninstall PREFIX="$PREFIX" || fail "make uninstall" || return 1
    local left
    left=$(cd "$PREFIX" && find . \( -type f -o -type l \) | sort)
    [[ $left == ./share/man/man1/other.1 ]] || fail "left after uninstall: $left"
    # The folders install made go too, but not one that still holds a file.
    left=$(cd "$PREFIX" && find . -type d | sort | tr '\n' ' ')
    [[ $left == ". ./share ./share/man ./share/man/man1 " ]] || fail "folders left after uninstall: $left"
}

staged_install_with_destdir() {
    local stage=$TMPROOT/stage f
    mk install DESTDIR="$stage" PREFIX=/opt/grocer || fail "make install DESTDIR" || return 1
    for f in "${FILES[@]}"; do
        [[ -s $stage/opt/grocer/$f ]] || fail "DESTDIR: missing $f"
    done
    mk uninstall DESTDIR="$stage" PREFIX=/opt/grocer || fail "make uninstall DESTDIR" || return 1
    [[ -z $(find "$stage" -type f) ]] || fail "DESTDIR: left $(find "$stage" -type f)"
    [[ -z $(find "$stage/opt" -mindepth 1) ]] || fail "DESTDIR: folders left: $(find "$stage/opt" -mindepth 1)"
}

run_test "install puts every file in place" install_puts_every_file_in_place
run_test "the installed binary is stripped" installed_binary_is_stripped
run_test "the installed binary ignores the test hooks" installed_binary_ignores_test_hooks
run_test "the man page renders with every section" man_page_renders_with_every_section
run_test "the man page names every subcommand, option and variable" man_page_names_every_subcommand_option_and_variable
run_test "--help names the environment and exit statuses" help_names_the_environment_and_exit_statuses
run_test "bash completion offers subcommands, units and files" bash_completion_offers_subcommands_units_and_files
run_test "zsh and fish completions name grocer" zsh_and_fish_completions_name_grocer
run_test "uninstall removes exactly what install put" uninstall_removes_exactly_what_install_put
run_test "a staged install with DESTDIR" staged_install_with_destdir
finish
