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
 *  - binary chunks are refused everywhere, with --allow-io too.
 * With --allow-io ("appshell.allow_io"), loadfile, dofile and require behave as in lua5.4
 * (package.path, package.searchers and the C searchers included), still text only.
 *
 * Every function here is a lua_CFunction run by Lua itself, so it may raise.
 */
#include "clua_internal.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int clua_allow_io(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, "appshell.allow_io");
    int allow = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return allow;
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
    if (clua_allow_io(L)) return 1;
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

/* loadfile([path [, mode [, env]]]): text chunks only; by default inside the allowed folders. */
static int clua_loadfile(lua_State *L) {
    const char *path = luaL_optstring(L, 1, NULL);
    int env = !lua_isnone(L, 3) ? 3 : 0;
    if (!clua_allow_io(L)) {
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

/* dofile([path]): as loadfile, then runs the chunk (yieldable, as in lua5.4). */
static int clua_dofile(lua_State *L) {
    const char *path = luaL_optstring(L, 1, NULL);
    lua_settop(L, 1);
    if (!clua_allow_io(L)) {
        if (path == NULL)
            return luaL_error(L, "dofile: standard input is not allowed in the sandbox (run app-shell with --allow-io)");
        if (clua_code_path_allowed(L, path) == 0) {
            clua_push_outside(L, "dofile", path);
            return lua_error(L);
        }
    }
    if (luaL_loadfilex(L, path, "t") != LUA_OK) return lua_error(L);
    lua_callk(L, 0, LUA_MULTRET, 0, clua_dofile_continue);
    return clua_dofile_continue(L, 0, 0);
}

/* The Lua-file searcher of require, as lua5.4's but loading text only.
   Upvalue 1: the real package table. Upvalue 2: the fixed path in the sandbox (a string),
   or nil with --allow-io (package.path is read at each call, as in lua5.4). */
static int clua_searcher_lua(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    int fixed = lua_type(L, lua_upvalueindex(2)) == LUA_TSTRING;
    lua_getfield(L, lua_upvalueindex(1), "searchpath");
    lua_pushstring(L, name);
    if (fixed) lua_pushvalue(L, lua_upvalueindex(2));
    else if (lua_getfield(L, lua_upvalueindex(1), "path") != LUA_TSTRING)
        return luaL_error(L, "'package.path' must be a string");
    lua_call(L, 2, 2);
    if (lua_isnil(L, -2)) return 1; /* searchpath's "no file '...'" list */
    lua_pop(L, 1);
    const char *filename = lua_tostring(L, -1);
    if (fixed && clua_code_path_allowed(L, filename) == 0) {
        clua_push_outside(L, "require", filename);
        return lua_error(L);
    }
    if (luaL_loadfilex(L, filename, "t") != LUA_OK)
        return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, filename, lua_tostring(L, -1));
    lua_pushstring(L, filename);
    return 2;
}

/* Installs loadfile, dofile and require's text-only Lua searcher; takes string.dump
   away. In the sandbox, require has only the preload and Lua searchers (no C code) and
   the path `fixed_path`; with --allow-io the searchers are lua5.4's with the Lua one
   made text-only. */
static void clua_install_loading(lua_State *L, int allow_io, const char *fixed_path) {
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
    if (allow_io) lua_pushnil(L);
    else lua_pushstring(L, fixed_path);
    lua_pushcclosure(L, clua_searcher_lua, 2);
    lua_rawseti(L, searchers, 2);
    if (!allow_io) {
        lua_pushnil(L);
        lua_rawseti(L, searchers, 4);
        lua_pushnil(L);
        lua_rawseti(L, searchers, 3);
        lua_pushliteral(L, "");
        lua_setfield(L, package, "cpath");
        lua_pushnil(L);
        lua_setfield(L, package, "loadlib");
    }
    lua_pushstring(L, fixed_path);
    if (allow_io) {
        /* the app's folders first, then lua5.4's own path */
        lua_pushliteral(L, ";");
        lua_getfield(L, package, "path");
        lua_concat(L, 3);
    }
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

/* io.open that refuses every mode but reading. Upvalue 1: the real io.open. */
static int clua_io_open_readonly(lua_State *L) {
    const char *mode = luaL_optstring(L, 2, "r");
    if (strcmp(mode, "r") != 0 && strcmp(mode, "rb") != 0)
        return luaL_error(L, "io.open: mode '%s' is not allowed without --allow-io (reading only)", mode);
    int base = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushstring(L, mode);
    lua_call(L, 2, LUA_MULTRET);
    return lua_gettop(L) - base;
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

    lua_pushboolean(L, allow_io);
    lua_setfield(L, LUA_REGISTRYINDEX, "appshell.allow_io");

    /* coroutines that keep the stop switch pointed at the running one */
    lua_getglobal(L, "coroutine");
    lua_pushcfunction(L, clua_co_resume);
    lua_setfield(L, -2, "resume");
    lua_pushcfunction(L, clua_co_wrap);
    lua_setfield(L, -2, "wrap");
    lua_pushcfunction(L, clua_co_close);
    lua_setfield(L, -2, "close");
    lua_pop(L, 1);

    /* no bytecode: load, loadfile, dofile and require read text only */
    lua_getglobal(L, "load");
    lua_pushcclosure(L, clua_load_text_only, 1);
    lua_setglobal(L, "load");
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
