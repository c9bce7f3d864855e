#!/usr/bin/env bash
# Writes the linker's symbol ordering file (argument 1): every function the
# interactive launch runs until its first frame, found by callgrind on the
# test build (GROCER_TEST_EXIT_AFTER_FIRST_FRAME ends it right after that
# frame). The release build links them together (Makefile, ORDER_FILE), so
# the launch faults in fewer pages. Then the data the same launches touch
# (valgrind's lackey: every access in .data, .bss, .data.rel.ro and
# .rodata, named by the symbol it falls in), in the order they are first
# touched: the linker lays those out together too, and the launch writes to
# (and copies, or zeroes) fewer pages. A name that no longer exists is
# skipped by the linker; run `make order` again after larger changes.
set -euo pipefail
order=${1:?usage: first-frame-order.sh ORDER_FILE}
bin=${GROCER_BIN:?GROCER_BIN: the test build}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=scripts/first-frame-runs.sh
source "$(dirname "$0")/first-frame-runs.sh"
first_frame_runs "$bin" "$work"
mkdir "$work/traces"
first_frame_traces "$bin" "$work/traces"
python3 - "$work/cached.out" "$work/miss.out" >"$work/functions" <<'PY'
import re, sys
# The launch from the cache first, then what only a launch without one
# runs; each part sorted, so that a new order file differs from the last
# only by what changed.
seen, names = set(), []
for path in sys.argv[1:]:
    part = set()
    for line in open(path, errors="replace"):
        # A recursive call is named again with its depth ('2): the same name.
        m = re.match(r"^c?fn=\(\d+\) (\S+?)(?:'\d+)?$", line.strip())
        if m and m.group(1) not in seen and not m.group(1).startswith("0x"):
            part.add(m.group(1))
    seen |= part
    names += sorted(part)
if len(names) < 100:
    sys.exit("first-frame-order: callgrind saw too few functions")
print("\n".join(names))
PY
readelf -SW "$work/traces/grocer" >"$work/sections"
nm -S --defined-only "$work/traces/grocer" >"$work/symbols"
python3 - "$work/sections" "$work/symbols" "$work/traces/cached.trace" "$work/traces/miss.trace" >"$work/data" <<'PY'
import bisect, collections, re, sys
# The writable and read-only data sections, by address.
sections = []
for line in open(sys.argv[1]):
    m = re.search(r"\]\s+(\.data\.rel\.ro|\.data|\.bss|\.rodata|\.tdata)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
    if m and int(m.group(2), 16):
        start = int(m.group(2), 16)
        sections.append((start, start + int(m.group(3), 16)))
sections.sort()
starts = [s for s, _ in sections]
# Symbols with a size, and only names that are not repeated (a local name
# such as __PRETTY_FUNCTION__.1 in many objects would move them all).
symbols, count = [], collections.Counter()
for line in open(sys.argv[2]):
    parts = line.split()
    if len(parts) == 4 and int(parts[1], 16) > 0:
        symbols.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
        count[parts[3]] += 1
symbols.sort()
addresses = [a for a, _, _ in symbols]
seen, names, looked = set(), [], {}
for path in sys.argv[3:]:
    for line in open(path, errors="replace"):
        # lackey: " L addr,size", " S ...", " M ..." (instructions: "I ...").
        if line[:2] not in (" L", " S", " M"):
            continue
        address = int(line[3:].split(",")[0], 16)
        if address in looked:
            continue
        looked[address] = True
        i = bisect.bisect_right(starts, address) - 1
        if i < 0 or address >= sections[i][1]:
            continue
        j = bisect.bisect_right(addresses, address) - 1
        while j >= 0 and addresses[j] + 0x100000 > address:
            start, size, name = symbols[j]
            if start <= address < start + size:
                if name not in seen and count[name] == 1:
                    seen.add(name)
                    names.append(name)
                break
            j -= 1
if len(names) < 100:
    sys.exit("first-frame-order: lackey saw too little data")
print("\n".join(names))
PY
cat "$work/functions" "$work/data" >"$order"
echo "first-frame-order: $(wc -l <"$work/functions") functions and $(wc -l <"$work/data") data symbols in $order"
