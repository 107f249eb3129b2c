# What members of a set-up PostgreSQL server learn of each other outside the app (sourced by
# run.sh; issue 28 item 5). An administrator who is no superuser sets up a database with three
# members: mina, joon, and eve, who listens. Nothing of the schema notifies: eve hears nothing
# of joon's walk request to mina on any channel she can name, while mina's app-shell loop,
# which reads her inbox every second, gets it. A database set up
# by a superuser takes the statistics views and functions from its members; one set up by an
# administrator who is no superuser cannot, and its members still read others' row counts
# (docs/admin.md, "What row-level security cannot hide on a shared server").

if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  pv_db="pgprivacy_$$"
  pv_sudb="pgprivacy_su_$$"
  pv_admin="pgprivacy_admin_$$"
  pv_admin_pw="admin-pw-$$-$RANDOM"
  pv_mina="pvmina_$$" pv_joon="pvjoon_$$" pv_eve="pveve_$$" pv_sumember="pvsu_$$"
  pv_mina_pw="mina-pw-$RANDOM-$RANDOM" pv_joon_pw="joon-pw-$RANDOM-$RANDOM" pv_eve_pw="eve-pw-$RANDOM-$RANDOM"
  pv_su_pw="su-pw-$RANDOM-$RANDOM"
  pv_url() { echo "postgresql://$1:$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$2")@$PGHOST:$PGPORT/${3:-$pv_db}"; }
  # pv_psql NAME PASSWORD DATABASE ARGS...: psql as that login, not stopping at errors.
  pv_psql() {
    local name=$1 password=$2 database=$3
    shift 3
    PGPASSWORD="$password" PGPASSFILE=/dev/null psql -X -At -q -v ON_ERROR_STOP=0 \
      -h "$PGHOST" -p "$PGPORT" -U "$name" -d "$database" "$@"
  }
  pv_profile() {
    echo "profiles.save{nickname = '$1', dog = {name = 'Dog', age = 3, sex = 'female', size = 'small', keywords = {'shy'}}}"
  }
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE ROLE $pv_admin LOGIN CREATEROLE PASSWORD '$pv_admin_pw'" \
    -c "CREATE DATABASE $pv_db OWNER $pv_admin" >/dev/null
  check "PostgreSQL privacy: an administrator (no superuser) sets up and adds mina, joon and eve" 0 "3" \
    "$binary" --db "$(pv_url "$pv_admin" "$pv_admin_pw")" --no-init -e "
      admin.setup()
      admin.add_member{name = '$pv_mina', password = '$pv_mina_pw'}
      admin.add_member{name = '$pv_joon', password = '$pv_joon_pw'}
      admin.add_member{name = '$pv_eve', password = '$pv_eve_pw'}
      print(#admin.members())"
  pv_mina_url=$(pv_url "$pv_mina" "$pv_mina_pw")
  pv_joon_url=$(pv_url "$pv_joon" "$pv_joon_pw")
  pv_code=$("$binary" --db "$pv_mina_url" --no-init -e "$(pv_profile mina) print(mates.invite().code)" 2>"$work/err")
  check "PostgreSQL privacy: joon joins mina" 0 "" "$binary" --db "$pv_joon_url" --no-init \
    -e "$(pv_profile joon) mates.join('$pv_code')"
  "$binary" --db "$(pv_url "$pv_eve" "$pv_eve_pw")" --no-init -e "$(pv_profile eve)" >/dev/null 2>&1
  pv_mina_id=$(pv_psql "$pv_mina" "$pv_mina_pw" "$pv_db" -c "SELECT app_user_id()")

  # Nothing notifies: no function of the schema calls pg_notify (a NOTIFY ignores row-level
  # security, and one per request held a lock of the whole server through every commit).
  check "PostgreSQL privacy: no function of the schema calls pg_notify" 0 "0" \
    pv_psql "$pv_mina" "$pv_mina_pw" "$pv_db" -c "SELECT count(*) FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema() AND p.prosrc ILIKE '%notify%'"

  # Eve listens on the shared channel of earlier versions and on every channel name she can
  # make from mina's id; her psql prints what reached it after its pg_sleep. Then joon asks
  # mina for a walk through app-shell.
  printf '%s\n' "LISTEN app_inbox; LISTEN \"app_inbox_$pv_mina_id\"; LISTEN \"$pv_mina_id\";" \
    "SELECT 'listening'; SELECT pg_sleep(4); SELECT 'done';" > "$work/pv-eve.sql"
  pv_psql "$pv_eve" "$pv_eve_pw" "$pv_db" -f "$work/pv-eve.sql" >"$work/pv-eve.out" 2>&1 &
  pv_eve_pid=$!
  # Mina's app-shell loop: the request must reach its hook within 10 s (it reads its inbox
  # every second).
  printf '%s\n' 'local mate = ...
app.on("walks%.incoming", function(e)
  if e.view == "inbox" and e.params.from == mate then print("heard", e.params.message) io.stdout:flush() app.stop() end
end)
app.after(10, app.stop)
print("waiting") io.stdout:flush()
print("loop: " .. app.loop())' > "$work/pv-receiver.lua"
  "$binary" --db "$pv_mina_url" --no-init "$work/pv-receiver.lua" "$pv_joon" >"$work/pv-r.out" 2>"$work/pv-r.err" </dev/null &
  pv_r_pid=$!
  for _ in $(seq 1 100); do
    grep -q waiting "$work/pv-r.out" 2>/dev/null && grep -q listening "$work/pv-eve.out" 2>/dev/null && break
    sleep 0.05
  done
  sleep 0.3
  check "PostgreSQL privacy: joon asks mina for a walk through app-shell" 0 "" "$binary" --db "$pv_joon_url" --no-init \
    -e "walks.request{mate = '$pv_mina', message = 'walk now?', place = {lat = 37.5, lng = 126.9}}"
  wait "$pv_r_pid" "$pv_eve_pid"
  if grep -q "^heard	walk now?" "$work/pv-r.out" && [ ! -s "$work/pv-r.err" ]; then
    echo "ok   PostgreSQL privacy: mina's app-shell loop hears joon's request within 10 s"
    passed=$((passed + 1))
  else fail "PostgreSQL privacy: mina's app-shell loop hears joon's request within 10 s" "not heard" "$work/pv-r.err"; fi
  if grep -qx "done" "$work/pv-eve.out" && ! grep -q "Asynchronous notification" "$work/pv-eve.out"; then
    echo "ok   PostgreSQL privacy: eve, listening on app_inbox and on names made of mina's id, hears nothing"
    passed=$((passed + 1))
  else fail "PostgreSQL privacy: eve hears nothing" "a notification reached eve" "$work/pv-eve.out"; fi

  # The planner's estimates come from statistics of every row: once the table is analyzed,
  # EXPLAIN tells eve that many stories hold a title she cannot read one of (the documented
  # limit). Mina keeps 40 private stories of one title and 20 public ones of others.
  check "PostgreSQL privacy: mina keeps 40 private stories of one title" 0 "" "$binary" --db "$pv_mina_url" --no-init -e "
    for i = 1, 40 do bookstories.create{book = {title = 'Hidden Book', author = 'A'}, quotes = {'q'}, visibility = 'private'} end
    for i = 1, 20 do bookstories.create{book = {title = 'Open ' .. i, author = 'A'}, quotes = {'q'}, visibility = 'public'} end"
  pv_psql "$pv_admin" "$pv_admin_pw" "$pv_db" -c "ANALYZE book_stories" >/dev/null 2>&1
  pv_rows() {
    pv_psql "$pv_eve" "$pv_eve_pw" "$pv_db" -c "EXPLAIN SELECT * FROM book_stories WHERE book_title = '$1'" \
      | sed -n '1s/.* rows=\([0-9]*\) .*/\1/p'
  }
  pv_seen=$(pv_psql "$pv_eve" "$pv_eve_pw" "$pv_db" -c "SELECT count(*) FROM book_stories WHERE book_title = 'Hidden Book'")
  pv_hidden=$(pv_rows "Hidden Book") pv_absent=$(pv_rows "No Such Book")
  if [ "$pv_seen" = 0 ] && [ "${pv_hidden:-0}" -gt 10 ] && [ "${pv_absent:-99}" -le 1 ]; then
    echo "ok   PostgreSQL privacy: eve reads no 'Hidden Book' but EXPLAIN estimates $pv_hidden rows of it (1 of an absent title)"
    passed=$((passed + 1))
  else fail "PostgreSQL privacy: EXPLAIN estimates others' private rows" "seen $pv_seen, estimated $pv_hidden, absent $pv_absent"; fi

  check "PostgreSQL privacy: pg_stats shows eve nothing of book_stories" 0 "0" \
    pv_psql "$pv_eve" "$pv_eve_pw" "$pv_db" -c "SELECT count(*) FROM pg_stats WHERE tablename = 'book_stories'"

  # The table's estimated size (pg_class, after the ANALYZE) and the stories' identity
  # sequence count every row, others' private ones included; eve sees 20 of mina's 60.
  check "PostgreSQL privacy: eve reads book_stories' size in pg_class, private rows included" 0 "60" \
    pv_psql "$pv_eve" "$pv_eve_pw" "$pv_db" -c "SELECT reltuples::bigint FROM pg_class WHERE oid = 'book_stories'::regclass"
  check "PostgreSQL privacy: eve reads the stories' sequence, private rows included" 0 "60" \
    pv_psql "$pv_eve" "$pv_eve_pw" "$pv_db" -c "SELECT pg_sequence_last_value(pg_get_serial_sequence('book_stories', 'seq'))"

  # An administrator who is no superuser cannot take the statistics from PUBLIC: eve still
  # reads every table's row counts (the documented limit).
  check "PostgreSQL privacy: without a superuser's setup, eve still reads pg_stat_user_tables" 0 "" \
    pv_psql "$pv_eve" "$pv_eve_pw" "$pv_db" -v ON_ERROR_STOP=1 -c "SELECT count(*) FROM pg_stat_user_tables"

  # A walk's route shows where its walker lives: mina imports one; joon, in psql, reads
  # none of its points or her walks, and can hang no points on her walk, as her or as himself.
  check "PostgreSQL privacy: mina imports a walk from a GPX track" 0 "1" "$binary" --db "$pv_mina_url" --no-init \
    -e "print(#walks.import_gpx('$here/../Fixtures/gpx/osmand-hangang.gpx').walks)"
  pv_walk=$(pv_psql "$pv_mina" "$pv_mina_pw" "$pv_db" -c "SELECT id FROM walk_logs LIMIT 1")
  check "PostgreSQL privacy: mina reads her route's points in psql" 0 "t" \
    pv_psql "$pv_mina" "$pv_mina_pw" "$pv_db" -c "SELECT count(*) > 250 FROM walk_route_points WHERE walk_id = '$pv_walk'"
  check "PostgreSQL privacy: joon reads none of mina's walks or route points" 0 "0|0" \
    pv_psql "$pv_joon" "$pv_joon_pw" "$pv_db" \
    -c "SELECT (SELECT count(*) FROM walk_logs) || '|' || (SELECT count(*) FROM walk_route_points)"
  pv_joon_id=$(pv_psql "$pv_joon" "$pv_joon_pw" "$pv_db" -c "SELECT app_user_id()")
  for pv_owner in "$pv_mina_id" "$pv_joon_id"; do
    pv_psql "$pv_joon" "$pv_joon_pw" "$pv_db" -c "INSERT INTO walk_route_points
      (walk_id, user_id, position, segment, latitude, longitude) VALUES ('$pv_walk', '$pv_owner', 19999, 0, 37.5, 127)" \
      >"$work/pv-point.out" 2>&1
    if grep -qE "violates (row-level security policy|foreign key constraint)" "$work/pv-point.out"; then
      echo "ok   PostgreSQL privacy: joon cannot hang a point on mina's walk (as $([ "$pv_owner" = "$pv_mina_id" ] && echo her || echo himself))"
      passed=$((passed + 1))
    else fail "PostgreSQL privacy: joon cannot hang a point on mina's walk" "not refused" "$work/pv-point.out"; fi
  done

  # --- A database set up by a superuser ------------------------------------------------
  pv_super="${APP_SHELL_TEST_POSTGRES%/*}/$pv_sudb"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE DATABASE $pv_sudb" >/dev/null
  check "PostgreSQL privacy: a superuser sets up a database and adds a member" 0 "revoked" \
    "$binary" --db "$pv_super" --no-init -e "
      local s = admin.setup()
      admin.add_member{name = '$pv_sumember', password = '$pv_su_pw'}
      for _, step in ipairs(s.applied) do
        if step == 'pg_catalog.pg_stat_user_tables taken from PUBLIC' then print('revoked') end
      end"
  check "PostgreSQL privacy: the member fills the database through app-shell" 0 "" \
    "$binary" --db "$(pv_url "$pv_sumember" "$pv_su_pw" "$pv_sudb")" --no-init -e "$(pv_profile su)"
  for pv_statement in "SELECT * FROM pg_stat_user_tables" "SELECT * FROM pg_stat_activity" \
    "SELECT pg_stat_get_live_tuples('users'::regclass)" "SELECT * FROM pg_statio_user_tables" \
    "SELECT * FROM pg_locks" "SELECT pg_stat_get_backend_userid(1)"; do
    check "PostgreSQL privacy: after a superuser's setup, a member may not: $pv_statement" 1 "" \
      pv_psql "$pv_sumember" "$pv_su_pw" "$pv_sudb" -v ON_ERROR_STOP=1 -c "$pv_statement"
    grep -q "permission denied" "$work/err" || fail "$pv_statement is permission denied" "stderr" "$work/err"
  done
  # pg_stat_activity lists the sessions of the whole server, and PUBLIC may connect to a
  # new database by default: there the revokes of this database do not hold.
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE DATABASE ${pv_sudb}_other" >/dev/null
  pv_su_name=$(psql -X -At "$pv_super" -c "SELECT current_user")
  psql -X -q "$pv_super" -c "SELECT pg_sleep(3)" >/dev/null 2>&1 &
  pv_sleeper=$!
  sleep 0.5
  check "PostgreSQL privacy: the member still reads the server's sessions from another database" 0 "t" \
    pv_psql "$pv_sumember" "$pv_su_pw" "${pv_sudb}_other" -v ON_ERROR_STOP=1 \
    -c "SELECT count(*) > 0 FROM pg_stat_activity WHERE datname = '$pv_sudb' AND usename = '$pv_su_name' AND pid > 0"
  wait "$pv_sleeper"
  check "PostgreSQL privacy: the superuser still reads pg_stat_activity" 0 "" \
    psql -X -q "$pv_super" -v ON_ERROR_STOP=1 -c "SELECT count(*) FROM pg_stat_activity"
  check "PostgreSQL privacy: the superuser's setup, run again, has nothing to take" 0 "0" \
    "$binary" --db "$pv_super" --no-init -e "print(#admin.setup().applied)"
  check "PostgreSQL privacy: the revokes hold in that database only" 0 "" \
    pv_psql "$pv_eve" "$pv_eve_pw" "$pv_db" -v ON_ERROR_STOP=1 -c "SELECT count(*) FROM pg_stat_activity"

  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP DATABASE $pv_db WITH (FORCE)" -c "DROP DATABASE $pv_sudb WITH (FORCE)" \
    -c "DROP DATABASE ${pv_sudb}_other WITH (FORCE)" \
    -c "DROP ROLE IF EXISTS $pv_mina, $pv_joon, $pv_eve, $pv_sumember, ${pv_db}_members, ${pv_sudb}_members, ${pv_db}_deletes, ${pv_sudb}_deletes" \
    -c "DROP ROLE $pv_admin" >/dev/null 2>&1
else
  echo "skip the PostgreSQL privacy checks: APP_SHELL_TEST_POSTGRES is not set (make test sets it)"
fi
