#!/usr/bin/env bash
# The first frame's budget, checked by `make check`: the instructions
# callgrind counts for the launch from the first-frame cache, up to its
# first frame, on the test build (scripts/first-frame-runs.sh). Instruction
# counts do not change with a busy machine, as times do. The budget is in
# scripts/first-frame.budget, a little above the count when it was set: a
# change that crosses it says why in its commit and sets a new one
# (`bash scripts/first-frame-budget.sh --set`).
# The same run checks that the order file (scripts/first-frame.order, which
# the release link follows) still names functions and data the binary has:
# more than a tenth gone, and `make order` must run again.
set -euo pipefail
bin=${GROCER_BIN:?GROCER_BIN: the test build}
dir=$(cd "$(dirname "$0")" && pwd)
budget_file=$dir/first-frame.budget
order_file=$dir/first-frame.order
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=scripts/first-frame-runs.sh
source "$dir/first-frame-runs.sh"
first_frame_runs "$bin" "$work"
cached=$(first_frame_instructions "$work/cached.out")
miss=$(first_frame_instructions "$work/miss.out")
[[ -n $cached && -n $miss ]] || { echo "first-frame-budget: no instruction count in callgrind's output" >&2; exit 1; }

if [[ ${1:-} == --set ]]; then
    # 5% above today's count.
    echo "$(((cached * 105 + 99) / 100))" >"$budget_file"
    echo "first-frame-budget: set to $(cat "$budget_file") instructions (today $cached; without the cache $miss)"
    exit 0
fi

budget=$(tr -dc '0-9' <"$budget_file")
names=$(grep -c . "$order_file")
gone=$(comm -23 <(sort -u "$order_file") <(nm --defined-only "$bin" | awk '{print $3}' | sort -u) | wc -l)
echo "first-frame-budget: $cached instructions to the first frame from the cache (budget $budget; without the cache $miss)"
echo "first-frame-budget: the order file names $names functions and data, $gone of them no longer in the binary"
status=0
if ((cached > budget)); then
    echo "first-frame-budget: over the budget by $(((cached - budget) * 100 / budget))%: find what the launch now does more (callgrind_annotate), or say why in the commit and set a new budget (--set)" >&2
    status=1
fi
if ((gone * 10 > names)); then
    echo "first-frame-budget: more than a tenth of the order file is gone from the binary: run make order" >&2
    status=1
fi
exit $status
