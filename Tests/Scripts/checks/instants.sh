# No instant crashes the process (sourced by run.sh): far instants through os.date and
# os.time in zones with summer time, and through data: a story row dated near 2^63, a
# KOReader file's time, an export document's walk log. Each ended the process with
# "arithmetic overflow" (exit 132) before; now a Lua error, a skipped and reported row, or
# an import error naming the field.
far=(--now 2026-11-29T08:00:00+09:00)
for far_zone in America/New_York 'EST5EDT,M3.2.0,M11.1.0' 'CET-1CEST,M3.5.0,M10.5.0/3' Australia/Sydney; do
  check "far instants: os.date and os.time in $far_zone" 0 "far instants ok" \
    bash -c "cd '$here' && '$binary' --db :memory: ${far[*]} --tz '$far_zone' clock_far_instants.lua"
done

# A public story whose created_at was set (as with psql, or by an older app-shell, before
# the CHECK) to near 2^63: a member listing the public feed in Berlin gets the other stories
# and a line on standard error, not a crash.
far_db="$work/far.db"
check "far instants: stories to list" 0 "" "$binary" --db "$far_db" "${far[@]}" --user mina -e '
  bookstories.create{book = {title = "Far", author = "A"}, quotes = {"q"}, visibility = "public"}
  bookstories.create{book = {title = "Near", author = "A"}, quotes = {"q"}, visibility = "public"}'
# The person's own file, written behind the app's back (SQLite has no CHECK for it).
python3 - "$far_db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE book_stories SET created_at = 9223372036854775000 WHERE book_title = 'Far'")
db.commit()
PY
check "far instants: the public feed in Berlin skips the story it cannot read" 0 "1	Near" \
  "$binary" --db "$far_db" "${far[@]}" --tz Europe/Berlin --user joon -e 'local p = bookstories.public() print(#p, p[1].book.title)'
grep -qF "bookstories.public: 1 row skipped" "$work/err" \
  && { echo "ok   far instants: the skipped row is reported on stderr"; passed=$((passed + 1)); } \
  || fail "far instants: the skipped row is reported on stderr" "stderr" "$work/err"
check "far instants: the author's own list skips it too" 0 "1" \
  "$binary" --db "$far_db" "${far[@]}" --tz America/New_York --user mina -e 'print(#bookstories.mine())'

# A KOReader file whose highlight's time is near 2^63: the highlight is taken without its
# time, and the report says so.
printf '%s\n' '{"title": "Far", "author": "A", "entries": [{"text": "a quote", "time": 9223372036854775807, "page": 3},
  {"text": "another", "time": 1795900000}]}' > "$work/far-koreader.json"
check "far instants: a KOReader time near 2^63 is reported, the highlight kept" 0 "" \
  "$binary" --db "$work/far-ko.db" "${far[@]}" --tz Europe/Berlin --import "$work/far-koreader.json" --from koreader
grep -qF '"quotes":2' "$work/out" && grep -qF "time 9223372036854775807" "$work/out" \
  && { echo "ok   far instants: the KOReader report names the time"; passed=$((passed + 1)); } \
  || fail "far instants: the KOReader report names the time" "stdout" "$work/out"

# An export document whose walk log starts at -2^63: the import fails naming the field.
"$binary" --db "$work/far-walk.db" "${far[@]}" -e 'walks.log{steps = 1, distance = 1,
  started_at = "2026-11-29T07:00:00+09:00", ended_at = "2026-11-29T07:30:00+09:00"}' >/dev/null 2>&1
"$binary" --db "$work/far-walk.db" "${far[@]}" --export "$work/far-walk.json" >/dev/null 2>&1
python3 - "$work/far-walk.json" <<'PY'
import json, sys
document = json.load(open(sys.argv[1]))
document["sections"]["walks"]["logs"][0]["started_at"] = -9223372036854775808
json.dump(document, open(sys.argv[1], "w"))
PY
check "far instants: a walk log starting at -2^63 is an import error" 1 "" \
  "$binary" --db "$work/far-walk2.db" "${far[@]}" --tz Europe/Berlin --import "$work/far-walk.json"
