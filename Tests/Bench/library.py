#!/usr/bin/env python3
"""Data at scale on one PostgreSQL server: what row-level security costs a member's routes.

    library.py BINARY [--members N] [--stories N] [--calls N] [--server URL] [--standby]

An administrator sets a database up and adds one member, the reader, who logs in through
app-shell. The bench then loads, as the server's superuser and in one transaction, the
data of a reading and walking neighbourhood: N members (the reader is one), each with a
profile, 10 mates and 2 people blocked; the stories (a third public, a few hidden by a
moderator), each with 1 or 2 quotes and 3 keywords (a few keywords common, most rare, in
Hangul and English); 5 habits a member, each completed on every other day of the last 400
(10,000,000 completions for 10,000 members); 100 walk requests received by each member.

Then, for each route of the list, the reader's app-shell calls it --calls times (after as
many calls to warm up), and each call's time is read from its --trace; beside it, the
statements the route sent (read from the server's log of the reader's session) are run
again through psql, the same number of times with the same parameters, in two sessions
taken in turn: one as the reader (through the policies) and one as the superuser (who
bypasses row-level security: the anchor, what the same SQL costs without it).

With --standby (on a cluster started here), a hot standby of the server is made
(postgres.sh standby) and the read-only routes are called again, the same number of times,
through --read-db: their times, and the rows each call made the primary and the standby
read (pg_stat_database before and after, per call).

The server: --server or APP_SHELL_BENCH_POSTGRES (a superuser's URL), else a throwaway
cluster (Tests/Support/postgres.sh, fsync on) started here and removed at the end. The
statements are read from the cluster's log, so the anchor is measured only on a cluster
this bench started.
"""

import argparse
import datetime
import json
import os
import re
import secrets
import subprocess
import sys
import tempfile
import time

from neighbourhood import Server, percentile

# Keywords the stories draw from: these first and most often (the k-th of 1,000 is drawn
# with probability falling as k^(-2/3)), then k0040 to k0999.
WORDS = ["성장", "사랑", "용기", "자유", "행복", "위로", "여행", "우정", "시간", "기억",
         "가족", "희망", "고독", "독서", "산책", "계절", "바다", "마음", "꿈", "습관",
         "growth", "love", "courage", "freedom", "time", "memory", "hope", "reading", "walks", "habits",
         "책", "문장", "생각", "질문", "변화", "도전", "쉼", "감사", "용서", "인내"]
TITLES = ["데미안", "어린 왕자", "채식주의자", "82년생 김지영", "소년이 온다", "아몬드", "Sapiens",
          "Atomic Habits", "The Little Prince", "Demian", "Walden", "Deep Work", "코스모스", "죽음에 관하여",
          "달러구트 꿈 백화점", "불편한 편의점", "Thinking, Fast and Slow", "Meditations", "1984", "총, 균, 쇠"]
AUTHORS = ["헤르만 헤세", "생텍쥐페리", "한강", "조남주", "한강", "손원평", "Yuval Noah Harari", "James Clear",
           "Antoine de Saint-Exupéry", "Hermann Hesse", "Henry David Thoreau", "Cal Newport", "칼 세이건",
           "셸리 케이건", "이미예", "김호연", "Daniel Kahneman", "Marcus Aurelius", "George Orwell", "재레드 다이아몬드"]
HABITS = ["Run 🏃", "책 읽기", "Walk the dog", "물 마시기", "Stretch"]


def literal(text):
    return "'" + text.replace("'", "''") + "'"


def array(values):
    return "ARRAY[" + ", ".join(literal(value) for value in values) + "]"


