#!/usr/bin/env bash
# How long another process's write takes to show on an open grocer: the
# history open in a tmux pane, then `grocer weight add` from outside, then
# capture-pane every 10 ms until the new total shows. Ten writes; the
# figure is from the write's start to the frame, beside the time the write
# alone took (the reference, measured in the same run).
set -euo pipefail
GROCER_BIN=${GROCER_BIN:-$PWD/.build/release/grocer}
dir=$(mktemp -d)
sock="grocer-follow-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$dir"' EXIT
export GROCER_STORE="$dir/store.sqlite" XDG_DATA_HOME="$dir/data" XDG_STATE_HOME="$dir/state"
"$GROCER_BIN" unit kg >/dev/null
"$GROCER_BIN" weight add 70 --at 2026-01-01 >/dev/null
tmux -L "$sock" -f /dev/null new-session -d -s b -x 80 -y 24 "env TERM=xterm-256color LANG=en_US.UTF-8 TZ=UTC $GROCER_BIN"
now_ms() { date +%s%3N; }
wait_text() { until tmux -L "$sock" capture-pane -p -t b | grep -qF -- "$1"; do sleep 0.01; done; }
wait_text "Enter Today's Weight"
tmux -L "$sock" send-keys -t b F3
wait_text "1 of 1"
shown=() writes=()
for i in $(seq 2 11); do
    t0=$(now_ms)
    "$GROCER_BIN" weight add "70.$i" --at "2026-01-$(printf %02d "$i")" >/dev/null
    t1=$(now_ms)
    wait_text " of $i"
    t2=$(now_ms)
    shown+=($((t2 - t0)))
    writes+=($((t1 - t0)))
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
most() { printf '%s\n' "$@" | sort -n | tail -1; }
echo "Another process's write on the open history (10 writes, ms):"
printf '  %-34s median %5s  max %5s\n' "write to frame (goal: 2000 at most)" "$(median "${shown[@]}")" "$(most "${shown[@]}")"
printf '  %-34s median %5s  max %5s\n' "the write alone (reference)" "$(median "${writes[@]}")" "$(most "${writes[@]}")"
