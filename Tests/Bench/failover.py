#!/usr/bin/env python3
"""A primary that dies under ten writing scripts, and the synchronous standby that takes over.

    failover.py BINARY [--rounds N] [--scripts N] [--before S] [--stall S] [--down S] [--after S]
                       [--check] [--keep] [--verbose]

Each round, on throwaway clusters of this machine (Tests/Support/postgres.sh): a primary; an
administrator sets a database up and adds N members (10), mates two by two; then a hot
standby streams from the primary, which waits for it on every COMMIT
(synchronous_standby_names, synchronous_commit = on). Every member runs its own app-shell
(Tests/Bench/failover_member.lua) with libpq's multi-host URL,
`postgresql://...@primary,standby/db?target_session_attrs=read-write`, completing habits,
writing stories, asking its mate for walks and accepting theirs, every 0.3 s; a write that
fails with storage.unavailable or storage.outcome_unknown is sent again with the same
chosen id. After --before seconds the standby's WAL receiver is stopped (SIGSTOP) for
--stall seconds, so that every COMMIT meanwhile waits for it; then the primary's postmaster
is killed (SIGKILL: no goodbye) with those COMMITs in flight, the receiver goes on, and
--down seconds later the standby is promoted (pg_ctl promote), and the scripts go on for
--after seconds once each has written again.

Then, on the new primary: every write a script printed as acknowledged must be there (a
habit's day, a story, a walk request, an accepted answer), none twice (a story's or a
request's mark in one row at most), and row-level security must hold: a member reads no
other member's private story and no walk request between two others. Printed per round and
over all: acknowledged writes, found, lost, duplicated, writes whose outcome was unknown and
that landed, and the longest a script was without a server (from the kill, and from the
promotion, to its first acknowledged write after). With --check the run exits 1 unless
nothing was lost or duplicated, no write failed for another reason, row security held,
COMMITs were in flight at the kill (some answered storage.outcome_unknown), and every
script wrote again within 10 s of the promotion. make test runs one round
(Tests/Scripts/checks/pgfailover.sh); `make bench-faults` runs twenty with fsync on.
"""

import argparse
import os
import secrets
import selectors
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

from neighbourhood import read_lines

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
POSTGRES_SH = os.path.join(ROOT, "Tests/Support/postgres.sh")
GOAL_SECONDS = 10


class Cluster:
    """A throwaway cluster of postgres.sh: its folder, port and superuser URL."""

    def __init__(self, *command):
        self.folder = tempfile.mkdtemp(prefix="app-shell-pg.")
        os.rmdir(self.folder)
        try:
            out = subprocess.run(["bash", POSTGRES_SH, *command, self.folder],
                                 check=True, capture_output=True, text=True).stdout
        except subprocess.CalledProcessError:
            self.stop()  # what it made of the folder, and a server it left running
            raise
        self.url = next(line.split("=", 1)[1] for line in out.splitlines()
                        if line.startswith("export APP_SHELL_TEST_POSTGRES="))
        self.port = urllib.parse.urlparse(self.url).port

    def run(self, command):
        subprocess.run(["bash", POSTGRES_SH, command, self.folder], check=True, capture_output=True)

    def stop(self):
        subprocess.run(["bash", POSTGRES_SH, "stop", self.folder], check=False, capture_output=True)


def psql(url, sql):
    """Runs `sql` (stopping at the first error); its rows as lists of fields."""
    out = subprocess.run(["psql", "-X", "-At", "-q", "-F", "\t", "-v", "ON_ERROR_STOP=1", url, "-c", sql],
                         check=True, capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines()]


def in_database(url, database):
    """The superuser's `url` with another database."""
    return url.rsplit("/", 1)[0] + "/" + database


def with_database(url, user, password, database, hosts=None):
    parsed = urllib.parse.urlparse(url)
    where = hosts or f"{parsed.hostname}:{parsed.port}"
    return (f"postgresql://{urllib.parse.quote(user, safe='')}:{urllib.parse.quote(password, safe='')}"
            f"@{where}/{database}")


def wal_receiver(folder):
    """The process id of the WAL receiver of the cluster in `folder` (None when none runs)."""
    try:
        with open(os.path.join(folder, "data", "postmaster.pid")) as f:
            postmaster = int(f.readline())
    except (OSError, ValueError):
        return None
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    title = f.read()
            except (OSError, IndexError, ValueError):
                continue
            if parent == postmaster and b"walreceiver" in title:
                return int(entry)
    return None


class Member:
    def __init__(self, index, name, password):
        self.index, self.name, self.password = index, name, password
        self.process = None
        self.buffer = b""
        self.ready = False
        self.acks = []  # (monotonic time, fields)
        self.errors = []
        self.unknown = 0  # answers of storage.outcome_unknown