def load_sql(reader, members, stories, now_ms, today):
    """The neighbourhood's rows, in one transaction, as the superuser (no triggers run)."""
    day = 86_400_000
    uuid = "format('%s-{mid}-4000-8000-{tail}', lpad(to_hex({n}), 8, '0'))"
    user_id = uuid.format(mid="0000", tail="000000000000", n="n")
    story_id = uuid.format(mid="0000", tail="000000000001", n="s")
    habit_id = uuid.format(mid="0000", tail="000000000002", n="h")
    completion_id = ("format('%s-%s-4000-8000-000000000003', lpad(to_hex(h), 8, '0'), "
                     "lpad(to_hex(d), 4, '0'))")
    request_id = ("format('%s-%s-4000-8000-000000000004', lpad(to_hex(r.n), 8, '0'), "
                  "lpad(to_hex(k), 4, '0'))")
    start = f"date {literal(today)} - 400"
    words = WORDS + [f"k{k:04d}" for k in range(len(WORDS), 1000)]
    return f"""
\\set ON_ERROR_STOP 1
BEGIN;
SET LOCAL session_replication_role = replica;
SET LOCAL synchronous_commit = off;
CREATE TEMP TABLE bench_members (n int PRIMARY KEY, id text NOT NULL) ON COMMIT DROP;
INSERT INTO bench_members SELECT 0, id FROM users WHERE name = {literal(reader)};
INSERT INTO bench_members SELECT n, {user_id} FROM generate_series(1, {members - 1}) n;
INSERT INTO users (id, name, created_at, name_key)
    SELECT id, 'm' || n, {now_ms - 800 * day} + n, 'm' || n FROM bench_members WHERE n > 0;
INSERT INTO profiles (user_id, nickname, nickname_folded, dog_name, dog_age, dog_sex, dog_neutered,
                      dog_size, dog_keywords, created_at, updated_at)
    SELECT id, 'p' || n, 'p' || n, '보리', n % 15, (ARRAY['female', 'male'])[1 + n % 2], n % 3 = 0,
           (ARRAY['small', 'medium', 'large'])[1 + n % 3], 'friendly', {now_ms - 700 * day} + n,
           {now_ms - 700 * day} + n
    FROM bench_members;
INSERT INTO mates (user_id, mate_id, since)
    SELECT a.id, b.id, {now_ms - 300 * day}
    FROM bench_members a CROSS JOIN generate_series(-5, 5) d
    JOIN bench_members b ON b.n = (a.n + d + {members}) % {members} WHERE d <> 0;
INSERT INTO user_blocks (blocker_id, blocked_id, created_at)
    SELECT a.id, b.id, {now_ms - 100 * day}
    FROM bench_members a CROSS JOIN (VALUES ({members // 2}), (17)) d (step)
    JOIN bench_members b ON b.n = (a.n + d.step) % {members};

INSERT INTO book_stories (seq, id, author_id, book_title, book_author, content, visibility,
                          created_at, updated_at, hidden_at)
    SELECT s, {story_id}, m.id, ({array(TITLES)})[1 + s % {len(TITLES)}],
           ({array(AUTHORS)})[1 + s % {len(AUTHORS)}],
           '문장 ' || s || ': 책을 읽으며 떠오른 생각을 적어 둔다. A thought on reading, kept for later. 🌱',
           CASE WHEN s % 3 = 0 THEN 'public' ELSE 'private' END,
           {now_ms} - ({stories} - s) * 90000::bigint, {now_ms} - ({stories} - s) * 90000::bigint,
           CASE WHEN s % 1009 = 0 THEN {now_ms} - ({stories} - s) * 90000::bigint + 1000 END
    FROM generate_series(1, {stories}) s JOIN bench_members m ON m.n = s % {members};
SELECT setval('book_stories_seq_seq', {stories});
INSERT INTO book_story_quotes (story_seq, position, text, page)
    SELECT s, p, '새는 알에서 나오려고 투쟁한다. 알은 세계이다. (' || s || ')', 1 + (s * 7 + p) % 300
    FROM generate_series(1, {stories}) s CROSS JOIN generate_series(0, 1) p WHERE p = 0 OR s % 2 = 0;
CREATE TEMP TABLE bench_words (k int PRIMARY KEY, word text NOT NULL) ON COMMIT DROP;
INSERT INTO bench_words SELECT k - 1, w FROM unnest({array(words)}) WITH ORDINALITY AS t (w, k);
INSERT INTO book_story_keywords (story_seq, position, keyword, folded, author_id, visibility, created_at)
    SELECT s.seq, p, w.word, lower(w.word), s.author_id, s.visibility, s.created_at
    FROM book_stories s CROSS JOIN generate_series(0, 2) p
    JOIN bench_words w ON w.k = floor(1000 * power(((s.seq * 2654435761 + p * 40503) % 1000003) / 1000003.0, 3));

INSERT INTO habits (id, owner_id, name, start_day, created_at, updated_at, name_folded, seq)
    SELECT {habit_id}, m.id, ({array(HABITS)})[1 + j], to_char({start}, 'YYYY-MM-DD'),
           {now_ms - 400 * day}, {now_ms - 400 * day}, lower(({array(HABITS)})[1 + j]), j + 1
    FROM bench_members m CROSS JOIN generate_series(0, 4) j CROSS JOIN LATERAL (SELECT m.n * 5 + j AS h) i;
INSERT INTO habit_periods (habit_id, position, start_day, end_day)
    SELECT {habit_id}, 0, to_char({start}, 'YYYY-MM-DD'), NULL FROM generate_series(0, {members * 5 - 1}) h;
INSERT INTO habit_frequencies (habit_id, start_day, kind, times, days, weekdays)
    SELECT {habit_id}, to_char({start}, 'YYYY-MM-DD'), f.kind, f.times, f.days, f.weekdays
    FROM generate_series(0, {members * 5 - 1}) h
    JOIN (VALUES (1, 'week', 3, 7, ''), (2, 'weekdays', 2, 7, '1,3'), (3, 'days', 1, 2, ''), (4, 'days', 2, 3, ''))
        f (j, kind, times, days, weekdays) ON f.j = h % 5;
INSERT INTO habit_completions (id, habit_id, completed_on, recorded_at)
    SELECT {completion_id}, {habit_id}, to_char({start} + d, 'YYYY-MM-DD'), {now_ms} - (400 - d) * {day}::bigint
    FROM generate_series(0, {members * 5 - 1}) h CROSS JOIN generate_series(0, 399) d WHERE (d + h) % 2 = 0;

INSERT INTO walk_requests (id, sender_id, recipient_id, message, latitude, longitude, place_name, status,
                           created_at, expires_at, seq, answered_at)
    SELECT {request_id}, s.id, r.id, '산책 갈래요? 🐕', 37.5 + (k % 10) / 100.0, 127.0 + (k % 7) / 100.0,
           '한강공원', CASE WHEN k % 4 = 0 THEN 'declined' ELSE 'accepted' END,
           {now_ms} - k * 302400000::bigint - r.n, {now_ms} - k * 302400000::bigint - r.n + 60000, 100 - k,
           {now_ms} - k * 302400000::bigint - r.n + 20000
    FROM bench_members r CROSS JOIN generate_series(0, 99) k
    JOIN bench_members s ON s.n = (r.n + 1 + k % 5) % {members};
-- The identities count on from the largest seq loaded (SeqIdentity).
DO $$ BEGIN
    PERFORM setval(pg_get_serial_sequence('habits', 'seq'), (SELECT max(seq) FROM habits));
    PERFORM setval(pg_get_serial_sequence('walk_requests', 'seq'), (SELECT max(seq) FROM walk_requests));
END $$;
COMMIT;
"""


