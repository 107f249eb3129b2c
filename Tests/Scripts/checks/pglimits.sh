# The app's limits are the server's (sourced by run.sh; issue 28 items 2 and 3): on a
# set-up PostgreSQL server, a member with psql tries each write the app refuses (text past
# its length, a 21st quote, an 11th keyword, a story in another member's theme, a flood of
# walk requests, a profile or report past its limits, a comment as someone else or past the
# day's 100) and the server refuses it; the other
# member's bookstories.public() still works. A wrong invite code costs a second that a
# rollback does not return, and a member's guesses take turns. No member's open transaction
# holds up another member or the administrator.

if [ -n "${APP_SHELL_TEST_POSTGRES:-}" ] && command -v psql >/dev/null; then
  lim_db="pglimits_$$"
  lim_admin="pglimits_admin_$$"
  lim_admin_pw="admin-pw-$$-$RANDOM"
  lim_a="lima_$$"
  lim_b="limb_$$"
  lim_a_pw="a-pw-$RANDOM-$RANDOM"
  lim_b_pw="b-pw-$RANDOM-$RANDOM"
  lim_url() { echo "postgresql://$1:$2@$PGHOST:$PGPORT/$lim_db"; }
  # lim_psql NAME PASSWORD ARGS...: psql as that member, stopping at the first error.
  lim_psql() {
    local name=$1 password=$2
    shift 2
    PGPASSWORD="$password" PGPASSFILE=/dev/null psql -X -At -q -v ON_ERROR_STOP=1 \
      -h "$PGHOST" -p "$PGPORT" -U "$name" -d "$lim_db" "$@"
  }
  # lim_refused NAME PASSWORD REASONS: each line WHAT|SQL of standard input, run as that
  # member with psql, is refused with a message matching the regular expression REASONS.
  lim_refused() {
    local name=$1 password=$2 reasons=$3 what sql
    while IFS='|' read -r what sql; do
      check "limits: the server refuses $what" 1 "" lim_psql "$name" "$password" -c "$sql"
      grep -qE "$reasons" "$work/err" || fail "limits: $what is refused" "stderr" "$work/err"
    done
  }
  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "CREATE ROLE $lim_admin LOGIN CREATEROLE PASSWORD '$lim_admin_pw'" \
    -c "CREATE DATABASE $lim_db OWNER $lim_admin" >/dev/null
  check "limits: an administrator sets a database up with two members" 0 "2" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_admin" "$lim_admin_pw")" -e "
      admin.setup()
      admin.add_member{name = '$lim_a', password = '$lim_a_pw'}
      admin.add_member{name = '$lim_b', password = '$lim_b_pw'}
      print(#admin.members())"
  lim_profile="profiles.save{nickname = app.user().name:sub(1, 4) .. app.user().name:sub(-4), dog = {name = 'Dog',
    age = 3, sex = 'female', size = 'small', keywords = {'shy'}}}"
  check "limits: member a makes a profile, a public theme and an invite" 0 "" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_a" "$lim_a_pw")" --allow-io -e "
      $lim_profile
      bookstories.themes.create{name = 'Curated', visibility = 'public'}
      local f = assert(io.open('$work/pglimits-code', 'w')) f:write(mates.invite().code) f:close()"
  check "limits: member b joins a and writes a public story" 0 "" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_b" "$lim_b_pw")" -e "
      $lim_profile
      mates.join('$(cat "$work/pglimits-code" 2>/dev/null)')
      bookstories.create{book = {title = 'Open', author = 'A'}, quotes = {'q'}, keywords = {'k'},
        visibility = 'public'}"
  lim_me="(SELECT app_user_id())"
  lim_story="(SELECT seq FROM book_stories WHERE author_id = $lim_me LIMIT 1)"
  lim_a_id="(SELECT id FROM users WHERE name = '$lim_a')"
  lim_now="floor(extract(epoch FROM statement_timestamp()) * 1000)::bigint"
  lim_walk="INSERT INTO walk_requests (id, sender_id, recipient_id, message, latitude, longitude, status,
    created_at, expires_at) VALUES (gen_random_uuid()::text, $lim_me, $lim_a_id, 'walk?', 37.5, 126.9, 'pending',
    $lim_now, $lim_now + 60000)"
  # Each write the app refuses, as member b with psql: the server refuses it too.
  lim_refused "$lim_b" "$lim_b_pw" "violates check constraint|row-level security policy|themes of its author" <<EOF
