#!/usr/bin/env bash
# The weight commands: add at a given time, list by local days, edit,
# remove (all or nothing), goal; a missing id is one line and exit 2.
source "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || { echo "needs sqlite3"; exit 1; }

G() { "$GROCER_BIN" "$@"; }

add_takes_utc_local_times_and_local_dates_at_noon() {
    export TZ=America/New_York
    G weight add 72.5 --unit kg --at 2026-01-05T07:30:00Z >/dev/null || fail "utc" || return 1
    G weight add 160 --unit lbs --at '2026-01-05 23:30' >/dev/null || fail "local time" || return 1
    G weight add 161 --unit lbs --at 2026-07-06 >/dev/null || fail "local date" || return 1
    local want=$'1\t2026-01-05T07:30:00Z\t72.5 kg\n2\t2026-01-06T04:30:00Z\t160 lbs\n3\t2026-07-06T16:00:00Z\t161 lbs'
    [[ $(G weight list --utc) == "$want" ]] || fail "list: $(G weight list --utc)"
    # Backfilling as people say it: yesterday at a time, two days ago at noon.
    G weight add 159 --unit lbs --at 'yesterday 21:10' >/dev/null || fail "yesterday 21:10" || return 1
    G weight add 158 --unit lbs --at -2d >/dev/null || fail "-2d" || return 1
    local yesterday two
    yesterday=$(date -d yesterday +%Y-%m-%d) two=$(date -d '2 days ago' +%Y-%m-%d)
    G weight list | grep -q $'\t'"$yesterday 21:10"$'\t159 lbs' || fail "yesterday: $(G weight list)"
    G weight list | grep -q $'\t'"$two 12:00"$'\t158 lbs' || fail "-2d: $(G weight list)"
    G weight rm 4 5 >/dev/null || return 1
    # By default: the id, the local time to the minute, the weight.
    want=$'1\t2026-01-05 02:30\t72.5 kg\n2\t2026-01-05 23:30\t160 lbs\n3\t2026-07-06 12:00\t161 lbs'
    [[ $(G weight list) == "$want" ]] || fail "local list: $(G weight list)"
}

list_since_until_are_inclusive_local_days() {
    export TZ=America/New_York
    G weight add 70 --unit kg --at '2026-01-04 23:59' >/dev/null || return 1
    G weight add 71 --unit kg --at '2026-01-05 00:00' >/dev/null || return 1
    G weight add 72 --unit kg --at '2026-01-06 23:59' >/dev/null || return 1
    G weight add 73 --unit kg --at '2026-01-07 00:00' >/dev/null || return 1
    local out
    out=$(G weight list --since 2026-01-05 --until 2026-01-06) || fail "exit $?" || return 1
    [[ $(cut -f3 <<<"$out" | tr '\n' ' ') == "71 kg 72 kg " ]] || fail "since/until: $out"
    out=$(G weight list --json --since 2026-01-07) || return 1
    [[ $(grep -c recordedAt <<<"$out") == 1 && $out == *'"value": 73'* ]] || fail "since only: $out"
    out=$(G weight list --until 2026-01-04) || return 1
    [[ $out == *"70 kg" && $(wc -l <<<"$out") == 1 ]] || fail "until only: $out"
    out=$(G weight list --since 2026-1-5 2>&1); local rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"is not a date"* ]] || fail "bad date: exit $rc: $out"
}