# What the reader calls: (label, route name in the trace, the call for the i-th time).
ROUTES = [
    ("bookstories.public pages", "bookstories.public", "bookstories.public{page = 1 + i % 10}"),
    ("bookstories.public keyword (search)", "bookstories.public",
     "bookstories.public{keyword = KEYWORDS[1 + i % #KEYWORDS]}"),
    ("bookstories.mine", "bookstories.mine", "bookstories.mine{page = 1 + i % 10}"),
    ("habits.today", "habits.today", "habits.today()"),
    ("habits.stats", "habits.stats", "habits.stats(HABITS[1 + i % #HABITS])"),
    ("mates.list", "mates.list", "mates.list{}"),
    ("walks.incoming", "walks.incoming", "walks.incoming{}"),
]
# Common keywords and rare ones, Hangul and English (and one no story has).
SEARCHED = ["성장", "사랑", "growth", "habits", "인내", "k0500", "k0999", "없는말"]


def script(call, calls):
    """A Lua chunk that calls `call` `calls` times (i from 0)."""
    return (f"KEYWORDS = {{{', '.join(json.dumps(w, ensure_ascii=False) for w in SEARCHED)}}}\n"
            "HABITS = {}\nfor _, h in ipairs(habits.list{}) do HABITS[#HABITS + 1] = h.id end\n"
            f"for i = 0, {calls - 1} do local _ = {call} end\n")


