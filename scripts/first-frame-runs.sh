# shellcheck shell=bash
# The launch until its first frame under callgrind, for first-frame-order.sh
# and first-frame-budget.sh: `first_frame_runs BIN DIR` leaves in DIR
# cached.out (a launch from the first-frame cache, the usual one) and
# miss.out (a launch without it, the first after an upgrade). Both run the
# test build, which GROCER_TEST_EXIT_AFTER_FIRST_FRAME ends right after the
# first frame, on a store with one setting, in a terminal made by script(1).
# Swift's hashing is made deterministic, so the counts are the same each run.
# `first_frame_traces BIN DIR` leaves cached.trace and miss.trace: the same
# two launches under valgrind's lackey, every memory access (for the data
# half of the order file).

# _first_frame_setup BIN WORK: the copy without debug information (in
# $bin) and the launch's environment.
_first_frame_setup() {
    command -v valgrind >/dev/null || { echo "first-frame: needs valgrind (apt-get install valgrind)" >&2; return 2; }
    # valgrind runs a copy without debug information: Debian 12's valgrind
    # (3.19) cannot read the DWARF 5 that clang writes for the C inside
    # swift-nio-ssl (BoringSSL), and gives up before the first instruction
    # ("unhandled dwarf2 abbrev form code 0x25"). The symbol table, which
    # names the functions, stays; the code and its counts are the same.
    strip --strip-debug -o "$2/grocer" "$1" || return 1
    bin=$2/grocer
    export XDG_STATE_HOME=$2/state GROCER_STORE=$2/grocer.sqlite LANG=en_US.UTF-8 TERM=xterm TZ=UTC
    export SWIFT_DETERMINISTIC_HASHING=1
    "$bin" unit lbs >/dev/null
}

# _first_frame_cache TOOL...: a first launch under valgrind TOOL writes the
# first-frame cache (its date pattern is tied to the executable, which under
# valgrind is valgrind's tool), and is stopped once the cache is there.
_first_frame_cache() {
    rm -f "$XDG_STATE_HOME/grocer/first-frame"
    script -qc "exec valgrind $* $bin" /dev/null >/dev/null 2>&1 &
    local launch=$! tool
    # The cache is written twice after the frame: once the pages are
    # checked, then with the hints once the store is open; the second.
    for _ in $(seq 600); do grep -qs '^date.pattern=' "$XDG_STATE_HOME/grocer/first-frame" && break; sleep 0.1; done
    # valgrind itself (script's child; script then ends on its own).
    tool=$(pgrep -P "$launch") && kill $tool 2>/dev/null
    wait "$launch" 2>/dev/null || true
    grep -qs '^date.pattern=' "$XDG_STATE_HOME/grocer/first-frame" || { echo "first-frame: the first launch wrote no cache with its hints" >&2; return 1; }
    # The kill leaves the first launch's -wal; a command opens and closes
    # the store so that the launches measured find it as a person's grocer
    # leaves it (checkpointed), not as a killed one does.
    "$bin" unit lbs >/dev/null
}

first_frame_traces() {
    local bin work=$2
    _first_frame_setup "$1" "$work" || return
    _lackey() { script -qc "valgrind --tool=lackey --trace-mem=yes --log-file=$1 $bin" /dev/null >/dev/null 2>&1; }
    _first_frame_cache --tool=lackey || return
    GROCER_TEST_EXIT_AFTER_FIRST_FRAME=1 _lackey "$work/cached.trace" || true
    rm -f "$XDG_STATE_HOME/grocer/first-frame"
    GROCER_TEST_EXIT_AFTER_FIRST_FRAME=1 _lackey "$work/miss.trace" || true
    [[ -s $work/cached.trace && -s $work/miss.trace ]] || { echo "first-frame: lackey wrote nothing" >&2; return 1; }
}

first_frame_runs() {
    local bin work=$2
    _first_frame_setup "$1" "$work" || return
    _callgrind() { script -qc "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$1 $bin" /dev/null >/dev/null 2>&1; }
    # The second launch, from the cache the first wrote, is kept.
    _first_frame_cache --tool=callgrind --demangle=no --callgrind-out-file=/dev/null || return
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