grep -qF "sections.walks.logs[1].started_at" "$work/err" && grep -qF "[invalid_argument]" "$work/err" \
  && { echo "ok   far instants: the walk log's error names the field"; passed=$((passed + 1)); } \
  || fail "far instants: the walk log's error names the field" "stderr" "$work/err"

# On a set-up PostgreSQL server: a member with psql cannot date their story near 2^63 (the
# CHECK added by admin.setup()'s migrations); a row that holds one anyway (written before
# the CHECK, which is NOT VALID for old rows; planted here by the superuser) is skipped by
# the other member's public feed in Berlin.
if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  fi_db="pginst_$$"
  fi_admin="pginst_admin_$$"
  fi_a="pginsta_$$"
  fi_b="pginstb_$$"
  fi_pw="pw-$RANDOM-$RANDOM"
  fi_url() { echo "postgresql://$1:$fi_pw@$PGHOST:$PGPORT/$fi_db"; }
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE ROLE $fi_admin LOGIN CREATEROLE PASSWORD '$fi_pw'" \
    -c "CREATE DATABASE $fi_db OWNER $fi_admin" >/dev/null
  check "far instants (PostgreSQL): setup and two members" 0 "" env -u APP_SHELL_NOW "$binary" --db "$(fi_url "$fi_admin")" -e "
    admin.setup() admin.add_member{name = '$fi_a', password = '$fi_pw'} admin.add_member{name = '$fi_b', password = '$fi_pw'}"
  check "far instants (PostgreSQL): a member's public stories" 0 "" "$binary" --db "$(fi_url "$fi_a")" "${far[@]}" -e "
    bookstories.create{book = {title = 'Far', author = 'A'}, quotes = {'q'}, visibility = 'public'}
    bookstories.create{book = {title = 'Near', author = 'A'}, quotes = {'q'}, visibility = 'public'}"
  check "far instants (PostgreSQL): the member's psql story dated near 2^63 is refused" 0 "" bash -c \
    "PGPASSWORD='$fi_pw' PGPASSFILE=/dev/null psql -X -At -q -h '$PGHOST' -p '$PGPORT' -U '$fi_a' -d '$fi_db' \
      -c \"INSERT INTO book_stories (id, author_id, book_title, book_author, visibility, created_at, updated_at)
        VALUES ('far', (SELECT app_user_id()), 'Far', 'A', 'public', 9223372036854775000, 1)\" 2>&1 \
      | grep -q 'book_stories_created_at_instant'"
  fi_schema=$(psql -X -At "${APP_SHELL_TEST_POSTGRES%/*}/$fi_db" -c "SELECT n.nspname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relname = 'book_stories'")
  psql -X -q "${APP_SHELL_TEST_POSTGRES%/*}/$fi_db" -c "SET search_path = $fi_schema" \
    -c "ALTER TABLE book_stories DROP CONSTRAINT book_stories_created_at_instant" \
    -c "UPDATE book_stories SET created_at = 9223372036854775000 WHERE book_title = 'Far'" >/dev/null 2>&1
  check "far instants (PostgreSQL): the other member's feed in Berlin skips the row" 0 "1	Near" \
    "$binary" --db "$(fi_url "$fi_b")" "${far[@]}" --tz Europe/Berlin -e 'local p = bookstories.public() print(#p, p[1].book.title)'
  grep -qF "bookstories.public: 1 row skipped" "$work/err" \
    && { echo "ok   far instants (PostgreSQL): the skipped row is reported"; passed=$((passed + 1)); } \
    || fail "far instants (PostgreSQL): the skipped row is reported" "stderr" "$work/err"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP DATABASE $fi_db" -c "DROP ROLE IF EXISTS $fi_a" \
    -c "DROP ROLE IF EXISTS $fi_b" -c "DROP ROLE $fi_admin" >/dev/null 2>&1
fi
