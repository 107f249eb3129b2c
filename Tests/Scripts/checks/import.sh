# Your data in and out (sourced by run.sh): --export writes a new 0600 file and refuses any
# existing one (a link too), --import takes it into an empty database, and exporting again
# gives the same bytes; --export-markdown writes one file per book into a new 0700 folder.
idir="$work/import"
mkdir -p "$idir"
inow=(--now 2026-11-29T08:00:00+09:00 --tz Asia/Seoul)
ifill='habits.create{name = "Run", start = "2026-11-01"} habits.complete("Run", {on = "2026-11-02"})
bookstories.create{book = {title = "../데미안", author = "헤세"}, quotes = {{text = "알은 세계다.", page = 98}}, keywords = {"성장"}}
walks.log{steps = 1200, distance = 900.5, started_at = "2026-11-29T07:00:00+09:00", ended_at = "2026-11-29T07:30:00+09:00"}'

check "import: data to export" 0 "" "$binary" --db "$idir/a.db" "${inow[@]}" -e "$ifill"
check "import: --export writes the document" 0 "exported to $idir/a.json" "$binary" --db "$idir/a.db" "${inow[@]}" --export "$idir/a.json"
if [ "$(stat -c %a "$idir/a.json")" = 600 ]; then echo "ok   import: the export is 0600"; passed=$((passed + 1)); else
  fail "import: the export is 0600" "$(stat -c %a "$idir/a.json")"; fi
check "import: --export refuses an existing file" 1 "" "$binary" --db "$idir/a.db" "${inow[@]}" --export "$idir/a.json"
ln -s "$idir/nowhere" "$idir/link.json"
check "import: --export refuses a dangling link" 1 "" "$binary" --db "$idir/a.db" "${inow[@]}" --export "$idir/link.json"
if [ -e "$idir/nowhere" ]; then fail "import: nothing written through the link" "$idir/nowhere exists"; fi
check "import: --import into an empty database" 0 \
  '{"format":"app-shell-export","added":{"habits":1,"completions":1,"stories":1,"quotes":1,"walk_logs":1},"skipped":{},"not_representable":[],"merged":[]}' \
  "$binary" --db "$idir/b.db" "${inow[@]}" --import "$idir/a.json"
check "import: the same document twice adds nothing" 0 \
  '{"format":"app-shell-export","added":{},"skipped":{"habits":1,"completions":1,"stories":1,"quotes":1,"walk_logs":1},"not_representable":[],"merged":[]}' \
  "$binary" --db "$idir/b.db" "${inow[@]}" --import "$idir/a.json" --from app-shell
check "import: export again" 0 "" "$binary" --db "$idir/b.db" "${inow[@]}" --export "$idir/b.json"
if cmp -s "$idir/a.json" "$idir/b.json"; then echo "ok   import: the round trip gives the same document"; passed=$((passed + 1)); else
  fail "import: the round trip gives the same document" "differs" "$idir/b.json"; fi
check "import: a newer document is refused" 1 "" "$binary" --db "$idir/b.db" "${inow[@]}" --import "$here/../Fixtures/import/newer.json"
if grep -qF "[import.newer_version]" "$work/err"; then echo "ok   import: the newer version is named"; passed=$((passed + 1)); else
  fail "import: the newer version is named" "no code" "$work/err"; fi
check "import: --from without --import is a usage error" 2 "" "$binary" "${mem[@]}" --from kindle
check "import: Kindle clippings through the shell" 0 "" "$binary" --db "$idir/b.db" "${inow[@]}" --import "$here/../Fixtures/import/My Clippings.txt"
check "import: --export-markdown" 0 "wrote 5 Markdown files to $idir/md" "$binary" --db "$idir/b.db" "${inow[@]}" --export-markdown "$idir/md"
if [ "$(stat -c %a "$idir/md")" = 700 ] && [ -f "$idir/md/_데미안.md" ] && [ -f "$idir/md/데미안.md" ] \
  && grep -qxF "> 알은 세계다." "$idir/md/_데미안.md" && grep -qxF "#성장" "$idir/md/_데미안.md"; then
  echo "ok   import: Markdown files are safe and hold the quotes"; passed=$((passed + 1)); else
  fail "import: Markdown files are safe and hold the quotes" "$(ls -la "$idir/md")"; fi
