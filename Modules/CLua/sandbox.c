/*
 * The libraries and the sandbox: which functions a script gets, and where Lua code may be
 * loaded from (README.md, "The sandbox", says the same to users).
 *
 * The promise of the default sandbox about code:
 *  - `load` takes any text chunk the script holds (a string or a reader function): that
 *    code is already in the script's hands, whatever it was read from;
 *  - code is loaded BY FILE NAME (`loadfile`, `dofile`, `require`) only from the allowed
 *    folders in the registry's "appshell.roots" (the running script's folder and the
 *    configuration folder), after following symbolic links;
 *  - `require` searches only the path fixed by the engine ("appshell.path"): the script
 *    cannot point it elsewhere (package is read-only in the sandbox);
 *  - binary chunks are refused: `load` keeps mode "t" and string.dump is gone.
 * The promise about secrets (README.md, "The sandbox"): no file that holds the runner's
 * database password is read by any of io.open, io.lines, io.input, loadfile, dofile or
 * require: neither the processes' entries of /proc (this process's environ and cmdline,
 * a parent's environment) nor libpq's password and service files. The check is made on
 * what was opened (its real path in /proc, its device and inode), so no symbolic link,
 * hard link or /dev/fd path leads around it.
 * With --allow-io a script may already run any program, so refusing
 * bytecode would protect nothing: load, loadfile, dofile, require and string.dump are
 * lua5.4's own (binary chunks, package.path, package.searchers and the C searchers
 * included), with the app's folders first in package.path.
 *
 * Every function here is a lua_CFunction run by Lua itself, so it may raise.
 */
#include "clua_internal.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

/* ---- the files that hold secrets ---- */

#define CLUA_PROC_SUPER_MAGIC 0x9fa0

/* Is the open file `fd` a process's entry of /proc (/proc/<pid>/..., which /proc/self and
   /proc/thread-self lead to)? Its path as the kernel has it is read from /proc/self/fd:
   a file of procfs whose path has a component of digits only is refused (that also takes
   /proc/irq/<n>, which holds nothing a script needs), but for the counters every user's
   `ps` and `top` read, which hold no environment, command line or memory: `status`,
   `statm`, `stat` and `limits`. */
static int clua_is_process_entry(int fd) {
    struct statfs system;
    if (fstatfs(fd, &system) != 0) return 1;
    if (system.f_type != CLUA_PROC_SUPER_MAGIC) return 0;
    char link[64];
    char target[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, target, sizeof target - 1);
    if (length <= 0) return 1;
    target[length] = '\0';
    int process = 0;
    const char *last = target;
    for (const char *p = target; *p != '\0';) {
        while (*p == '/') p++;
        const char *start = p;
        int digits = 1;
        for (; *p != '\0' && *p != '/'; p++)
            if (*p < '0' || *p > '9') digits = 0;
        if (p > start) last = start;
        if (p > start && digits) process = 1;
    }
    if (!process) return 0;
    static const char *const counters[] = {"status", "statm", "stat", "limits", NULL};
    for (const char *const *name = counters; *name; name++)
        if (strcmp(last, *name) == 0) return 0;
    return 1;
}

/* Is `folder`/`name` (or `folder` alone when `name` is NULL) the file `opened`? */
static int clua_is_file(const struct stat *opened, const char *folder, const char *name) {
    if (folder == NULL || folder[0] == '\0') return 0;
    char path[PATH_MAX];
    int written = name ? snprintf(path, sizeof path, "%s/%s", folder, name) : snprintf(path, sizeof path, "%s", folder);
    if (written < 0 || (size_t)written >= sizeof path) return 0;
    struct stat found;
    return stat(path, &found) == 0 && found.st_dev == opened->st_dev && found.st_ino == opened->st_ino;
}

/* Is the open file `fd` one of libpq's password or service files: ~/.pgpass, $PGPASSFILE,
   ~/.pg_service.conf, $PGSERVICEFILE, $PGSYSCONFDIR/pg_service.conf (Debian's
   /etc/postgresql-common without it)? Home is $HOME and the account's home both. */
static char clua_account_home[PATH_MAX];
static pthread_once_t clua_account_home_once = PTHREAD_ONCE_INIT;

/* The account's home folder, from the password database (which may mean a file read or a
   directory service's round trip): looked up once, at the first file a script opens. */
