#!/usr/bin/env bash
# `grocer items add --recipe` (issue 33): a recipe of 30 ingredients
# (schema.org JSON-LD, accented names, a third of them already on the
# list, some in units that add up: "200 g" to a listed "1 kg") into a store
# of 10,000 items with aisles, against the same recipe into a store with
# none, measured in the same run, alternating, each on a fresh copy of its
# store (the copy not timed). Prints each median and the ratio; asserts
# nothing (these machines are shared and noisy: read the ratio).
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"
BIN=${GROCER_BIN:-.build/release/grocer}
RUNS=${RUNS:-15}
export LANG=en_US.UTF-8

# The recipe: 30 ingredients; the first ten are on the big store's list.
names=("crème fraîche" "jalapeño" "gruyère" "piñon" "açaí" "bœuf haché" "pâte feuilletée" "épinards" "ñora" "kürbis"
    "flour" "eggs" "milk" "butter" "sugar" "salt" "pepper" "onions" "garlic" "carrots"
    "celery" "thyme" "bay leaves" "olive oil" "tomatoes" "basil" "parmesan" "lemons" "rice" "stock")
amounts=("200 g" "2" "150 g" "30 g" "1 tbsp" "500 g" "1 sheet" "300 g" "2" "400 g"
    "250 g" "3" "500 ml" "50 g" "2 tbsp" "1 tsp" "1/2 tsp" "2" "3 cloves" "4"
    "2 stalks" "1 tsp" "2" "3 tbsp" "400 g" "1 bunch" "50 g" "1" "300 g" "1 l")
{
    printf '{"@context": "https://schema.org", "@type": "Recipe", "name": "Ragù della casa", "recipeYield": "4 servings", "recipeIngredient": ['
    for i in "${!names[@]}"; do
        ((i == 0)) || printf ', '
        printf '"%s %s"' "${amounts[$i]}" "${names[$i]}"
    done
    printf ']}\n'
} >"$out/recipe-30.json"

# store N: N items with aisles and accented names, the recipe's first ten
# among them, on the list.
store() {
    local n=$1 path="$out/recipe-store-$1.sqlite"
    if [[ ! -f $path ]] || [[ $(sqlite3 "$path" 'SELECT count(*) FROM item') != "$n" ]]; then
        rm -f "$path" "$path-wal" "$path-shm"
        GROCER_STORE="$path" "$BIN" items add "1 kg crème fraîche" >/dev/null
        ((n > 1)) || { sqlite3 "$path" 'DELETE FROM item'; echo "$path"; return; }
        local i
        for i in 1 2 3 4 5 6 7 8 9; do GROCER_STORE="$path" "$BIN" items add "1 kg ${names[$i]}" >/dev/null; done
        sqlite3 "$path" "
            WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < $n - 10)
            INSERT INTO item (name, quantity, listed, collected, aisle_id, amount)
            SELECT printf('épicerie fine n°%05d', i), 1 + i % 3, i % 2, 0, (SELECT min(id) FROM aisle) + i % (SELECT count(*) FROM aisle),
                   CAST(1 + i % 3 AS TEXT) FROM c;"
        # As grocer keeps them: each name's key (ItemNameKey) written, which
        # the first add does for rows another tool wrote without one.
        GROCER_STORE="$path" "$BIN" items add "1 kg kürbis" >/dev/null
    fi
    echo "$path"
}

# One timed add of the recipe into a fresh copy of STORE, in ms.
once() {
    local template=$1 scratch="$out/recipe-scratch.sqlite" start end
    rm -f "$scratch" "$scratch-wal" "$scratch-shm"
    cp "$template" "$scratch"
    start=$EPOCHREALTIME
    GROCER_STORE="$scratch" "$BIN" items add --recipe "$out/recipe-30.json" >/dev/null
    end=$EPOCHREALTIME
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f\n", (b - a) * 1000 }'
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

big=$(store 10000)
empty=$(store 1)
[[ $(sqlite3 "$empty" 'SELECT count(*) FROM item') == 0 ]] || { echo "the empty store is not empty" >&2; exit 1; }
e_runs=() b_runs=()
for ((r = 0; r < RUNS; r++)); do
    e_runs+=("$(once "$empty")")
    b_runs+=("$(once "$big")")
done
e=$(printf '%s\n' "${e_runs[@]}" | median)
b=$(printf '%s\n' "${b_runs[@]}" | median)
echo "items add --recipe, 30 ingredients (accented, a third summed into the list), median of $RUNS alternating runs; $(uptime | sed 's/.*load/load/'):"
printf '  %-40s %8s ms   %8s ms\n' "" "empty store" "10,000 items"
printf '  %-40s %8s ms   %8s ms\n' "the whole command" "$e" "$b"
awk -v a="$e" -v b="$b" 'BEGIN {printf "  ratio 10,000 / empty:   %.2fx   (goal: at most 1.50x)\n", b / a}'
