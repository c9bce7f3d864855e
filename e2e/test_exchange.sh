#!/usr/bin/env bash
# weight export / import / trend through the binary: round trips byte for
# byte in both formats, other trackers' files, bad files refused with one
# line and nothing written, standard input, --strict and --dry-run.
source "$(dirname "$0")/lib.sh"
export TZ=UTC
G=$GROCER_BIN

# A store with entries added out of time order, both units, trailing zeros.
fill() {
    "$G" weight add 72.50 --unit kg --store "$1" >/dev/null || return 1
    "$G" weight add 180 --unit lbs --store "$1" >/dev/null || return 1
    sqlite3 "$1" "INSERT INTO weight_entry (value, unit, recorded_at) VALUES ('0.5', 'kg', 1000000000), ('99.99', 'lbs', 1767598200)"
}

round_trip_is_byte_identical_in_both_formats() {
    local fmt a=$TMPROOT/a.sqlite
    fill "$a" || fail "could not fill" || return 1
    for fmt in csv json; do
        "$G" weight export --format "$fmt" --store "$a" --output "$TMPROOT/first.$fmt" || fail "export $fmt" || return 1
        "$G" weight import "$TMPROOT/first.$fmt" --store "$TMPROOT/b-$fmt.sqlite" >"$TMPROOT/out" || fail "import $fmt: $(cat "$TMPROOT/out")" || return 1
        grep -qx "Imported 4 entries, skipped 0 already in the store, rounded 0 to 2 decimals, rejected 0." "$TMPROOT/out" \
            || fail "summary: $(cat "$TMPROOT/out")"
        "$G" weight export --format "$fmt" --store "$TMPROOT/b-$fmt.sqlite" >"$TMPROOT/second.$fmt" || fail "export again"
        cmp "$TMPROOT/first.$fmt" "$TMPROOT/second.$fmt" || fail "$fmt: export -> import -> export differs"
        "$G" weight import "$TMPROOT/first.$fmt" --store "$TMPROOT/b-$fmt.sqlite" | grep -q "^Imported 0 entries, skipped 4 already" \
            || fail "$fmt: a second import added something"
    done
    head -c 40 "$TMPROOT/first.csv" | od -c | grep -q '\\r  \\n' || fail "CSV header line is not CRLF"
    grep -q '^2026-01-05T07:30:00Z,99.99,lbs' "$TMPROOT/first.csv" || fail "value not as typed: $(cat "$TMPROOT/first.csv")"
}

other_trackers_files_import() {
    local s=$TMPROOT/o.sqlite
    printf '#Version: 6\n#Units: kg\n\n#date;weight;weight trend;body fat;body fat trend;muscle mass;muscle mass trend;log\n2023-10-16T05:19:20.000Z;70.0;70.4;;;;;\n2023-10-17T05:07:48.000Z;69.85;70.3;;;;;\n' >"$TMPROOT/libra.csv"
    "$G" weight import "$TMPROOT/libra.csv" --store "$s" | grep -q "^Imported 2 entries" || fail "libra"
    printf '"dateTime","weight","fat"\n"2024-01-05 07:30","72.456","20.1"\n"2024-01-06 07:30","heavy",""\n' >"$TMPROOT/openscale.csv"
    "$G" weight import "$TMPROOT/openscale.csv" --store "$s" >"$TMPROOT/out"
    grep -qx "Imported 1 entry, skipped 0 already in the store, rounded 1 to 2 decimals, rejected 1." "$TMPROOT/out" \
        || fail "openscale: $(cat "$TMPROOT/out")"
    grep -qx "  line 3: 'heavy' is not a weight (a decimal with '.', e.g. 72.5)" "$TMPROOT/out" || fail "no line for the bad row"
    # Its fat is kept as the body fat (issue 34), no longer "not kept".
    grep -qx "Read an openScale CSV export, in kg (openScale always writes kg)." "$TMPROOT/out" \
        || fail "openscale report: $(cat "$TMPROOT/out")"
    [[ $("$G" weight list --store "$s" | wc -l) == 3 ]] || fail "list: $("$G" weight list --store "$s")"
    "$G" weight list --utc --store "$s" | grep -q $'2024-01-05T07:30:00Z\t72.46 kg\t20.1 % fat' || fail "openscale row"
}

