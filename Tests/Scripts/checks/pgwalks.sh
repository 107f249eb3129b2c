# Two people on two machines against one PostgreSQL server (sourced by run.sh): two
# app-shell processes with HOMEs of their own act as mina and joon, each logged in as their
# own member role with their own password: an administrator who is no superuser sets the
# database up and adds them; mina's password is in the ~/.pgpass of her HOME, joon's in
# PGPASSWORD; nothing of the test cluster's PG* variables or password file reaches them,
# and row-level security is on (no APP_SHELL_TEST_IMPERSONATE). Profiles with photos (each
# photo file exists only in its owner's HOME), an invite and a join, the other's thumbnail
# through mates.list, a walk request accepted at 59 s and refused at 61 s by the server's
# clock, and 20 accept-or-cancel races with exactly one winner each.
#
# The processes run on the real clock (no --now), so the server's clock_timestamp() judges
# each request's 60 seconds. Nobody waits a minute: the cluster's superuser moves the
# request's times back, while the process that answers has already started and waits for a
# line on a FIFO, so only the answer itself runs after the move.

if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  pw_db="pgwalks_$$"
  pw_admin="pgwalks_admin_$$"
  pw_admin_pw="admin-pw-$$-$RANDOM"
  pw_mina="mina_$$"
  pw_joon="joon_$$"
  pw_mina_pw="미나-$RANDOM-$RANDOM"
  pw_joon_pw="joon pw $RANDOM 🐾"
  pw_super="${APP_SHELL_TEST_POSTGRES%/*}/$pw_db"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE ROLE $pw_admin LOGIN CREATEROLE PASSWORD '$pw_admin_pw'" \
    -c "CREATE DATABASE $pw_db OWNER $pw_admin" >/dev/null
  # pw_machine PERSON COMMAND...: COMMAND on PERSON's machine: a HOME and XDG folders of
  # their own, and none of the test cluster's connection settings or password file.
  pw_machine() {
    local home="$work/pw-$1"
    shift
    env -u PGPASSFILE -u PGPASSWORD -u PGUSER -u PGHOST -u PGPORT -u PGDATABASE -u APP_SHELL_TEST_POSTGRES \
      -u APP_SHELL_TEST_IMPERSONATE -u APP_SHELL_USER -u APP_SHELL_NOW HOME="$home" XDG_CONFIG_HOME="$home/.config" \
      XDG_DATA_HOME="$home/.local/share" XDG_STATE_HOME="$home/.local/state" "$@"
  }
  # pw_as PERSON ARGS...: PERSON's app-shell on PERSON's machine, logged in as PERSON's role:
  # mina's password from her ~/.pgpass, joon's from PGPASSWORD.
  pw_as() {
    local person=$1
    shift
    case $person in
      mina) pw_machine mina "$binary" --db "postgresql://$pw_mina@$PGHOST:$PGPORT/$pw_db" --tz Asia/Seoul "$@" ;;
      joon) pw_machine joon env PGPASSWORD="$pw_joon_pw" \
        "$binary" --db "postgresql://$pw_joon@$PGHOST:$PGPORT/$pw_db" --tz Asia/Seoul "$@" ;;
    esac
  }
  # pw_same ACTUAL EXPECTED: for check; says what differed on stderr.
  pw_same() { [ "$1" = "$2" ] || { echo "got '$1', expected '$2'" >&2; return 1; }; }
  # pw_sql SQL: one statement as the cluster's superuser (the test's clock and referee), in
  # the test's database.
  pw_sql() { psql -X -q -At "$pw_super" -c "$1"; }
  pw_now="floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint"
  # pw_age ID SECONDS: the request was made SECONDS ago by the server's clock.
  pw_age() {
    pw_sql "UPDATE walk_requests SET created_at = $pw_now - $2 * 1000, expires_at = $pw_now - $2 * 1000 + 60000
            WHERE id = '$1'" >/dev/null
  }
  # pw_start SLOT PERSON CHUNK: starts PERSON's app-shell in the background; it starts up,
  # says "ready" on stderr, waits for a line on the FIFO of SLOT, then runs CHUNK. The exit
  # code ends up in $work/pw-SLOT.code.
  pw_start() {
    local slot=$1 person=$2 chunk=$3
    rm -f "$work/pw-$slot.fifo" "$work/pw-$slot.err" "$work/pw-$slot.code"
    mkfifo "$work/pw-$slot.fifo"
    (
      pw_as "$person" -e "io.stderr:write('ready\n') io.read('l') $chunk" \
        <"$work/pw-$slot.fifo" >"$work/pw-$slot.out" 2>"$work/pw-$slot.err"
      echo $? >"$work/pw-$slot.code"
    ) &
  }
  # pw_open SLOT: holds SLOT's FIFO open for writing on descriptor 7 or 8 (so the reader's
  # open does not block), and waits until the process says it is ready (at most 20 s).
  pw_ready() {
    local slot=$1 tries=0
    until grep -q ready "$work/pw-$slot.err" 2>/dev/null; do
      tries=$((tries + 1))
      [ $tries -gt 1000 ] && return 1
      sleep 0.02
    done
  }
  # pw_finish SLOT: the exit code of SLOT's process, once it has ended.
  pw_finish() {
    local slot=$1
    until [ -s "$work/pw-$slot.code" ]; do sleep 0.01; done
    cat "$work/pw-$slot.code"
  }

  mkdir -p "$work/pw-admin"
  for pw_person in mina joon; do
    mkdir -p "$work/pw-$pw_person"
    chmod 700 "$work/pw-$pw_person"
    vips gaussnoise "$work/pw-$pw_person/noise.v" 800 600 >/dev/null 2>&1 \
      && vips cast "$work/pw-$pw_person/noise.v" "$work/pw-$pw_person/u8.v" uchar >/dev/null 2>&1 \
      && vips jpegsave "$work/pw-$pw_person/u8.v" "$work/pw-$pw_person/dog.jpg" >/dev/null 2>&1
    rm -f "$work/pw-$pw_person/noise.v" "$work/pw-$pw_person/u8.v"
  done
  check "two machines: the administrator (no superuser) sets the database up and adds both" 0 "2" \
    pw_machine admin env PGPASSWORD="$pw_admin_pw" MINA_PW="$pw_mina_pw" JOON_PW="$pw_joon_pw" "$binary" --db "postgresql://$pw_admin@$PGHOST:$PGPORT/$pw_db" -e "
      admin.setup()
      admin.add_member{name = '$pw_mina', password = os.getenv('MINA_PW')}
      admin.add_member{name = '$pw_joon', password = os.getenv('JOON_PW')}
      print(#admin.members())"
  printf '%s:%s:%s:%s:%s\n' "$PGHOST" "$PGPORT" "$pw_db" "$pw_mina" "$pw_mina_pw" >"$work/pw-mina/.pgpass"
  chmod 600 "$work/pw-mina/.pgpass"
  check "two machines: mina logs in with the password in her ~/.pgpass, as herself" 0 "$pw_mina" \
    pw_as mina -e 'print(app.user().name)'
  check "two machines: joon with his in PGPASSWORD, as himself" 0 "$pw_joon" pw_as joon -e 'print(app.user().name)'
  check "two machines: without it, joon's login is refused" 1 "" pw_machine joon "$binary" \
    --db "postgresql://$pw_joon@$PGHOST:$PGPORT/$pw_db" -e 'return 1'
  pw_profile='profiles.save{nickname = NICK, dog = {name = "보리", age = 3, sex = "female", size = "small",
    keywords = {"friendly"}}} profiles.set_photo(os.getenv("HOME") .. "/dog.jpg")
    print(profiles.me().photo.thumbnail.sha256)'
  check "two machines: mina saves a profile with a photo from her HOME" 0 "" \
    pw_as mina -e "${pw_profile//NICK/\"Mina\"}"
  pw_mina_thumb=$(cat "$work/out")
  check "two machines: joon saves his, from his HOME" 0 "" pw_as joon -e "${pw_profile//NICK/\"Joon 🐾\"}"
  pw_joon_thumb=$(cat "$work/out")
  check "two machines: each photo file is only in its owner's HOME" 0 "" bash -c \
    "[ -f '$work/pw-mina/dog.jpg' ] && [ -f '$work/pw-joon/dog.jpg' ] && ! cmp -s '$work/pw-mina/dog.jpg' '$work/pw-joon/dog.jpg'"
  pw_code=$(pw_as mina -e 'print(mates.invite().code)' 2>"$work/err")
  check "two machines: joon joins with mina's invite code" 0 "Mina" pw_as joon -e "print(mates.join('$pw_code').nickname)"
  check "two machines: joon sees mina's thumbnail through mates.list" 0 "" pw_same \
    "$(pw_as joon -e 'local m = mates.list()[1] print(m.nickname .. " " .. m.thumbnail.sha256)' 2>&1)" \
    "Mina $pw_mina_thumb"
  check "two machines: and mina sees joon's" 0 "" pw_same \
    "$(pw_as mina -e 'local m = mates.list()[1] print(m.nickname .. " " .. m.thumbnail.sha256)' 2>&1)" \
    "Joon 🐾 $pw_joon_thumb"
  check "two machines: joon reads mina's thumbnail bytes, a JPEG she stored" 0 "true" pw_as joon -e \
    "local t = profiles.photo{user = '$pw_mina', size = 'thumbnail'} print(t:sub(1, 3) == '\xFF\xD8\xFF' and #t == mates.list()[1].thumbnail.bytes)"

  # The 60-second window, by the server's clock.
  pw_request="print(walks.request{mate = '$pw_joon', message = '한강 갈래?', place = {lat = 37.52, lng = 126.93}}.id)"
  pw_id=$(pw_as mina -e "$pw_request" 2>"$work/err")
  pw_start accept joon "print(walks.accept('$pw_id').status)"
  exec 7>"$work/pw-accept.fifo"
  if pw_ready accept; then
    pw_age "$pw_id" 59
    echo go >&7
  fi
  exec 7>&-
  check "two machines: a request 59 s old by the server's clock is accepted" 0 "" pw_same \
    "$(pw_finish accept) $(cat "$work/pw-accept.out")" "0 accepted"
  pw_id=$(pw_as mina -e "$pw_request" 2>"$work/err")
  pw_start accept joon "local ok, e = pcall(walks.accept, '$pw_id') print(e.code, e.message)"
  exec 7>"$work/pw-accept.fifo"
  if pw_ready accept; then
    pw_age "$pw_id" 61
    echo go >&7
  fi
  exec 7>&-
  check "two machines: one 61 s old is refused as expired" 0 "" pw_same \
    "$(pw_finish accept) $(cat "$work/pw-accept.out")" \
    "0 walks.not_pending	the request is expired, not pending"
  check "two machines: mina sees it expired" 0 "expired" pw_as mina -e \
    "for _, r in ipairs(walks.outgoing()) do if r.id == '$pw_id' then print(r.status) end end"

  # A process with --now far from the server's time: on a set-up server the server's clock
  # still makes and judges the request, as its policies do.
  pw_id=$(pw_as mina --now 2026-01-01T09:00:00+09:00 -e "$pw_request" 2>"$work/err")
  check "two machines: under --now, a request is still made by the server's clock" 0 "" pw_same \
    "$(pw_sql "SELECT abs(created_at - $pw_now) < 60000 FROM walk_requests WHERE id = '$pw_id'")" t
  check "two machines: and accepted by it" 0 "accepted" pw_as joon --now 2027-06-01T09:00:00+09:00 -e \
    "print(walks.accept('$pw_id').status)"

  # 20 races: joon accepts while mina cancels, both released at once.
  pw_races=0
  for pw_round in $(seq 1 20); do
    pw_id=$(pw_as mina -e "$pw_request" 2>"$work/err")
    pw_start accept joon "walks.accept('$pw_id')"
    pw_start cancel mina "walks.cancel('$pw_id')"
    exec 7>"$work/pw-accept.fifo" 8>"$work/pw-cancel.fifo"
    pw_ready accept && pw_ready cancel && { echo go >&7; echo go >&8; }
    exec 7>&- 8>&-
    pw_accepted=$(pw_finish accept)
    pw_cancelled=$(pw_finish cancel)
    pw_final=$(pw_sql "SELECT status FROM walk_requests WHERE id = '$pw_id'")
    if [ $((pw_accepted + pw_cancelled)) = 1 ] \
       && cat "$work/pw-accept.err" "$work/pw-cancel.err" | grep -qF "[walks.not_pending]" \
       && { { [ "$pw_accepted" = 0 ] && [ "$pw_final" = accepted ]; } \
         || { [ "$pw_cancelled" = 0 ] && [ "$pw_final" = cancelled ]; }; }; then
      pw_races=$((pw_races + 1))
    else
      echo "round $pw_round: accept exit $pw_accepted, cancel exit $pw_cancelled, final $pw_final" >>"$work/pw-races"
      cat "$work/pw-accept.err" "$work/pw-cancel.err" >>"$work/pw-races"
    fi
  done
  check "two machines: 20 accept-or-cancel races, exactly one winner each" 0 "" pw_same "$pw_races" 20
  [ -f "$work/pw-races" ] && sed 's/^/    | /' "$work/pw-races" | head -20

  # Ending the link as the receiver cancels what is pending between the two (the policy lets
  # a receiver cancel only once the two are no longer mates: the link goes first).
  pw_id=$(pw_as joon -e "print(walks.request{mate = '$pw_mina', message = '마지막', place = {lat = 37.5, lng = 127}}.id)" \
    2>"$work/err")
  check "two machines: mina ends the link with a request of joon's pending" 0 "" pw_as mina -e "mates.remove('$pw_joon')"
  check "two machines: and his request is cancelled" 0 "" pw_same \
    "$(pw_sql "SELECT status FROM walk_requests WHERE id = '$pw_id'")" cancelled
  check "two machines: joon can ask her no more" 1 "" pw_as joon -e "walks.request{mate = '$pw_mina', message = 'x', place = {lat = 0, lng = 0}}"
  grep -qF '[walks.not_a_mate]' "$work/err" || fail "two machines: no longer mates is walks.not_a_mate" "stderr" "$work/err"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP DATABASE $pw_db WITH (FORCE)" \
    -c "DROP ROLE IF EXISTS $pw_mina, $pw_joon, ${pw_db}_members, ${pw_db}_deletes" -c "DROP ROLE $pw_admin" >/dev/null 2>&1
fi
