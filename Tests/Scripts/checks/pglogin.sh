# The README's walkthrough "Two people, two machines, one server", run as written (sourced
# by run.sh): every ```sh block after a `<!-- pglogin: WHO -->` line is taken from README.md
# and run by bash as WHO. Only what must differ on the test server is changed: the host
# and port (db.example.org:5432 is the test cluster's), the superuser's name, and the names
# of the database and the roles (a run of their own, since roles belong to the whole
# cluster), word by word. Everyone but the superuser runs on a "machine" of their own: a
# HOME of their own, and none of the test cluster's PG* variables or password file.
#
# Then what a person sees when a login is refused: storage.unavailable naming the host, the
# database and the role, never the password; and --user on a server is a usage error.

if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null && command -v createdb >/dev/null; then
  pgl_readme="$here/../../README.md"
  pgl_bin="$work/pgl-bin"
  mkdir -p "$pgl_bin"
  ln -sf "$binary" "$pgl_bin/app-shell"
  # pgl_block WHO: the README's block for WHO, with the test server's host, port and names.
  pgl_block() {
    awk -v marker="<!-- pglogin: $1 -->" '
      $0 == marker { found = 1; next }
      found && /^```sh$/ { inside = 1; next }
      inside && /^```$/ { exit }
      inside { print }' "$pgl_readme" \
      | sed -e "s/db\.example\.org/$PGHOST/g" -e "s/\b5432\b/$PGPORT/g" -e "s/-U postgres\b/-U $PGUSER/g" \
        -e "s/\bsniffmeet\b/pglogin_$$/g" -e "s/\bwalks_admin\b/pglogin_admin_$$/g" \
        -e "s/\bmina\b/mina_pgl_$$/g" -e "s/\bjoon\b/joon_pgl_$$/g"
  }
  # pgl_run WHO [HOME [SED]]: WHO's block (changed by the sed script SED too), by bash
  # (stopping at the first failing command), as WHO: in the test's environment for the
  # superuser, otherwise on the machine of HOME.
  pgl_run() {
    local block
    block=$(pgl_block "$1" | sed -e "${3:-}")
    [ -n "$block" ] || { echo "README.md has no block after <!-- pglogin: $1 -->" >&2; return 1; }
    if [ -z "${2:-}" ]; then
      PATH="$pgl_bin:$PATH" bash -e -c "$block"
    else
      (cd "$2" && env -u PGPASSFILE -u PGPASSWORD -u PGUSER -u PGHOST -u PGPORT -u PGDATABASE \
        -u APP_SHELL_TEST_POSTGRES -u APP_SHELL_TEST_IMPERSONATE -u APP_SHELL_USER -u APP_SHELL_NOW \
        HOME="$2" XDG_CONFIG_HOME="$2/.config" XDG_DATA_HOME="$2/.local/share" XDG_STATE_HOME="$2/.local/state" \
        PATH="$pgl_bin:$PATH" bash -e -c "$block")
    fi
  }
  for pgl_who in administrator mina joon; do mkdir -p "$work/pgl-$pgl_who" && chmod 700 "$work/pgl-$pgl_who"; done
  vips gaussnoise "$work/pgl-mina/noise.v" 640 480 >/dev/null 2>&1 \
    && vips cast "$work/pgl-mina/noise.v" "$work/pgl-mina/u8.v" uchar >/dev/null 2>&1 \
    && vips jpegsave "$work/pgl-mina/u8.v" "$work/pgl-mina/bori.jpg" >/dev/null 2>&1
  rm -f "$work/pgl-mina/noise.v" "$work/pgl-mina/u8.v"

  check "README walkthrough: the superuser makes the administrator's role" 0 "" pgl_run superuser
  check "README walkthrough: the administrator makes the database, sets it up, adds mina and joon" 0 \
    "mina_pgl_$$" pgl_run administrator "$work/pgl-administrator"
  grep -qx "joon_pgl_$$" "$work/out" || fail "README walkthrough: admin.members() lists joon" "stdout" "$work/out"
  check "README walkthrough: mina, with ~/.pgpass, saves her profile and photo and draws a code" 0 "" \
    pgl_run mina "$work/pgl-mina"
  pgl_code=$(tail -n 1 "$work/out")
  check "README walkthrough: mina's last line is an invite code" 0 "" bash -c '[[ $1 =~ ^[A-Z2-9]{6}$ ]]' _ "$pgl_code"
  pgl_thumb=$(psql -X -At "${APP_SHELL_TEST_POSTGRES%/*}/pglogin_$$" \
    -c "SELECT encode(sha256(p.thumbnail_jpeg), 'hex') FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.name = 'mina_pgl_$$'" \
    2>/dev/null)
  # pgl_run_as_mina ARGS...: app-shell on mina's machine, her password from her ~/.pgpass.
  pgl_run_as_mina() {
    env -u PGPASSFILE -u PGPASSWORD -u PGUSER -u APP_SHELL_TEST_IMPERSONATE HOME="$work/pgl-mina" \
      "$binary" --db "postgresql://mina_pgl_$$@$PGHOST:$PGPORT/pglogin_$$" "$@"
  }
  # Joon's block, with the code Mina told him.
  check "README walkthrough: joon, with PGPASSWORD, joins, sees Mina's dog and thumbnail, asks for a walk" 0 \
    "Mina	보리	${pgl_thumb:-?}" pgl_run joon "$work/pgl-joon" "s/K7P2QX/$pgl_code/"
  check "README walkthrough: mina accepts within the 60 seconds" 0 "한강 갈래?	accepted" \
    pgl_run "mina accepts" "$work/pgl-mina"

  # libpq's service file: the host, port, database and role under a name in ~/.pg_service.conf.
  printf '[sniffmeet]\nhost=%s\nport=%s\ndbname=pglogin_%s\nuser=joon_pgl_%s\n' "$PGHOST" "$PGPORT" $$ $$ \
    >"$work/pgl-joon/.pg_service.conf"
  check "joon connects through a service file in his HOME" 0 "joon_pgl_$$" env -u PGPASSFILE -u PGUSER -u PGHOST \
    -u PGPORT -u PGDATABASE -u APP_SHELL_TEST_IMPERSONATE HOME="$work/pgl-joon" PGPASSWORD=coco-walks-2026 \
    "$binary" --db 'postgresql://?service=sniffmeet' -e 'print(app.user().name)'

  # A refused login names the place and the role, never the password, however it was given.
  pgl_wrong="wrong-비밀-$RANDOM"
  pgl_place="database \"pglogin_$$\" on $PGHOST:$PGPORT as mina_pgl_$$"
  pgl_refused() {
    "$@" >"$work/pgl-refused.out" 2>"$work/pgl-refused.err"
    local code=$?
    [ $code = 1 ] || { echo "exit $code, expected 1" >&2; return 1; }
    grep -qF "app-shell: cannot connect to $pgl_place:" "$work/pgl-refused.err" \
      && grep -qF "[storage.unavailable]" "$work/pgl-refused.err" || { cat "$work/pgl-refused.err" >&2; return 1; }
    grep -q "password authentication failed" "$work/pgl-refused.err" || { cat "$work/pgl-refused.err" >&2; return 1; }
    ! grep -qF -- "$pgl_wrong" "$work/pgl-refused.err" "$work/pgl-refused.out" \
      || { echo "the password shows" >&2; return 1; }
  }
  check "a login refused for a wrong password in the URL: storage.unavailable names the place, not the password" \
    0 "" pgl_refused env -u PGPASSWORD PGPASSFILE=/dev/null "$binary" \
    --db "postgresql://mina_pgl_$$:$pgl_wrong@$PGHOST:$PGPORT/pglogin_$$" -e 'return 1'
  check "a login refused for a wrong PGPASSWORD: the same" 0 "" pgl_refused env PGPASSWORD="$pgl_wrong" \
    "$binary" --db "postgresql://mina_pgl_$$@$PGHOST:$PGPORT/pglogin_$$" -e 'return 1'
  # --user on a server: a usage error that says whose login acts and how to be someone else.
  check "--user on a server is a usage error naming the login" 2 "" pgl_run_as_mina --user joon_pgl_$$ -e 'return 1'
  grep -qF "on PostgreSQL you act as your database login 'mina_pgl_$$'" "$work/err" \
    || fail "--user on a server: the message names the login" "stderr" "$work/err"

  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP DATABASE IF EXISTS pglogin_$$ WITH (FORCE)" \
    -c "DROP ROLE IF EXISTS mina_pgl_$$, joon_pgl_$$, pglogin_$$_members, pglogin_$$_deletes" \
    -c "DROP ROLE IF EXISTS pglogin_admin_$$" >/dev/null 2>&1
fi