def one_round(args, number, env):
    """Runs one failover; returns its figures (a dict) and the failures found (a list)."""
    failures = []
    primary, standby, crowd = Cluster("start"), None, []
    admin_url = admin = admin_password = database = None
    work = tempfile.mkdtemp(prefix="failover.")
    try:
        run = secrets.token_hex(3)
        database, admin, admin_password = f"failover_{run}", f"fo_admin_{run}", secrets.token_hex(12)
        psql(primary.url, f"CREATE ROLE {admin} LOGIN CREATEROLE PASSWORD '{admin_password}'")
        psql(primary.url, f"CREATE DATABASE {database} OWNER {admin}")
        admin_url = with_database(primary.url, admin, admin_password, database)
        crowd = [Member(i, f"fo{run}_{i:02d}", f"pw-{secrets.token_hex(8)}") for i in range(args.scripts)]
        setup = os.path.join(work, "setup.lua")
        with open(setup, "w") as f:
            f.write("admin.setup()\nlocal list = ...\nfor entry in list:gmatch('[^,]+') do\n"
                    "  local name, password = entry:match('([^=]+)=(.+)')\n"
                    "  admin.add_member{name = name, password = password}\nend\n")
        subprocess.run([args.binary, "--db", admin_url, "--no-init", "--timeout", "0", setup,
                        ",".join(f"{m.name}={m.password}" for m in crowd)],
                       env=env, check=True, capture_output=True, stdin=subprocess.DEVNULL)
        standby = Cluster("standby", primary.folder)
        hosts = f"127.0.0.1:{primary.port},127.0.0.1:{standby.port}"

        selector = selectors.DefaultSelector()
        script = os.path.join(HERE, "failover_member.lua")
        for member in crowd:
            mate = crowd[member.index ^ 1] if member.index ^ 1 < len(crowd) else crowd[member.index - 1]
            url = with_database(primary.url, member.name, member.password, database, hosts)
            errors = open(os.path.join(work, f"{member.name}.err"), "wb")
            member.process = subprocess.Popen(
                [args.binary, "--db", url + "?target_session_attrs=read-write", "--no-init", "--timeout", "0",
                 script, mate.name, str(member.index)],
                env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=errors)
            errors.close()
            os.set_blocking(member.process.stdout.fileno(), False)
            selector.register(member.process.stdout, selectors.EVENT_READ, member)

        def on_line(member, now, fields):
            if fields[0] == "ready":
                member.ready = True
            elif fields[0] == "ack":
                member.acks.append((now, fields[1:]))
            elif fields[0] == "retry" and fields[2:3] == ["storage.outcome_unknown"]:
                member.unknown += 1
            elif fields[0] == "error":
                member.errors.append(fields[1:])

        def pump(until, condition=None):
            read_lines(selector, until, condition, on_line)

        began = time.monotonic()
        pump(began + 30, lambda: all(m.ready for m in crowd))
        if not all(m.ready for m in crowd):
            failures.append(f"round {number}: only {sum(m.ready for m in crowd)} of {len(crowd)} scripts started")
            raise RuntimeError
        # Mates two by two (0 and 1, 2 and 3 ...), linked in SQL by the superuser (row security
        # shows the administrator nobody's rows) once each member has logged in once.
        psql(in_database(primary.url, database), f"""
            WITH people AS (
                SELECT id, substring(name FROM '[0-9]+$')::int AS place FROM users WHERE name LIKE 'fo{run}\\_%')
            INSERT INTO mates (user_id, mate_id, since)
            SELECT a.id, b.id, {int(time.time() * 1000)} FROM people a JOIN people b
                ON a.place / 2 = b.place / 2 AND a.id <> b.id""")
        linked = int(psql(in_database(primary.url, database), "SELECT count(*) FROM mates")[0][0])
        if linked != len(crowd) - len(crowd) % 2:
            failures.append(f"round {number}: {linked} mate links made, not {len(crowd) - len(crowd) % 2}")
            raise RuntimeError
        pump(time.monotonic() + args.before)

        # The standby's WAL receiver stops for --stall seconds: every COMMIT meanwhile waits
        # for it, so the kill finds writes in flight, whose outcome is unknown to their scripts.
        receiver = wal_receiver(standby.folder)
        if args.stall > 0 and not receiver:
            failures.append(f"round {number}: the standby's WAL receiver was not found, so no COMMIT was in flight")
        try:
            if args.stall > 0 and receiver:
                os.kill(receiver, signal.SIGSTOP)
                pump(time.monotonic() + args.stall)
            crashed = time.monotonic()
            primary.run("crash")
        finally:
            if args.stall > 0 and receiver:
                os.kill(receiver, signal.SIGCONT)
        pump(crashed + args.down)
        standby.run("promote")
        promoted = time.monotonic()

        def back(member, since):
            return next((at for at, _ in member.acks if at > since), None)

        pump(promoted + 30, lambda: all(back(m, promoted) for m in crowd))
        pump(time.monotonic() + args.after)
        for member in crowd:
            member.process.send_signal(signal.SIGTERM)
        pump(time.monotonic() + 10, lambda: not selector.get_map())
        for member in crowd:
            try:
                member.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                member.process.kill()
                member.process.wait()

        # --- What the new primary holds ------------------------------------------------------
        new_url = in_database(standby.url, database)
        if psql(new_url, "SELECT pg_is_in_recovery()") != [["f"]]:
            failures.append(f"round {number}: the standby was not promoted")
        stories = {}
        for token, count in psql(new_url, "SELECT content, count(*) FROM book_stories GROUP BY content"):
            stories[token] = int(count)
        requests, statuses = {}, {}
        for token, request_id, status in psql(new_url, "SELECT message, id, status FROM walk_requests"):
            requests[token] = requests.get(token, 0) + 1
            statuses[request_id] = status
        days = {(name, day) for name, day in psql(new_url, """
            SELECT u.name, c.completed_on FROM habit_completions c
            JOIN habits h ON h.id = c.habit_id JOIN users u ON u.id = h.owner_id""")}

        acknowledged = found = 0
        for member in crowd:
            for _, fields in member.acks:
                kind = fields[0]
                acknowledged += 1
                if kind == "complete":
                    there = (member.name, fields[1]) in days
                elif kind == "story":
                    there = stories.get(fields[1], 0) >= 1
                elif kind == "request":
                    there = requests.get(fields[1], 0) >= 1 and fields[2] in statuses
                else:  # accept
                    there = statuses.get(fields[1]) == "accepted"
                found += there
                if not there:
                    failures.append(f"round {number}: {member.name}'s acknowledged {' '.join(fields)} is not there")
            for error in member.errors:
                failures.append(f"round {number}: {member.name}: a write failed: {' '.join(error)}")
        duplicated = sum(n - 1 for n in stories.values() if n > 1) + sum(n - 1 for n in requests.values() if n > 1)
        if duplicated:
            failures.append(f"round {number}: {duplicated} stories or requests were written twice")
        acked_marks = {f[1] for m in crowd for _, f in m.acks if f[0] in ("story", "request")}
        landed = sum(1 for token in list(stories) + list(requests) if token.startswith("fo-") and token not in acked_marks)

        # Row-level security on the new primary: member 0 reads none of another's private
        # stories and no request between two others, which the superuser does see.
        reader = crowd[0]
        reader_url = with_database(standby.url, reader.name, reader.password, database)
        others_private = ("SELECT count(*) FROM book_stories WHERE visibility = 'private' "
                          f"AND author_id <> (SELECT id FROM users WHERE name = '{reader.name}')")
        others_walks = ("SELECT count(*) FROM walk_requests WHERE sender_id NOT IN "
                        f"(SELECT id FROM users WHERE name = '{reader.name}') AND recipient_id NOT IN "
                        f"(SELECT id FROM users WHERE name = '{reader.name}')")
        seen = [psql(new_url, others_private)[0][0], psql(new_url, others_walks)[0][0]]
        try:
            read = [psql(reader_url, others_private)[0][0], psql(reader_url, others_walks)[0][0]]
        except subprocess.CalledProcessError as error:
            read = ["0", "0"] if "permission denied" in error.stderr else [error.stderr.strip()] * 2
        if read != ["0", "0"] or "0" in seen:
            failures.append(f"round {number}: row security on the new primary: the member reads {read} "
                            f"of others' private stories and walks, the superuser {seen}")

        unknown = sum(m.unknown for m in crowd)
        if args.stall > 0 and unknown == 0:
            failures.append(f"round {number}: no write was answered storage.outcome_unknown: none was in flight")
        since_crash = [back(m, crashed) for m in crowd]
        since_promotion = [back(m, promoted) for m in crowd]
        if None in since_promotion:
            failures.append(f"round {number}: {since_promotion.count(None)} scripts never wrote again")
        longest_crash = max((at - crashed for at in since_crash if at), default=None)
        longest_promotion = max((at - promoted for at in since_promotion if at), default=None)
        if longest_promotion is not None and longest_promotion > GOAL_SECONDS:
            failures.append(f"round {number}: a script was {longest_promotion:.1f} s without a server after the promotion")
        return {"acknowledged": acknowledged, "found": found, "lost": acknowledged - found,
                "duplicated": duplicated, "unknown": unknown, "landed": landed, "crash": longest_crash,
                "promotion": longest_promotion}, failures
    except (RuntimeError, subprocess.CalledProcessError) as error:
        if isinstance(error, subprocess.CalledProcessError):
            failures.append(f"round {number}: {' '.join(map(str, error.cmd))[:200]} failed: "
                            f"{(error.stderr or b'')[-500:]!r}")
        return None, failures
    finally:
        for member in crowd:
            if member.process and member.process.poll() is None:
                member.process.kill()
                member.process.wait()
        for member in crowd:
            try:
                with open(os.path.join(work, f"{member.name}.err"), encoding="utf-8", errors="replace") as f:
                    said = f.read().strip()
                if said and (failures or args.verbose):
                    print(f"  {member.name} said on standard error:\n    " + said.replace("\n", "\n    ")[-1500:],
                          file=sys.stderr)
            except OSError:
                pass
        if args.keep:
            print(f"  kept: {primary.folder} (dead), {standby.folder if standby else '-'}; the administrator: "
                  f"{with_database(standby.url, admin, admin_password, database) if standby else admin_url}",
                  file=sys.stderr)
        else:
            if standby:
                standby.stop()
            primary.stop()
        subprocess.run(["rm", "-rf", work], check=False)