edit_changes_what_is_given_and_keeps_the_rest() {
    export TZ=UTC
    local out id
    out=$(G weight add 180 --unit kg --at 2026-01-05T07:30:00Z) || return 1
    id=${out##* id }
    out=$(G weight edit "$id" --unit lbs) || fail "edit unit: exit $?" || return 1
    [[ $out == "Changed id $id: 180 kg at 2026-01-05T07:30:00Z -> 180 lbs at 2026-01-05T07:30:00Z" ]] || fail "edit: $out"
    G weight edit "$id" --value 179.5 --at 2026-01-04 >/dev/null || fail "edit value and time" || return 1
    [[ $(G weight list --utc) == "$id"$'\t2026-01-04T12:00:00Z\t179.5 lbs' ]] || fail "after edit: $(G weight list --utc)"
    out=$(G weight edit "$id" 2>&1); rc=$?
    ((rc == 2)) && [[ $out == "grocer: Nothing to change"* ]] || fail "edit without options: exit $rc: $out"
}

a_missing_id_is_one_line_exit_2_and_nothing_changes() {
    local out rc
    G weight add 70 --unit kg >/dev/null || return 1
    out=$(G weight rm 1 42 2>&1); rc=$?
    ((rc == 2)) || fail "rm: exit $rc, wanted 2"
    [[ $(wc -l <<<"$out") == 1 && $out == "grocer: "*"no weight with the id 42."* ]] || fail "rm: $out"
    [[ $(G weight list | wc -l) == 1 ]] || fail "something was removed: $(G weight list)"
    out=$(G weight edit 42 --value 1 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"no weight with the id 42."* ]] || fail "edit: exit $rc: $out"
    [[ $out != *SQL* && $out != *constraint* ]] || fail "SQL in the message: $out"
}

rm_removes_every_id_given_and_the_days_follow() {
    export TZ=UTC
    G weight add 70 --unit kg --at 2026-01-05 >/dev/null || return 1
    G weight add 71 --unit kg --at 2026-01-05 >/dev/null || return 1
    G weight add 72 --unit kg --at 2026-01-06 >/dev/null || return 1
    local out
    out=$(G weight rm 1 3) || fail "rm: exit $?" || return 1
    [[ $(wc -l <<<"$out") == 2 && $out == *"Removed id 3: 72 kg"* ]] || fail "rm said: $out"
    [[ $(G weight list) == $'2\t2026-01-05 12:00\t71 kg' ]] || fail "left: $(G weight list)"
    [[ $(sqlite3 "$GROCER_STORE" "SELECT day, unit, hundredths, count FROM weight_day") == "20458|kg|7100|1" ]] \
        || fail "weight_day: $(sqlite3 "$GROCER_STORE" 'SELECT * FROM weight_day')"
}

averages_by_week_and_month() {
    export TZ=America/New_York
    G unit kg >/dev/null || return 1
    G weight add 72.5 --at '2026-01-11 23:30' >/dev/null || return 1
    G weight add 160 --unit lbs --at 2026-01-07 >/dev/null || return 1
    G weight add 72.1 --at 2026-01-12 >/dev/null || return 1
    local out
    out=$(G weight averages --json) || fail "averages: exit $?" || return 1
    jq -e '.unit == "kg" and .by == "week" and (.periods | length) == 2
        and .periods[0] == {"start": "2026-01-05", "count": 2, "mean": 72.54, "min": 72.50, "max": 72.57}' <<<"$out" >/dev/null \
        || fail "weeks: $out"
    out=$(G weight averages --by month) || return 1
    [[ $out == *$'\n2026-01-01          3      72.39     72.10     72.57' ]] || fail "months: $out"
    # The month's highest removed: its highest is the next one (weight_day
    # keeps each day's extremes, read again from the day's entries).
    G weight rm 2 >/dev/null || return 1
    out=$(G weight averages --by month) || return 1
    [[ $out == *$'\n2026-01-01          2      72.30     72.10     72.50' ]] || fail "months after rm: $out"
}

goal_prints_sets_and_clears() {
    [[ $(G weight goal 2>/dev/null) == "No goal set" ]] || fail "no store: $(G weight goal 2>&1)"
    G unit kg >/dev/null || return 1
    [[ $(G weight goal 75) == "Goal set to 75 kg" ]] || fail "set in the default unit"
    [[ $(G weight goal 165.5 --unit lbs) == "Goal set to 165.5 lbs" ]] || fail "set in lbs"
    [[ $(G weight goal) == "Goal: 165.5 lbs" ]] || fail "print: $(G weight goal)"
    [[ $(G weight goal --clear) == "Goal cleared" && $(G weight goal) == "No goal set" ]] || fail "clear"
    local out rc
    out=$(G weight goal 70 --clear 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 ]] || fail "goal and --clear: exit $rc: $out"
}

