# Local failures on a SQLite file (sourced by run.sh): a file that is not a database, a
# damaged one, a full disk during writes (a small file system made for the test), and an
# import killed with SIGKILL halfway. Each gives its error, naming the file, never a crash,
# and leaves the file as it was before the write that failed.

lf=$work/localfail
mkdir -p "$lf"
lf_run() { "$binary" --now 2026-11-29T08:00:00+09:00 --tz Asia/Seoul "$@"; }
lf_count() {
  python3 -c 'import sys, sqlite3; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])' "$@"
}
lf_intact() { [ "$(lf_count "$1" "PRAGMA integrity_check")" = ok ]; }

# Not a database: storage.corrupt naming the file, and the file untouched.
printf 'these are my notes, not a database 🐕\n' >"$lf/notes 메모.db"
cp "$lf/notes 메모.db" "$lf/notes.copy"
lf_run --db "$lf/notes 메모.db" -e 'print(1)' >"$lf/out" 2>"$lf/err"
code=$?
if [ "$code" = 1 ] && grep -q "storage.corrupt" "$lf/err" && grep -qF "notes 메모.db" "$lf/err" &&
  cmp -s "$lf/notes 메모.db" "$lf/notes.copy"; then
  echo "ok   a file that is not a database: storage.corrupt naming it, the file untouched"
  passed=$((passed + 1))
else
  fail "a file that is not a database" "exit $code, expected 1 with storage.corrupt naming the file" "$lf/err"
fi

# Damaged: pages in the middle overwritten; reading them is storage.corrupt naming the file.
lf_run --db "$lf/damaged.db" -e 'for i = 1, 300 do habits.create{name = "습관 " .. i} end' >/dev/null 2>"$lf/err"
python3 -c '
import sys
with open(sys.argv[1], "r+b") as f:
    f.seek(4096 * 3)
    f.write(b"\xff" * 4096 * 6)' "$lf/damaged.db"
lf_run --db "$lf/damaged.db" -e 'print(#habits.list())' >"$lf/out" 2>"$lf/err"
code=$?
if [ "$code" = 1 ] && grep -q "storage.corrupt" "$lf/err" && grep -qF "damaged.db" "$lf/err"; then
  echo "ok   a damaged database file: storage.corrupt naming it, no crash"
  passed=$((passed + 1))
else
  fail "a damaged database file" "exit $code, expected 1 with storage.corrupt naming the file" "$lf/err"
fi

# A full disk: a 2 MiB file system of its own (a tmpfs in a mount namespace of this test
# alone: as root, or through a user namespace). Stories are written one by one until one
# fails: storage.full naming the file, the file intact, exactly the stories that succeeded
# in it (the failed one not half), and once room is made the next write succeeds.
cat >"$lf/full.sh" <<'INNER'
set -u
binary=$1 folder=$2 mount=$3
mount -t tmpfs -o size=2m tmpfs "$mount" || exit 3
run() { "$binary" --now 2026-11-29T08:00:00+09:00 --tz Asia/Seoul --db "$mount/full.db" "$@"; }
head -c 300000 /dev/zero >"$mount/ballast"
run -e 'habits.create{name = "Run"}' >/dev/null 2>"$folder/full-setup.err" || exit 4
run -e '
for i = 1, 100000 do
  local ok, err = pcall(bookstories.create, {book = {title = "데미안", author = "헤르만 헤세"},
    quotes = {"새는 알에서 나오려고 투쟁한다. " .. string.rep("알", 300)}, content = string.rep("생각 🐣 ", 100)})
  if not ok then print(i - 1, err.code) io.stderr:write(tostring(err), "\n") return end
end' >"$folder/full.out" 2>"$folder/full.err"
cp "$mount/full.db" "$folder/full.db"
[ -f "$mount/full.db-wal" ] && cp "$mount/full.db-wal" "$folder/full.db-wal"
rm -f "$mount/ballast"
run -e 'print(bookstories.create{book = {title = "t", author = "a"}, quotes = {"q"}}.id ~= nil)' \
  >"$folder/full-after.out" 2>>"$folder/full.err"
INNER
lf_mounted=""
mkdir -p "$lf/mount"
# As root a mount namespace is enough; without the right to mount (a container), a user
# namespace may still give it. Exit 3: the mount was refused, nothing ran.
for lf_how in "--mount --propagation private" "--user --map-root-user --mount"; do
  # shellcheck disable=SC2086
  unshare $lf_how bash "$lf/full.sh" "$binary" "$lf" "$lf/mount" 2>>"$lf/unshare.err"
  lf_status=$?
  if [ "$lf_status" != 3 ] && [ -s "$lf/full.out" -o -s "$lf/full.err" ]; then
    lf_mounted=yes
    break
  fi
done
if [ -z "$lf_mounted" ] && [ ! -s "$lf/full.out" ]; then
  echo "skip the full disk: no small file system could be mounted here ($(head -1 "$lf/unshare.err"))"