static void clua_find_account_home(void) {
    struct passwd entry;
    struct passwd *account = NULL;
    char buffer[4096];
    if (getpwuid_r(geteuid(), &entry, buffer, sizeof buffer, &account) == 0 && account != NULL)
        snprintf(clua_account_home, sizeof clua_account_home, "%s", account->pw_dir);
}

static int clua_is_password_file(int fd) {
    struct stat opened;
    if (fstat(fd, &opened) != 0) return 1;
    if (!S_ISREG(opened.st_mode)) return 0;
    pthread_once(&clua_account_home_once, clua_find_account_home);
    const char *homes[2] = {getenv("HOME"), clua_account_home};
    for (int i = 0; i < 2; i++)
        if (clua_is_file(&opened, homes[i], ".pgpass") || clua_is_file(&opened, homes[i], ".pg_service.conf"))
            return 1;
    const char *sysconf = getenv("PGSYSCONFDIR");
    return clua_is_file(&opened, getenv("PGPASSFILE"), NULL) || clua_is_file(&opened, getenv("PGSERVICEFILE"), NULL) ||
           clua_is_file(&opened, sysconf ? sysconf : "/etc/postgresql-common", "pg_service.conf");
}

/* Why the sandbox refuses to read the open file `fd`, or NULL when it may be read. */
static const char *clua_secret_reason(int fd) {
    if (clua_is_process_entry(fd)) return "a process's entry in /proc";
    if (clua_is_password_file(fd)) return "a PostgreSQL password or service file";
    return NULL;
}

/* In the sandbox, pushes the message and returns 1 when `path` is a file that holds secrets
   (see above); a path that cannot be opened is left to the caller, whose own error names it. */
static int clua_push_secret_path(lua_State *L, const char *function, const char *path) {
    if (path == NULL) return 0;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return 0;
    const char *reason = clua_secret_reason(fd);
    close(fd);
    if (reason == NULL) return 0;
    lua_pushfstring(L, "%s: %s is %s, which scripts may not read (run app-shell with --allow-io)", function, path,
                    reason);
    return 1;
}

/* As clua_push_secret_path, raising the message. */
static void clua_check_secret_path(lua_State *L, const char *function, const char *path) {
    if (clua_push_secret_path(L, function, path)) lua_error(L);
}

/* Is `resolved` (a real path) inside `root` (a real path)? */
static int clua_inside(const char *resolved, const char *root, size_t n) {
    if (n == 0 || strncmp(resolved, root, n) != 0) return 0;
    return resolved[n] == '/' || resolved[n] == '\0' || root[n - 1] == '/';
}