def seconds(value):
    return "-" if value is None else f"{value:.2f} s"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--scripts", type=int, default=10)
    parser.add_argument("--before", type=float, default=3, help="seconds of writing before the kill")
    parser.add_argument("--stall", type=float, default=0.5,
                        help="seconds the standby stops receiving before the kill (commits in flight)")
    parser.add_argument("--down", type=float, default=1, help="seconds from the kill to the promotion")
    parser.add_argument("--after", type=float, default=2, help="seconds of writing once all are back")
    parser.add_argument("--check", action="store_true", help="exit 1 unless every goal holds")
    parser.add_argument("--keep", action="store_true", help="leave the clusters (postgres.sh stop removes them)")
    parser.add_argument("--verbose", action="store_true", help="print the scripts' standard error")
    args = parser.parse_args()
    if args.scripts < 2 or args.rounds < 1:
        parser.error("--scripts at least 2, --rounds at least 1")
    work = tempfile.mkdtemp(prefix="failover-home.")
    env = dict(os.environ, XDG_DATA_HOME=work, XDG_CONFIG_HOME=work, XDG_STATE_HOME=work, XDG_CACHE_HOME=work)
    for variable in ("PGPASSWORD", "PGSERVICE", "PGHOST", "PGPORT", "PGUSER", "PGDATABASE"):
        env.pop(variable, None)
    env["PGPASSFILE"] = "/dev/null"
    totals = {"acknowledged": 0, "found": 0, "lost": 0, "duplicated": 0, "unknown": 0, "landed": 0}
    longest = {"crash": None, "promotion": None}
    failures = []
    print("without a server: from the kill, and from the promotion, to a script's first acknowledged write after;\n"
          "unknown: writes answered storage.outcome_unknown (sent again with their id); landed: stories and requests\n"
          "on the new primary that no script saw acknowledged (a COMMIT the dying primary never answered)\n")
    print(f"{'round':>5} {'acked':>6} {'found':>6} {'lost':>5} {'twice':>6} {'unknown':>8} {'landed':>7} "
          f"{'without a server: kill':>23} {'promotion':>10}", flush=True)
    try:
        for number in range(1, args.rounds + 1):
            figures, found = one_round(args, number, env)
            failures += found
            if figures is None:
                print(f"{number:>5} did not run: {found[-1] if found else ''}", flush=True)
                continue
            for key in totals:
                totals[key] += figures[key]
            for key in longest:
                if figures[key] is not None:
                    longest[key] = max(longest[key] or 0, figures[key])
            print(f"{number:>5} {figures['acknowledged']:>6} {figures['found']:>6} {figures['lost']:>5} "
                  f"{figures['duplicated']:>6} {figures['unknown']:>8} {figures['landed']:>7} "
                  f"{seconds(figures['crash']):>23} {seconds(figures['promotion']):>10}", flush=True)
    finally:
        subprocess.run(["rm", "-rf", work], check=False)
    print(f"{'all':>5} {totals['acknowledged']:>6} {totals['found']:>6} {totals['lost']:>5} "
          f"{totals['duplicated']:>6} {totals['unknown']:>8} {totals['landed']:>7} "
          f"{seconds(longest['crash']):>23} {seconds(longest['promotion']):>10}")
    goal = (totals["lost"] == 0 and totals["duplicated"] == 0 and not failures)
    print(f"goal (0 lost, 0 twice, every script writing again within {GOAL_SECONDS} s of the promotion): "
          f"{'met' if goal else 'NOT met'}")
    for failure in failures:
        print(f"  {failure}")
    if args.check and not goal:
        sys.exit(1)


if __name__ == "__main__":
    main()
