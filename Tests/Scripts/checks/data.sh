# Storage lifecycle, sourced by run.sh: the .db file alone holds every commit after any
# way out of the process, --backup copies a database that another process is writing, new
# files are private, user names ignore case, and racing wrong invite codes stop at the limit.

# 200 habits, then the process ends: by returning, by os.exit, and by a failing -e chunk.
# The .db alone (no -wal beside it) is then copied and opened.
data_copy_check() {
  local name=$1 want_exit=$2 chunk=$3
  local db="$work/data_$want_exit.db" copy="$work/data_copy_$want_exit.db"
  rm -f "$db" "$db-wal" "$db-shm" "$copy"
  "$binary" --db "$db" "${defaults[@]}" -e "for i = 1, 200 do habits.create{name = 'H' .. i} end $chunk" >/dev/null 2>"$work/err"
  local code=$?
  if [ "$code" != "$want_exit" ]; then fail "$name" "exit $code, expected $want_exit" "$work/err"; return; fi
  if [ -e "$db-wal" ] && [ -s "$db-wal" ]; then fail "$name" "a non-empty -wal is left beside the .db"; return; fi
  cp "$db" "$copy"
  check "$name" 0 "200" "$binary" --db "$copy" "${defaults[@]}" -e 'print(#habits.list())'
}
data_copy_check "the .db alone holds 200 habits after a normal exit" 0 ''
data_copy_check "the .db alone holds 200 habits after os.exit(3)" 3 'os.exit(3)'
data_copy_check "the .db alone holds 200 habits after a failing -e chunk" 1 'error("boom")'

# --backup while another process writes: each copy is one consistent snapshot (a habit and
# its tracking period are written in one transaction, so their counts agree) and passes
# SQLite's integrity check, and it stands alone (no -wal).
backup_db="$work/backup_live.db"
"$binary" --db "$backup_db" "${defaults[@]}" --user w -e 'habits.create{name = "W0"}' >/dev/null 2>&1
printf '%s\n' 'local i = 0 while not io.open(arg[1]) do i = i + 1 habits.create{name = "W" .. i} end print(i)' > "$work/backup_writer.lua"
"$binary" --db "$backup_db" "${defaults[@]}" --user w "$work/backup_writer.lua" "$work/backup_stop" > "$work/backup_writer.out" 2>&1 &
backup_writer=$!
sleep 0.3
backup_codes=""
for i in 1 2 3; do
  "$binary" --db "$backup_db" --backup "$work/backup $i 🐶.db" >/dev/null 2>>"$work/backup.err"
  backup_codes="$backup_codes$?"
  sleep 0.2
done
touch "$work/backup_stop"
wait "$backup_writer"
if [ "$backup_codes" = 000 ] && python3 - "$work" <<'PY' 2>"$work/err"
import sqlite3, sys, os
work = sys.argv[1]
total = sqlite3.connect(os.path.join(work, "backup_live.db")).execute("SELECT count(*) FROM habits").fetchone()[0]
counts = []
for i in (1, 2, 3):
    path = os.path.join(work, f"backup {i} 🐶.db")
    assert not os.path.exists(path + "-wal"), path
    with open(path, "rb") as f:
        assert f.read(20)[18:20] == b"\x01\x01", "the copy is in rollback-journal mode"
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    habits = db.execute("SELECT count(*) FROM habits").fetchone()[0]
    periods = db.execute("SELECT count(*) FROM habit_periods").fetchone()[0]
    assert habits == periods, (habits, periods)
    counts.append(habits)
assert counts == sorted(counts) and counts[-1] < total, (counts, total)
assert any(1 < c for c in counts), counts
PY
then echo "ok   --backup while another process writes gives consistent copies"; passed=$((passed + 1))
else fail "--backup while another process writes gives consistent copies" "exits $backup_codes" "$work/err"; cat "$work/backup.err" 2>/dev/null | head -5; fi

