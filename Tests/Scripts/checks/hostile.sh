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
# A zip archive whose central directory names one compressed stream many times: each entry
# is inflated, and each counts against --max-memory (before, only against the import's own
# 256 MiB), so 24 entries of 1 MiB are refused under --max-memory 16 and read under 64.
if command -v python3 >/dev/null; then
  python3 - "$work/overlap.zip" <<'PY'
import struct, sys, zlib
data = b"0" * 1048576
raw = zlib.compressobj(9, zlib.DEFLATED, -15)
packed = raw.compress(data) + raw.flush()
crc = zlib.crc32(data)
name = b"Habits.csv"
local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(packed), len(data), len(name), 0) + name + packed
central = b""
count = 24
for i in range(count):
    entry = b"%03d Run/Checkmarks.csv" % i
    central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(packed), len(data),
                           len(entry), 0, 0, 0, 0, 0, 0) + entry
end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(central), len(local), 0)
open(sys.argv[1], "wb").write(local + central + end)
PY
  check "a zip of entries sharing one stream is refused past --max-memory" 1 "" \
    timeout 60 "$binary" --db "$work/overlap.db" "${defaults[@]}" --max-memory 16 --import "$work/overlap.zip"
  grep -qF 'unpacks to over 16777216 bytes' "$work/err" \
    || fail "the shared stream's entries each count against --max-memory" "stderr" "$work/err"
  timeout 60 "$binary" --db "$work/overlap.db" "${defaults[@]}" --max-memory 64 --import "$work/overlap.zip" \
    >"$work/out" 2>"$work/err"
  if grep -qF 'unpacks to over' "$work/err"; then
    fail "24 MiB of entries fit in --max-memory 64" "stderr" "$work/err"
  else
    echo "ok   24 MiB of entries fit in --max-memory 64"; passed=$((passed + 1))
  fi
else
  echo "skip the overlapping zip: python3 is missing"
fi
