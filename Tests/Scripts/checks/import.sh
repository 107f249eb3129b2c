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
  '{"format":"app-shell-export","added":{"habits":1,"completions":1,"stories":1,"quotes":1,"walk_logs":1},"skipped":{},"not_representable":[]}' \
  "$binary" --db "$idir/b.db" "${inow[@]}" --import "$idir/a.json"
check "import: the same document twice adds nothing" 0 \
  '{"format":"app-shell-export","added":{},"skipped":{"habits":1,"completions":1,"stories":1,"quotes":1,"walk_logs":1},"not_representable":[]}' \
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