bad_file_is_one_line_exit_2_and_nothing_written() {
    local s=$TMPROOT/bad.sqlite out rc before
    "$G" weight add 70 --unit kg --store "$s" >/dev/null || return 1
    before=$(sqlite3 "$s" "SELECT count(*), max(id) FROM weight_entry")
    printf 'hello, this is not a weight log\n' >"$TMPROOT/bad.txt"
    out=$("$G" weight import "$TMPROOT/bad.txt" --store "$s" 2>&1); rc=$?
    ((rc == 2)) || fail "exit $rc: $out"
    [[ $(wc -l <<<"$out") == 1 && $out == *bad.txt* ]] || fail "not one line naming the file: $out"
    printf 'recorded_at,value,unit\n2026-01-05T07:30:00Z,72.5,kg\n2026-01-06T07:30:00Z,"72.5,kg\n' >"$TMPROOT/broken.csv"
    out=$("$G" weight import "$TMPROOT/broken.csv" --store "$s" 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 ]] || fail "broken file: exit $rc: $out"
    out=$("$G" weight import "$TMPROOT/no-such-file.csv" --store "$s" 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 ]] || fail "missing file: exit $rc: $out"
    [[ $(sqlite3 "$s" "SELECT count(*), max(id) FROM weight_entry") == "$before" ]] || fail "the store changed"
    out=$("$G" weight import "$TMPROOT/bad.txt" --store "$TMPROOT/never.sqlite" 2>&1); rc=$?
    ((rc == 2)) && [[ ! -e $TMPROOT/never.sqlite ]] || fail "a store was made for a bad file: exit $rc"
}

a_file_without_its_unit_needs_one_named_and_nothing_read_is_exit_2() {
    local s=$TMPROOT/u.sqlite out rc
    printf '#Version: 6\n\n#date;weight;weight trend\n2023-10-16T05:19:20.000Z;70.0;70.4\n' >"$TMPROOT/nounit.csv"
    out=$("$G" weight import "$TMPROOT/nounit.csv" --store "$s" 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"--unit lbs or --unit kg"* ]] || fail "no unit: exit $rc: $out"
    [[ ! -e $s ]] || [[ $("$G" weight list --store "$s" | wc -l) == 0 ]] || fail "something was imported"
    "$G" weight import "$TMPROOT/nounit.csv" --unit kg --store "$s" | grep -q "^Imported 1 entry" || fail "--unit kg"
    "$G" weight list --store "$s" | grep -q "70.0 kg" || fail "not in kg: $("$G" weight list --store "$s")"
    # Rows, none readable: exit 2 after the report (a script sees it).
    printf 'recorded_at,value,unit\n2026-01-05T07:30:00Z,heavy,kg\n2026-01-06T07:30:00Z,72.5,stone\n' >"$TMPROOT/none.csv"
    out=$("$G" weight import "$TMPROOT/none.csv" --store "$s" 2>&1); rc=$?
    ((rc == 2)) && [[ $out == *"rejected 2"* && $out == *"nothing was imported"* ]] || fail "nothing readable: exit $rc: $out"
    # A dry run with no store yet creates none.
    "$G" weight import "$TMPROOT/nounit.csv" --unit kg --dry-run --store "$TMPROOT/dry/none.sqlite" | grep -q "1 entry" || fail "dry run"
    [[ ! -e $TMPROOT/dry ]] || fail "a dry run created $(ls -A "$TMPROOT/dry")"
    # Rows already in the store are not a failure.
    "$G" weight export --store "$s" >"$TMPROOT/again.csv" || return 1
    "$G" weight import "$TMPROOT/again.csv" --store "$s" >/dev/null || fail "a second import of the same rows failed"
}

stdin_strict_and_dry_run() {
    local s=$TMPROOT/in.sqlite out rc
    printf 'recorded_at,value,unit\n2026-01-05T07:30:00Z,72.5,kg\n2026-01-06T07:30:00Z,72.4,kg\n' \
        | "$G" weight import - --store "$s" | grep -q "^Imported 2 entries" || fail "3-line CSV from stdin"
    printf 'recorded_at,value,unit\n2026-01-07T07:30:00Z,72.3,kg\nnever,72.4,kg\n' >"$TMPROOT/mixed.csv"
    out=$("$G" weight import "$TMPROOT/mixed.csv" --strict --store "$s" 2>&1); rc=$?
    ((rc == 2)) || fail "--strict exit $rc: $out"
    "$G" weight import "$TMPROOT/mixed.csv" --dry-run --store "$s" | grep -q "^Would import 1 entry" || fail "dry run"
    [[ $("$G" weight list --store "$s" | wc -l) == 2 ]] || fail "--strict or --dry-run kept something"
    "$G" weight import "$TMPROOT/mixed.csv" --json --store "$s" | jq -e '.imported == 1 and .rejected == 1 and .problems[0].line == 3' >/dev/null \
        || fail "--json summary"
}

