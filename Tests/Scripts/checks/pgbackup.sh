# A server's backup, restored, reads as the server did (sourced by run.sh): the commands of
# docs/admin.md, "Backups", run as written. Two members of a cluster of its own write habits,
# stories (private and public), profiles, a mate link, a walk request and a comment; the
# superuser dumps the database (pg_dump -Fc) and the roles (pg_dumpall --roles-only); a
# second cluster takes the roles, a new database and pg_restore. Then each member reads
# through app-shell exactly what they read before, and in psql with their own password the
# same number of rows of every table they may read: no more, no less.

if [ -x /usr/lib/postgresql/15/bin/initdb ] && command -v pg_dump >/dev/null; then
  backup_from=$(mktemp -d /tmp/app-shell-pg-backup.XXXXXX)
  backup_to=$(mktemp -d /tmp/app-shell-pg-restore.XXXXXX)
  backup_ok=1
  backup_step() {
    echo "FAIL a restored backup reads as the server did: $1"
    [ -n "${2:-}" ] && sed 's/^/    | /' "$2" | head -20
    failed=$((failed + 1))
    backup_ok=0
  }
  if bash "$here/../Support/postgres.sh" start "$backup_from" >/dev/null 2>"$work/backup.err" &&
    bash "$here/../Support/postgres.sh" start "$backup_to" >/dev/null 2>>"$work/backup.err"; then
    from_admin=$(sed -n 's/^export APP_SHELL_TEST_POSTGRES=//p' "$backup_from/env")
    to_admin=$(sed -n 's/^export APP_SHELL_TEST_POSTGRES=//p' "$backup_to/env")
    suffix=$(head -c 4 /dev/urandom | od -An -tx1 | tr -d ' \n')
    mina="mina_$suffix" joon="joon_$suffix"
    member_url() { # CLUSTER_ADMIN_URL NAME
      local base=${1%/postgres}
      echo "postgresql://$2:pw-$2@${base##*@}/walks"
    }
    psql -X -q "$from_admin" -c "CREATE DATABASE walks" >/dev/null 2>"$work/backup.err" ||
      backup_step "the database is made" "$work/backup.err"
    cat >"$work/backup-setup.lua" <<LUA
