# shellcheck shell=bash
# The launch until its first frame under callgrind, for first-frame-order.sh
# and first-frame-budget.sh: `first_frame_runs BIN DIR` leaves in DIR
# cached.out (a launch from the first-frame cache, the usual one) and
# miss.out (a launch without it, the first after an upgrade). Both run the
# test build, which GROCER_TEST_EXIT_AFTER_FIRST_FRAME ends right after the
# first frame, on a store with one setting, in a terminal made by script(1).
# Swift's hashing is made deterministic, so the counts are the same each run.
first_frame_runs() {
    local bin=$1 work=$2
    command -v valgrind >/dev/null || { echo "first-frame: needs valgrind (apt-get install valgrind)" >&2; return 2; }
    # valgrind runs a copy without debug information: Debian 12's valgrind
    # (3.19) cannot read the DWARF 5 that clang writes for the C inside
    # swift-nio-ssl (BoringSSL), and gives up before the first instruction
    # ("unhandled dwarf2 abbrev form code 0x25"). The symbol table, which
    # names the functions, stays; the code and its counts are the same.
    strip --strip-debug -o "$work/grocer" "$bin" || return 1
    bin=$work/grocer
    export XDG_STATE_HOME=$work/state GROCER_STORE=$work/grocer.sqlite LANG=en_US.UTF-8 TERM=xterm TZ=UTC
    export SWIFT_DETERMINISTIC_HASHING=1
    "$bin" unit lbs >/dev/null
    _callgrind() { script -qc "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$1 $bin" /dev/null >/dev/null 2>&1; }

    # A first launch writes the first-frame cache (its date pattern is tied
    # to the executable, which under valgrind is valgrind's tool): stopped
    # once the cache is there. The second launch, from the cache, is kept.
    _callgrind /dev/null &
    local launch=$!
    for _ in $(seq 600); do [[ -s $XDG_STATE_HOME/grocer/first-frame ]] && break; sleep 0.1; done
    # valgrind itself (not script, which then ends on its own).
    pkill -f "^[^ ]*valgrind[^ ]* --tool=callgrind --demangle=no --callgrind-out-file=/dev/null $bin" 2>/dev/null || true
    wait "$launch" 2>/dev/null || true
    [[ -s $XDG_STATE_HOME/grocer/first-frame ]] || { echo "first-frame: the first launch wrote no cache" >&2; return 1; }

    GROCER_TEST_EXIT_AFTER_FIRST_FRAME=1 _callgrind "$work/cached.out" || true
    # Then the launch without a cache (the first after an upgrade).
    rm -f "$XDG_STATE_HOME/grocer/first-frame"
    GROCER_TEST_EXIT_AFTER_FIRST_FRAME=1 _callgrind "$work/miss.out" || true
    [[ -s $work/cached.out && -s $work/miss.out ]] || { echo "first-frame: callgrind wrote nothing" >&2; return 1; }
}

# first_frame_instructions FILE: the instructions callgrind counted.
first_frame_instructions() {
    sed -n 's/^\(summary\|totals\): *\([0-9]*\).*/\2/p' "$1" | head -1
}