/* May code be loaded from `path`? 1 yes, 0 no, -1 the file cannot be resolved. */
static int clua_code_path_allowed(lua_State *L, const char *path) {
    char resolved[PATH_MAX];
    if (realpath(path, resolved) == NULL) return -1;
    int inside = 0;
    if (lua_getfield(L, LUA_REGISTRYINDEX, "appshell.roots") == LUA_TTABLE) {
        lua_Integer count = (lua_Integer)lua_rawlen(L, -1);
        for (lua_Integer i = 1; i <= count && !inside; i++) {
            size_t n = 0;
            lua_rawgeti(L, -1, i);
            const char *root = lua_tolstring(L, -1, &n);
            inside = root != NULL && clua_inside(resolved, root, n);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    return inside;
}

/* Pushes the message for a file outside the allowed folders. */
static void clua_push_outside(lua_State *L, const char *function, const char *path) {
    lua_pushfstring(L,
                    "%s: %s is outside the folders code may be loaded from (the script's folder and the "
                    "configuration folder; run app-shell with --allow-io)",
                    function, path);
}

/* loadfile([path [, mode [, env]]]) of the sandbox: text chunks only, inside the allowed
   folders. */
static int clua_loadfile(lua_State *L) {
    const char *path = luaL_optstring(L, 1, NULL);
    int env = !lua_isnone(L, 3) ? 3 : 0;
    if (path == NULL) {
        luaL_pushfail(L);
        lua_pushliteral(L, "loadfile: standard input is not allowed in the sandbox (run app-shell with --allow-io)");
        return 2;
    }
    if (clua_code_path_allowed(L, path) == 0) {
        luaL_pushfail(L);
        clua_push_outside(L, "loadfile", path);
        return 2;
    }
    if (clua_push_secret_path(L, "loadfile", path)) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (luaL_loadfilex(L, path, "t") != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env != 0) {
        lua_pushvalue(L, env);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return 1;
}

static int clua_dofile_continue(lua_State *L, int status, lua_KContext ctx) {
    (void)status;
    (void)ctx;
    return lua_gettop(L) - 1;
}

/* dofile([path]) of the sandbox: as its loadfile, then runs the chunk (yieldable, as in
   lua5.4). */
static int clua_dofile(lua_State *L) {
    const char *path = luaL_optstring(L, 1, NULL);
    lua_settop(L, 1);
    if (path == NULL)
        return luaL_error(L, "dofile: standard input is not allowed in the sandbox (run app-shell with --allow-io)");
    if (clua_code_path_allowed(L, path) == 0) {
        clua_push_outside(L, "dofile", path);
        return lua_error(L);
    }
    clua_check_secret_path(L, "dofile", path);
    if (luaL_loadfilex(L, path, "t") != LUA_OK) return lua_error(L);
    lua_callk(L, 0, LUA_MULTRET, 0, clua_dofile_continue);
    return clua_dofile_continue(L, 0, 0);
}

/* The Lua-file searcher of require in the sandbox, as lua5.4's but loading text only, from
   the fixed path. Upvalue 1: the real package table. Upvalue 2: the fixed path. */
static int clua_searcher_lua(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, lua_upvalueindex(1), "searchpath");
    lua_pushstring(L, name);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_call(L, 2, 2);
    if (lua_isnil(L, -2)) return 1; /* searchpath's "no file '...'" list */
    lua_pop(L, 1);
    const char *filename = lua_tostring(L, -1);
    if (clua_code_path_allowed(L, filename) == 0) {
        clua_push_outside(L, "require", filename);
        return lua_error(L);
    }
    clua_check_secret_path(L, "require", filename);
    if (luaL_loadfilex(L, filename, "t") != LUA_OK)
        return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, filename, lua_tostring(L, -1));
    lua_pushstring(L, filename);
    return 2;
}

/* In the sandbox, installs loadfile, dofile and require's text-only Lua searcher, takes
   string.dump away, and leaves require only the preload and Lua searchers (no C code) and
   the path `fixed_path`. With --allow-io all of them stay lua5.4's, and package.path has
   `fixed_path` first. */
static void clua_install_loading(lua_State *L, int allow_io, const char *fixed_path) {
    if (allow_io) {
        lua_getglobal(L, "package");
        lua_pushstring(L, fixed_path);
        lua_pushliteral(L, ";");
        lua_getfield(L, -3, "path");
        lua_concat(L, 3);
        lua_setfield(L, -2, "path");
        lua_pop(L, 1);
        return;
    }
    lua_pushcfunction(L, clua_loadfile);
    lua_setglobal(L, "loadfile");
    lua_pushcfunction(L, clua_dofile);
    lua_setglobal(L, "dofile");
    lua_getglobal(L, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);

    lua_getglobal(L, "package");
    int package = lua_gettop(L);
    lua_getfield(L, package, "searchers");
    int searchers = lua_gettop(L);
    lua_pushvalue(L, package);
    lua_pushstring(L, fixed_path);
    lua_pushcclosure(L, clua_searcher_lua, 2);
    lua_rawseti(L, searchers, 2);
    lua_pushnil(L);
    lua_rawseti(L, searchers, 4);
    lua_pushnil(L);
    lua_rawseti(L, searchers, 3);
    lua_pushliteral(L, "");
    lua_setfield(L, package, "cpath");
    lua_pushnil(L);
    lua_setfield(L, package, "loadlib");
    lua_pushstring(L, fixed_path);
    lua_setfield(L, package, "path");
    lua_settop(L, package - 1);
}

/* ---- tracebacks that name routes without module tables in package.loaded ---- */

/* luaL_traceback names a function by searching package.loaded two levels deep. Module

   traceback is written, the registry's loaded table is a copy with the real module
   tables from "appshell.names" added. */
static int clua_traceback_inner(lua_State *L) {
    luaL_traceback(L, lua_tothread(L, 1), NULL, 0);
    return 1;
}

/// Pushes the traceback of `co`, naming routes as `habits.complete`. May raise (memory);
/// the registry's loaded table is put back in every case.
void clua_traceback_named(lua_State *L, lua_State *co) {
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    int loaded = lua_gettop(L);
    lua_newtable(L);
    int named = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, loaded) != 0) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, named);
    }
    if (lua_getfield(L, LUA_REGISTRYINDEX, "appshell.names") == LUA_TTABLE) {
        lua_pushnil(L);
        while (lua_next(L, -2) != 0) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, named);
        }
    }
    lua_pop(L, 1);
    lua_pushcfunction(L, clua_traceback_inner);
    lua_pushthread(co);
    lua_xmove(co, L, 1);
    lua_pushvalue(L, named);
    lua_setfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    int status = lua_pcall(L, 1, 1, 0);
    lua_pushvalue(L, loaded);
    lua_setfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_replace(L, loaded);
    lua_settop(L, loaded);
    if (status != LUA_OK) lua_error(L);
}

