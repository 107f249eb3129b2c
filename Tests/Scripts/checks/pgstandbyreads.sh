# Reads on a hot standby (sourced by run.sh): with --read-db naming a standby of the --db
# server, the read-only routes read there and everything else goes to the primary; row
# security holds on the standby; a standby that is down sends the reads back to the primary.
# That the reads really go to the standby is seen by pausing its replay: a story written
# meanwhile is on the primary, not yet on the standby.

if [ -x /usr/lib/postgresql/15/bin/pg_basebackup ] && command -v psql >/dev/null; then
  sr_primary=$(mktemp -d /tmp/app-shell-pg-reads.XXXXXX)
  sr_standby=$(mktemp -d /tmp/app-shell-pg-reads.XXXXXX)
  sr_log=$work/standby-reads.log
  sr_step() {
    fail "reads on a standby" "$1" "$sr_log"
    sr_ok=0
  }
  sr_ok=1
  if bash "$here/../Support/postgres.sh" start "$sr_primary" >"$sr_log" 2>&1 &&
    bash "$here/../Support/postgres.sh" standby "$sr_primary" "$sr_standby" >>"$sr_log" 2>&1; then
    sr_super=$(sed -n 's/^export APP_SHELL_TEST_POSTGRES=//p' "$sr_primary/env")
    sr_super_standby=$(sed -n 's/^export APP_SHELL_TEST_POSTGRES=//p' "$sr_standby/env")
    sr_p=${sr_super%/postgres}
    sr_s=${sr_super_standby%/postgres}
    psql -X -q "$sr_super" -c "CREATE DATABASE reads_db" >>"$sr_log" 2>&1
    "$binary" --db "$sr_p/reads_db" --no-init -e 'admin.setup()
      admin.add_member{name = "mina", password = "pw-mina-reads"}
      admin.add_member{name = "joon", password = "pw-joon-reads"}' >>"$sr_log" 2>&1 || sr_step "set-up"
    member() { echo "postgresql://$1:pw-$1-reads@${2##*@}/reads_db"; }
    standby_count() { psql -X -At "$sr_s/reads_db" -c "SELECT count(*) FROM book_stories" 2>>"$sr_log"; }
    story='book = {title = "데미안", author = "헤르만 헤세"}, quotes = {"새는 알에서 나오려고 투쟁한다. 🐣"}'
    "$binary" --db "$(member mina "$sr_p")" --no-init -e "
      bookstories.create{$story, visibility = 'public'}
      bookstories.create{$story, visibility = 'public'}
      bookstories.create{$story, content = '비밀 🤫'}" >>"$sr_log" 2>&1 || sr_step "mina writes three stories"
    for _ in $(seq 1 100); do [ "$(standby_count)" = 3 ] && break; sleep 0.05; done
    [ "$(standby_count)" = 3 ] || sr_step "the standby has mina's three stories"

    # Replay paused: joon's story is on the primary (the standby has its WAL on disk, so
    # the COMMIT returns) but not yet readable on the standby.
    psql -X -q "$sr_s/postgres" -c "SELECT pg_wal_replay_pause()" >>"$sr_log" 2>&1
    "$binary" --db "$(member joon "$sr_p")" --no-init -e "bookstories.create{$story, visibility = 'public'}" \
      >>"$sr_log" 2>&1 || sr_step "joon writes a story while the standby's replay is paused"
    from_standby=$("$binary" --db "$(member mina "$sr_p")" --read-db "$(member mina "$sr_s")" --no-init \
      -e 'print(#bookstories.public())' 2>>"$sr_log")
    from_primary=$("$binary" --db "$(member mina "$sr_p")" --no-init -e 'print(#bookstories.public())' 2>>"$sr_log")
    # A route that writes goes to the primary even with --read-db.
    wrote=$("$binary" --db "$(member joon "$sr_p")" --read-db "$(member joon "$sr_s")" --no-init \
      -e "print(bookstories.create{$story}.visibility)" 2>>"$sr_log")
    psql -X -q "$sr_s/postgres" -c "SELECT pg_wal_replay_resume()" >>"$sr_log" 2>&1
    if [ "$from_standby" = 2 ] && [ "$from_primary" = 3 ] && [ "$wrote" = private ]; then
      echo "ok   --read-db: bookstories.public reads the standby (2 stories while its replay is paused, the primary 3); a write goes to the primary"
      passed=$((passed + 1))
    else
      sr_step "public stories from the standby $from_standby (want 2), from the primary $from_primary (want 3), the write: $wrote"
    fi

    # Row security on the standby: joon reads mina's two public stories, not the private one,
    # through app-shell and in psql; the superuser sees it there.
    for _ in $(seq 1 100); do [ "$(standby_count)" = 5 ] && break; sleep 0.05; done
    of_mina=$("$binary" --db "$(member joon "$sr_p")" --read-db "$(member joon "$sr_s")" --no-init \
      -e 'print(#bookstories.of("mina"))' 2>>"$sr_log")
    psql_private=$(psql -X -At "$(member joon "$sr_s")" \
      -c "SELECT count(*) FROM book_stories WHERE content = '비밀 🤫'" 2>>"$sr_log")
    super_private=$(psql -X -At "$sr_s/reads_db" -c "SELECT count(*) FROM book_stories WHERE content = '비밀 🤫'" 2>>"$sr_log")
    if [ "$of_mina" = 2 ] && [ "$psql_private" = 0 ] && [ "$super_private" = 1 ]; then
      echo "ok   row security holds on the standby: joon reads mina's 2 public stories, not her private one, in app-shell and psql"
      passed=$((passed + 1))
    else
      sr_step "on the standby joon reads $of_mina of mina's stories (want 2), $psql_private private in psql (want 0; the superuser $super_private)"
    fi

    # Every read-only route runs on the standby (a write there would fail: it is read-only).
    "$binary" --db "$(member mina "$sr_p")" --no-init -e "
      local story = bookstories.public()[1]
      local comment = bookstories.comment(story.id, '좋은 문장이네요 👍')
      bookstories.reply(comment.id, '고마워요')" >>"$sr_log" 2>&1 || sr_step "mina comments"
    for _ in $(seq 1 100); do
      [ "$(psql -X -At "$sr_s/reads_db" -c "SELECT count(*) FROM book_comments" 2>>"$sr_log")" = 2 ] && break
      sleep 0.05
    done
    every=$("$binary" --db "$(member mina "$sr_p")" --read-db "$(member mina "$sr_s")" --no-init -e "
      local story = bookstories.public()[1]
      local got = bookstories.get(story.id)
      local comments = bookstories.comments(story.id)
      local replies = bookstories.replies(comments[1].id)
      print(got.id == story.id, #comments, #replies, #bookstories.of('joon'), #mates.list(),
        #walks.incoming(), #walks.outgoing())" 2>>"$sr_log")
    if [ "$every" = "$(printf 'true\t1\t1\t1\t0\t0\t0')" ]; then
      echo "ok   every read-only route runs through --read-db (get, comments, replies, of, mates, walks)"
      passed=$((passed + 1))
    else
      sr_step "the read-only routes through --read-db printed '$every'"
    fi

    # The standby read as another member: refused, never read for someone else.
    "$binary" --db "$(member mina "$sr_p")" --read-db "$(member joon "$sr_s")" --no-init \
      -e 'print(#bookstories.public())' >"$work/reads-other.out" 2>"$work/reads-other.err"
    if [ $? = 1 ] && grep -q "invalid_argument" "$work/reads-other.err" && grep -q "read-db" "$work/reads-other.err"; then
      echo "ok   --read-db as another member than --db is refused (invalid_argument, read-db)"
      passed=$((passed + 1))
    else
      cat "$work/reads-other.out" "$work/reads-other.err" >>"$sr_log"
      sr_step "--read-db as another member was not refused"
    fi

    # The standby gone: the reads go back to the primary. The primary first stops waiting
    # for it, or every COMMIT (the usage events stored at the end) would wait for it.
    psql -X -q "$sr_super" -c "ALTER SYSTEM RESET synchronous_standby_names" -c "SELECT pg_reload_conf()" \
      >>"$sr_log" 2>&1
    bash "$here/../Support/postgres.sh" stop "$sr_standby" >>"$sr_log" 2>&1
    fallback=$("$binary" --db "$(member mina "$sr_p")" --read-db "$(member mina "$sr_s")" --no-init \
      -e 'print(#bookstories.public())' 2>>"$sr_log")
    fallback_code=$?
    if [ "$fallback" = 3 ] && [ "$fallback_code" = 0 ]; then
      echo "ok   --read-db with the standby down: the reads go to the primary"
      passed=$((passed + 1))
    else
      sr_step "with the standby down bookstories.public gave '$fallback' (want 3), exit $fallback_code"
    fi
  else
    sr_step "a primary and its standby start"
  fi
  bash "$here/../Support/postgres.sh" stop "$sr_primary" >/dev/null 2>&1
  bash "$here/../Support/postgres.sh" stop "$sr_standby" >/dev/null 2>&1
fi
"$binary" --db "$work/reads.db" --read-db "postgresql://x@127.0.0.1/none" -e 'print(1)' >/dev/null 2>"$work/reads-usage.err"
if [ $? = 2 ] && grep -q -- "--read-db" "$work/reads-usage.err"; then
  echo "ok   --read-db with a SQLite file is a usage error"
  passed=$((passed + 1))
else
  fail "--read-db with a SQLite file" "not a usage error" "$work/reads-usage.err"
fi
