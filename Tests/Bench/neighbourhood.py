#!/usr/bin/env python3
"""A neighbourhood on one PostgreSQL server, measured with real app-shell processes.

    neighbourhood.py BINARY [--people N] [--mates K] [--steps RATE:SECONDS,...] [--warmup RATE:SECONDS]
                            [--idle SECONDS] [--server URL] [--check]

An administrator sets a database up and adds N members. Each member runs its own app-shell
(Tests/Bench/neighbour.lua), logged in as itself, waiting in app.loop() with a
walks.incoming hook that accepts; each is a mate of its K nearest neighbours on a ring
(linked by the administrator in SQL). After an idle window, the bench writes a
`bench.start` entry into every inbox; from then on each person asks a mate at random for
a walk at 1/N of the step's total rate (a person may send 30 a minute, so the senders are
everyone), step by step, after a warm-up step (100 a second for 20 s) in which each makes
its first request, whose session plans its statements then (printed apart: the steps
after it measure sessions that have planned).

What it prints, per step: the rate offered and delivered, the delay from a request's row
being written (the server's clock) to its receiver's loop claiming it just before the hook
runs (the receiver's clock) (p50, p99, max), walks.request's own latency (p50, p99, from
each sender's --trace); all read after the run, so a starved harness moves none; and the cost of waiting: the server's memory (PSS) and CPU per waiting
person, the server's connections, and the waiting processes' own CPU while nothing arrives.
Every request must reach its receiver exactly once and nobody else; with --check the bench
exits 1 otherwise (make test runs a small version this way).

The server: --server or APP_SHELL_BENCH_POSTGRES (a superuser's URL), else a throwaway cluster (Tests/Support/postgres.sh, fsync on, max_connections N + 60) started
here and removed at the end. Server cost is measured only on a cluster of this machine
(its postmaster.pid is known). NEIGHBOURHOOD_SETTINGS=name=value,... sets those on the
database first, for measuring an option (docs/performance.md: plan_cache_mode).
NEIGHBOURHOOD_TIMELINE=1 also prints walks.request's p50 and p99 for each 5 s of the steps.
"""

import argparse
import json
import math
import os
import random
import resource
import secrets
import selectors
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TICKS = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def percentile(values, fraction):
    """The nearest-rank percentile of `values` (None when empty)."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def milliseconds(seconds):
    return "-" if seconds is None else f"{seconds * 1000:.0f} ms"


class Server:
    """The PostgreSQL server: a superuser's URL, and the cluster folder when started here."""

    def __init__(self, people, url):
        self.folder = None
        url = url or os.environ.get("APP_SHELL_BENCH_POSTGRES")
        if not url:
            self.folder = tempfile.mkdtemp(prefix="app-shell-pg.")
            os.rmdir(self.folder)
            env = dict(os.environ, APP_SHELL_PG_FSYNC="on", APP_SHELL_PG_MAX_CONNECTIONS=str(people + 60))
            out = subprocess.run(
                ["bash", os.path.join(ROOT, "Tests/Support/postgres.sh"), "start", self.folder],
                env=env, check=True, capture_output=True, text=True).stdout
            for line in out.splitlines():
                if line.startswith("export APP_SHELL_TEST_POSTGRES="):
                    url = line.split("=", 1)[1]
        self.url = url
        parsed = urllib.parse.urlparse(url)
        self.host, self.port = parsed.hostname, parsed.port or 5432

    def stop(self):
        if self.folder:
            subprocess.run(["bash", os.path.join(ROOT, "Tests/Support/postgres.sh"), "stop", self.folder],
                           check=False, capture_output=True)

    def url_for(self, user, password, database):
        return (f"postgresql://{urllib.parse.quote(user, safe='')}:{urllib.parse.quote(password, safe='')}"
                f"@{self.host}:{self.port}/{database}")

    def psql(self, url, sql):
        """Runs `sql` (stopping at the first error) and returns its unaligned output."""
        return subprocess.run(["psql", "-X", "-At", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql],
                              check=True, capture_output=True, text=True).stdout

    def processes(self):
        """The server's processes (postmaster and children), or [] for a server elsewhere."""
        if not self.folder:
            return []
        try:
            with open(os.path.join(self.folder, "data", "postmaster.pid")) as f:
                postmaster = int(f.readline())
        except (OSError, ValueError):
            return []
        pids = [postmaster]
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat") as f:
                        fields = f.read().rsplit(")", 1)[1].split()
                    if int(fields[1]) == postmaster:
                        pids.append(int(entry))
                except (OSError, IndexError, ValueError):
                    pass
        return pids