/* ---- the libraries ---- */

/* io.open that refuses every mode but reading, and the files that hold secrets (the
   opened file itself is judged; it is closed and io.open fails as for a file it may not
   open: nil, the message, EACCES). Upvalue 1: the real io.open. */
static int clua_io_open_readonly(lua_State *L) {
    const char *path = luaL_checkstring(L, 1);
    const char *mode = luaL_optstring(L, 2, "r");
    if (strcmp(mode, "r") != 0 && strcmp(mode, "rb") != 0)
        return luaL_error(L, "io.open: mode '%s' is not allowed without --allow-io (reading only)", mode);
    int base = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushstring(L, mode);
    lua_call(L, 2, LUA_MULTRET);
    luaL_Stream *stream = (luaL_Stream *)luaL_testudata(L, base + 1, LUA_FILEHANDLE);
    if (stream == NULL || stream->f == NULL) return lua_gettop(L) - base;
    const char *reason = clua_secret_reason(fileno(stream->f));
    if (reason == NULL) return lua_gettop(L) - base;
    lua_getfield(L, base + 1, "close");
    lua_pushvalue(L, base + 1);
    lua_call(L, 1, 0);
    lua_settop(L, base);
    luaL_pushfail(L);
    lua_pushfstring(L, "%s: %s, which scripts may not read (run app-shell with --allow-io)", path, reason);
    lua_pushinteger(L, EACCES);
    return 3;
}

/* io.lines and io.input that refuse a file name naming a file that holds secrets.
   Upvalue 1: the real function; upvalue 2: its name. */
static int clua_io_by_name(lua_State *L) {
    if (lua_type(L, 1) == LUA_TSTRING) clua_check_secret_path(L, lua_tostring(L, lua_upvalueindex(2)), lua_tostring(L, 1));
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

static void clua_wrap_by_name(lua_State *L, int table, const char *field, const char *name) {
    table = lua_absindex(L, table);
    lua_getfield(L, table, field);
    lua_pushstring(L, name);
    lua_pushcclosure(L, clua_io_by_name, 2);
    lua_setfield(L, table, field);
}

static int clua_forbidden(lua_State *L) {
    return luaL_error(L, "%s is not allowed in the sandbox (run app-shell with --allow-io)",
                      lua_tostring(L, lua_upvalueindex(1)));
}

static void clua_forbid(lua_State *L, int table, const char *field, const char *name) {
    table = lua_absindex(L, table);
    lua_pushstring(L, name);
    lua_pushcclosure(L, clua_forbidden, 1);
    lua_setfield(L, table, field);
}

/* load(chunk [, name [, mode [, env]]]) with binary chunks refused. Upvalue 1: the real load. */
static int clua_load_text_only(lua_State *L) {
    int n = lua_gettop(L);
    if (n >= 3 && !lua_isnil(L, 3)) {
        const char *mode = luaL_checkstring(L, 3);
        if (strchr(mode, 't') == NULL) {
            luaL_pushfail(L);
            lua_pushliteral(L, "load: binary chunks are not allowed");
            return 2;
        }
    }
    if (n < 3) lua_settop(L, 3);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n < 3 ? 3 : n, LUA_MULTRET);
    return lua_gettop(L);
}

