# AppShell: the only commands a person needs.
#   make run    build (release) and start the REPL
#   make test   build the debug build (unit tests) and the release binary (Tests/Scripts/*.lua and checks)
#   make build  leave the binary at .build/release/app-shell
#   make bench  measure every performance figure beside its anchor
#   make bench-scale  a thousand people waiting for walk requests on one server, then 10,000
#               members' stories and habits read through row security (minutes)
#   make bench-faults  twenty failovers to a synchronous standby under ten writing scripts:
#               writes acknowledged, lost, twice, and the longest a script was without a server
#   make docs   regenerate docs/app-shell.lua (LuaLS stubs), docs/lua-api.md (reference) and
#               docs/row-security.md (every table's grant and policies)
#   make lint   swift-format, strict, with the committed configuration
#   make lua-check  luacheck and the lua5.4 specs of the Lua inside the binary (make test runs it)
SWIFT ?= swift
PACKAGES := liblua5.4-dev libedit-dev libsqlite3-dev zlib1g-dev pkg-config tzdata lua5.4 tmux libcurl4 libcurl4-openssl-dev libutf8proc-dev libvips-dev libvips-tools lua-check postgresql-15 postgresql-client-15 libpq-dev libdbus-1-3 dbus python3 python3-dbus python3-gi sqlite3 libxml2 fonts-dejavu-core libqrencode4 zbar-tools

.PHONY: all build run test bench bench-scale bench-faults docs lint lua-check deps bench-deps static-archives clean

all: build

# Installs what is missing with apt-get when run as root; otherwise says what to run.
deps:
	@missing=""; \
	for package in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "missing packages:$$missing"; \
	    echo "run: sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

# The release build users run. The Swift runtime is linked into the binary
# (--static-swift-stdlib): loading and relocating its shared libraries was half of every
# start-up. So are libstdc++, SQLite, zlib, libedit (with terminfo, libbsd and libmd, which
# it links) and utf8proc: the dynamic loader resolved thousands of their symbols at every
# start, 3 ms of a 9 ms start on SQLite (docs/performance.md). SwiftPM links them as -l
# flags, so the only way to take their static archives is a folder that holds links to the
# system's archives and is searched first (.build/static-archives, made by the
# static-archives target); a missing archive falls back to the shared library. Lua stays
# shared (the C modules --allow-io may load link against liblua5.4.so). lld, shipped with
# the toolchain, packs the executable's relative relocations as DT_RELR
# (-z pack-relative-relocs, glibc 2.36+), which the loader applies in a third of the
# instructions. --disable-local-rpath leaves the binary without SwiftPM's RUNPATH of
# $ORIGIN: nothing beside the binary is ever loaded (a check of make test reads its dynamic
# section).
STATIC_ARCHIVES := .build/static-archives
STATIC_C_LIBS := edit tinfo bsd md utf8proc
RELEASE := -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld \
  -Xlinker -z -Xlinker pack-relative-relocs -Xswiftc -L$(STATIC_ARCHIVES) \
  $(foreach library,$(STATIC_C_LIBS),-Xlinker -l$(library))

static-archives:
	@mkdir -p $(STATIC_ARCHIVES)
	@for archive in "$$($(CC) -print-file-name=libstdc++.a)" "$$(pkg-config --variable=libdir sqlite3)/libsqlite3.a" \
	  "$$(pkg-config --variable=libdir zlib)/libz.a" \
	  $(foreach library,$(STATIC_C_LIBS),"$$(pkg-config --variable=libdir libedit)/lib$(library).a"); do \
	  if [ -f "$$archive" ]; then ln -sf "$$archive" $(STATIC_ARCHIVES)/; else echo "no $$archive: linked shared"; fi; \
	done

build: deps static-archives
	$(SWIFT) build $(RELEASE) --product app-shell

run: build
	.build/release/app-shell

# The debug build serves the unit tests; the release binary users run (make build) serves
# the end-to-end scripts and the checks of Tests/Scripts. A throwaway PostgreSQL 15
# cluster (Tests/Support/postgres.sh: a temporary folder, a free port of 127.0.0.1, password
# login) serves the tests of the PostgreSQL backend through its exported PG* variables and
# APP_SHELL_TEST_POSTGRES; it is stopped and removed when the tests end, passed or failed.
# The unit tests and the end-to-end scripts, which spend most of their time waiting on the
# server and on processes, run at once (each test names its own databases and roles); the
# unit tests' output follows the scripts'.
# The unit tests' debug build leaves out debug information (SwiftPM's documented
# -debug-info-format), which no test run reads. `swift build` as usual keeps it.
TEST_BUILD := -debug-info-format none

