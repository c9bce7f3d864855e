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
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=scripts/first-frame-runs.sh
source "$(dirname "$0")/first-frame-runs.sh"
first_frame_runs "$bin" "$work"
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
