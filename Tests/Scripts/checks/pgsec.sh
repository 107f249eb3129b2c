# Row-level security on a set-up PostgreSQL server (sourced by run.sh): an administrator
# who is no superuser sets a database up with admin.setup(), adds two members, the members
# fill it through app-shell, and then each member connects with psql and their own password
# and reads and writes every table directly: nothing private of the other comes back, no
# update or delete touches the other's rows, and no DDL is allowed.

check "admin.* on SQLite is admin.not_available" 1 "" "$binary" "${mem[@]}" -e 'admin.setup()'
grep -qF '[admin.not_available]' "$work/err" || fail "admin.setup on SQLite names admin.not_available" "stderr" "$work/err"

if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  sec_db="pgsec_$$"
  sec_admin="pgsec_admin_$$"
  sec_admin_pw="admin-pw-$$-$RANDOM"
  sec_a="seca_$$"
  sec_b="secb_$$"
  sec_a_pw="a-pw-$RANDOM-$RANDOM"
  sec_b_pw="비밀번호-$RANDOM-🐶"
  sec_super="${APP_SHELL_TEST_POSTGRES%/*}/$sec_db"
  sec_url() { echo "postgresql://$1:$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$2")@$PGHOST:$PGPORT/$sec_db"; }
  # as_member NAME PASSWORD SQL...: psql as that member, errors on stderr, not stopping.
  as_member() {
    local name=$1 password=$2
    shift 2
    PGPASSWORD="$password" PGPASSFILE=/dev/null psql -X -At -q -v ON_ERROR_STOP=0 -v ON_ERROR_ROLLBACK=on \
      -h "$PGHOST" -p "$PGPORT" -U "$name" -d "$sec_db" "$@"
  }
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE ROLE $sec_admin LOGIN CREATEROLE PASSWORD '$sec_admin_pw'" \
    -c "CREATE DATABASE $sec_db OWNER $sec_admin" >/dev/null
  # The clock is the real one: codes and their 10 minutes are judged by the server.
  check "an administrator (CREATEROLE, owns the database) sets it up and adds two members" 0 "2" \
    env -u APP_SHELL_NOW "$binary" --db "$(sec_url "$sec_admin" "$sec_admin_pw")" -e "
      admin.setup()
      admin.add_member{name = '$sec_a', password = '$sec_a_pw'}
      admin.add_member{name = '$sec_b', password = '$sec_b_pw'}
      print(#admin.members())"
  for sec_who in a b; do
    if [ $sec_who = a ]; then sec_name=$sec_a sec_pw=$sec_a_pw; else sec_name=$sec_b sec_pw=$sec_b_pw; fi
    check "member $sec_who fills the database through app-shell" 0 "" \
      "$binary" --db "$(sec_url "$sec_name" "$sec_pw")" --now "$(date -u +%Y-%m-%dT%H:%M:%SZ)" -e "
        habits.create{name = 'Run'} habits.complete('Run') habits.note('Run', 'private note')
        habits.remind('Run', '21:00')
        local s = bookstories.create{book = {title = 'Secret', author = 'A'}, quotes = {'private quote'},
          keywords = {'hidden'}, visibility = 'private'}
        bookstories.create{book = {title = 'Open', author = 'A'}, quotes = {'public quote'}, keywords = {'shown'},
          visibility = 'public'}
        local t = bookstories.themes.create{name = 'Secret theme', visibility = 'private'}
        bookstories.update(s.id, {themes = {t.id}})
        bookstories.themes.create{name = 'Open theme', visibility = 'public'}
        profiles.save{nickname = 'nick$sec_who', dog = {name = 'Dog', age = 3, sex = 'female', size = 'small', keywords = {'shy'}}}
        walks.log{steps = 10, distance = 5, started_at = '2026-11-30T08:00:00Z', ended_at = '2026-11-30T08:10:00Z'}
        local f = assert(io.open('$work/pgsec-code-$sec_who', 'w')) f:write(mates.invite().code) f:close()" --allow-io
  done
  check "member b joins a with a's code and asks for a walk" 0 "" \
    "$binary" --db "$(sec_url "$sec_b" "$sec_b_pw")" -e "
      mates.join('$(cat "$work/pgsec-code-a" 2>/dev/null)')
      walks.request{mate = '$sec_a', message = 'walk?', place = {lat = 37.5, lng = 126.9}}
      local open = bookstories.of('$sec_a')[1]
      local c = bookstories.comment(open.id, 'b on a public story')
      bookstories.reply(c.id, 'b replies')"
  for sec_who in a b; do
    if [ $sec_who = a ]; then sec_name=$sec_a sec_pw=$sec_a_pw; else sec_name=$sec_b sec_pw=$sec_b_pw; fi
    check "member $sec_who comments on its own private and public stories" 0 "" \
      "$binary" --db "$(sec_url "$sec_name" "$sec_pw")" -e "
        for _, s in ipairs(bookstories.mine()) do
          local c = bookstories.comment(s.id, 'note on ' .. s.visibility) bookstories.reply(c.id, 'more')
        end"
  done

  # A block between two others (written by the superuser, as a moderator's tools might),
  # which neither member may learn of.
  psql -X -q "$sec_super" -c "INSERT INTO users (id, name, name_key, created_at)
      VALUES ('pgsec-x-$$', 'pgsec_x_$$', 'pgsec_x_$$', 0), ('pgsec-y-$$', 'pgsec_y_$$', 'pgsec_y_$$', 0)" \
    -c "INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES ('pgsec-x-$$', 'pgsec-y-$$', 0)" >/dev/null

  # TABLE|MINE|PUBLIC: MINE is true on the member's own rows (or a pair they are in), PUBLIC on
  # rows everyone may read. Every table of the schema must be listed; a table's rows before
  # the rows they cascade from (comments before stories), as the writes below go in order.
  sec_me="(SELECT app_user_id())"
  sec_story="(SELECT s.author_id = $sec_me FROM book_stories s WHERE s.seq = story_seq)"
  sec_story_public="(SELECT s.visibility = 'public' FROM book_stories s WHERE s.seq = story_seq)"
  sec_habit="(SELECT h.owner_id = $sec_me FROM habits h WHERE h.id = habit_id)"
  sec_tables="schema_versions|false|true
users|name = session_user|true
event_users|user_id = $sec_me|false
events|user_number IN (SELECT number FROM event_users WHERE user_id = $sec_me)|false
event_backlog|false|true
event_drops|user_id = $sec_me|false
habits|owner_id = $sec_me|false
habit_periods|$sec_habit|false
habit_completions|$sec_habit|false
habit_frequencies|$sec_habit|false
habit_measures|$sec_habit|false
habit_skips|$sec_habit|false
habit_pauses|$sec_habit|false
habit_amounts|$sec_habit|false
habit_notes|$sec_habit|false
habit_reminders|$sec_habit|false
book_comments|author_id = $sec_me OR $sec_story|$sec_story_public
book_stories|author_id = $sec_me|visibility = 'public'
book_story_quotes|$sec_story|$sec_story_public
book_story_keywords|$sec_story|$sec_story_public
book_story_themes|$sec_story|$sec_story_public
book_themes|owner_id = $sec_me|visibility = 'public'
book_story_reviews|user_id = $sec_me|false
daily_counts|user_id = $sec_me|false
profiles|user_id = $sec_me|true
profile_photo_files|user_id = $sec_me|false
mate_invites|inviter_id = $sec_me|false
mate_drops|$sec_me IN (dropper_id, catcher_id)|false
mate_attempts|user_id = $sec_me|false
mates|$sec_me IN (user_id, mate_id)|false
mate_reports|reporter_id = $sec_me|false
report_resolutions|false|false
walk_requests|$sec_me IN (sender_id, recipient_id)|false
walk_route_points|user_id = $sec_me|false
walk_logs|user_id = $sec_me|false
inbox|recipient_id = $sec_me|false
user_blocks|blocker_id = $sec_me|false
reports|reporter_id = $sec_me|false"
  # The tables members delete from (through app_delete).
  sec_deletable="events event_drops inbox habits habit_periods habit_completions habit_frequencies habit_measures habit_skips
    habit_pauses habit_amounts habit_notes habit_reminders book_stories book_story_quotes book_story_keywords
    book_themes book_story_themes book_story_reviews book_comments profiles profile_photo_files mates walk_route_points walk_logs user_blocks"
  sec_deletable=$(echo $sec_deletable)
  check "every table of the schema has a row in this check" 0 "" bash -c "
    diff <(psql -X -At '$sec_super' -c \"SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1\") \
      <(printf '%s\n' \"\$1\" | cut -d'|' -f1 | LC_ALL=C sort)" _ "$sec_tables"

  for sec_who in a b; do
    if [ $sec_who = a ]; then sec_name=$sec_a sec_pw=$sec_a_pw; else sec_name=$sec_b sec_pw=$sec_b_pw; fi
    # Reading: every row that comes back is the member's own or public; and each member sees
    # rows of their own in the tables the scenario filled (the check is not empty).
    sec_sql=""
    while IFS='|' read -r table mine public; do
      sec_sql+="SELECT '$table', count(*) FILTER (WHERE NOT (coalesce($mine, false) OR coalesce($public, false))),
        count(*) FILTER (WHERE coalesce($mine, false)) FROM $table;"$'\n'
    done <<<"$sec_tables"
    as_member "$sec_name" "$sec_pw" -F' ' -f - <<<"$sec_sql" >"$work/pgsec-read-$sec_who" 2>"$work/pgsec-read-err-$sec_who"
    check "member $sec_who reads nothing private of the other, in any table" 0 "" \
      awk '$2 != 0 { print "others private rows: " $0; bad = 1 } END { exit bad }' "$work/pgsec-read-$sec_who"
    check "member $sec_who reads their own habits, notes, stories, invites, walk requests" 0 "" bash -c "
      for t in habits habit_completions habit_notes habit_reminders book_stories book_story_quotes book_story_themes book_comments daily_counts mate_invites walk_requests mates events; do
        grep -q \"^\$t [0-9]* [1-9]\" '$work/pgsec-read-$sec_who' || { echo \"no own rows in \$t\"; exit 1; }
      done"
    check "member $sec_who reads no invite code but their own" 0 "1" \
      as_member "$sec_name" "$sec_pw" -c "SELECT count(*) FROM mate_invites"
    # Writing: each UPDATE of every row, and a delete through app_delete of every row by its
    # first column, rolled back, returns whose rows it touched: never the other's. A
    # statement a grant or policy refuses touches nothing.
    # First, before anything else of the transaction: only the sender may cancel.
    sec_sql="BEGIN;"$'\n'"UPDATE walk_requests SET status = 'cancelled' RETURNING 'touched', 'walk_requests', sender_id = $sec_me;"$'\n'
    while IFS='|' read -r table mine public; do
      column=$(psql -X -At "$sec_super" \
        -c "SELECT attname FROM pg_attribute WHERE attrelid = 'public.$table'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum LIMIT 1" 2>/dev/null)
      [ "$table" = walk_requests ] && column=status
      [ "$table" = inbox ] && column=delivered_at
      [ "$table" = book_comments ] && column=text
      [ "$table" = book_stories ] && column=content
      sec_sql+="UPDATE $table SET $column = $column RETURNING 'touched', '$table', coalesce($mine, false);"$'\n'
      case " $sec_deletable " in
        *" $table "*)
          first=$(psql -X -At "$sec_super" \
            -c "SELECT attname FROM pg_attribute WHERE attrelid = 'public.$table'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum LIMIT 1" 2>/dev/null)
          sec_sql+="SELECT 'deleted', '$table', coalesce($mine, false), app_delete('$table', ARRAY['$first'], '{=}', ARRAY[$first::text]) > 0 FROM $table;"$'\n'
          ;;
      esac
    done <<<"$sec_tables"
    sec_sql+="ROLLBACK;"
    as_member "$sec_name" "$sec_pw" -F' ' -f - <<<"$sec_sql" >"$work/pgsec-write-$sec_who" 2>"$work/pgsec-write-err-$sec_who"
    check "member $sec_who updates and deletes none of the other's rows" 0 "" \
      awk '$1 == "touched" && $3 != "t" { print "touched the other'"'"'s row: " $0; bad = 1 }
        $1 == "deleted" && $3 != "t" && $4 != "f" { print "deleted the other'"'"'s row: " $0; bad = 1 } END { exit bad }' \
      "$work/pgsec-write-$sec_who"
    check "member $sec_who's own updates and deletes do happen" 0 "" bash -c "
      for t in habits habit_notes book_stories book_comments walk_logs profiles events; do
        grep -q \"^touched \$t t\$\" '$work/pgsec-write-$sec_who' || { echo \"nothing of \$t touched\"; exit 1; }
      done
      # (a habit's completions hold it until they go, as the app deletes them first)
      for t in habit_notes habit_completions book_stories book_comments walk_logs profiles mates events; do
        grep -q \"^deleted \$t t t\$\" '$work/pgsec-write-$sec_who' || { echo \"nothing of \$t deleted\"; exit 1; }
      done"
    # No DELETE of their own on any table (it would let them LOCK TABLE it against everyone),
    # and the deleting role is not theirs to take.
    sec_refused=0
    while IFS='|' read -r table mine public; do
      as_member "$sec_name" "$sec_pw" -v ON_ERROR_STOP=1 -c "BEGIN" -c "LOCK TABLE $table IN ACCESS EXCLUSIVE MODE" \
        >/dev/null 2>&1 || sec_refused=$((sec_refused + 1))
    done <<<"$sec_tables"
    check "member $sec_who may lock no table in ACCESS EXCLUSIVE mode" 0 "$(grep -c . <<<"$sec_tables")" echo "$sec_refused"
    check "member $sec_who may not take the deleting role" 1 "" \
      as_member "$sec_name" "$sec_pw" -v ON_ERROR_STOP=1 -c "SET ROLE ${sec_db}_deletes"
    # No DDL of any kind, and TRUNCATE (which row-level security does not cover) is refused.
    for statement in "CREATE TABLE mine (id text)" "ALTER TABLE habits NO FORCE ROW LEVEL SECURITY" \
      "DROP POLICY habits_owner ON habits" "CREATE INDEX mine ON habits (name)" "TRUNCATE habits" \
      "DROP TABLE habits" "CREATE FUNCTION app_user_id() RETURNS text LANGUAGE sql AS 'SELECT 1'" \
      "CREATE OR REPLACE VIEW app_me AS SELECT 'x'::text AS id" "DROP VIEW app_hidden CASCADE" \
      "CREATE OR REPLACE FUNCTION mate_join(p_code text) RETURNS TABLE (a text, b text) LANGUAGE sql AS 'SELECT 1, 2'" \
      "ALTER TABLE habits OWNER TO $sec_name" "CREATE SCHEMA mine"; do
      check "member $sec_who may not: $statement" 1 "" \
        as_member "$sec_name" "$sec_pw" -v ON_ERROR_STOP=1 -c "$statement"
    done
    # The policies read `app_me` and `app_hidden` by their identity: a member's temporary
    # views of the same names, claiming to be the other and to hide no one, change nothing.
    if [ $sec_who = a ]; then sec_other=$sec_b; else sec_other=$sec_a; fi
    check "member $sec_who's own app_me and app_hidden stand in for nothing" 0 "0|0" \
      as_member "$sec_name" "$sec_pw" \
      -c "CREATE TEMP VIEW app_me AS SELECT id FROM users WHERE name = '$sec_other'" \
      -c "CREATE TEMP VIEW app_hidden AS SELECT NULL::text AS id WHERE false" \
      -c "SELECT (SELECT count(*) FROM book_stories WHERE visibility = 'private' AND author_id <> (SELECT app_user_id())),
                 (SELECT count(*) FROM walk_logs WHERE user_id <> (SELECT app_user_id()))"
    # What a member reads of the two views, even through a condition of their own that
    # shows every row it is given (a notice a row, cheaper than the views' own tests), is
    # their own id and their own blocks' other sides: none here, and not the block between
    # two others above. (The views are security barriers besides, so no such condition is
    # run below them; PostgreSQL 15 runs this one after the views' tests either way.)
    as_member "$sec_name" "$sec_pw" -c "SET client_min_messages = notice" \
      -c "CREATE FUNCTION pg_temp.leak(text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE COST 0.0001
            AS \$\$ BEGIN RAISE NOTICE 'saw %', \$1; RETURN true; END \$\$" \
      -c "SELECT count(*) FROM app_hidden WHERE pg_temp.leak(id)" \
      -c "SELECT count(*) FROM app_me WHERE pg_temp.leak(id)" >"$work/pgsec-leak.out" 2>"$work/pgsec-leak.err"
    check "member $sec_who's condition on app_hidden and app_me sees only their own rows" 0 "1" \
      grep -c "saw" "$work/pgsec-leak.err"
    # SET ROLE to the members' group changes nothing: the policies follow session_user.
    check "member $sec_who as the group role still reads nothing private of the other" 0 "0" \
      as_member "$sec_name" "$sec_pw" -c "SET ROLE ${sec_db}_members" \
      -c "SELECT count(*) FROM book_stories WHERE visibility = 'private' AND author_id <> (SELECT app_user_id())"
  done
  check "a wrong password is refused" 2 "" as_member "$sec_a" "wrong-password" -c "SELECT 1"
  grep -q "password authentication failed" "$work/err" || fail "a wrong password: a password failure" "stderr" "$work/err"
  check "--user is a usage error on PostgreSQL" 2 "" "$binary" --db "$(sec_url "$sec_a" "$sec_a_pw")" --user "$sec_b" -e '1'
  check "app.login is refused on PostgreSQL" 1 "" "$binary" --db "$(sec_url "$sec_a" "$sec_a_pw")" -e "app.login('$sec_b')"
  grep -qF '[app.login_not_available]' "$work/err" || fail "app.login on PostgreSQL: app.login_not_available" "stderr" "$work/err"
  check "a member may not administer" 1 "" "$binary" --db "$(sec_url "$sec_a" "$sec_a_pw")" -e "admin.members()"
  grep -qF '[admin.not_allowed]' "$work/err" || fail "admin.members as a member: admin.not_allowed" "stderr" "$work/err"
  check "remove_member drops the role; its rows stay, named by no login" 0 "removed" \
    "$binary" --db "$(sec_url "$sec_admin" "$sec_admin_pw")" -e "admin.remove_member('$sec_b') print(#admin.members() == 1 and 'removed')"
  check "a removed member cannot log in" 2 "" as_member "$sec_b" "$sec_b_pw" -c "SELECT 1"
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP DATABASE $sec_db WITH (FORCE)" \
    -c "DROP ROLE IF EXISTS $sec_a, $sec_b, ${sec_db}_members, ${sec_db}_deletes" -c "DROP ROLE $sec_admin" >/dev/null 2>&1
else
  echo "skip the row-level security checks: APP_SHELL_TEST_POSTGRES is not set (make test sets it)"
fi