/* collectgarbage with only "collect", "count" and "step". Upvalue 1: the real one. */
static int clua_collectgarbage(lua_State *L) {
    const char *option = luaL_optstring(L, 1, "collect");
    if (strcmp(option, "collect") != 0 && strcmp(option, "count") != 0 && strcmp(option, "step") != 0)
        return luaL_error(L, "collectgarbage('%s') is not allowed in the sandbox", option);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

static void clua_keep_only(lua_State *L, const char *library, const char *const *keep) {
    lua_getglobal(L, library);
    int t = lua_gettop(L);
    lua_newtable(L);
    int kept = lua_gettop(L);
    for (const char *const *k = keep; *k; k++) {
        lua_getfield(L, t, *k);
        lua_setfield(L, kept, *k);
    }
    lua_setglobal(L, library);
    lua_settop(L, t - 1);
}

/* Opens the libraries and installs the sandbox. Argument 1: allow_io (boolean);
   argument 2: the path require searches (package.path). */
static int clua_open_libraries(lua_State *L) {
    int allow_io = lua_toboolean(L, 1);
    const char *module_path = luaL_checkstring(L, 2);
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_LOADLIBNAME, luaopen_package, 1);
    luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    luaL_requiref(L, LUA_OSLIBNAME, luaopen_os, 1);
    luaL_requiref(L, LUA_IOLIBNAME, luaopen_io, 1);
    if (allow_io) luaL_requiref(L, LUA_DBLIBNAME, luaopen_debug, 1);
    lua_settop(L, 2);

    /* coroutines that keep the stop switch pointed at the running one */
    lua_getglobal(L, "coroutine");
    lua_pushcfunction(L, clua_co_resume);
    lua_setfield(L, -2, "resume");
    lua_pushcfunction(L, clua_co_wrap);
    lua_setfield(L, -2, "wrap");
    lua_pushcfunction(L, clua_co_close);
    lua_setfield(L, -2, "close");
    lua_pushcfunction(L, clua_co_running);
    lua_setfield(L, -2, "running");
    lua_pushcfunction(L, clua_co_isyieldable);
    lua_setfield(L, -2, "isyieldable");
    lua_pushcfunction(L, clua_co_yield);
    lua_setfield(L, -2, "yield");
    lua_pop(L, 1);

    /* in the sandbox no bytecode: load, loadfile, dofile and require read text only */
    if (!allow_io) {
        lua_getglobal(L, "load");
        lua_pushcclosure(L, clua_load_text_only, 1);
        lua_setglobal(L, "load");
    }
    clua_install_loading(L, allow_io, module_path);
    if (!allow_io) {
        lua_getglobal(L, "collectgarbage");
        lua_pushcclosure(L, clua_collectgarbage, 1);
        lua_setglobal(L, "collectgarbage");
    }

    if (!allow_io) {
        static const char *const os_keep[] = {"time", "date", "clock", "difftime", "getenv", "exit", NULL};
        clua_keep_only(L, "os", os_keep);
        lua_getglobal(L, "os");
        clua_forbid(L, -1, "execute", "os.execute");
        clua_forbid(L, -1, "remove", "os.remove");
        clua_forbid(L, -1, "rename", "os.rename");
        clua_forbid(L, -1, "tmpname", "os.tmpname");
        lua_pop(L, 1);

        lua_getglobal(L, "io");
        lua_getfield(L, -1, "open");
        lua_pushcclosure(L, clua_io_open_readonly, 1);
        lua_setfield(L, -2, "open");
        clua_wrap_by_name(L, -1, "lines", "io.lines");
        clua_wrap_by_name(L, -1, "input", "io.input");
        clua_forbid(L, -1, "popen", "io.popen");
        clua_forbid(L, -1, "output", "io.output");
        clua_forbid(L, -1, "tmpfile", "io.tmpfile");
        lua_pop(L, 1);
    }

    /* make require unable to hand back what the sandbox removed */
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getglobal(L, "os");
    lua_setfield(L, -2, "os");
    lua_getglobal(L, "io");
    lua_setfield(L, -2, "io");
    if (!allow_io) {
        lua_pushnil(L);
        lua_setfield(L, -2, "debug");
    }
    lua_pop(L, 1);
    return 0;
}

/// Opens the libraries under lua_pcall, with `module_path` as require's path; returns a
/// Lua status.
int clua_open_sandboxed(lua_State *L, int allow_io, const char *module_path) {
    lua_pushcfunction(L, clua_open_libraries);
    lua_pushboolean(L, allow_io);
    lua_pushstring(L, module_path);
    return lua_pcallk(L, 2, 0, 0, 0, NULL);
}
