# Imports of hostile files end (sourced by run.sh). A "Loop backup" whose Habits is a
# virtual table over a recursive view never ended before: it filled the temporary folder
# and took no notice of SIGTERM. Only plain tables of a foreign SQLite file are read, with
# temporary storage in memory, no trusted schema and a bound on SQLite's steps, so it is
# refused at once (the bound of 60 s is there only so a regression cannot hang make test).
if command -v python3 >/dev/null && python3 -c 'import sqlite3; sqlite3.connect(":memory:").execute("CREATE VIRTUAL TABLE t USING fts5(a)")' 2>/dev/null; then
  python3 - "$work/hostile-loop.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executescript("""
CREATE VIEW endless AS WITH RECURSIVE r(id, name) AS (SELECT 1, 'x' UNION ALL SELECT id + 1, name || 'x' FROM r)
  SELECT id, name FROM r;
CREATE VIRTUAL TABLE Habits USING fts5(id, name, content='endless', content_rowid='id');
CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER);
""")
db.commit()
PY
  check "a Loop backup whose Habits is a virtual table over an endless view is refused at once" 1 "" \
    timeout 60 "$binary" --db "$work/hostile-import.db" "${defaults[@]}" --import "$work/hostile-loop.db" --from loop
  grep -qF 'import.unknown_format' "$work/err" \
    || fail "the hostile backup is named as not a Loop backup" "stderr" "$work/err"
else
  echo "skip hostile imports: python3's sqlite3 has no FTS5"
fi
