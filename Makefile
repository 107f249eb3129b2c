# AppShell: the only commands a person needs.
#   make run    build (release) and start the REPL
#   make test   build once, run every test target and every Tests/Scripts/*.lua
#   make build  leave the binary at .build/release/app-shell
#   make bench  measure every performance figure beside its anchor
#   make docs   regenerate docs/app-shell.lua (LuaLS stubs) and docs/lua-api.md (reference)
#   make lint   swift-format, strict, with the committed configuration
#   make lua-check  luacheck and the lua5.4 specs of the Lua inside the binary (make test runs it)
SWIFT ?= swift
PACKAGES := liblua5.4-dev libedit-dev libsqlite3-dev pkg-config tzdata lua5.4 tmux libcurl4 libcurl4-openssl-dev libutf8proc-dev libvips-dev libvips-tools lua-check postgresql-15 postgresql-client-15 libpq-dev libdbus-1-3 dbus python3-dbus python3-gi strace

.PHONY: all build run test bench docs lint lua-check deps bench-deps static-libs clean

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

# The Swift runtime is linked into the binary: loading and relocating its shared libraries
# was half of every start-up (docs/performance.md). So are libstdc++ and SQLite, whose
# shared objects cost the dynamic loader 3,300 symbol lookups (3.2 M instructions) at every
# start: SwiftPM links them as -lstdc++ and -lsqlite3, and a folder holding only their static
# archives, searched before the system's folders, makes the linker take the archives. Lua
# stays shared (the C modules --allow-io may load link against liblua5.4.so). Without an
# archive the link falls back to the shared library.
STATIC_LIBS := .build/static-libs
# lld (shipped with the Swift toolchain) packs the executable's ~80,000 relative relocations
# as DT_RELR (glibc 2.36+), which the loader applies in a third of the instructions
# (-0.37 M of a start); the executable stays position-independent.
# The compiler reaches concrete generic metadata (a [String: String]'s storage) through
# its accessor, which is handed the conformances it needs, instead of through a mangled
# name, which the runtime decodes and then checks by scanning all 5,000 conformance
# records of the binary once per type (-0.85 M instructions a start).
# libedit and what it links (terminfo, libbsd, libmd), and utf8proc, are linked in too:
# five shared objects fewer to map and relocate at every start (about 0.2 ms), four of them
# for a line editor only the REPL uses. lld takes archives in any order, so their own
# dependencies are simply named after them.
# With the Swift libraries linked in, nothing is looked for beside the executable: without
# SwiftPM's RUNPATH of $ORIGIN the loader no longer tries 12 paths under .build (its hwcaps
# and tls subfolders) for the first library and one for each after it, nor for libpq and
# its 22 libraries when PostgreSQL is used (-0.3 ms of a start on PostgreSQL).
STATIC_C_LIBS := edit tinfo bsd md utf8proc
STATIC := --static-swift-stdlib --disable-local-rpath -Xswiftc -L$(STATIC_LIBS) -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  $(foreach library,$(STATIC_C_LIBS),-Xlinker -l$(library))

static-libs:
	@mkdir -p $(STATIC_LIBS)
	@for archive in "$$($(CC) -print-file-name=libstdc++.a)" "$$(pkg-config --variable=libdir sqlite3)/libsqlite3.a" \
	  $(foreach library,$(STATIC_C_LIBS),"$$(pkg-config --variable=libdir libedit)/lib$(library).a"); do \
	  if [ -f "$$archive" ]; then ln -sf "$$archive" $(STATIC_LIBS)/; else echo "no $$archive: linked shared"; fi; \
	done

# lld writes its output through mmap, and the kernel's page cache then holds the new
# binary in 4 KB pages; the same bytes written with write(2) (cp, install, a package
# manager), or read back from disk later, are held in large folios. A start of the freshly
# linked app-shell paid for it, in paired runs against a copy of the same bytes: 0.63-0.72
# ms more on SQLite, 2.4-3.1 ms on PostgreSQL (fewer and cheaper page faults, and a
# shorter teardown; measured on ext4 under Linux 6.18, docs/performance.md). So the build
# leaves a copy, as an installed binary would be. SwiftPM sees its output replaced and
# links again on every release build: about 1.5 s.
REWRITTEN = cp $(1) $(1).copy && mv -f $(1).copy $(1)