new_trackers_say_format_unit_and_what_they_dropped() {
    local s=$TMPROOT/n.sqlite out rc
    printf '[{\n  "logId" : 1704499200000,\n  "weight" : 180.2,\n  "bmi" : 25.84,\n  "date" : "01/05/24",\n  "time" : "07:30:00",\n  "source" : "API"\n}]\n' \
        >"$TMPROOT/weight-2024-01-05.json"
    out=$("$G" weight import "$TMPROOT/weight-2024-01-05.json" --store "$s" 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"Fitbit file does not say"*"--unit"* ]] || fail "fitbit without --unit: exit $rc: $out"
    [[ ! -e $s ]] || fail "a store was made for a refused file"
    out=$(TZ=America/New_York "$G" weight import "$TMPROOT/weight-2024-01-05.json" --unit lbs --store "$s" 2>&1) || fail "fitbit: $out"
    [[ $out == *"Imported 1 entry"* && $out == *"Read a Fitbit weight JSON, in lbs (--unit; Fitbit does not write it); not kept: logId, bmi, source."* ]] \
        || fail "fitbit report: $out"
    "$G" weight list --utc --store "$s" | grep -q $'2024-01-05T12:30:00Z\t180.2 lbs' || fail "fitbit row: $("$G" weight list --utc --store "$s")"
    printf 'Date,Step count,Average weight (kg),Max weight (kg),Min weight (kg)\n2024-02-05,5000,72.45,72.9,72.0\n2024-02-06,4000,,,\n' \
        >"$TMPROOT/Daily Summaries.csv"
    out=$("$G" weight import "$TMPROOT/Daily Summaries.csv" --json --store "$s") || fail "google fit: $out"
    jq -e '.format == "googlefit" and .imported == 1 and .rejected == 0 and .read.unit == "kg"
        and .read.notKept == ["Step count", "Max weight (kg)", "Min weight (kg)"]' <<<"$out" >/dev/null || fail "google fit: $out"
    printf 'The Hacker'"'"'s Diet,,,,\n,,Kilograms,,\nDay,Date,Weight,Trend,Rung\nThu,3/1/07,80.5,81.0,12\nFri,3/2/07,,80.9,12\n' >"$TMPROOT/WEIGHT07.csv"
    out=$("$G" weight import "$TMPROOT/WEIGHT07.csv" --store "$s" 2>&1) || fail "hacker's diet excel: $out"
    [[ $out == *"Imported 1 entry"*"Read The Hacker's Diet's legacy Excel CSV, in kg (its unit row, \"Kilograms\"); dates read month first (1/2/07 is January 2, 2007), as their weekdays say; not kept: Trend, Rung."* ]] \
        || fail "hacker's diet excel: $out"
    printf 'date,weight\n2024-03-05,71.5\n' >"$TMPROOT/bare.csv"
    out=$("$G" weight import "$TMPROOT/bare.csv" --store "$s" 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"CSV file does not say"* ]] || fail "bare csv without --unit: exit $rc: $out"
    "$G" weight import "$TMPROOT/bare.csv" --unit kg --store "$s" | grep -qx "Read a CSV of dates and weights, in kg (--unit)." \
        || fail "bare csv with --unit"
    [[ $("$G" weight list --store "$s" | wc -l) == 4 ]] || fail "list: $("$G" weight list --store "$s")"
    # Rows repeated within one file are imported once, in time order or not.
    printf 'recorded_at,value,unit\n2024-04-02T07:00:00Z,70.5,kg\n2024-04-01T07:00:00Z,70,kg\n2024-04-02T07:00:00Z,70.50,kg\n2024-04-01T07:00:00Z,70,kg\n' \
        >"$TMPROOT/repeats.csv"
    out=$("$G" weight import "$TMPROOT/repeats.csv" --store "$s") || fail "repeats: $out"
    [[ $out == "Imported 2 entries, skipped 0 already in the store and 2 repeated in the file, rounded 0 to 2 decimals, rejected 0."* ]] \
        || fail "repeats: $out"
    [[ $("$G" weight list --store "$s" | wc -l) == 6 ]] || fail "repeats list: $("$G" weight list --store "$s")"
}

