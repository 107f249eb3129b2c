# Members an administrator can always remove, and passwords no server log keeps (issue 28,
# items 8 and 12; sourced by run.sh). An administrator who is no superuser sets a database
# up and adds three members, its DDL logged (log_statement = ddl, as many servers run):
# - the log holds no SCRAM verifier (CREATE ROLE ... PASSWORD 'SCRAM-SHA-256$...' was
#   logged whole, and a verifier allows offline guessing);
# - with log_statement = all (the parameters logged too), admin.add_member refuses;
# - a member who made a large object, granted it to another member and altered default
#   privileges (all open to any role) is removed, and so is the member granted the object
#   (each failed with "role cannot be dropped because some objects depend on it");
# - a member who made a large object in another database is not removed, and the error says
#   where and what to run there; once that is done, the member is removed.

if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  mem_db="pgmem_$$"
  mem_admin="pgmem_admin_$$"
  mem_admin_pw="admin-pw-$$-$RANDOM"
  mem_a="mema_$$" mem_b="memb_$$" mem_c="memc_$$" mem_d="memd_$$"
  mem_pw="member-pw-$RANDOM"
  mem_super="${APP_SHELL_TEST_POSTGRES%/*}/$mem_db"
  mem_url="postgresql://$mem_admin:$mem_admin_pw@$PGHOST:$PGPORT/$mem_db"
  mem_member() {
    local name=$1 database=$2
    shift 2
    PGPASSWORD="$mem_pw" PGPASSFILE=/dev/null psql -X -At -q -v ON_ERROR_STOP=1 -h "$PGHOST" -p "$PGPORT" -U "$name" \
      -d "$database" "$@"
  }
  mem_log="$(dirname "$(psql -X -At "$APP_SHELL_TEST_POSTGRES" -c 'SHOW data_directory')")/server.log"
  mem_other="${mem_db}_other"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE ROLE $mem_admin LOGIN CREATEROLE PASSWORD '$mem_admin_pw'" \
    -c "CREATE DATABASE $mem_db OWNER $mem_admin" -c "CREATE DATABASE $mem_other" -c "ALTER ROLE $mem_admin SET log_statement = 'ddl'" >/dev/null
  mem_log_start=$(wc -c < "$mem_log")
  check "an administrator whose DDL is logged adds four members" 0 "4" \
    "$binary" --db "$mem_url" -e "
      admin.setup()
      for _, name in ipairs{'$mem_a', '$mem_b', '$mem_c', '$mem_d'} do
        admin.add_member{name = name, password = '$mem_pw'}
      end
      print(#admin.members())"
  sleep 0.3
  tail -c +"$((mem_log_start + 1))" "$mem_log" > "$work/pgmem.log"
  if ! grep -qF "CREATE ROLE" "$work/pgmem.log" && ! grep -qF "app_shell_add_member" "$work/pgmem.log"; then
    fail "the server's log holds no password verifier" "nothing of add_member was logged: the check sees nothing" "$work/pgmem.log"
  elif grep -qF 'SCRAM-SHA-256$' "$work/pgmem.log"; then
    grep -F 'SCRAM-SHA-256$' "$work/pgmem.log" > "$work/pgmem.scram"
    fail "the server's log holds no password verifier" "it does" "$work/pgmem.scram"
  else
    echo "ok   the server's log holds no password verifier"; passed=$((passed + 1))
  fi
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "ALTER ROLE $mem_admin SET log_statement = 'all'" >/dev/null
  check "with every statement's parameters logged, add_member refuses" 1 "" \
    "$binary" --db "$mem_url" -e "admin.add_member{name = 'meme_$$', password = '$mem_pw'}"
  grep -qF "[admin.password_would_be_logged]" "$work/err" && grep -qF "log_statement = all" "$work/err" \
    || fail "the refusal names admin.password_would_be_logged and the setting" "stderr" "$work/err"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "ALTER ROLE $mem_admin RESET log_statement" >/dev/null

  # What any role may do, done by member a in the app's database, and by d in another one.
  mem_member "$mem_a" "$mem_db" -c "SELECT lo_create(424242)" \
    -c "GRANT SELECT ON LARGE OBJECT 424242 TO $mem_b" \
    -c "ALTER DEFAULT PRIVILEGES GRANT SELECT ON TABLES TO $mem_c" > "$work/pgmem.out" 2>&1 \
    || fail "a member creates a large object, grants it and alters default privileges" "psql" "$work/pgmem.out"
  mem_member "$mem_d" "$mem_other" -c "SELECT lo_create(0)" > "$work/pgmem.out" 2>&1 \
    || fail "a member creates a large object in another database" "psql" "$work/pgmem.out"
  check "the administrator removes the member who owns a large object and default privileges" 0 "removed" \
    "$binary" --db "$mem_url" -e "admin.remove_member('$mem_a') print('removed')"
  check "and the member granted that object, and the one named in those privileges" 0 "1 left" \
    "$binary" --db "$mem_url" -e "admin.remove_member('$mem_b') admin.remove_member('$mem_c') print(#admin.members() .. ' left')"
  check "a member with a large object in another database is not removed" 1 "" \
    "$binary" --db "$mem_url" -e "admin.remove_member('$mem_d')"
  grep -qF "[admin.member_owns_objects]" "$work/err" && grep -qF "in database $mem_other" "$work/err" \
    || fail "the refusal names the other database" "stderr" "$work/err"
  psql -X -q "${APP_SHELL_TEST_POSTGRES%/*}/$mem_other" -c "REASSIGN OWNED BY $mem_d TO $mem_admin" \
    -c "DROP OWNED BY $mem_d" > /dev/null
  check "once that database is cleared, the member is removed" 0 "0" \
    "$binary" --db "$mem_url" -e "admin.remove_member('$mem_d') print(#admin.members())"
  mem_left=$(psql -X -At "$APP_SHELL_TEST_POSTGRES" -c "SELECT count(*) FROM pg_roles WHERE rolname IN ('$mem_a', '$mem_b', '$mem_c', '$mem_d')")
  [ "$mem_left" = 0 ] && { echo "ok   no member role is left"; passed=$((passed + 1)); } \
    || fail "no member role is left" "$mem_left left"

  # Run by a superuser (the functions' owner), setup takes the large object functions from
  # PUBLIC in this database: a new member can no longer make one.
  check "setup run by a superuser takes lo_creat, lo_create and lo_from_bytea from PUBLIC" 0 "3" \
    "$binary" --db "$mem_super" -e "
      local n = 0
      for _, step in ipairs(admin.setup().applied) do if step:find('revoked from PUBLIC', 1, true) then n = n + 1 end end
      print(n)"
  "$binary" --db "$mem_url" -e "admin.add_member{name = '$mem_a', password = '$mem_pw'}" > /dev/null 2>&1
  if mem_member "$mem_a" "$mem_db" -c "SELECT lo_create(0)" > "$work/pgmem.out" 2>&1; then
    fail "after that, a member cannot create a large object" "lo_create worked" "$work/pgmem.out"
  elif grep -qF "permission denied for function lo_create" "$work/pgmem.out"; then
    echo "ok   after that, a member cannot create a large object"; passed=$((passed + 1))
  else
    fail "after that, a member cannot create a large object" "another error" "$work/pgmem.out"
  fi

  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP DATABASE $mem_db WITH (FORCE)" -c "DROP DATABASE $mem_other WITH (FORCE)" \
    -c "DROP ROLE IF EXISTS $mem_a, $mem_b, $mem_c, $mem_d, ${mem_db}_members, ${mem_db}_deletes" -c "DROP ROLE $mem_admin" >/dev/null 2>&1
else
  echo "skip admin.remove_member and the server's log (needs APP_SHELL_TEST_POSTGRES and psql)"
fi