else
  read -r lf_written lf_code <"$lf/full.out"
  lf_stories=$(lf_count "$lf/full.db" "SELECT count(*) FROM book_stories" 2>&1)
  lf_quotes=$(lf_count "$lf/full.db" "SELECT count(*) FROM book_story_quotes" 2>&1)
  if [ "${lf_code:-}" = storage.full ] && grep -qF "full.db" "$lf/full.err" && lf_intact "$lf/full.db" &&
    [ "$lf_stories" = "$lf_written" ] && [ "$lf_quotes" = "$lf_written" ] && [ "${lf_written:-0}" -gt 0 ] &&
    grep -qx true "$lf/full-after.out"; then
    echo "ok   a full disk: storage.full naming the file after $lf_written stories, the file intact with exactly those, and the next write once there is room"
    passed=$((passed + 1))
  else
    echo "written ${lf_written:-?} (${lf_code:-no error}); stories $lf_stories, quotes $lf_quotes" >>"$lf/full.err"
    fail "a full disk" "not storage.full with the file intact" "$lf/full.err"
  fi
fi

# An import killed with SIGKILL while it writes: nothing of it is in the file, which is
# intact, and the same import run again adds everything, once. The kill comes when the
# import's transaction has spilled into the WAL; a document that is imported before the
# kill could land is doubled and tried again.
python3 - "$lf/big.json" 20000 <<'PY'
import json, sys, uuid
stories = [{"id": str(uuid.uuid4()), "book": {"title": "데미안", "author": "헤르만 헤세"},
            "quotes": [{"text": f"새는 알에서 나오려고 투쟁한다 {i} 🐣"}], "content": f"생각 {i}",
            "keywords": [], "themes": [], "visibility": "private",
            "created_at": 1795906800000, "updated_at": 1795906800000} for i in range(int(sys.argv[2]))]
json.dump({"format": "app-shell-export", "version": 2, "exported_at": "2026-11-29T00:00:00.000Z", "user": "me",
           "sections": {"bookstories": {"version": 2, "themes": [], "stories": stories, "comments": []}}},
          open(sys.argv[1], "w"), ensure_ascii=False)
PY
lf_killed="" lf_size=20000
for _ in 1 2 3 4; do
  rm -f "$lf/import.db" "$lf/import.db-wal" "$lf/import.db-shm"
  lf_run --db "$lf/import.db" -e 'habits.create{name = "Run"}' >/dev/null 2>&1
  # The binary itself in the background (not through a function: its subshell would be
  # what is killed, and the import would go on).
  "$binary" --db "$lf/import.db" --import "$lf/big.json" >/dev/null 2>"$lf/import.err" &
  lf_pid=$!
  while kill -0 "$lf_pid" 2>/dev/null; do
    if [ "$(stat -c %s "$lf/import.db-wal" 2>/dev/null || echo 0)" -gt 2000000 ]; then
      kill -KILL "$lf_pid" && lf_killed=yes
      break
    fi
    sleep 0.01
  done
  wait "$lf_pid" 2>/dev/null
  # Killed, but only after it committed: too late to judge; a larger import next.
  if [ -n "$lf_killed" ] && [ "$(lf_count "$lf/import.db" "SELECT count(*) FROM book_stories" 2>&1)" = "$lf_size" ]; then
    lf_killed=""
  fi
  [ -n "$lf_killed" ] && break
  lf_size=$((lf_size * 2))
  python3 -c '
import json, sys, uuid
d = json.load(open(sys.argv[1]))
s = d["sections"]["bookstories"]["stories"]
s += [dict(x, id=str(uuid.uuid4())) for x in s]
json.dump(d, open(sys.argv[1], "w"), ensure_ascii=False)' "$lf/big.json"
done
if [ -z "$lf_killed" ]; then
  fail "an import killed halfway" "every import ended before it could be killed (up to $lf_size stories)" "$lf/import.err"
else
  lf_after_kill=$(lf_count "$lf/import.db" "SELECT count(*) FROM book_stories" 2>&1)
  lf_habits=$(lf_count "$lf/import.db" "SELECT count(*) FROM habits" 2>&1)
  lf_intact "$lf/import.db" && lf_whole=yes || lf_whole=no
  lf_run --db "$lf/import.db" --import "$lf/big.json" >"$lf/import-again.out" 2>>"$lf/import.err"
  lf_run --db "$lf/import.db" --import "$lf/big.json" >"$lf/import-third.out" 2>>"$lf/import.err"
  lf_final=$(lf_count "$lf/import.db" "SELECT count(*) FROM book_stories" 2>&1)
  if [ "$lf_after_kill" = 0 ] && [ "$lf_habits" = 1 ] && [ "$lf_whole" = yes ] && [ "$lf_final" = "$lf_size" ] &&
    grep -q "\"stories\":$lf_size" "$lf/import-again.out" && grep -q '"added":{}' "$lf/import-third.out"; then
    echo "ok   an import killed with SIGKILL halfway leaves nothing of it; run again it adds all $lf_size stories, once"
    passed=$((passed + 1))
  else
    echo "after the kill: $lf_after_kill stories, $lf_habits habits, intact: $lf_whole; at the end $lf_final of $lf_size" >>"$lf/import.err"
    cat "$lf/import-again.out" "$lf/import-third.out" >>"$lf/import.err"
    fail "an import killed halfway" "not all or nothing" "$lf/import.err"
  fi
fi