admin.setup()
admin.add_member{name = "$mina", password = "pw-$mina"}
admin.add_member{name = "$joon", password = "pw-$joon"}
LUA
    "$binary" --db "${from_admin%/postgres}/walks" --no-init "$work/backup-setup.lua" >/dev/null \
      2>"$work/backup.err" || backup_step "the administrator sets up two members" "$work/backup.err"
    dog='dog = {name = "콩", age = 3, sex = "female", size = "small", keywords = {"shy"}}'
    code=$("$binary" --db "$(member_url "$from_admin" "$mina")" --no-init -e "
      profiles.save{nickname = '미나', $dog}
      habits.create{name = 'Run 🏃'}; habits.complete('Run 🏃')
      bookstories.create{book = {title = '데미안', author = '헤세'}, quotes = {'새는 알에서'}, visibility = 'private'}
      bookstories.create{book = {title = 'Open', author = 'X'}, quotes = {'공개'}, keywords = {'성장'},
        visibility = 'public'}
      print(mates.invite().code)" 2>"$work/backup.err") || backup_step "mina writes" "$work/backup.err"
    "$binary" --db "$(member_url "$from_admin" "$joon")" --no-init -e "
      profiles.save{nickname = '준호', $dog}
      habits.create{name = '책 읽기'}
      mates.join('$code')
      walks.request{mate = '$mina', message = '한강?', place = {lat = 37.5, lng = 126.9}}
      local story = bookstories.public{}[1]
      bookstories.comment(story.id, '좋아요 🐕')" >/dev/null 2>"$work/backup.err" ||
      backup_step "joon writes" "$work/backup.err"
    cat >"$work/backup-read.lua" <<'LUA'
local function ids(list)
  local out = {}
  for _, x in ipairs(list) do out[#out + 1] = tostring(x.id or x.user_id) end
  table.sort(out)
  return table.concat(out, ",")
end
print("habits", ids(habits.list{}))
print("mine", ids(bookstories.mine{per_page = 100}))
print("public", ids(bookstories.public{per_page = 100}))
print("mates", ids(mates.list{}))
print("incoming", ids(walks.incoming{}))
print("outgoing", ids(walks.outgoing{}))
print("notifications", ids(notifications.list{}))
print("profile", profiles.me().nickname)
LUA
    # Every table the member may read, with the rows the policies let them see.
    counts="SELECT tablename || ' ' || (xpath('/row/c/text()', query_to_xml(format('SELECT count(*) AS c FROM public.%I',
      tablename), false, true, '')))[1]::text
      FROM (SELECT tablename FROM pg_tables WHERE schemaname = 'public' OFFSET 0) t
      WHERE has_table_privilege(format('public.%I', tablename), 'SELECT') ORDER BY 1"
    for who in "$mina" "$joon"; do
      "$binary" --db "$(member_url "$from_admin" "$who")" --no-init "$work/backup-read.lua" \
        >"$work/backup-$who.before" 2>"$work/backup.err" || backup_step "$who reads before" "$work/backup.err"
      psql -X -At "$(member_url "$from_admin" "$who")" -c "$counts" >"$work/backup-$who.rows-before" \
        2>"$work/backup.err" || backup_step "$who counts rows before" "$work/backup.err"
    done
    # The commands of docs/admin.md, "Backups".
    (
      . "$backup_from/env"
      pg_dump -Fc walks >"$work/walks.dump" && pg_dumpall --roles-only >"$work/roles.sql"
    ) 2>"$work/backup.err" || backup_step "pg_dump and pg_dumpall --roles-only" "$work/backup.err"
    (
      . "$backup_to/env"
      # The new cluster's superuser is named as the old one's here: its lines are left out,
      # or they would give it the old cluster's password.
      grep -v -E "ROLE admin( |;)" "$work/roles.sql" >"$work/roles-new.sql"
      psql -X -q -v ON_ERROR_STOP=1 -f "$work/roles-new.sql" >/dev/null
      createdb -O admin walks && pg_restore -d walks "$work/walks.dump"
    ) 2>"$work/backup.err" || backup_step "roles, createdb and pg_restore" "$work/backup.err"
    for who in "$mina" "$joon"; do
      psql -X -At "$(member_url "$to_admin" "$who")" -c "$counts" >"$work/backup-$who.rows-after" \
        2>"$work/backup.err" || backup_step "$who counts rows after" "$work/backup.err"
      "$binary" --db "$(member_url "$to_admin" "$who")" --no-init "$work/backup-read.lua" \
        >"$work/backup-$who.after" 2>"$work/backup.err" || backup_step "$who reads after" "$work/backup.err"
      diff "$work/backup-$who.before" "$work/backup-$who.after" >"$work/backup.diff" ||
        backup_step "$who reads in app-shell what they read before" "$work/backup.diff"
      diff "$work/backup-$who.rows-before" "$work/backup-$who.rows-after" >"$work/backup.diff" ||
        backup_step "$who reads in psql as many rows of each table as before" "$work/backup.diff"
      grep -q "^profile	" "$work/backup-$who.after" || backup_step "$who read something" "$work/backup-$who.after"
    done
    if [ "$backup_ok" = 1 ]; then
      echo "ok   a restored backup (pg_dump, pg_dumpall --roles-only, pg_restore) reads as the server did, member by member"
      passed=$((passed + 1))
    fi
  else
    backup_step "two clusters of its own start" "$work/backup.err"
  fi
  bash "$here/../Support/postgres.sh" stop "$backup_from" >/dev/null 2>&1
  bash "$here/../Support/postgres.sh" stop "$backup_to" >/dev/null 2>&1
else
  echo "skip the backup check: postgresql-15 is not installed (make deps)"
fi