test: build
	$(SWIFT) build --build-tests $(TEST_BUILD)
	$(SWIFT) package check-boundaries
	$(SWIFT) format lint --strict --recursive Package.swift Modules Apps Plugins Tests
	@$(MAKE) --no-print-directory lua-check
	@cluster=$$(mktemp -d /tmp/app-shell-pg.XXXXXX) && \
	  trap 'kill $$unit 2>/dev/null; bash Tests/Support/postgres.sh stop "$$cluster"' EXIT && \
	  trap 'exit 130' INT TERM && \
	  bash Tests/Support/postgres.sh start "$$cluster" >/dev/null && . "$$cluster/env" && \
	  echo "PostgreSQL test server on 127.0.0.1:$$PGPORT (removed at the end)" && \
	  { $(SWIFT) test --skip-build $(TEST_BUILD) >.build/unit-tests.log 2>&1 & unit=$$!; } && \
	  { bash Tests/Scripts/run.sh .build/release/app-shell; scripts=$$?; } && \
	  { wait $$unit; units=$$?; unit=; } && cat .build/unit-tests.log && \
	  echo "unit tests: exit $$units; end-to-end scripts: exit $$scripts" && \
	  [ $$units = 0 ] && [ $$scripts = 0 ]

# The Lua compiled into app-shell (prelude, show, presenters): luacheck with the committed
# .luacheckrc, and its specs under plain lua5.4 (Tests/Lua, run from the repository root).
lua-check:
	luacheck --no-color Modules Tests/Lua
	@for spec in Tests/Lua/*_spec.lua; do lua5.4 "$$spec" || exit 1; done

# The anchors and tools of the benchmarks: lua5.4, the sqlite3 shell, GNU time,
# vipsthumbnail, ImageMagick, and valgrind (instruction counts, which the load does not move).
bench-deps:
	@$(MAKE) --no-print-directory deps PACKAGES="lua5.4 sqlite3 time libvips-tools imagemagick valgrind strace"

# Every performance figure beside its anchor, in one run (release build). The PostgreSQL
# figures run on APP_SHELL_BENCH_POSTGRES (or APP_SHELL_TEST_POSTGRES), else on a throwaway
# cluster started here (fsync on, as a real server) and removed afterwards, beside psql and
# pgbench on the same server.
bench: deps bench-deps static-archives
	$(SWIFT) build $(RELEASE) --product app-shell
	$(SWIFT) build $(RELEASE) --product app-bench
	@if [ -n "$${APP_SHELL_BENCH_POSTGRES:-}$${APP_SHELL_TEST_POSTGRES:-}" ] || [ ! -x /usr/lib/postgresql/15/bin/initdb ]; then \
	  .build/release/app-bench; \
	else \
	  cluster=$$(mktemp -d /tmp/app-shell-pg.XXXXXX) && \
	  trap 'bash Tests/Support/postgres.sh stop "$$cluster"' EXIT && trap 'exit 130' INT TERM && \
	  APP_SHELL_PG_FSYNC=on bash Tests/Support/postgres.sh start "$$cluster" >/dev/null && . "$$cluster/env" && \
	  APP_SHELL_BENCH_POSTGRES="$$APP_SHELL_TEST_POSTGRES" .build/release/app-bench; \
	fi

# A neighbourhood on one server (docs/performance.md, "Waiting people"): a thousand
# app-shell processes, each logged in as its own member, waiting in app.loop() and asking
# their mates for walks, on a throwaway cluster with fsync on (or APP_SHELL_BENCH_POSTGRES),
# with the server's memory and CPU per waiting person (Tests/Bench/neighbourhood.py). It
# takes minutes, so make test runs fifty (Tests/Scripts/checks/pgneighbourhood.sh). Then
# 10,000 members' data read through row security, and the read-only routes again through
# --read-db from a hot standby (Tests/Bench/library.py).
bench-scale: deps static-archives
	$(SWIFT) build $(RELEASE) --product app-shell
	python3 Tests/Bench/neighbourhood.py .build/release/app-shell
	python3 Tests/Bench/library.py .build/release/app-shell --standby

# Twenty failovers (docs/admin.md, "A standby that takes over"): each round a primary with a
# synchronous hot standby, ten app-shell scripts writing through one multi-host URL, COMMITs
# in flight when the primary's postmaster is killed, the standby promoted; then every
# acknowledged write looked for on the new primary (Tests/Bench/failover.py, fsync on). make
# test runs one round (Tests/Scripts/checks/pgfailover.sh).
bench-faults: deps static-archives
	$(SWIFT) build $(RELEASE) --product app-shell
	APP_SHELL_PG_FSYNC=on python3 Tests/Bench/failover.py .build/release/app-shell --rounds 20 --check

# Regenerates the committed LuaLS stubs and Markdown reference from the route declarations,
# and the row-level security page from the tables' declarations.
docs: deps
	$(SWIFT) package --allow-writing-to-package-directory generate-docs

# The toolchain's swift-format with the committed .swift-format configuration.
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Modules Apps Plugins Tests

clean:
	rm -rf .build