build: deps static-libs
	$(SWIFT) build -c release $(STATIC) --product app-shell
	@$(call REWRITTEN,.build/release/app-shell)

run: build
	.build/release/app-shell

# One debug build serves the unit tests and the end-to-end scripts. A throwaway PostgreSQL 15
# cluster (Tests/Support/postgres.sh: a temporary folder, a free port of 127.0.0.1, password
# login) serves the tests of the PostgreSQL backend through its exported PG* variables and
# APP_SHELL_TEST_POSTGRES; it is stopped and removed when the tests end, passed or failed.
test: deps
	$(SWIFT) build --build-tests
	@cluster=$$(mktemp -d /tmp/app-shell-pg.XXXXXX) && \
	  trap 'bash Tests/Support/postgres.sh stop "$$cluster"' EXIT && trap 'exit 130' INT TERM && \
	  bash Tests/Support/postgres.sh start "$$cluster" >/dev/null && . "$$cluster/env" && \
	  echo "PostgreSQL test server on 127.0.0.1:$$PGPORT (removed at the end)" && \
	  $(SWIFT) test --skip-build && \
	  $(SWIFT) package check-boundaries && \
	  $(SWIFT) format lint --strict --recursive Package.swift Modules Apps Plugins Tests && \
	  $(MAKE) --no-print-directory lua-check && \
	  bash Tests/Scripts/run.sh .build/debug/app-shell

# The Lua compiled into app-shell (prelude, show, presenters): luacheck with the committed
# .luacheckrc, and its specs under plain lua5.4 (Tests/Lua, run from the repository root).
lua-check:
	luacheck --no-color Modules Tests/Lua
	@for spec in Tests/Lua/*_spec.lua; do lua5.4 "$$spec" || exit 1; done

# The anchors and tools of the benchmarks: lua5.4, the sqlite3 shell, GNU time,
# vipsthumbnail, ImageMagick, and valgrind (instruction counts, which the load does not move).
bench-deps:
	@$(MAKE) --no-print-directory deps PACKAGES="lua5.4 sqlite3 time libvips-tools imagemagick valgrind"

# Every performance figure beside its anchor, in one run (release build). The PostgreSQL
# figures run on APP_SHELL_BENCH_POSTGRES (or APP_SHELL_TEST_POSTGRES), else on a throwaway
# cluster started here (fsync on, as a real server) and removed afterwards, beside psql and
# pgbench on the same server.
bench: deps bench-deps static-libs
	$(SWIFT) build -c release $(STATIC) --product app-shell
	@$(call REWRITTEN,.build/release/app-shell)
	$(SWIFT) build -c release $(STATIC) --product app-bench
	@if [ -n "$${APP_SHELL_BENCH_POSTGRES:-}$${APP_SHELL_TEST_POSTGRES:-}" ] || [ ! -x /usr/lib/postgresql/15/bin/initdb ]; then \
	  .build/release/app-bench; \
	else \
	  cluster=$$(mktemp -d /tmp/app-shell-pg.XXXXXX) && \
	  trap 'bash Tests/Support/postgres.sh stop "$$cluster"' EXIT && trap 'exit 130' INT TERM && \
	  APP_SHELL_PG_FSYNC=on bash Tests/Support/postgres.sh start "$$cluster" >/dev/null && . "$$cluster/env" && \
	  APP_SHELL_BENCH_POSTGRES="$$APP_SHELL_TEST_POSTGRES" .build/release/app-bench; \
	fi

# Regenerates the committed LuaLS stubs and Markdown reference from the route declarations.
docs: deps
	$(SWIFT) package --allow-writing-to-package-directory generate-docs

# The toolchain's swift-format with the committed .swift-format configuration.
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Modules Apps Plugins Tests

clean:
	rm -rf .build