times_in_the_future_or_before_1900_are_refused() {
    G unit kg >/dev/null || return 1
    G weight add 70 --at 2026-01-05 >/dev/null || return 1
    local out rc when
    for when in 2099-01-05 "1899-12-31 07:30" 0001-01-01; do
        out=$(G weight add 71 --at "$when" 2>&1); rc=$?
        ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"nothing was saved"* ]] || fail "add --at $when: exit $rc: $out"
        out=$(G weight edit 1 --at "$when" 2>&1); rc=$?
        ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 ]] || fail "edit --at $when: exit $rc: $out"
    done
    [[ $(G weight list --utc | cut -f2-) == $'2026-01-05T12:00:00Z\t70 kg' ]] || fail "changed: $(G weight list --utc)"
    # A minute ahead (a clock a little fast) is taken.
    G weight add 71 --at "$(date -u -d '+1 minute' +%Y-%m-%dT%H:%M:%SZ)" >/dev/null || fail "a minute ahead was refused"
}

# A note on a weigh-in: added, listed (a fourth field), in JSON, edited,
# removed with --note '', carried by export and import (the same bytes
# again); one that cannot be a note is one line, exit 2, nothing saved.
notes_are_added_listed_edited_exported_and_imported() {
    export TZ=UTC
    local out rc id
    out=$(G weight add 72.5 --unit kg --at 2026-01-05T07:30:00Z --note '  after a long run, tired ') || fail "add: exit $?" || return 1
    [[ $out == *'("after a long run, tired") as id '* ]] || fail "add said: $out"
    id=${out##* id }
    G weight add 72.4 --unit kg --at 2026-01-06T07:30:00Z >/dev/null || return 1
    [[ $(G weight list --utc) == "$id"$'\t2026-01-05T07:30:00Z\t72.5 kg\tafter a long run, tired\n'"$((id + 1))"$'\t2026-01-06T07:30:00Z\t72.4 kg' ]] \
        || fail "list: $(G weight list --utc)"
    [[ $(G weight list --json | jq -r '.[].note' | head -1) == 'after a long run, tired' ]] || fail "json: $(G weight list --json)"
    # weight list --json goes through the export's writer: the same bytes.
    cmp -s <(G weight list --json) <(G weight export --format json) || fail "list --json and export --format json differ"
    G weight export --output "$TMPROOT/notes.csv" || fail "export: exit $?" || return 1
    [[ $(sed -n 2p "$TMPROOT/notes.csv") == $'2026-01-05T07:30:00Z,72.5,kg,"after a long run, tired",\r' ]] || fail "csv: $(cat -A "$TMPROOT/notes.csv")"
    G weight import "$TMPROOT/notes.csv" --store "$TMPROOT/other.sqlite" >/dev/null || fail "import: exit $?" || return 1
    G weight export --store "$TMPROOT/other.sqlite" --output "$TMPROOT/again.csv" || return 1
    cmp -s "$TMPROOT/notes.csv" "$TMPROOT/again.csv" || fail "export, import, export: not the same bytes"
    G weight edit "$id" --note 'holiday' >/dev/null || fail "edit note: exit $?" || return 1
    [[ $(G weight list | sed -n 1p | cut -f4) == "holiday" ]] || fail "edited: $(G weight list)"
    G weight edit "$id" --note '' >/dev/null || fail "clear note: exit $?" || return 1
    [[ $(G weight list | sed -n 1p | cut -f4) == "" && $(G weight list | sed -n 1p | awk -F'\t' '{print NF}') == 3 ]] || fail "cleared: $(G weight list)"
    out=$(G weight add 72 --note "$(printf 'two\nlines')" 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"a note is one line"* ]] || fail "a line break: exit $rc: $out"
    out=$(G weight add 72 --note "$(printf '%0201d' 0)" 2>&1); rc=$?
    ((rc == 2)) && [[ $out == *"at most 200 characters (this one has 201)"* ]] || fail "too long: exit $rc: $out"
    [[ $(G weight list | wc -l) == 2 ]] || fail "a refused note saved a weight"
    # A row grocer cannot read: the others are listed, then one line, exit 2.
    sqlite3 "$GROCER_STORE" "PRAGMA ignore_check_constraints = ON; INSERT INTO weight_entry (value, unit, recorded_at) VALUES ('heavy', 'kg', 1767700000)"
    out=$(G weight list --json 2>"$TMPROOT/err"); rc=$?
    ((rc == 2)) && [[ $(jq length <<<"$out") == 2 && $(wc -l <"$TMPROOT/err") == 1 ]] && grep -q "left in the file" "$TMPROOT/err" \
        || fail "an unreadable row: exit $rc: $out / $(cat "$TMPROOT/err")"
}