check "import: --export-markdown refuses an existing folder" 1 "" "$binary" --db "$idir/b.db" "${inow[@]}" --export-markdown "$idir/md"
# A title of 200 Hangul syllables is 600 bytes; Linux allows 255 a file name.
"$binary" --db "$idir/long.db" "${inow[@]}" \
  -e 'bookstories.create{book = {title = string.rep("가", 200), author = "저자"}, quotes = {"x"}}' >/dev/null 2>&1
check "import: a long Hangul title makes a file name Linux takes" 0 "wrote 1 Markdown files to $idir/long" "$binary" \
  --db "$idir/long.db" "${inow[@]}" --export-markdown "$idir/long"

# Moving from Loop Habit Tracker in two commands (the README's): its backup in, a look at
# what came; and the way back, Loop's CSV layout, which a second database reads the same.
ifix="$here/../Fixtures/import"
check "import: Loop, 1: the backup" 0 "" "$binary" --db "$idir/loop.db" "${inow[@]}" --import "$ifix/loop-v25.db"
if grep -qF '"format":"loop","added":{"habits":5,"reminders":1,"completions":7,"notes":2,"skips":1,"amounts":2}' "$work/out" \
  && grep -qF 'Loop habit 2 (Run): another habit has that name; named Run (2)' "$work/out"; then
  echo "ok   import: Loop's habits, days and the renamed twin are reported"; passed=$((passed + 1)); else
  fail "import: Loop's habits, days and the renamed twin are reported" "result" "$work/out"; fi
check "import: Loop, 2: the habits are there" 0 "Run (2)	3/week" "$binary" --db "$idir/loop.db" "${inow[@]}" \
  -e 'for _, h in ipairs(habits.list()) do local f = habits.details(h.id).frequencies[1]; print(h.name .. "\t" .. (f and f.label or "daily")) end'
check "import: the same Loop backup again adds nothing" 0 "" "$binary" --db "$idir/loop.db" "${inow[@]}" \
  --import "$ifix/loop-v25.db"
grep -qF '"added":{}' "$work/out" || fail "import: the same Loop backup again adds nothing" "result" "$work/out"
check "import: Loop's CSV zip, recognised" 0 "" "$binary" --db "$idir/loopzip.db" "${inow[@]}" --import "$ifix/loop-csv.zip"
grep -qF '"format":"loop","added":{"habits":5,"completions":7' "$work/out" \
  || fail "import: Loop's CSV zip, recognised" "result" "$work/out"
check "import: --export-loop" 0 "wrote 5 habits in Loop's CSV layout to $idir/loop-out" "$binary" --db "$idir/loop.db" \
  "${inow[@]}" --export-loop "$idir/loop-out"
if [ "$(stat -c %a "$idir/loop-out")" = 700 ] && [ -f "$idir/loop-out/003/Checkmarks.csv" ] \
  && [ -f "$idir/loop-out/005  Read/Checkmarks.csv" ] && grep -qxF '2026-11-22,SKIP,' "$idir/loop-out/001 Run/Checkmarks.csv"; then
  echo "ok   import: Loop's layout, with its folder names"; passed=$((passed + 1)); else
  fail "import: Loop's layout, with its folder names" "$(ls -laR "$idir/loop-out")"; fi
check "import: --export-loop refuses an existing folder" 1 "" "$binary" --db "$idir/loop.db" "${inow[@]}" \
  --export-loop "$idir/loop-out"
# What Loop's layout cannot express is said on standard error, with what was written instead.
check "import: a Mon/Fri habit with a pause" 0 "" "$binary" --db "$idir/weekdays.db" "${inow[@]}" -e \
  'habits.create{name = "Gym", start = "2026-11-02", frequency = {weekdays = {"mon", "fri"}}}
   habits.pause("Gym", {from = "2026-11-20", to = "2026-11-25"})'
