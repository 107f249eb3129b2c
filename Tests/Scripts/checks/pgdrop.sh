# Profile drops between two logins on a set-up PostgreSQL server (sourced by run.sh): the
# server's functions judge them by its clock. Mina drops and waits in her loop; joon, in
# his own app-shell, catches it; mina's loop hears the catch and its words and confirms;
# joon confirms: mates. Eve, in psql, lists no one's live drop, writes none, and her wrong
# codes stop at the limit; a drop past its 30 seconds (moved back by the superuser) is
# refused.
if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  pd_db="pgdrop_$$"
  pd_admin="pgdrop_admin_$$" pd_admin_pw="admin-pw-$$-$RANDOM"
  pd_mina="pdmina_$$" pd_joon="pdjoon_$$" pd_eve="pdeve_$$"
  pd_pw="pw-$RANDOM-$RANDOM"
  pd_url() { echo "postgresql://$1:$2@$PGHOST:$PGPORT/$pd_db"; }
  pd_super="${APP_SHELL_TEST_POSTGRES%/*}/$pd_db"
  pd_psql() {
    PGPASSWORD="$pd_pw" PGPASSFILE=/dev/null psql -X -At -q -h "$PGHOST" -p "$PGPORT" -U "$1" -d "$pd_db" -c "$2"
  }
  pd_profile() {
    echo "profiles.save{nickname = '$1', dog = {name = 'Dog', age = 3, sex = 'female', size = 'small', keywords = {'shy'}}}"
  }
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE ROLE $pd_admin LOGIN CREATEROLE PASSWORD '$pd_admin_pw'" \
    -c "CREATE DATABASE $pd_db OWNER $pd_admin" >/dev/null
  check "PostgreSQL drop: an administrator sets up and adds mina, joon and eve" 0 "3" \
    "$binary" --db "$(pd_url "$pd_admin" "$pd_admin_pw")" --no-init -e "
      admin.setup()
      for _, name in ipairs{'$pd_mina', '$pd_joon', '$pd_eve'} do admin.add_member{name = name, password = '$pd_pw'} end
      print(#admin.members())"
  for pd_pair in "$pd_mina Mina" "$pd_joon Joon" "$pd_eve Eve"; do
    set -- $pd_pair
    "$binary" --db "$(pd_url "$1" "$pd_pw")" --no-init -e "$(pd_profile "$2")" >/dev/null 2>&1
  done

  printf '%s\n' "local d = mates.drop()" "print('code', d.code)" "io.stdout:flush()" \
    "app.on('mates%.drop', function(e)" "  print(e.params.state, e.params.words or e.params.with)" "  io.stdout:flush()" \
    "  if e.params.state == 'success' then print('mina', mates.confirm(e.params.id).state) io.stdout:flush() end" \
    "  if e.params.state == 'finished' then app.stop() end" "end)" \
    "app.after(25, app.stop)" "print('loop', app.loop())" > "$work/pd-mina.lua"
  "$binary" --db "$(pd_url "$pd_mina" "$pd_pw")" --no-init "$work/pd-mina.lua" >"$work/pd-mina.out" 2>"$work/pd-mina.err" </dev/null &
  pd_pid=$!
  for _ in $(seq 1 200); do grep -q "^code" "$work/pd-mina.out" 2>/dev/null && break; sleep 0.05; done
  pd_code=$(awk '/^code/ { print $2 }' "$work/pd-mina.out")
  check "PostgreSQL drop: eve, in psql, lists no one's live drop" 0 "0" pd_psql "$pd_eve" "SELECT count(*) FROM mate_drops"
  pd_psql "$pd_eve" "UPDATE mate_drops SET catcher_id = app_user_id()" >"$work/pd-eve.out" 2>&1
  if grep -q "permission denied" "$work/pd-eve.out"; then
    echo "ok   PostgreSQL drop: eve cannot write a drop in psql"; passed=$((passed + 1))
  else fail "PostgreSQL drop: eve cannot write a drop in psql" "not refused" "$work/pd-eve.out"; fi
  "$binary" --db "$(pd_url "$pd_joon" "$pd_pw")" --no-init \
    -e "local d = mates.catch('$pd_code') print(d.id) print(d.state) print(d.words) print(d.with)" \
    >"$work/pd-joon.out" 2>"$work/pd-joon.err"
  pd_id=$(sed -n 1p "$work/pd-joon.out")
  pd_words=$(sed -n 3p "$work/pd-joon.out")
  if [ "$(sed -n 2p "$work/pd-joon.out")" = success ] && [ "$(sed -n 4p "$work/pd-joon.out")" = "$pd_mina" ]; then
    echo "ok   PostgreSQL drop: joon catches mina's drop by its code and sees her and three words"; passed=$((passed + 1))
  else fail "PostgreSQL drop: joon catches mina's drop" "unexpected" "$work/pd-joon.err"; fi
  for _ in $(seq 1 300); do grep -q "^mina" "$work/pd-mina.out" 2>/dev/null && break; sleep 0.05; done
  check "PostgreSQL drop: joon confirms, and they are mates" 0 "finished $pd_mina" \
    "$binary" --db "$(pd_url "$pd_joon" "$pd_pw")" --no-init -e "local d = mates.confirm('$pd_id') print(d.state .. ' ' .. d.with)"
  wait "$pd_pid"
  if [ -n "$pd_words" ] && grep -q "^success	$pd_words$" "$work/pd-mina.out" && grep -q "^mina	success$" "$work/pd-mina.out" \
    && grep -q "^finished	$pd_joon$" "$work/pd-mina.out"; then
    echo "ok   PostgreSQL drop: mina's loop heard the catch with the same words, confirmed, and heard it finish"
    passed=$((passed + 1))
  else fail "PostgreSQL drop: mina's loop follows the drop" "words '$pd_words'" "$work/pd-mina.out"; cat "$work/pd-mina.err" >&2; fi
  check "PostgreSQL drop: mina and joon are mates" 0 "$pd_joon" "$binary" --db "$(pd_url "$pd_mina" "$pd_pw")" --no-init \
    -e "for _, m in ipairs(mates.list()) do print(m.user_name) end"

  # A drop past its 30 seconds by the server's clock is refused: the superuser moves one back.
  pd_late=$("$binary" --db "$(pd_url "$pd_mina" "$pd_pw")" --no-init -e "print(mates.drop().code)")
  psql -X -q "$pd_super" -c "UPDATE mate_drops SET created_at = created_at - 31000, expires_at = expires_at - 31000
    WHERE code = '$pd_late'" >/dev/null
  check "PostgreSQL drop: a drop past its 30 seconds is refused" 0 "mates.bad_code" \
    "$binary" --db "$(pd_url "$pd_eve" "$pd_pw")" --no-init -e "print(select(2, pcall(mates.catch, '$pd_late')).code)"
  # Eve's wrong codes through the function itself stop at the limit (one second each).
  pd_psql "$pd_eve" "$(for _ in 1 2 3 4 5 6; do printf "SELECT catch_outcome FROM mate_catch('AAAAAA');"; done)" \
    >"$work/pd-eve-tries.out" 2>&1
  if [ "$(tr '\n' ' ' <"$work/pd-eve-tries.out")" = "failed failed failed failed too_many_attempts too_many_attempts " ]; then
    echo "ok   PostgreSQL drop: eve's wrong codes in psql stop at the limit"; passed=$((passed + 1))
  else fail "PostgreSQL drop: eve's wrong codes in psql stop at the limit" "unexpected" "$work/pd-eve-tries.out"; fi
  # Eve's drops in psql stop at 10 a minute (a trigger), as the app's do.
  pd_psql "$pd_eve" "$(for _ in $(seq 1 11); do printf "SELECT mate_drop() IS NOT NULL;"; done)" >"$work/pd-eve-drops.out" 2>&1
  if [ "$(grep -c '^t$' "$work/pd-eve-drops.out")" = 10 ] && grep -q "at most 10 drops a minute" "$work/pd-eve-drops.out"; then
    echo "ok   PostgreSQL drop: eve's drops in psql stop at 10 a minute"; passed=$((passed + 1))
  else fail "PostgreSQL drop: eve's drops in psql stop at 10 a minute" "unexpected" "$work/pd-eve-drops.out"; fi
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP DATABASE $pd_db WITH (FORCE)" \
    -c "DROP ROLE IF EXISTS $pd_mina, $pd_joon, $pd_eve, ${pd_db}_members, ${pd_db}_deletes" -c "DROP ROLE $pd_admin" >/dev/null 2>&1
else
  echo "skip PostgreSQL drops: APP_SHELL_TEST_POSTGRES is not set (make test sets it)"
fi