json_answers_what_was_made_or_changed() {
    export TZ=UTC
    local out rc
    out=$(G weight add 72.5 --unit kg --at 2026-01-05T07:30:00Z --note holiday --json) || fail "add: exit $?" || return 1
    jq -e '. == {"id": 1, "recordedAt": "2026-01-05T07:30:00Z", "value": 72.5, "unit": "kg", "note": "holiday"}' <<<"$out" >/dev/null || fail "add: $out"
    out=$(G weight edit 1 --value 72.25 --json) || return 1
    jq -e '.id == 1 and .value == 72.25 and .unit == "kg"' <<<"$out" >/dev/null || fail "edit: $out"
    out=$(G weight goal 70 --unit kg --json) || return 1
    jq -e '. == {"value": 70, "unit": "kg"}' <<<"$out" >/dev/null || fail "goal: $out"
    [[ $(G weight goal --clear --json) == null ]] || fail "goal --clear"
    out=$(G unit kg --json) || return 1
    jq -e '. == {"unit": "kg"}' <<<"$out" >/dev/null || fail "unit: $out"
    out=$(G weight rm 1 --json) || return 1
    jq -e 'length == 1 and .[0].id == 1 and .[0].value == 72.25' <<<"$out" >/dev/null || fail "rm: $out"
    # An error stays one line on stderr, nothing on stdout, exit 2.
    out=$(G weight rm 9 --json 2>/dev/null); rc=$?
    ((rc == 2)) && [[ -z $out ]] || fail "rm of a missing id with --json: exit $rc: $out"
    [[ $(G weight rm 9 --json 2>&1 | wc -l) == 1 ]] || fail "the error is not one line"
}

height_sets_prints_and_gives_the_trend_a_bmi() {
    [[ $(G height 2>/dev/null) == "No height set" ]] || fail "no store: $(G height 2>&1)"
    G unit kg >/dev/null || return 1
    G weight add 72 --at 2026-01-05 >/dev/null || return 1
    G weight trend --json | jq -e 'has("bmi") | not' >/dev/null || fail "a bmi without a height"
    [[ $(G height 180 cm) == "Height set to 180 cm (5 ft 10.9 in)" ]] || fail "set cm"
    [[ $(G height) == "Height: 180 cm (5 ft 10.9 in)" ]] || fail "print: $(G height)"
    G weight trend --json | jq -e '.bmi == 22.2' >/dev/null || fail "bmi: $(G weight trend --json)"
    [[ $(G height "5'11\"") == "Height set to 5 ft 11 in (180.3 cm)" ]] || fail "set 5'11\""
    local out rc
    out=$(G height 1.80 m --json) || return 1
    jq -e '. == {"value": 180, "unit": "cm", "cm": 180.0, "in": 70.9}' <<<"$out" >/dev/null || fail "json: $out"
    out=$(G height 3 m 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"50 to 272 cm"* ]] || fail "3 m: exit $rc: $out"
    out=$(G height 180 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"180 cm"* ]] || fail "no unit: exit $rc: $out"
    [[ $(G height) == "Height: 180 cm (5 ft 10.9 in)" ]] || fail "a refused height changed it"
    [[ $(G height --clear) == "Height cleared" && $(G height --json) == null ]] || fail "clear"
    G weight trend --json | jq -e 'has("bmi") | not' >/dev/null || fail "a bmi after --clear"
}

