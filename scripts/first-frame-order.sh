#!/usr/bin/env bash
# Writes the linker's symbol ordering file (argument 1): every function the
# interactive launch runs until its first frame, found by callgrind on the
# test build (GROCER_TEST_EXIT_AFTER_FIRST_FRAME ends it right after that
# frame). The release build links them together (Makefile, ORDER_FILE), so
# the launch faults in fewer pages. A name that no longer exists is skipped
# by the linker; run `make order` again after larger changes.
set -euo pipefail
order=${1:?usage: first-frame-order.sh ORDER_FILE}
bin=${GROCER_BIN:?GROCER_BIN: the test build}
command -v valgrind >/dev/null || { echo "first-frame-order: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_STATE_HOME=$work/state GROCER_STORE=$work/grocer.sqlite LANG=en_US.UTF-8 TERM=xterm
"$bin" unit lbs >/dev/null
callgrind() { script -qc "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$1 $bin" /dev/null >/dev/null 2>&1; }

# A first launch writes the first-frame cache (its date pattern is tied to
# the executable, which under valgrind is valgrind's tool): stopped once
# the cache is there. The second launch, from the cache, is the one kept.
callgrind /dev/null &
launch=$!
for _ in $(seq 600); do [[ -s $XDG_STATE_HOME/grocer/first-frame ]] && break; sleep 0.1; done
# valgrind itself (not script, which then ends on its own).
pkill -f "^[^ ]*valgrind[^ ]* --tool=callgrind --demangle=no --callgrind-out-file=/dev/null $bin" 2>/dev/null || true
wait "$launch" 2>/dev/null || true
[[ -s $XDG_STATE_HOME/grocer/first-frame ]] || { echo "first-frame-order: the first launch wrote no cache" >&2; exit 1; }

GROCER_TEST_EXIT_AFTER_FIRST_FRAME=1 callgrind "$work/cached.out" || true
# Then the launch without a cache (the first after an upgrade), after those.
rm -f "$XDG_STATE_HOME/grocer/first-frame"
GROCER_TEST_EXIT_AFTER_FIRST_FRAME=1 callgrind "$work/miss.out" || true
python3 - "$work/cached.out" "$work/miss.out" >"$order" <<'PY'
import re, sys
# The launch from the cache first, then what only a launch without one
# runs; each part sorted, so that a new order file differs from the last
# only by what changed.
seen, names = set(), []
for path in sys.argv[1:]:
    part = set()
    for line in open(path, errors="replace"):
        m = re.match(r"^c?fn=\(\d+\) (\S+)$", line.strip())
        if m and m.group(1) not in seen and not m.group(1).startswith("0x"):
            part.add(m.group(1))
    seen |= part
    names += sorted(part)
if len(names) < 100:
    sys.exit("first-frame-order: callgrind saw too few functions")
print("\n".join(names))
PY
echo "first-frame-order: $(wc -l <"$order") functions in $order"