def cpu_seconds(pids):
    """utime + stime of `pids`, in seconds (processes gone meanwhile count nothing)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return total / TICKS


def smaps_bytes(pids, fields=("Pss:",)):
    """The sum over `pids` of `fields` of their smaps_rollup, in bytes: by default their
    proportional set size; ("Private_Clean:", "Private_Dirty:") for their own pages."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith(fields):
                        total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def read_lines(selector, until, condition, on_line):
    """Reads the lines the processes registered in `selector` print (each registered with
    an object that has a `buffer` of bytes) until `until` (monotonic) or until condition()
    holds, calling on_line(that object, the monotonic time read, the line's tab-separated
    fields); a process's end unregisters it."""
    while time.monotonic() < until and not (condition and condition()):
        for key, _ in selector.select(timeout=max(0.0, min(0.1, until - time.monotonic()))):
            owner, now = key.data, time.monotonic()
            try:
                chunk = os.read(key.fileobj.fileno(), 65536)
            except BlockingIOError:
                continue
            if not chunk:
                selector.unregister(key.fileobj)
                continue
            owner.buffer += chunk
            *lines, owner.buffer = owner.buffer.split(b"\n")
            for line in lines:
                on_line(owner, now, line.decode("utf-8", "replace").split("\t"))


class Person:
    def __init__(self, index, name, password):
        self.index, self.name, self.password = index, name, password
        self.process = None
        self.buffer = b""
        self.waiting = False
        self.last_send = None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--mates", type=int, default=10, help="mates of each person (even)")
    parser.add_argument("--steps", default="100:60,150:30,200:30,300:30", help="rate:seconds,...")
    parser.add_argument("--warmup", default="100:20",
                        help="rate:seconds before the steps, in which each sender makes its first request "
                             "(its session plans its statements then); printed apart; 0 for none")
    parser.add_argument("--idle", type=float, default=10, help="seconds measured while nothing is sent")
    parser.add_argument("--server", help="a superuser's postgresql:// URL (default: a throwaway cluster)")
    parser.add_argument("--check", action="store_true", help="exit 1 unless every request arrived once")
    args = parser.parse_args()
    steps = [(int(rate), int(seconds)) for rate, seconds in
             (step.split(":") for step in args.steps.split(","))]
    # The warm-up is the first step the senders are given; the table marks it.
    warmup = [] if args.warmup in ("", "0") else [tuple(int(part) for part in args.warmup.split(":"))]
    warmup_seconds = sum(seconds for _, seconds in warmup)
    steps = warmup + steps
    people = args.people
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4 * people + 256)), hard))

    server = Server(people, args.server)
    run = f"{os.getpid()}_{secrets.token_hex(3)}"
    database, admin, admin_password = f"hood_{run}", f"hood_admin_{run}", secrets.token_hex(12)
    work = tempfile.mkdtemp(prefix="neighbourhood.")
    crowd = [Person(i, f"n{run}_{i:04d}", f"pw-{secrets.token_hex(8)}") for i in range(people)]
    env = dict(os.environ, XDG_DATA_HOME=work, XDG_CONFIG_HOME=work, XDG_STATE_HOME=work, XDG_CACHE_HOME=work)
    for variable in ("PGPASSWORD", "PGSERVICE"):
        env.pop(variable, None)
    env["PGPASSFILE"] = "/dev/null"
    failures = []
    try:
        # --- Set-up: a database, its administrator, N members --------------------------------
        server.psql(server.url, f"CREATE ROLE {admin} LOGIN CREATEROLE PASSWORD '{admin_password}'")
        server.psql(server.url, f"CREATE DATABASE {database} OWNER {admin}")
        for setting in filter(None, os.environ.get("NEIGHBOURHOOD_SETTINGS", "").split(",")):
            server.psql(server.url, f"ALTER DATABASE {database} SET {setting}")  # an option measured
        admin_url = server.url_for(admin, admin_password, database)
        setup = os.path.join(work, "setup.lua")
        with open(setup, "w") as f:
            f.write("admin.setup()\nlocal list = ...\nfor entry in list:gmatch('[^,]+') do\n"
                    "  local name, password = entry:match('([^=]+)=(.+)')\n"
                    "  admin.add_member{name = name, password = password}\nend\n")
        began = time.monotonic()
        subprocess.run([args.binary, "--db", admin_url, "--no-init", "--timeout", "0", setup,
                        ",".join(f"{p.name}={p.password}" for p in crowd)],
                       env=env, check=True, capture_output=True, stdin=subprocess.DEVNULL)
        print(f"set up {database} with {people} members in {time.monotonic() - began:.1f} s", flush=True)
        idle_server = server.processes()
        server_memory_before = smaps_bytes(idle_server)

        # --- Everyone waits ------------------------------------------------------------------
        half = max(1, args.mates // 2)
        selector = selectors.DefaultSelector()
        script = os.path.join(HERE, "neighbour.lua")
        schedule = ",".join(f"{rate}:{seconds}" for rate, seconds in steps)
        began = time.monotonic()
        for person in crowd:
            neighbours = sorted({(person.index + d) % people for d in range(-half, half + 1)} - {person.index})
            errors = open(os.path.join(work, f"{person.name}.err"), "wb")
            person.process = subprocess.Popen(
                [args.binary, "--db", server.url_for(person.name, person.password, database), "--no-init",
                 "--timeout", "0", "--trace", os.path.join(work, f"{person.name}.trace"),
                 script, str(people), schedule, ",".join(crowd[n].name for n in neighbours)],
                env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=errors)
            errors.close()
            os.set_blocking(person.process.stdout.fileno(), False)
            selector.register(person.process.stdout, selectors.EVENT_READ, person)

        events = []  # (monotonic time, person, fields)

        def on_line(person, now, fields):
            if fields[0] == "waiting":
                person.waiting = True
            events.append((now, person, fields))

        def pump(until, condition=None):
            read_lines(selector, until, condition, on_line)

        pump(time.monotonic() + 60 + people * 0.2, lambda: all(p.waiting for p in crowd))
        ready = sum(p.waiting for p in crowd)
        print(f"{ready} of {people} people waiting after {time.monotonic() - began:.1f} s", flush=True)
        if ready < people:
            failures.append(f"only {ready} of {people} people started waiting")
            raise SystemExit

        # The administrator links each person with their neighbours on the ring, both ways.
        server.psql(admin_url, f"""
            WITH people AS (
                SELECT id, substring(name FROM '[0-9]+$')::int AS place FROM users WHERE name LIKE 'n{run}\\_%')
            INSERT INTO mates (user_id, mate_id, since)
            SELECT a.id, b.id, {int(time.time() * 1000)} FROM people a JOIN people b
                ON a.id <> b.id AND (b.place - a.place + {people}) % {people} IN
                    (SELECT d FROM generate_series(1, {half}) d UNION SELECT {people} - d FROM generate_series(1, {half}) d)
            ON CONFLICT DO NOTHING""")
        linked = int(server.psql(admin_url, f"SELECT count(*) FROM mates m JOIN users u ON u.id = m.user_id "
                                            f"WHERE u.name LIKE 'n{run}\\_%'"))
        print(f"{linked} mate links", flush=True)
        # As after any bulk load: left to autovacuum, the vacuum of the links a minute later
        # drops every session's plans of every statement the policies guard (they read
        # users and mates), mid-step.
        server.psql(admin_url, "VACUUM (ANALYZE) users, mates")

        # --- Nothing happens: what waiting costs ---------------------------------------------
        clients = [p.process.pid for p in crowd]
        pump(time.monotonic() + 2)
        connections = int(server.psql(server.url, f"SELECT count(*) FROM pg_stat_activity WHERE datname = '{database}'"))
        server_pids = server.processes()
        backends = [int(pid) for pid in server.psql(server.url, "SELECT pid FROM pg_stat_activity WHERE datname = "
                                                    f"'{database}' AND backend_type = 'client backend'").split()]
        server_memory = smaps_bytes(server_pids)
        backend_private = smaps_bytes(backends, ("Private_Clean:", "Private_Dirty:"))
        client_memory = smaps_bytes(clients)
        idle = {}
        if args.idle > 0:
            server_cpu, client_cpu, began = cpu_seconds(server_pids), cpu_seconds(clients), time.monotonic()
            backend_cpu = cpu_seconds(backends)
            pump(began + args.idle)
            elapsed = time.monotonic() - began
            idle = {"server": (cpu_seconds(server_pids) - server_cpu) / elapsed,
                    "backends": (cpu_seconds(backends) - backend_cpu) / elapsed,
                    "client": (cpu_seconds(clients) - client_cpu) / elapsed}

        # --- The walk requests ---------------------------------------------------------------
        start_ms = int(time.time() * 1000)
        server.psql(admin_url, "INSERT INTO inbox (recipient_id, name, params, occurred_at) SELECT id, "
                    f"'bench.start', '{{}}', {start_ms} FROM users WHERE name LIKE 'n{run}\\_%'")
        start = time.monotonic()
        first_event = len(events)
        total = sum(seconds for _, seconds in steps)
        pump(start + warmup_seconds)
        measured = time.monotonic()
        server_cpu, client_cpu = cpu_seconds(server_pids), cpu_seconds(clients)
        pump(start + total + 1)
        busy = {"server": (cpu_seconds(server_pids) - server_cpu) / (time.monotonic() - measured),
                "client": (cpu_seconds(clients) - client_cpu) / (time.monotonic() - measured)}
        # --- Count: what was sent, what arrived where; what is on its way may take 30 s more -
        def tally():
            sent, got_by, attempts, errors = {}, {}, {}, []
            for when, person, fields in events[first_event:]:
                kind = fields[0]
                if kind == "sent" and len(fields) >= 3:
                    sent[fields[1]] = (when, person, fields[2])
                    attempts.setdefault(person.index, []).append(fields[1])
                elif kind == "error" and len(fields) >= 2 and fields[1] == "request":
                    attempts.setdefault(person.index, []).append(None)
                    errors.append(f"{person.name}: {' '.join(fields[1:])}")
                elif kind == "got" and len(fields) >= 2:
                    got_by.setdefault(fields[1], []).append((when, person))
                elif kind == "error":
                    errors.append(f"{person.name}: {' '.join(fields[1:])}")
            return sent, got_by, attempts, errors

        # Everyone has sent their last (each prints `done`), every request sent has arrived,
        # and nothing arrived that no one sent, or 60 s more have passed.
        def settled():
            finished = sum(1 for _, _, fields in events[first_event:] if fields[0] == "done")
            return (finished == people and all(request in got_by for request in sent)
                    and all(request in sent for request in got_by))

        deadline = time.monotonic() + 60
        sent, got_by, attempts, errors = tally()
        while time.monotonic() < deadline and not settled():
            pump(min(deadline, time.monotonic() + 1))
            sent, got_by, attempts, errors = tally()
        for person in crowd:
            person.process.send_signal(signal.SIGTERM)
        for person in crowd:
            try:
                person.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                person.process.kill()
                failures.append(f"{person.name} did not end on SIGTERM")
        pump(time.monotonic() + 10, lambda: not selector.get_map())  # what they printed last
        sent, got_by, attempts, errors = tally()
        failures += errors
        started = sum(1 for _, _, fields in events[first_event:] if fields[0] == "started")
        if started < people:
            failures.append(f"only {started} of {people} people got the start")

        # --- Exactly once, to the right person ---------------------------------------------
        lost = [r for r in sent if r not in got_by]
        twice = [r for r, gets in got_by.items() if len(gets) > 1]
        strangers = [r for r, gets in got_by.items() if r in sent and any(p.name != sent[r][2] for _, p in gets)]
        unknown = [r for r in got_by if r not in sent]
        offered = sum(rate * seconds for rate, seconds in steps)
        if len(sent) < offered // 2:
            failures.append(f"only {len(sent)} of the {offered} requests offered were sent")
        for label, requests in (("never arrived", lost), ("arrived twice", twice),
                                ("reached someone else", strangers), ("arrived but was never sent", unknown)):
            if requests:
                failures.append(f"{len(requests)} requests {label} (e.g. {requests[0]})")

        # --- When, by the clocks of the server and of the processes, not by this harness's ---
        # (which a busy machine starves): each request's row was written at created_at (the
        # server's clock) and claimed by its receiver's loop at delivered_at (the receiver's),
        # just before its hook ran; each walks.request took what the sender's --trace says
        # (the k-th interval is the k-th attempt the sender printed).
        written = {}
        for line in server.psql(admin_url, "SELECT r.id, r.created_at, coalesce(min(i.delivered_at), -1), count(i.id), "
                                "count(i.delivered_at) FROM walk_requests r LEFT JOIN inbox i "
                                "ON i.name = 'walks.incoming' AND i.subject_id = r.id GROUP BY r.id, r.created_at").split():
            request, created, delivered, entries, claimed = line.split("|")
            written[request] = (int(created), int(delivered) if int(delivered) >= 0 else None)
            if (entries, claimed) != ("1", "1"):
                failures.append(f"request {request} has {entries} inbox entries, {claimed} delivered (1 and 1 expected)")
        if set(written) != set(sent):
            failures.append(f"{len(written)} requests in the database, {len(sent)} reported sent")
        request_latency = []  # (created_at or None, seconds, the sender's first)
        for person in crowd:
            try:
                with open(os.path.join(work, f"{person.name}.trace")) as f:
                    trace = json.load(f)["traceEvents"]
            except (OSError, ValueError, KeyError):
                failures.append(f"{person.name} left no trace")
                continue
            calls = [event.get("dur", 0) / 1e6 for event in trace if event.get("name") == "walks.request"]
            for number, (request, seconds) in enumerate(zip(attempts.get(person.index, []), calls)):
                request_latency.append((written.get(request, (None,))[0], seconds, number == 0))

        # --- The table ---------------------------------------------------------------------
        print()
        print(f"{people} people waiting ({started} started sending), each a mate of {2 * half}; "
              f"{len(sent)} walk requests; "
              f"{len(lost)} lost, {len(twice)} twice, {len(strangers)} to someone else")
        print()
        print("| step | offered | delivered | delivery p50 | p99 | max | walks.request p50 | p99 |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
        begins = 0
        for rate, seconds in steps:
            window = (start_ms + begins * 1000, start_ms + (begins + seconds) * 1000)
            begins += seconds
            in_step = [r for r, (created, _) in written.items() if window[0] <= created < window[1]]
            delays = [(written[r][1] - written[r][0]) / 1000 for r in in_step if written[r][1] is not None]
            arrived = sum(1 for _, delivered in written.values()
                          if delivered is not None and window[0] <= delivered < window[1])
            latencies = [latency for created, latency, _ in request_latency
                         if created is not None and window[0] <= created < window[1]]
            name = f"{rate}/s for {seconds} s" + (" (warm-up)" if begins <= warmup_seconds else "")
            print(f"| {name} | {len(in_step) / seconds:.1f}/s | {arrived / seconds:.1f}/s "
                  f"| {milliseconds(percentile(delays, 0.5))} | {milliseconds(percentile(delays, 0.99))} "
                  f"| {milliseconds(max(delays) if delays else None)} | {milliseconds(percentile(latencies, 0.5))} "
                  f"| {milliseconds(percentile(latencies, 0.99))} |")
        print()
        # A session plans each statement at its first run (once, for any parameters): a
        # sender's first request pays for the plans its later ones reuse.
        if os.environ.get("NEIGHBOURHOOD_TIMELINE"):
            # Where the slow ones fall: each 5 s of the steps (from start_ms), the requests made then.
            print(f"  the steps began at {start_ms} ms since 1970")
            end = start_ms + sum(seconds for _, seconds in steps) * 1000
            for window in range(start_ms, end, 5000):
                made = [latency for created, latency, _ in request_latency
                        if created is not None and window <= created < window + 5000]
                slow = sum(1 for latency in made if latency > 0.25)
                print(f"  {(window - start_ms) // 1000:4d} s: {len(made):5d} requests, p50 "
                      f"{milliseconds(percentile(made, 0.5))}, p99 {milliseconds(percentile(made, 0.99))}, "
                      f"{slow} over 250 ms")
        firsts = [latency for _, latency, first in request_latency if first]
        later = [latency for _, latency, first in request_latency if not first]
        print(f"walks.request: each sender's first ({len(firsts)}) p50 {milliseconds(percentile(firsts, 0.5))}, "
              f"p99 {milliseconds(percentile(firsts, 0.99))}; the later ones ({len(later)}) p50 "
              f"{milliseconds(percentile(later, 0.5))}, p99 {milliseconds(percentile(later, 0.99))}")
        if server_pids:
            print(f"server: {connections} connections; memory {server_memory / 2**20:.0f} MiB "
                  f"({(server_memory - server_memory_before) / max(people, 1) / 2**20:.2f} MiB per waiting person; "
                  f"each session's own pages {backend_private / max(len(backends), 1) / 2**20:.2f} MiB)")
            if idle:
                print(f"server CPU while {people} wait: {idle['server'] * 100:.1f} % of a core "
                      f"({idle['server'] / people * 1e6:.0f} µs a second per person, "
                      f"{idle['backends'] / people * 1e6:.0f} µs of it in their own sessions); "
                      f"during the steps: {busy['server'] * 100:.0f} %")
        if idle:
            print(f"the waiting processes: {idle['client'] * 100:.1f} % of a core together while nothing "
                  f"arrives ({idle['client'] / people * 60 * TICKS:.2f} clock ticks a minute each); "
                  f"{client_memory / max(people, 1) / 2**20:.1f} MiB each (PSS); "
                  f"during the steps: {busy['client'] * 100:.0f} % together")
    except SystemExit:
        pass
    except subprocess.CalledProcessError as error:
        failures.append(f"{' '.join(map(str, error.cmd[:3]))}...: exit {error.returncode}: "
                        f"{(error.stderr or b'')[-400:]!r}")
    finally:
        for person in crowd:
            if person.process and person.process.poll() is None:
                person.process.kill()
                person.process.wait()
        try:
            server.psql(server.url, f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
            roles = ", ".join([p.name for p in crowd] + [f"{database}_members", f"{database}_deletes", admin])
            server.psql(server.url, f"DROP ROLE IF EXISTS {roles}")
        except subprocess.CalledProcessError as error:
            print(f"clean-up: {error.stderr.strip()}", file=sys.stderr)
        server.stop()
        for person in crowd[:3]:
            path = os.path.join(work, f"{person.name}.err")
            if os.path.exists(path) and os.path.getsize(path) and failures:
                print(f"{person.name} stderr: {open(path, errors='replace').read()[-400:]}", file=sys.stderr)
        subprocess.run(["rm", "-rf", work], check=False)
    for failure in failures[:20]:
        print(f"FAIL {failure}", file=sys.stderr)
    if failures and args.check:
        sys.exit(1)


if __name__ == "__main__":
    main()