# grocer unit st: weights typed as stones and pounds, kept in pounds; text
# that is not stones is one line, exit 2.
stones_from_the_command_line() {
    export TZ=UTC
    local out rc
    [[ $(G unit st) == st && $(G unit) == st && $(G unit --json) == '{"unit": "st"}' ]] || fail "unit st: $(G unit --json)" || return 1
    G weight add "11 4.5" --at 2026-01-05T07:30:00Z >/dev/null || fail "add 11 4.5: exit $?" || return 1
    G weight add "11 st 2 lb" --unit kg --at 2026-01-06T07:30:00Z >/dev/null || fail "add 11 st 2 lb: exit $?" || return 1
    [[ $(G weight list --utc | cut -f3 | tr '\n' '|') == "11 st 4.5 lb|11 st 2 lb|" ]] || fail "list: $(G weight list --utc)"
    [[ $(G weight list --json | jq -c '[.[] | [.value, .unit]]') == '[[158.5,"lbs"],[156,"lbs"]]' ]] || fail "json: $(G weight list --json)"
    out=$(G weight add 158.5 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"is not a weight in stones"* ]] || fail "158.5 in stones: exit $rc: $out"
    G weight add 72 --unit kg >/dev/null || fail "--unit kg beside st" || return 1
    G unit lbs >/dev/null
}

# With the unit st every command that shows or takes a weight does so in
# stones and pounds; --unit lbs|kg|st on each; JSON and export keep pounds.
stones_in_every_command() {
    export TZ=UTC
    local out rc
    G unit st >/dev/null || return 1
    [[ $(G weight add 11 7 --at 2026-01-05T07:30:00Z) == "Saved 11 st 7 lb at 2026-01-05T07:30:00Z as id 1" ]] || fail "add 11 7" || return 1
    [[ $(G weight add "11 st 6.5 lb" --at 2026-01-06T07:30:00Z) == "Saved 11 st 6.5 lb at 2026-01-06T07:30:00Z as id 2" ]] || fail "add 11 st 6.5 lb"
    G weight add 11st6 --at 2026-01-07T07:30:00Z >/dev/null || fail "add 11st6" || return 1
    G weight add 72.5 --unit kg --at 2026-01-08T07:30:00Z >/dev/null || fail "add in kg" || return 1
    [[ $(G weight list --utc | cut -f3 | tr '\n' '|') == "11 st 7 lb|11 st 6.5 lb|11 st 6 lb|11 st 5.84 lb (72.5 kg)|" ]] || fail "list: $(G weight list)"
    [[ $(G weight list --unit lbs | cut -f3 | tr '\n' '|') == "161 lbs|160.5 lbs|160 lbs|159.84 lbs (72.5 kg)|" ]] || fail "list --unit lbs: $(G weight list --unit lbs)"
    [[ $(G weight list --unit kg | cut -f3 | head -1) == "73.03 kg (161 lbs)" ]] || fail "list --unit kg: $(G weight list --unit kg)"
    [[ $(G weight list --json | jq -c '.[0] | [.value, .unit]') == '[161,"lbs"]' ]] || fail "list --json: $(G weight list --json)"
    out=$(G weight trend --range all) || return 1
    [[ $out == *$'\n2026-01-05     11 st 7 lb     11 st 7 lb\n'* && $out == *$'\nTrend: 11 st 6.8 lb on 2026-01-08.'* ]] || fail "trend: $out"
    [[ $(G weight trend --json | jq -r .unit) == lbs ]] || fail "trend --json: $(G weight trend --json)"
    [[ $(G weight trend --range all --unit kg) == *$'\nTrend: 72.92 kg on 2026-01-08.'* ]] || fail "trend --unit kg: $(G weight trend --unit kg --range all)"
    out=$(G weight averages --by month) || return 1
    [[ $out == *$'\n2026-01-01          4   11 st 6.3 lb   11 st 5.8 lb     11 st 7 lb' ]] || fail "averages: $out"
    [[ $(G weight averages --json | jq -r .unit) == lbs ]] || fail "averages --json"
    [[ $(G weight averages --by month --unit kg) == *$'\n2026-01-01          4      72.73     72.50     73.03' ]] || fail "averages --unit kg: $(G weight averages --by month --unit kg)"
    [[ $(G weight goal 11 7) == "Goal set to 11 st 7 lb" && $(G weight goal) == "Goal: 11 st 7 lb" ]] || fail "goal 11 7: $(G weight goal)"
    [[ $(G weight goal --json) == '{"value": 161, "unit": "lbs"}' ]] || fail "goal --json: $(G weight goal --json)"
    [[ $(G weight goal "11 st 0") == "Goal set to 11 st 0 lb" && $(G weight goal --unit lbs) == "Goal: 154 lbs" ]] || fail "goal 11 st 0"
    [[ $(G weight goal 11) == "Goal set to 11 st 0 lb" ]] || fail "goal 11 is 11 st, not 11 lbs"
    [[ $(G weight trend --range all) == *$'\nGoal: 11 st 0 lb'* ]] || fail "trend's goal: $(G weight trend --range all)"
    out=$(G weight edit 2 --value "11 8") || fail "edit: exit $?" || return 1
    [[ $out == "Changed id 2: 11 st 6.5 lb at 2026-01-06T07:30:00Z -> 11 st 8 lb at 2026-01-06T07:30:00Z" ]] || fail "edit: $out"
    [[ $(G weight edit 4 --value 73 | cut -d'>' -f2) == " 11 st 6.94 lb (73 kg) at 2026-01-08T07:30:00Z" ]] || fail "edit a kg entry: in kg"
    [[ $(G weight rm 3) == "Removed id 3: 11 st 6 lb at 2026-01-07T07:30:00Z" ]] || fail "rm: $(G weight rm 3 2>&1)"
    [[ $(G weight export | tr -d '\r' | sed -n 2p) == "2026-01-05T07:30:00Z,161,lbs,," ]] || fail "export keeps pounds: $(G weight export)"
    out=$(G weight goal 11 14 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"is not a weight in stones"* ]] || fail "goal 11 14: exit $rc: $out"
    out=$(G weight add 11 lb 2>&1); rc=$?
    ((rc == 2)) && [[ $(wc -l <<<"$out") == 1 && $out == *"is not a weight in stones"* ]] || fail "add 11 lb: exit $rc: $out"
    # --unit on a store in lbs.
    G unit lbs >/dev/null
    [[ $(G weight list --unit st | cut -f3 | head -1) == "11 st 7 lb" ]] || fail "list --unit st: $(G weight list --unit st)"
    [[ $(G weight goal 12 2 --unit st) == "Goal set to 12 st 2 lb" && $(G weight goal) == "Goal: 170 lbs" ]] || fail "goal --unit st"
    [[ $(G weight trend --range all --unit st) == *$'\nGoal: 12 st 2 lb'* ]] || fail "trend --unit st"
}