a story's content of 1,001 characters|UPDATE book_stories SET content = repeat('x', 1001) WHERE author_id = $lim_me
a book title of 201 characters|UPDATE book_stories SET book_title = repeat('가', 201) WHERE author_id = $lim_me
an empty book author|UPDATE book_stories SET book_author = '' WHERE author_id = $lim_me
a visibility of the app's|UPDATE book_stories SET visibility = 'friends' WHERE author_id = $lim_me
a quote of 501 characters|INSERT INTO book_story_quotes (story_seq, position, text) VALUES ($lim_story, 1, repeat('x', 501))
a 21st quote|INSERT INTO book_story_quotes (story_seq, position, text) SELECT $lim_story, p, 'q' FROM generate_series(1, 20) p
a quote on page 0|INSERT INTO book_story_quotes (story_seq, position, text, page) VALUES ($lim_story, 1, 'q', 0)
an 11th keyword|INSERT INTO book_story_keywords (story_seq, position, keyword, folded, author_id, visibility, created_at) SELECT $lim_story, p, 'k' || p, 'k' || p, $lim_me, 'public', 1 FROM generate_series(1, 10) p
a keyword of 9 characters|INSERT INTO book_story_keywords (story_seq, position, keyword, folded, author_id, visibility, created_at) VALUES ($lim_story, 1, '123456789', '123456789', $lim_me, 'public', 1)
a story in another member's public theme|INSERT INTO book_story_themes (story_seq, theme_seq, position) SELECT $lim_story, seq, 0 FROM book_themes WHERE owner_id = $lim_a_id
a theme name of 21 characters|INSERT INTO book_themes (id, owner_id, name, visibility, created_at, updated_at) VALUES ('t', $lim_me, repeat('t', 21), 'public', 1, 1)
a nickname of 9 characters|UPDATE profiles SET nickname = 'abcdefghi' WHERE user_id = $lim_me
a dog of another sex|UPDATE profiles SET dog_sex = 'x' WHERE user_id = $lim_me
a dog of age 100|UPDATE profiles SET dog_age = 100 WHERE user_id = $lim_me
a report's message of 101 characters|INSERT INTO mate_reports (reporter_id, reported_id, reason, message, created_at) VALUES ($lim_me, $lim_a_id, 'other', repeat('m', 101), 1)
a walk of 100,001 steps|INSERT INTO walk_logs (id, user_id, steps, distance, started_at, ended_at) VALUES ('w', $lim_me, 100001, 1, 1, 2)
a walk request's message of 101 characters|$(echo "$lim_walk" | tr '\n' ' ' | sed "s/'walk?'/repeat('m', 101)/")
a walk request off the globe|$(echo "$lim_walk" | tr '\n' ' ' | sed "s/37.5, 126.9/91, 126.9/")
a keyword listed under another member|UPDATE book_story_keywords SET author_id = $lim_a_id WHERE author_id = $lim_me
a private keyword of a public story|UPDATE book_story_keywords SET visibility = 'private' WHERE author_id = $lim_me
EOF
  # 32 requests, each its own statement: the server takes 30 and refuses the rest.
  lim_walks=()
  for _ in $(seq 1 32); do lim_walks+=(-c "$lim_walk"); done
  PGPASSWORD="$lim_b_pw" PGPASSFILE=/dev/null psql -X -At -q -v ON_ERROR_STOP=0 -h "$PGHOST" -p "$PGPORT" \
    -U "$lim_b" -d "$lim_db" "${lim_walks[@]}" >/dev/null 2>"$work/pglimits-walks"
  check "limits: of 32 walk requests in a minute the server takes 30" 0 "30" \
    lim_psql "$lim_b" "$lim_b_pw" -c "SELECT count(*) FROM walk_requests WHERE sender_id = $lim_me"
  grep -qF "at most 30 requests a minute" "$work/pglimits-walks" \
    || fail "limits: the 31st walk request is refused by its rate" "stderr" "$work/pglimits-walks"
  check "limits: the app says walks.too_many_requests past the rate" 1 "" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_b" "$lim_b_pw")" -e "
      walks.request{mate = '$lim_a', message = 'again?', place = {lat = 37.5, lng = 126.9}}"
  grep -qF '[walks.too_many_requests]' "$work/err" || fail "limits: walks.too_many_requests" "stderr" "$work/err"
  check "limits: member a still lists the public stories" 0 "1" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_a" "$lim_a_pw")" -e "print(#bookstories.public())"

  # Comments: as oneself only, on a story one may read, one level of replies, at most 100 a
  # day, counted by the server (its daily counts are no member's to change).
  check "limits: member a keeps a private story" 0 "" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_a" "$lim_a_pw")" -e "
      bookstories.create{book = {title = 'Mine', author = 'A'}, quotes = {'q'}}"
  check "limits: member b comments on its story and replies" 0 "" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_b" "$lim_b_pw")" -e "
      local c = bookstories.comment(bookstories.mine()[1].id, 'root 🌱') bookstories.reply(c.id, 'reply')"
  lim_private=$(psql -X -At "${APP_SHELL_TEST_POSTGRES%/*}/$lim_db" \
    -c "SELECT seq FROM book_stories WHERE author_id = (SELECT id FROM users WHERE name = '$lim_a')")
  lim_comment="INSERT INTO book_comments (id, story_seq, parent_seq, author_id, text, created_at, updated_at)
    VALUES (gen_random_uuid()::text"
  lim_comment=$(echo "$lim_comment" | tr '\n' ' ')
  lim_refused "$lim_b" "$lim_b_pw" \
    "violates check constraint|row-level security policy|root comment of the same story|comments a day|permission denied" <<EOF
a comment as another member|$lim_comment, $lim_story, NULL, $lim_a_id, 'as a', 1, 1)
a comment on a story it may not read|$lim_comment, $lim_private, NULL, $lim_me, 'peek', 1, 1)
a reply to a reply|$lim_comment, $lim_story, (SELECT seq FROM book_comments WHERE parent_seq IS NOT NULL LIMIT 1), $lim_me, 'deeper', 1, 1)
a comment of 1,001 characters|$lim_comment, $lim_story, NULL, $lim_me, repeat('가', 1001), 1, 1)
a 101st comment today|INSERT INTO book_comments (id, story_seq, author_id, text, created_at, updated_at) SELECT gen_random_uuid()::text, $lim_story, $lim_me, 'c' || n, 1, 1 FROM generate_series(1, 99) n
its daily count set back|UPDATE daily_counts SET used = 0
a daily count of its own|INSERT INTO daily_counts (user_id, kind, day, used) VALUES ($lim_me, 'comments', 0, 0)
EOF
  check "limits: a member's temporary daily_counts does not lift the comment limit" 1 "" \
    lim_psql "$lim_b" "$lim_b_pw" -c "CREATE TEMP TABLE daily_counts (user_id text, kind text, day bigint, used bigint)" \
    -c "INSERT INTO book_comments (id, story_seq, author_id, text, created_at, updated_at) SELECT gen_random_uuid()::text, $lim_story, $lim_me, 'c' || n, 1, 1 FROM generate_series(1, 99) n"
  grep -qF "at most 100 comments a day" "$work/err" || fail "limits: the temporary table is not counted" "stderr" "$work/err"
  check "limits: member b writes 98 more comments, and the app says no more today" 1 "" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_b" "$lim_b_pw")" -e "
      local s = bookstories.mine()[1].id
      for n = 1, 98 do bookstories.comment(s, 'c' .. n) end
      bookstories.comment(s, 'one too many')"
  grep -qF '[bookstories.too_many_comments]' "$work/err" || fail "limits: bookstories.too_many_comments" "stderr" "$work/err"

  # Item 3: every mate_join waits a second first, rolled back or not.
  lim_started=$(date +%s%N)
  check "limits: three rolled-back wrong codes" 0 "" lim_psql "$lim_b" "$lim_b_pw" \
    -c "BEGIN" -c "SELECT mate_join('ZZZZZZ')" -c "ROLLBACK" \
    -c "BEGIN" -c "SELECT mate_join('ZZZZZZ')" -c "ROLLBACK" \
    -c "BEGIN" -c "SELECT mate_join('ZZZZZZ')" -c "ROLLBACK"
  lim_elapsed=$((($(date +%s%N) - lim_started) / 1000000))
  if [ "$lim_elapsed" -ge 3000 ]; then
    echo "ok   limits: three rolled-back guesses take at least 3 s ($lim_elapsed ms)"; passed=$((passed + 1))
  else
    fail "limits: three rolled-back guesses take at least 3 s" "$lim_elapsed ms"
  fi
  # While one connection's guess is under way, the member's other connections get no answer.
  lim_psql "$lim_b" "$lim_b_pw" -c "BEGIN" -c "SELECT mate_join('ZZZZZZ')" -c "SELECT pg_sleep(2)" \
    -c "ROLLBACK" >/dev/null 2>&1 &
  lim_pid=$!
  # Under way once b's session sleeps (inside mate_join, its users row already locked).
  for _ in $(seq 100); do
    [ "$(psql -X -At "${APP_SHELL_TEST_POSTGRES%/*}/$lim_db" -c "SELECT count(*) FROM pg_stat_activity
      WHERE usename = '$lim_b' AND wait_event = 'PgSleep'")" != 0 ] && break
    sleep 0.1
  done
  check "limits: a second connection's guess meanwhile is refused unread" 0 "too_many_attempts" \
    lim_psql "$lim_b" "$lim_b_pw" -c "SELECT joined_outcome FROM mate_join('ZZZZZZ')"
  wait "$lim_pid"

  # Item 4: no member holds up another. Member b holds, in an open transaction, the
  # advisory keys the app once used and a join of their own: the administrator's setup
  # and member a's wrong code do not wait on them. Then b holds the whole events table:
  # member a's flush fails at the lock_timeout before it sends anything, and once b lets
  # go, sends each event once.
  lim_admin_db="${APP_SHELL_TEST_POSTGRES%/*}/$lim_db"
  # lim_hold MODE SQL...: member b runs the statements in a transaction held open, until the
  # lock MODE is granted on one of b's sessions.
  lim_hold() {
    local mode=$1
    shift
    local statements=()
    for statement in "$@"; do statements+=(-c "$statement"); done
    lim_psql "$lim_b" "$lim_b_pw" -c "BEGIN" "${statements[@]}" -c "SELECT pg_sleep(40)" -c "ROLLBACK" \
      >/dev/null 2>&1 &
    lim_holder=$!
    for _ in $(seq 100); do
      [ "$(psql -X -At "$lim_admin_db" -c "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE a.usename = '$lim_b' AND l.mode = '$mode' AND l.granted")" != 0 ] && return
      sleep 0.1
    done
    fail "limits: member b holds a $mode lock" "it was never granted in 10 s"
  }
  lim_release() {
    kill "$lim_holder" 2>/dev/null
    psql -X -q "$lim_admin_db" -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '$lim_b'" \
      >/dev/null 2>&1
    wait "$lim_holder" 2>/dev/null
  }
  lim_hold RowExclusiveLock "SELECT pg_advisory_lock(4715392313392983148)" \
    "SELECT pg_advisory_lock(4715392313392983149)" "SELECT mate_join('ZZZZZZ')"
  lim_started=$(date +%s)
  check "limits: setup runs while a member holds the old advisory keys and a join" 0 "0" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_admin" "$lim_admin_pw")" -e "print(#admin.setup().applied)"
  check "limits: member a's wrong code is answered while member b's join is held open" 1 "" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_a" "$lim_a_pw")" -e "mates.join('ZZZZZZ')"
  grep -qF '[mates.bad_code]' "$work/err" || fail "limits: a held join holds up no one else's" "stderr" "$work/err"
  lim_took=$(($(date +%s) - lim_started))
  [ "$lim_took" -lt 10 ] || fail "limits: setup and a join do not wait on a member's locks" "took ${lim_took}s"
  lim_release
  check "limits: member a has events to send" 0 "" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_a" "$lim_a_pw")" -e "
      habits.create{name = 'Floss'} habits.create{name = 'Read'}"
  # A member holds no privilege that locks a table against the others: no table-level
  # UPDATE or DELETE (their deletes go through app_delete), so LOCK TABLE is refused in
  # every mode that would stop another member's reads or writes.
  for lim_table in events habits book_stories walk_requests mates inbox event_drops profiles; do
    for lim_mode in "ACCESS EXCLUSIVE" "EXCLUSIVE" "SHARE"; do
      lim_psql "$lim_b" "$lim_b_pw" -c "BEGIN" -c "LOCK TABLE $lim_table IN $lim_mode MODE" -c "ROLLBACK" \
        >"$work/out" 2>"$work/err"
      grep -qF 'permission denied' "$work/err" \
        || fail "limits: member b may not LOCK TABLE $lim_table IN $lim_mode MODE" "stderr" "$work/err"
    done
  done
  echo "ok   limits: a member may lock no table against the others"; passed=$((passed + 1))
  check "limits: a member's own delete goes through app_delete" 0 "0" \
    lim_psql "$lim_b" "$lim_b_pw" -At -c "SELECT app_delete('habits', '{owner_id}', '{=}', '{nobody}')"
  env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_a" "$lim_a_pw")" --events-sink "$work/pglimits-sink" \
    -e "events.flush() events.flush()" >/dev/null 2>"$work/err" || fail "limits: the flush after" "stderr" "$work/err"
  lim_sent=$(grep -c . "$work/pglimits-sink")
  lim_unique=$(grep -oE '"id": ?[0-9]+' "$work/pglimits-sink" | sort -u | wc -l)
  if [ "$lim_sent" -ge 2 ] && [ "$lim_sent" = "$lim_unique" ]; then
    echo "ok   limits: each event is sent once ($lim_sent)"; passed=$((passed + 1))
  else
    fail "limits: each event is sent once" "$lim_sent lines, $lim_unique ids" "$work/pglimits-sink"
  fi
  check "limits: a member may not lock the events' shared counter" 1 "" \
    lim_psql "$lim_b" "$lim_b_pw" -c "SELECT removed FROM event_backlog FOR UPDATE"
  grep -qF 'permission denied' "$work/err" || fail "limits: the counter is read-only to members" "stderr" "$work/err"

  # A request that member b holds locked (FOR UPDATE, in an open transaction) when its 60
  # seconds pass holds up no one's inbox: walk_requests_expire passes over it. The request
  # is written by the administrator to end 2 s from now (members may only write requests of
  # 60 s).
  lim_b_id="(SELECT id FROM users WHERE name = '$lim_b')"
  psql -X -q "$lim_admin_db" -c "INSERT INTO walk_requests (id, sender_id, recipient_id, message, latitude,
    longitude, status, created_at, expires_at) VALUES ('soon', (SELECT id FROM users WHERE name = '$lim_a'),
    $lim_b_id, 'soon?', 37.5, 126.9, 'pending', $lim_now - 61000, $lim_now + 2000)" >/dev/null
  lim_hold RowShareLock "SELECT id FROM walk_requests WHERE id = 'soon' FOR UPDATE"
  sleep 2.5
  lim_started=$(date +%s)
  check "limits: member a's inbox is read while b holds a request that has just expired" 0 "" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_a" "$lim_a_pw")" -e "app.inbox()"
  [ $(($(date +%s) - lim_started)) -lt 4 ] || fail "limits: the inbox did not wait on b's lock" "took long"
  lim_release

  # A trigger function finds the schema's tables, not a member's temporary table of the
  # same name: member a, with an empty temp walk_requests, still gets at most 30 a minute.
  lim_walk_to_b="INSERT INTO public.walk_requests (id, sender_id, recipient_id, message, latitude, longitude,
    status, created_at, expires_at) VALUES (gen_random_uuid()::text, $lim_me, $lim_b_id, 'walk?', 37.5, 126.9,
    'pending', $lim_now, $lim_now + 60000)"
  lim_walks=(-c "CREATE TEMP TABLE walk_requests (sender_id text, created_at bigint)")
  for _ in $(seq 1 31); do lim_walks+=(-c "$lim_walk_to_b"); done
  PGPASSWORD="$lim_a_pw" PGPASSFILE=/dev/null psql -X -At -q -v ON_ERROR_STOP=0 -h "$PGHOST" -p "$PGPORT" \
    -U "$lim_a" -d "$lim_db" "${lim_walks[@]}" >/dev/null 2>"$work/pglimits-walks"
  check "limits: a member's temporary table does not lift the rate" 0 "30" \
    lim_psql "$lim_a" "$lim_a_pw" -c "SELECT count(*) FROM walk_requests WHERE sender_id = $lim_me AND id <> 'soon'"

  # A mate link ends both ways even when a member deletes one of its rows in SQL: else the
  # other row stays, and the member could still ask for walks.
  check "limits: member b deletes a's row of their link" 0 "1" \
    lim_psql "$lim_b" "$lim_b_pw" -c "SELECT app_delete('mates', '{user_id}', '{=}', ARRAY[$lim_a_id])"
  check "limits: ... and the link is gone both ways" 0 "0" \
    lim_psql "$lim_a" "$lim_a_pw" -c "SELECT count(*) FROM mates"

  # Notifications: a's comment on b's public story reaches b's list, written by the server
  # as a comments; b marks and deletes only its own, and no member writes one or changes
  # who or what one is about.
  check "limits: member a comments on b's public story" 0 "" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_a" "$lim_a_pw")" -e "
      bookstories.comment(bookstories.of('$lim_b')[1].id, '좋아요 👍')"
  check "limits: member b's notifications show a's comment" 0 "bookstories.comment	$lim_a	false" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_b" "$lim_b_pw")" -e "
      local n = notifications.list()[1] print(n.kind, n.actor, n.read)"
  check "limits: ... which b reads in psql as well" 0 "1" \
    lim_psql "$lim_b" "$lim_b_pw" -c "SELECT count(*) FROM inbox WHERE actor_id = $lim_a_id AND name = 'bookstories.comment'"
  lim_inbox="INSERT INTO inbox (recipient_id, name, params, occurred_at, actor_id, subject_id)"
  lim_refused "$lim_a" "$lim_a_pw" "permission denied|row-level security policy" <<EOF
a notification written by a member|$lim_inbox VALUES ($lim_b_id, 'mates.joined', '{}', 1, $lim_me, 'x')
a notification to oneself|$lim_inbox VALUES ($lim_me, 'mates.joined', '{}', 1, $lim_b_id, 'x')
a notification's actor changed|UPDATE inbox SET actor_id = NULL
a notification's subject changed|UPDATE inbox SET subject_id = 'x'
EOF
  check "limits: member a marks none of b's notifications read and deletes none" 0 "0|0" \
    lim_psql "$lim_a" "$lim_a_pw" -c "WITH u AS (UPDATE inbox SET read_at = 1 WHERE recipient_id = $lim_b_id RETURNING 1)
      SELECT (SELECT count(*) FROM u) || '|' || app_delete('inbox', '{recipient_id}', '{=}', ARRAY[$lim_b_id])"

  # Blocking: b blocks a in the app. a reads neither the block nor b's stories and
  # comments, and cannot comment on b's story, block in b's name or join b (so never ask b
  # for a walk); b's own block is b's to read.
  check "limits: member b blocks a" 0 "" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_b" "$lim_b_pw")" -e "people.block('$lim_a')"
  lim_b_story="(SELECT seq FROM book_stories WHERE author_id = $lim_b_id AND visibility = 'public' LIMIT 1)"
  lim_b_story_seq=$(psql -X -At "${APP_SHELL_TEST_POSTGRES%/*}/$lim_db" -c "SELECT $lim_b_story")
  check "limits: member a reads no one's blocks, nor b's stories and comments" 0 "0|0|0" \
    lim_psql "$lim_a" "$lim_a_pw" -c "SELECT (SELECT count(*) FROM user_blocks) || '|' ||
      (SELECT count(*) FROM book_stories WHERE author_id = $lim_b_id) || '|' ||
      (SELECT count(*) FROM book_comments WHERE author_id = $lim_b_id)"
  check "limits: member b reads its own block" 0 "1" lim_psql "$lim_b" "$lim_b_pw" -c "SELECT count(*) FROM user_blocks"
  check "limits: b, who blocked a, reads nothing a's actions left in its inbox" 0 "0|0" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_b" "$lim_b_pw")" -e "
      local n = 0 for _, x in ipairs(notifications.list()) do if x.actor == '$lim_a' then n = n + 1 end end
      local m = 0 for _, x in ipairs(app.inbox()) do if x.params.from == '$lim_a' then m = m + 1 end end
      print(n .. '|' .. m)"
  check "limits: ... nor in psql" 0 "0" \
    lim_psql "$lim_b" "$lim_b_pw" -c "SELECT count(*) FROM inbox WHERE actor_id = $lim_a_id"
  lim_refused "$lim_a" "$lim_a_pw" "row-level security policy" <<EOF
a comment on the story of one who blocked it|$lim_comment, $lim_b_story_seq, NULL, $lim_me, 'past the block', 1, 1)
a block in another's name|INSERT INTO user_blocks (blocker_id, blocked_id, created_at) VALUES ($lim_b_id, $lim_me, 1)
EOF
  # Reports: as oneself, pending, once a thing, 20 a day; never changed by a member.
  check "limits: member b reports a" 0 "pending" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_b" "$lim_b_pw")" -e "
      print(reports.create{user = '$lim_a', reason = 'harassment', message = '욕설 🤬'}.status)"
  lim_report="INSERT INTO reports (id, reporter_id, target_kind, target_id, reason, status, created_at)
    VALUES (gen_random_uuid()::text"
  lim_report=$(echo "$lim_report" | tr '\n' ' ')
  lim_refused "$lim_b" "$lim_b_pw" \
    "row-level security policy|duplicate key|permission denied|reports a day|violates check constraint" <<EOF
a report in another's name|$lim_report, $lim_a_id, 'user', $lim_b_id, 'spam', 'pending', 1)
a report already resolved|$lim_report, $lim_me, 'story', 'x', 'spam', 'resolved', 1)
a second report of one person|$lim_report, $lim_me, 'user', $lim_a_id, 'spam', 'pending', 1)
a report's status changed|UPDATE reports SET status = 'resolved'
a report withdrawn|SELECT app_delete('reports', '{reporter_id}', '{=}', ARRAY[$lim_me])
a report's message of 501 characters|INSERT INTO reports (id, reporter_id, target_kind, target_id, reason, message, status, created_at) VALUES (gen_random_uuid()::text, $lim_me, 'story', 'y', 'other', repeat('m', 501), 'pending', 1)
a story unhidden by its author|UPDATE book_stories SET hidden_at = NULL WHERE author_id = $lim_me
a story written hidden already|INSERT INTO book_stories (id, author_id, book_title, book_author, visibility, created_at, updated_at, hidden_at) VALUES (gen_random_uuid()::text, $lim_me, 't', 'a', 'public', 1, 1, 1)
a resolution of its own|INSERT INTO report_resolutions (report_seq, action, resolved_by, resolved_at) SELECT seq, 'dismiss', 'me', 1 FROM reports
a 21st report today|INSERT INTO reports (id, reporter_id, target_kind, target_id, reason, status, created_at) SELECT gen_random_uuid()::text, $lim_me, 'story', 's' || n, 'spam', 'pending', 1 FROM generate_series(1, 20) n
EOF
  check "limits: member a reads no report of b's" 0 "0" lim_psql "$lim_a" "$lim_a_pw" -c "SELECT count(*) FROM reports"
  check "limits: a member may not moderate" 1 "" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_b" "$lim_b_pw")" -e "admin.reports()"
  grep -qF '[admin.not_allowed]' "$work/err" || fail "limits: admin.reports as a member: admin.not_allowed" "stderr" "$work/err"
  check "limits: the administrator resolves b's report of a" 0 "resolved hide" \
    env -u APP_SHELL_NOW "$binary" --db "$(lim_url "$lim_admin" "$lim_admin_pw")" -e "
      local r = admin.reports{status = 'pending'}[1]
      local done = admin.resolve(r.id, {action = 'hide'}) print(done.status .. ' ' .. done.action)"
  check "limits: a hid nothing of its own by itself, the moderator did: a's stories are hidden" 0 "0" \
    lim_psql "$lim_b" "$lim_b_pw" -c "SELECT count(*) FROM book_stories WHERE author_id = $lim_a_id AND hidden_at IS NULL"
  check "limits: member a cannot join b with b's code" 0 "failed" bash -c "
    code=\$(PGPASSWORD='$lim_b_pw' PGPASSFILE=/dev/null psql -X -At -q -h '$PGHOST' -p '$PGPORT' -U '$lim_b' -d '$lim_db' \
      -c 'SELECT invite_code FROM mate_invite()')
    PGPASSWORD='$lim_a_pw' PGPASSFILE=/dev/null psql -X -At -q -h '$PGHOST' -p '$PGPORT' -U '$lim_a' -d '$lim_db' \
      -c \"SELECT joined_outcome FROM mate_join('\$code')\""

  psql -X -q "$APP_SHELL_TEST_POSTGRES" -c "DROP DATABASE $lim_db WITH (FORCE)" \
    -c "DROP ROLE IF EXISTS $lim_a, $lim_b, ${lim_db}_members, ${lim_db}_deletes" -c "DROP ROLE $lim_admin" >/dev/null 2>&1
else
  echo "skip the server limits checks: APP_SHELL_TEST_POSTGRES is not set (make test sets it)"
fi