check "import: --export-loop of a Mon/Fri habit" 0 "" "$binary" --db "$idir/weekdays.db" "${inow[@]}" \
  --export-loop "$idir/weekdays-out"
if grep -qxF "app-shell: --export-loop: habit 1 (Gym): Loop has no weekdays; its frequency mon fri is written as 2 a week (2/7), on any days" "$work/err" \
  && grep -qF "habit 1 (Gym): Loop has no pauses; 2026-11-20...2026-11-25" "$work/err"; then
  echo "ok   import: --export-loop says what Loop cannot express"; passed=$((passed + 1)); else
  fail "import: --export-loop says what Loop cannot express" "stderr" "$work/err"; fi
# A file given as another format than its own: the file and the format expected are named.
check "import: Kindle clippings given as Loop's" 1 "" "$binary" --db "$idir/wrong.db" "${inow[@]}" \
  --import "$here/../Fixtures/import/My Clippings.txt" --from loop
if grep -qF "[import.unknown_format]" "$work/err" \
  && grep -qF "$here/../Fixtures/import/My Clippings.txt is not a Loop Habit Tracker backup" "$work/err" \
  && grep -qF "it looks like from = kindle" "$work/err"; then
  echo "ok   import: the wrong format names the file and the format"; passed=$((passed + 1)); else
  fail "import: the wrong format names the file and the format" "stderr" "$work/err"; fi
check "import: Loop's layout read back" 0 "" "$binary" --db "$idir/loopback.db" "${inow[@]}" --import "$idir/loop-out"
grep -qF '"added":{"habits":5,"completions":7,"notes":2,"skips":1,"amounts":2}' "$work/out" \
  || fail "import: Loop's layout read back" "result" "$work/out"
check "import: HabitBull CSV" 0 "" "$binary" --db "$idir/hb.db" "${inow[@]}" --import "$ifix/habitbull.csv"
grep -qF '"format":"habitbull","added":{"habits":2' "$work/out" || fail "import: HabitBull CSV" "result" "$work/out"
check "import: a folder of no known format is refused" 1 "" "$binary" --db "$idir/hb.db" "${inow[@]}" --import "$idir/md"
grep -qF "[import.unknown_format]" "$work/err" || fail "import: the unknown folder is named" "no code" "$work/err"

# Moving from a SQLite file to a PostgreSQL server in two commands (the README's): --export
# on the file, --import with the server's --db; the server's export then holds the same
# sections (its user is the server's login, so the document's head differs).
if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  ipg_schema="e2e_$$_import"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE SCHEMA $ipg_schema" >/dev/null 2>&1
  ipg="$APP_SHELL_TEST_POSTGRES?options=-c%20search_path%3D$ipg_schema"
  check "import: to PostgreSQL, 1: --export the SQLite file" 0 "" "$binary" --db "$idir/loop.db" "${inow[@]}" \
    --export "$idir/to-pg.json"
  check "import: to PostgreSQL, 2: --import with the server's --db" 0 "" "$binary" --db "$ipg" "${inow[@]}" \
    --import "$idir/to-pg.json"
  check "import: the server's export" 0 "" "$binary" --db "$ipg" "${inow[@]}" --export "$idir/from-pg.json"
  if [ "$(sed 's/.*"sections"://' "$idir/to-pg.json")" = "$(sed 's/.*"sections"://' "$idir/from-pg.json")" ]; then
    echo "ok   import: the server holds the same sections"; passed=$((passed + 1)); else
    fail "import: the server holds the same sections" "differs" "$idir/from-pg.json"; fi
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP SCHEMA $ipg_schema CASCADE" >/dev/null 2>&1
else
  echo "skip import: SQLite to PostgreSQL: APP_SHELL_TEST_POSTGRES is not set (make test sets it)"
fi