# A new store starts in its region's unit (LC_ALL, LC_MEASUREMENT, LANG);
# a unit chosen wins.
a_new_store_starts_in_its_regions_unit() {
    local out
    L() { env -u LC_ALL -u LC_MEASUREMENT "$@"; }
    [[ $(L LANG=de_DE.UTF-8 "$GROCER_BIN" unit 2>/dev/null) == kg ]] || fail "de_DE, no store: $(L LANG=de_DE.UTF-8 "$GROCER_BIN" unit 2>&1)"
    [[ $(L LANG=en_GB.UTF-8 "$GROCER_BIN" unit 2>/dev/null) == st ]] || fail "en_GB"
    [[ $(L LANG=en_IE.UTF-8 "$GROCER_BIN" unit 2>/dev/null) == st ]] || fail "en_IE"
    [[ $(L LANG=en_US.UTF-8 "$GROCER_BIN" unit 2>/dev/null) == lbs ]] || fail "en_US"
    [[ $(L LANG=C.UTF-8 "$GROCER_BIN" unit 2>/dev/null) == lbs ]] || fail "C"
    [[ $(L LANG=en_US.UTF-8 LC_MEASUREMENT=fr_FR.UTF-8 "$GROCER_BIN" unit 2>/dev/null) == kg ]] || fail "LC_MEASUREMENT"
    [[ $(L LANG=de_DE.UTF-8 LC_ALL=en_US.UTF-8 LC_MEASUREMENT=de_DE.UTF-8 "$GROCER_BIN" unit 2>/dev/null) == lbs ]] || fail "LC_ALL first"
    out=$(L LANG=de_DE.UTF-8 "$GROCER_BIN" weight add 72,5 --at 2026-01-05T07:30:00Z) || fail "add under de_DE: exit $?" || return 1
    [[ $out == "Saved 72.5 kg at 2026-01-05T07:30:00Z as id 1" ]] || fail "de_DE store in kg: $out"
    [[ $(L LANG=de_DE.UTF-8 "$GROCER_BIN" weight trend --range all --json | jq -r .unit) == kg ]] || fail "trend in kg"
    # Chosen: wins over any region.
    [[ $(L LANG=de_DE.UTF-8 "$GROCER_BIN" unit lbs) == lbs && $(L LANG=en_GB.UTF-8 "$GROCER_BIN" unit) == lbs ]] || fail "chosen wins"
}