LOG_ENTRY = re.compile(r"^\S+ \S+ \S+ \[(\d+)\] (\w+):  (.*)$")
EXECUTE = re.compile(r"^duration: [\d.]+ ms  execute [^:]+: (.*)$", re.S)
PARAMETER = re.compile(r"\$(\d+) = (NULL|'(?:[^']|'')*')", re.S)


def executed(log_text):
    """The statements the log shows executed, in order: [(sql, [parameter literals])]."""
    entries = []
    for line in log_text.split("\n"):
        match = LOG_ENTRY.match(line)
        if match:
            entries.append([match.group(2), match.group(3)])
        elif line.startswith("\t") and entries:
            entries[-1][1] += "\n" + line[1:]
    statements = []
    for level, text in entries:
        if level == "LOG":
            match = EXECUTE.match(text)
            statements.append([match.group(1), []] if match else None)
        elif level == "DETAIL" and text.startswith("parameters: ") and statements and statements[-1]:
            found = sorted((int(n), value) for n, value in PARAMETER.findall(text))
            statements[-1][1] = [value for _, value in found]
    return [tuple(s) for s in statements if s]


class Replayer:
    """A psql session at `url` that prepares `statements` and runs them once per `call()`,
    returning that run's time (the sum of psql's \\timing of each statement), in seconds. It
    plans them as app-shell's sessions do (`plan_cache_mode = force_generic_plan`, which
    PostgresConnectSettings hands the server), whoever it logs in as."""

    def __init__(self, url, statements):
        self.statements = statements
        self.process = subprocess.Popen(["psql", "-X", "-q", url], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        prepared = [f"PREPARE bench_{k} AS {sql};" for k, (sql, _) in enumerate(statements)]
        self.send(["\\set ON_ERROR_STOP 1", "\\o /dev/null", "SET plan_cache_mode = force_generic_plan;"]
                  + prepared + ["\\timing on"])

    def send(self, lines):
        """Runs `lines`, then reads psql's output up to a marker: the times it printed."""
        self.process.stdin.write("\n".join(lines + ["\\echo __replayed__"]) + "\n")
        self.process.stdin.flush()
        times = []
        for line in self.process.stdout:
            if line.startswith("__replayed__"):
                return times
            match = re.match(r"^Time: ([\d.]+) ms", line)
            if match:
                times.append(float(match.group(1)) / 1000)
        raise RuntimeError("psql ended: " + str(self.process.wait()))

    def call(self):
        lines = [f"EXECUTE bench_{k}" + (f"({', '.join(parameters)})" if parameters else "") + ";"
                 for k, (_, parameters) in enumerate(self.statements)]
        times = self.send(lines)
        if len(times) != len(self.statements):
            raise RuntimeError(f"psql timed {len(times)} statements, {len(self.statements)} expected")
        return sum(times)

    def close(self):
        """Ends the session (psql may have ended already, after a failed statement)."""
        try:
            self.process.stdin.close()
        except BrokenPipeError:
            pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def replay(urls, statements, calls):
    """The time of each run of `statements` through psql at each of `urls`, in seconds: one
    session at each, the runs taken in turn (one at the first, one at the second, ...), so
    that whatever else the machine does falls on all of them alike."""
    if not statements:
        return [[] for _ in urls]
    sessions = []
    try:
        for url in urls:
            sessions.append(Replayer(url, statements))
        runs = [[] for _ in urls]
        for _ in range(calls):
            for session, times in zip(sessions, runs):
                times.append(session.call())
        return runs
    finally:
        for session in sessions:
            session.close()


# The routes of ROUTES that read only (Route.readsOnly), which --read-db sends to a standby.
READ_ONLY = ("bookstories.public", "mates.list", "walks.incoming")


def standby_rows(args, server, reader, reader_password, database, reader_url, app_shell, work):
    """The read-only routes from the primary and through --read-db from a hot standby."""
    folder = tempfile.mkdtemp(prefix="app-shell-pg.")
    os.rmdir(folder)
    began = time.monotonic()
    try:
        out = subprocess.run(["bash", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Support",
                                                   "postgres.sh"), "standby", server.folder, folder],
                             env=dict(os.environ, APP_SHELL_PG_FSYNC="on"), check=True, capture_output=True,
                             text=True).stdout
        port = next(line.rsplit(":", 1)[1].split("/")[0] for line in out.splitlines()
                    if line.startswith("export APP_SHELL_TEST_POSTGRES="))
        standby_url = reader_url.replace(f":{server.port}/", f":{port}/")
        standby_super = next(line.split("=", 1)[1] for line in out.splitlines()
                             if line.startswith("export APP_SHELL_TEST_POSTGRES="))
        servers = {"primary": "/".join(server.url.split("/")[:-1] + [database]),
                   "standby": "/".join(standby_super.split("/")[:-1] + [database])}

        def rows_read():
            """Rows each server's backends have read in the database (pg_stat_database, which
            a backend adds to when it ends)."""
            time.sleep(0.5)
            return {name: int(server.psql(url, "SELECT tup_returned + tup_fetched FROM pg_stat_database "
                                               "WHERE datname = current_database()").strip())
                    for name, url in servers.items()}

        print(f"\na hot standby made in {time.monotonic() - began:.0f} s; the read-only routes again, "
              f"{args.calls} calls each after as many, from the primary and through --read-db (ms; rows each "
              "server read a call, pg_stat_database, the process's log-in and end included)\n")
        print("| route | app p50 | app p99 | rows read by the primary | via --read-db p50 | p99 "
              "| rows read by the primary | by the standby |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        for label, route, call in ROUTES:
            if route not in READ_ONLY:
                continue
            figures = []
            for extra in ([], ["--read-db", standby_url]):
                trace = os.path.join(work, "trace.json")
                before = rows_read()
                app_shell(reader_url, script(call, 2 * args.calls), "--trace", trace, *extra)
                after = rows_read()
                with open(trace) as f:
                    timed = [e.get("dur", 0) / 1e6 for e in json.load(f)["traceEvents"]
                             if e.get("name") == route][-args.calls:]
                per_call = 2 * args.calls
                figures.append((timed, (after["primary"] - before["primary"]) / per_call,
                                (after["standby"] - before["standby"]) / per_call))
            (plain, plain_rows, _), (read, read_primary, read_standby) = figures
            print(f"| {label} | {ms(percentile(plain, 0.5))} | {ms(percentile(plain, 0.99))} | {plain_rows:.0f} "
                  f"| {ms(percentile(read, 0.5))} | {ms(percentile(read, 0.99))} | {read_primary:.0f} "
                  f"| {read_standby:.0f} |")
    finally:
        # The primary waits for its synchronous standby on every COMMIT: it stops waiting
        # before the standby goes (or the clean-up's DROP DATABASE would wait for ever).
        server.psql(server.url, "ALTER SYSTEM RESET synchronous_standby_names")
        server.psql(server.url, "SELECT pg_reload_conf()")
        subprocess.run(["bash", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Support",
                                             "postgres.sh"), "stop", folder], check=False, capture_output=True)


