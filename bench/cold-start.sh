#!/usr/bin/env bash
# The first frame with a cold page cache (issue 35: reported, not a goal
# yet). The installed binary (stripped, as `make install` leaves it) and the
# C reference are dropped from the page cache before each launch
# (posix_fadvise DONTNEED, bench/pagesin.c: no root needed, unlike
# drop_caches); both are timed to their first frame and until typed keys
# show (ptybench). Then, on a warm launch in tmux: how much of the binary
# the process has mapped when it reads its first key (Rss of the binary's
# mappings in /proc/PID/smaps, by segment) and how much of it is ICU's data
# (present pages in /proc/PID/pagemap over the icudt symbol), beside what
# the disk's readahead pulls in (the page cache after a cold launch).
# Prints figures; asserts nothing. Usage: bench/cold-start.sh (ROUNDS=5)
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"
cc -O2 -o "$out/ptybench" bench/ptybench.c -lutil
cc -O2 -o "$out/title" bench/title.c -lncursesw
cc -O2 -o "$out/pagesin" bench/pagesin.c
BIN=${GROCER_BIN:-.build/release/grocer}
ROUNDS=${ROUNDS:-5}
TITLE="Enter Today's Weight"
work=$(mktemp -d "${TMPDIR:-/tmp}/grocer-cold.XXXXXX")
trap 'tmux -L grocer-cold kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
strip -o "$work/grocer" "$BIN"
cp "$out/title" "$work/title"
export XDG_STATE_HOME=$work/state XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config LANG=en_US.UTF-8 TZ=UTC
export GROCER_STORE=$work/store.sqlite
"$work/grocer" weight add 71.3 --unit kg >/dev/null
# The usual launch's first-frame cache, written once the store is open.
"$out/ptybench" ready "$TITLE" 1 "71.3" "71.3" -- "$work/grocer" >/dev/null
mb() { awk -v b="$1" 'BEGIN { printf "%.1f MB", b / 1048576 }'; }
g=() c=() pulled=0
for ((i = 0; i < ROUNDS; i++)); do
    "$out/pagesin" evict "$work/grocer"
    "$out/pagesin" evict "$GROCER_STORE"
    read -r first ready < <("$out/ptybench" ready "$TITLE" 1 "71.3" "71.3" -- "$work/grocer")
    read -r pulled _ < <("$out/pagesin" count "$work/grocer")
    g+=("$first $ready")
    "$out/pagesin" evict "$work/title"
    read -r cf _ < <("$out/ptybench" first-frame "$TITLE" 1 -- "$work/title")
    c+=("$cf")
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
gf=$(printf '%s\n' "${g[@]}" | cut -d' ' -f1 | median)
gr=$(printf '%s\n' "${g[@]}" | cut -d' ' -f2 | median)
cf=$(printf '%s\n' "${c[@]}" | median)
size=$(stat -c %s "$work/grocer")
echo "First frame with a cold page cache (binary and store dropped from the cache; median of $ROUNDS)  [load $(cut -d' ' -f1-3 /proc/loadavg)]:"
awk -v g="$gf" -v r="$gr" -v c="$cf" 'BEGIN { printf "  grocer %.2f ms (keys shown %.2f ms)   C %.2f ms   ratio %.1fx (reported, not a goal)\n", g, r, c, g / c }'
disk=$(basename "$(df --output=source "$work" | tail -1)")
[[ -d /sys/block/$disk ]] || disk=$(lsblk -no pkname "/dev/$disk" 2>/dev/null || true)
ra=$(cat "/sys/block/$disk/queue/read_ahead_kb" 2>/dev/null || echo "?")
echo "  the page cache holds $(mb "$pulled") of the $(mb "$size") binary after a cold launch (the disk's readahead: ${ra} kB)"
# What the process itself maps by its first key (a warm launch in tmux).
tmux -L grocer-cold -f /dev/null new-session -d -x 80 -y 24 "env TERM=xterm-256color '$work/grocer'"
for ((i = 0; i < 300; i++)); do
    tmux -L grocer-cold capture-pane -p | grep -q "$TITLE" && break
    sleep 0.1
done
pid=$(tmux -L grocer-cold list-panes -F '#{pane_pid}')
# The frame is up; the store opens right after it, before the first key is
# read: wait until the screen takes one.
tmux -L grocer-cold send-keys 7
for ((i = 0; i < 300; i++)); do
    tmux -L grocer-cold capture-pane -p | grep -q "7" && break
    sleep 0.1
done
icu=$(nm -S "$BIN" 2>/dev/null | awk '$4 ~ /^icudt[0-9]+_dat$/ { print $1, $2 }' || true)
python3 - "$pid" "$work/grocer" "$icu" <<'PY'
import struct, sys
pid, path, icu = sys.argv[1], sys.argv[2], sys.argv[3].split()
maps, total = [], 0
cur = None
for line in open(f"/proc/{pid}/smaps"):
    parts = line.split()
    if "-" in parts[0] and len(parts) >= 5 and not parts[0].endswith(":"):
        cur = parts if len(parts) >= 6 and parts[5] == path else None
    elif cur is not None and parts[0] == "Rss:":
        lo, hi = (int(x, 16) for x in cur[0].split("-"))
        maps.append((cur[1], (hi - lo) >> 10, int(parts[1])))
        total += int(parts[1])
# The segments in the order the linker lays them out.
names = iter(["read-only data", "code", "read-only after relocation", "data (ICU's inside)"])
print("  mapped by the process at its first key: %.1f MB of the binary" % (total / 1024))
for perms, size, rss in maps:
    print("    %-26s %7.1f MB of %7.1f MB" % (next(names, perms), rss / 1024, size / 1024))
if len(icu) == 2:
    start, size = int(icu[0], 16), int(icu[1], 16)
    page = 4096
    present = 0
    with open(f"/proc/{pid}/pagemap", "rb") as f:
        first, last = start // page, (start + size - 1) // page
        f.seek(first * 8)
        data = f.read((last - first + 1) * 8)
        for i in range(0, len(data), 8):
            (v,) = struct.unpack("<Q", data[i:i + 8])
            present += (v >> 63) & 1
    print("    of which ICU's data        %7.1f MB of %7.1f MB" % (present * page / 1048576, size / 1048576))
PY
tmux -L grocer-cold kill-server 2>/dev/null || true