# A first import into an empty store sets the unit of the file, saying so;
# then weight add 72.50 is 72.50 kg. A store with weights keeps its unit.
a_first_import_sets_the_files_unit() {
    export TZ=UTC
    local out csv=$TMPROOT/kg.csv
    printf 'recorded_at,value,unit\n2026-01-05T07:30:00Z,72.4,kg\n2026-01-06T07:30:00Z,72.3,kg\n' >"$csv"
    out=$(env -u LC_ALL -u LC_MEASUREMENT LANG=en_US.UTF-8 "$GROCER_BIN" weight import "$csv") || fail "import: exit $?" || return 1
    [[ $out == *$'\nDisplay unit set to kg, as in the file (grocer unit changes it).'* ]] || fail "summary: $out"
    [[ $(G unit) == kg ]] || fail "unit after import: $(G unit)"
    [[ $(env -u LC_ALL -u LC_MEASUREMENT LANG=en_US.UTF-8 "$GROCER_BIN" weight add 72.50 --at 2026-01-07T07:30:00Z) == "Saved 72.50 kg at 2026-01-07T07:30:00Z as id 3" ]] \
        || fail "72.50 after the import"
    # Not the first: the store keeps its unit.
    G unit lbs >/dev/null
    out=$(G weight import --json "$csv") || return 1
    [[ $(jq -r .unitSet <<<"$out") == null && $(G unit) == lbs ]] || fail "second import: $out"
    local other=$TMPROOT/weighed.sqlite
    G weight add 160 --unit lbs --store "$other" >/dev/null || return 1
    out=$(G weight import "$csv" --store "$other") || return 1
    [[ $out != *"Display unit"* && $(G unit --store "$other") == lbs ]] || fail "a store with weights: $out"
}

run_test "weight add --at: UTC, local time, local date at noon" add_takes_utc_local_times_and_local_dates_at_noon
run_test "weight list --since/--until: inclusive local days" list_since_until_are_inclusive_local_days
run_test "weight edit changes what is given, keeps the rest" edit_changes_what_is_given_and_keeps_the_rest
run_test "a missing id: one line, exit 2, nothing changed" a_missing_id_is_one_line_exit_2_and_nothing_changes
run_test "weight rm removes every id given; weight_day follows" rm_removes_every_id_given_and_the_days_follow
run_test "weight averages by week (from Monday, local days) and by month" averages_by_week_and_month
run_test "weight goal prints, sets and clears" goal_prints_sets_and_clears
run_test "notes: added, listed, edited, exported and imported" notes_are_added_listed_edited_exported_and_imported
run_test "times in the future or before 1900 are refused" times_in_the_future_or_before_1900_are_refused
run_test "--json: weight add/edit/rm/goal and unit print what they made or changed" json_answers_what_was_made_or_changed
run_test "height sets, prints and clears; with one, weight trend --json has bmi" height_sets_prints_and_gives_the_trend_a_bmi
run_test "unit st: stones and pounds typed, kept in pounds" stones_from_the_command_line
run_test "unit st: stones in every command, --unit on each, JSON in pounds" stones_in_every_command
run_test "a new store starts in its region's unit; a chosen one wins" a_new_store_starts_in_its_regions_unit
run_test "a first import into an empty store sets the file's unit" a_first_import_sets_the_files_unit
finish