printf 'keep' > "$work/backup_existing.db"
check "--backup refuses an existing file" 1 "" "$binary" --db "$backup_db" --backup "$work/backup_existing.db"
if [ "$(cat "$work/backup_existing.db")" = keep ]; then echo "ok   the existing file is untouched"; passed=$((passed + 1)); else fail "the existing file is untouched" "changed"; fi
mkdir -p "$work/backup_names"
check "--backup takes a name like :memory: literally" 0 "" env -C "$work/backup_names" "$binary" --db "$backup_db" --backup ":memory:"
check "--backup takes a name starting with a dash" 0 "" env -C "$work/backup_names" "$binary" --db "$backup_db" --backup=-x.db
check "the :memory: copy is a database" 0 "1" "$binary" --db "$work/backup_names/:memory:" "${defaults[@]}" --user w -e 'print(#habits.list{} > 0 and 1 or 0)'
check "--backup of no database file fails" 1 "" "$binary" --db "$work/backup_none.db" --backup "$work/backup_none_copy.db"
check "--backup of :memory: is a usage error" 2 "" "$binary" --db :memory: --backup "$work/backup_mem.db"

# New files are the OS user's alone: the default folder 0700, the database 0600.
env XDG_DATA_HOME="$work/private" "$binary" "${defaults[@]}" -e 'habits.create{name = "x"}' >/dev/null 2>&1
modes="$(stat -c %a "$work/private/app-shell" 2>/dev/null) $(stat -c %a "$work/private/app-shell/app.db" 2>/dev/null)"
if [ "$modes" = "700 600" ]; then echo "ok   a new data folder is 0700 and its database 0600"; passed=$((passed + 1)); else fail "a new data folder is 0700 and its database 0600" "modes: $modes"; fi

# User names are unique ignoring case: Alice and alice are one user.
names_db="$work/names.db"
"$binary" --db "$names_db" "${defaults[@]}" --user Alice -e 'habits.create{name = "Run"}' >/dev/null 2>&1
check "--user alice is the user Alice" 0 $'Alice\t1' "$binary" --db "$names_db" "${defaults[@]}" --user alice -e 'print(app.user().name, #habits.list())'
check "app.login('ALICE') is Alice too" 0 "Alice" "$binary" --db "$names_db" "${defaults[@]}" -e 'print(app.login("ALICE").name)'

# 40 processes race wrong invite codes: as one user at most 5 are taken, as 40 users at
# most 20 (check and record happen in one transaction).
race_codes() {
  local db=$1 userprefix=$2
  local pids=()
  for i in $(seq 1 40); do
    local user=$userprefix
    [ "$userprefix" = r ] && user="r$i"
    "$binary" --db "$db" "${defaults[@]}" --user "$user" -e 'local ok, e = pcall(mates.join, "ZZZZZZ") print(e.code)' > "$work/race_$i.out" 2>&1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  cat "$work"/race_*.out > "$work/race.all"
  rm -f "$work"/race_*.out
}
profile='profiles.save{nickname = app.user().name, dog = {name = "D", age = 1, sex = "male", size = "small", keywords = {"shy"}}}'
same_db="$work/race_same.db"
"$binary" --db "$same_db" "${defaults[@]}" --user racer -e "$profile" >/dev/null 2>&1
race_codes "$same_db" racer
bad=$(grep -cxF mates.bad_code "$work/race.all"); many=$(grep -cxF mates.too_many_attempts "$work/race.all")
if [ "$bad" = 5 ] && [ "$many" = 35 ]; then echo "ok   40 racing processes of one user record 5 wrong codes"; passed=$((passed + 1)); else fail "40 racing processes of one user record 5 wrong codes" "$bad bad_code, $many too_many_attempts" "$work/race.all"; fi
many_db="$work/race_many.db"
"$binary" --db "$many_db" "${defaults[@]}" -e "for i = 1, 40 do app.login('r' .. i) $profile end" >/dev/null 2>&1
race_codes "$many_db" r
bad=$(grep -cxF mates.bad_code "$work/race.all"); many=$(grep -cxF mates.too_many_attempts "$work/race.all")
if [ "$bad" = 4 ] && [ "$many" = 36 ]; then echo "ok   40 racing processes of 40 users record 4 wrong codes"; passed=$((passed + 1)); else fail "40 racing processes of 40 users record 4 wrong codes" "$bad bad_code, $many too_many_attempts" "$work/race.all"; fi