trend_and_ranged_export() {
    local s=$TMPROOT/t.sqlite
    printf 'recorded_at,value,unit\n2026-01-01T08:00:00Z,80,kg\n2026-01-02T08:00:00Z,70,kg\n2026-01-03T08:00:00Z,72,kg\n' \
        | "$G" weight import - --store "$s" >/dev/null || fail "import" || return 1
    "$G" unit kg --store "$s" >/dev/null
    "$G" weight trend --json --range all --store "$s" | jq -e '.days | length == 3' >/dev/null || fail "trend days"
    "$G" weight trend --json --range all --store "$s" | grep -q '"date": "2026-01-02", "weight": 70.00, "trend": 79.00' || fail "trend figures"
    "$G" weight trend --store "$s" | grep -q "^Trend: 78.30 kg on 2026-01-03." || fail "text trend: $("$G" weight trend --store "$s")"
    [[ $("$G" weight export --since 2026-01-02 --until 2026-01-02 --store "$s") == $'recorded_at,value,unit,note,body_fat\r\n2026-01-02T08:00:00Z,70,kg,,\r' ]] \
        || fail "ranged export: $("$G" weight export --since 2026-01-02 --until 2026-01-02 --store "$s" | od -c | head)"
}

export_never_writes_over_the_store_its_journals_or_a_file() {
    local a=$TMPROOT/s/a.sqlite out rc name before
    mkdir -p "$TMPROOT/s" && ln -s "$TMPROOT/s" "$TMPROOT/link" || return 1
    fill "$a" || return 1
    # A grocer keeps the store open meanwhile, as a screen would: its -wal
    # and -shm are there.
    sqlite3 "$a" "PRAGMA journal_mode=WAL; CREATE TEMP TABLE t(x);" >/dev/null
    for name in "$a" "$a-wal" "$a-shm" "$a-journal" "$TMPROOT/link/a.sqlite-wal"; do
        before=$(ls -la "$TMPROOT/s" | md5sum)
        out=$("$G" weight export --store "$a" --output "$name" 2>&1); rc=$?
        ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"is the store itself"* ]] || fail "--output $name: exit $rc: $out"
        "$G" weight export --store "$a" --output "$name" --force >/dev/null 2>&1 && fail "--force wrote $name"
    done
    [[ $("$G" weight list --store "$a" | wc -l) == 4 ]] || fail "the store lost entries"
    # A new file: 0600; an existing one only with --force.
    "$G" weight export --store "$a" --output "$TMPROOT/w.csv" || fail "export" || return 1
    [[ $(stat -c %a "$TMPROOT/w.csv") == 600 ]] || fail "mode $(stat -c %a "$TMPROOT/w.csv")"
    echo keep >"$TMPROOT/w.csv"
    out=$("$G" weight export --store "$a" --output "$TMPROOT/w.csv" 2>&1); rc=$?
    ((rc == 2)) && [[ $out == *"--force"* && $(cat "$TMPROOT/w.csv") == keep ]] || fail "replaced without --force: exit $rc: $out"
    "$G" weight export --store "$a" --output "$TMPROOT/w.csv" --force || fail "--force refused"
    [[ $(head -1 "$TMPROOT/w.csv") == recorded_at* ]] || fail "not replaced: $(head -1 "$TMPROOT/w.csv")"
    # With no store yet, the same rules.
    echo keep >"$TMPROOT/e.csv"
    "$G" weight export --store "$TMPROOT/none.sqlite" --output "$TMPROOT/e.csv" 2>/dev/null && fail "no store: replaced"
    "$G" weight export --store "$TMPROOT/none.sqlite" --output "$TMPROOT/new.csv" || fail "no store: export"
    [[ $(stat -c %a "$TMPROOT/new.csv") == 600 ]] || fail "no store: mode $(stat -c %a "$TMPROOT/new.csv")"
}

run_test "export -> import -> export is byte-identical (csv, json); importing twice adds nothing" round_trip_is_byte_identical_in_both_formats
run_test "Libra and openScale files import; bad rows listed by line" other_trackers_files_import
run_test "a file that cannot be read: one line, exit 2, nothing written" bad_file_is_one_line_exit_2_and_nothing_written
run_test "standard input, --strict, --dry-run, --json" stdin_strict_and_dry_run
run_test "a file without its unit needs --unit; nothing readable is exit 2" a_file_without_its_unit_needs_one_named_and_nothing_read_is_exit_2
run_test "Fitbit, Google Fit, Hacker's Diet Excel and plain CSV files: read as themselves, unit said, --unit where none is stated" \
    new_trackers_say_format_unit_and_what_they_dropped
run_test "trend figures and a ranged export" trend_and_ranged_export
run_test "export never writes over the store, its journals or a file (0600, --force)" export_never_writes_over_the_store_its_journals_or_a_file
finish
