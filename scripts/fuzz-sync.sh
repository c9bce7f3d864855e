#!/bin/sh
# Fuzz GrocerSync's readers with libFuzzer (swiftc -sanitize=fuzzer,address).
# Not part of the product build: GrocerCore and GrocerSync are compiled
# again, instrumented, into .build/fuzz.
#
#   scripts/fuzz-sync.sh ical [seconds]         the iCalendar reader and the mappings
#   scripts/fuzz-sync.sh multistatus [seconds]  the XML and multistatus readers
#
# Seeds are in fuzz/corpus-<name>; crashes are written to .build/fuzz/.
set -eu
name=${1:-ical}
seconds=${2:-60}
case $name in
ical) harness=fuzz/ICalendarFuzz.swift ;;
multistatus) harness=fuzz/MultistatusFuzz.swift ;;
*) echo "usage: $0 ical|multistatus [seconds]" >&2; exit 2 ;;
esac
out=.build/fuzz
mkdir -p "$out" "$out/corpus-$name"
flags="-O -sanitize=fuzzer,address -swift-version 6 -parse-as-library"
for module in GrocerCore GrocerSync; do
    # shellcheck disable=SC2046,SC2086
    swiftc $flags -I "$out" -module-name "$module" -emit-module -emit-module-path "$out/$module.swiftmodule" \
        -emit-library -static -o "$out/lib$module.a" $(find "Sources/$module" -name '*.swift' | sort)
done
# shellcheck disable=SC2086
swiftc $flags -I "$out" -L "$out" -lGrocerSync -lGrocerCore "$harness" -o "$out/fuzz-$name"
cp fuzz/corpus-"$name"/* "$out/corpus-$name/" 2>/dev/null || true
cd "$out"
exec "./fuzz-$name" -max_total_time="$seconds" -max_len=16384 "corpus-$name"