def ms(seconds):
    return "-" if seconds is None else f"{seconds * 1000:.2f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--members", type=int, default=10_000)
    parser.add_argument("--stories", type=int, default=1_000_000)
    parser.add_argument("--calls", type=int, default=200, help="timed calls of each route")
    parser.add_argument("--server", help="a superuser's postgresql:// URL (default: a throwaway cluster)")
    parser.add_argument("--statements", action="store_true", help="print the statements each route sent")
    parser.add_argument("--keep", action="store_true", help="keep the server and the database, and print their URLs")
    parser.add_argument("--standby", action="store_true",
                        help="read the read-only routes again through --read-db from a hot standby")
    args = parser.parse_args()
    if args.members < 20 or args.stories < args.members:
        parser.error("at least 20 members, and as many stories")

    server = Server(0, args.server)
    run = f"{os.getpid()}_{secrets.token_hex(3)}"
    database, admin, admin_password = f"library_{run}", f"library_admin_{run}", secrets.token_hex(12)
    reader, reader_password = f"reader_{run}", f"pw-{secrets.token_hex(8)}"
    work = tempfile.mkdtemp(prefix="library.")
    env = dict(os.environ, XDG_DATA_HOME=work, XDG_CONFIG_HOME=work, XDG_STATE_HOME=work, XDG_CACHE_HOME=work,
               PGPASSFILE="/dev/null")
    for variable in ("PGPASSWORD", "PGSERVICE"):
        env.pop(variable, None)
    failures = []
    super_url = reader_url = admin_url = None
    try:
        server.psql(server.url, f"CREATE ROLE {admin} LOGIN CREATEROLE PASSWORD '{admin_password}'")
        server.psql(server.url, f"CREATE DATABASE {database} OWNER {admin}")
        admin_url = server.url_for(admin, admin_password, database)
        reader_url = server.url_for(reader, reader_password, database)
        parts = server.url.split("/")
        super_url = "/".join(parts[:-1] + [database])

        def app_shell(url, source, *extra):
            path = os.path.join(work, "chunk.lua")
            with open(path, "w") as f:
                f.write(source)
            return subprocess.run([args.binary, "--db", url, "--no-init", "--timeout", "0", *extra, path],
                                  env=env, check=True, capture_output=True, text=True, stdin=subprocess.DEVNULL)

        app_shell(admin_url, f"admin.setup()\nadmin.add_member{{name = {json.dumps(reader)}, "
                             f"password = {json.dumps(reader_password)}}}\n")
        app_shell(reader_url, "print(app.user().id)\n")  # the first login writes the reader's row

        now_ms = int(time.time() * 1000)
        today = datetime.date.today().isoformat()
        began = time.monotonic()
        subprocess.run(["psql", "-X", "-q", super_url], input=load_sql(reader, args.members, args.stories,
                                                                       now_ms, today),
                       check=True, capture_output=True, text=True)
        loaded = time.monotonic() - began
        server.psql(super_url, "VACUUM (ANALYZE)")
        counts = server.psql(super_url, "SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM book_stories), "
                                        "(SELECT count(*) FROM book_stories WHERE visibility = 'public'), "
                                        "(SELECT count(*) FROM habit_completions), "
                                        "(SELECT count(*) FROM walk_requests)").strip().split("|")
        size = server.psql(super_url, "SELECT pg_size_pretty(pg_database_size(current_database()))").strip()
        print(f"loaded {counts[0]} users, {counts[1]} stories ({counts[2]} public), {counts[3]} habit "
              f"completions, {counts[4]} walk requests in {loaded:.0f} s (+ VACUUM ANALYZE in "
              f"{time.monotonic() - began - loaded:.0f} s); {size}", flush=True)

        # The statements each route sends, from the server's log of the reader's session:
        # those of a session that calls nothing (logging in) are left out, and so is the
        # flush of the usage events at the end (its own transaction, once per process).
        log = os.path.join(server.folder, "server.log") if server.folder else None
        if log:
            server.psql(super_url, f"ALTER ROLE {reader} IN DATABASE {database} SET log_min_duration_statement = 0")

        def captured(source):
            offset = os.path.getsize(log)
            app_shell(reader_url, source)
            time.sleep(0.2)  # the server's log is written by its own process
            with open(log, errors="replace") as f:
                f.seek(offset)
                return executed(f.read())

        baseline = [sql for sql, _ in captured(script("nil", 1))] if log else []
        plan = {}
        for label, route, call in ROUTES:
            statements = captured(script(call, 1)) if log else []
            for sql in baseline:
                for k, (seen, _) in enumerate(statements):
                    if seen == sql:
                        del statements[k]
                        break
            plan[label] = [(sql, parameters) for sql, parameters in statements
                           if not re.match(r"(BEGIN|COMMIT|ROLLBACK)\b", sql)
                           and "event_users" not in sql and not sql.startswith("INSERT INTO events")]
        if args.statements:
            for label, statements in plan.items():
                print(f"\n{label}: {len(statements)} statements")
                for sql in dict.fromkeys(sql for sql, _ in statements):
                    print(f"  {sum(1 for seen, _ in statements if seen == sql)} × {' '.join(sql.split())[:300]}")
        if log:
            server.psql(super_url, f"ALTER ROLE {reader} IN DATABASE {database} RESET log_min_duration_statement")

        rows = []
        for label, route, call in ROUTES:
            trace = os.path.join(work, "trace.json")
            app_shell(reader_url, script(call, 2 * args.calls), "--trace", trace)
            with open(trace) as f:
                durations = [e.get("dur", 0) / 1e6 for e in json.load(f)["traceEvents"] if e.get("name") == route]
            timed = durations[-args.calls:]
            statements = plan[label]
            member, anchor = (times[-args.calls:] for times in
                              replay([reader_url, super_url], statements, 2 * args.calls))
            rows.append((label, timed, member, anchor, len(statements)))

        print()
        print(f"{counts[0]} members, {counts[1]} stories ({counts[2]} public), {counts[3]} habit completions; "
              f"{args.calls} calls of each route by one member, after as many to warm up (ms)")
        print()
        print("| route | app p50 | app p99 | its SQL as the member p50 | p99 | without RLS p50 | p99 "
              "| RLS p99 ÷ without | statements |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        missed = []
        for label, timed, member, anchor, count in rows:
            t99, m99, a99 = percentile(timed, 0.99), percentile(member, 0.99), percentile(anchor, 0.99)
            ratio = m99 / a99 if m99 and a99 else None
            print(f"| {label} | {ms(percentile(timed, 0.5))} | {ms(t99)} "
                  f"| {ms(percentile(member, 0.5))} | {ms(m99)} | {ms(percentile(anchor, 0.5))} | {ms(a99)} "
                  f"| {'-' if ratio is None else f'{ratio:.2f}'} | {count} |")
            if t99 is not None and t99 > 0.020:
                missed.append(f"{label}: app p99 {ms(t99)} ms (goal 20)")
            if ratio is not None and ratio > 2:
                missed.append(f"{label}: its SQL through the policies {ratio:.1f} times without (goal 2)")
            if len(timed) < args.calls:
                failures.append(f"{label}: {len(timed)} calls in the trace, {args.calls} expected")
            if log and count == 0:
                failures.append(f"{label}: no statement of it found in the server's log")
        print()
        print("goals (app p99 at most 20 ms; its SQL at most 2 times without RLS at p99): "
              + ("met" if not missed else "missed: " + "; ".join(missed)))
        if args.standby and server.folder:
            standby_rows(args, server, reader, reader_password, database, reader_url, app_shell, work)
    except subprocess.CalledProcessError as error:
        failures.append(f"{' '.join(map(str, error.cmd[:3]))}...: exit {error.returncode}: "
                        f"{(error.stderr or '')[-600:]}")
    except (RuntimeError, BrokenPipeError) as error:  # a replayed statement failed: psql ended
        failures.append(f"replaying a route's statements in psql: {error}")
    finally:
        if args.keep:
            print(f"kept: superuser {super_url}\n      reader {reader_url}\n      administrator {admin_url}")
            sys.exit(1 if failures else 0)
        try:
            server.psql(server.url, f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
            server.psql(server.url, f"DROP ROLE IF EXISTS {reader}, {database}_members, {database}_deletes, {admin}")
        except subprocess.CalledProcessError as error:
            print(f"clean-up: {error.stderr.strip()}", file=sys.stderr)
        server.stop()
        subprocess.run(["rm", "-rf", work], check=False)
    for failure in failures[:20]:
        print(f"FAIL {failure}", file=sys.stderr)
    if failures:
        sys.exit(1)


if __name__ == "__main__":
    main()
