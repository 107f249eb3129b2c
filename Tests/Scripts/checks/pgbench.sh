# A start on PostgreSQL (sourced by run.sh): the connection is opened on a thread of its
# own while the Lua engine is built, yet everything a start did still holds: the login is
# the user, --user stays a usage error, and a refused login or a server that is down gives
# storage.unavailable naming the host and the database, never the password.

if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  bench_schema="pgbench_$$_$RANDOM"
  psql -X -q -c "CREATE SCHEMA $bench_schema" >/dev/null
  bench_url="$APP_SHELL_TEST_POSTGRES?options=-c%20search_path%3D$bench_schema"
  check "a start on PostgreSQL acts as the login" 0 "$PGUSER" \
    "$binary" --db "$bench_url" -e 'print(app.user().name)'
  check "habits.complete on PostgreSQL, by name" 0 "2026-11-28" "$binary" --db "$bench_url" \
    --now 2026-11-29T08:00:00+09:00 --tz Asia/Seoul \
    -e 'habits.create{name = "걷기 🐕", start = "2026-11-01"}' \
    -e 'print(habits.complete("걷기 🐕", {on = "2026-11-28"}).completed_on)'
  check "a measurable habit on PostgreSQL needs a value" 1 "" "$binary" --db "$bench_url" \
    -e 'habits.create{name = "Water", unit = "glasses", target = 8}' -e 'habits.complete("Water")'
  grep -qF 'measured in glasses' "$work/err" || fail "the measurable refusal says why" "stderr" "$work/err"
  check "--user on PostgreSQL is a usage error" 2 "" "$binary" --db "$bench_url" --user mina -e 'return 1'
  # The same URL with a wrong password: the login is refused at the first statement.
  bench_wrong="postgresql://$PGUSER:Wr0ng-pw-$RANDOM@$PGHOST:$PGPORT/$PGDATABASE"
  check "a refused login on PostgreSQL exits 1" 1 "" env PGPASSFILE=/dev/null "$binary" --db "$bench_wrong" -e 'return 1'
  cp "$work/err" "$work/pgbench-refused"
  check "a refused login names the place and not the password" 0 "" bash -c \
    "grep -qF 'cannot connect to database \"$PGDATABASE\" on $PGHOST:$PGPORT as $PGUSER' '$work/pgbench-refused' \
     && ! grep -qF 'Wr0ng-pw' '$work/pgbench-refused'"
  check "a server that is down on PostgreSQL exits 1" 1 "" \
    "$binary" --db "postgresql://$PGUSER:Wr0ng-pw-1@127.0.0.1:1/walks" -e 'return 1'
  cp "$work/err" "$work/pgbench-down"
  check "a server that is down is named without the password" 0 "" bash -c \
    "grep -qF 'cannot connect to database \"walks\" on 127.0.0.1:1' '$work/pgbench-down' \
     && ! grep -qF 'Wr0ng-pw' '$work/pgbench-down'"
  psql -X -q -c "DROP SCHEMA $bench_schema CASCADE" >/dev/null 2>&1
fi
