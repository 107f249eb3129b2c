#ifndef CLUA_SANDBOX_H
#define CLUA_SANDBOX_H
/*
 * Where Lua code may be loaded from (included by shim.h; README.md, "The sandbox", says
 * the same to users).
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
#include <lua.h>
#include <lauxlib.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static inline int clua_allow_io(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, "appshell.allow_io");
    int allow = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return allow;
}

/* Is `resolved` (a real path) inside `root` (a real path)? */
static inline int clua_inside(const char *resolved, const char *root, size_t n) {
    if (n == 0 || strncmp(resolved, root, n) != 0) return 0;
    return resolved[n] == '/' || resolved[n] == '\0' || root[n - 1] == '/';
}

/* May code be loaded from `path`? 1 yes, 0 no, -1 the file cannot be resolved. */
static inline int clua_code_path_allowed(lua_State *L, const char *path) {
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
static inline void clua_push_outside(lua_State *L, const char *function, const char *path) {
    lua_pushfstring(L,
                    "%s: %s is outside the folders code may be loaded from (the script's folder and the "
                    "configuration folder; run app-shell with --allow-io)",
                    function, path);
}

/* loadfile([path [, mode [, env]]]): text chunks only; by default inside the allowed folders. */
static inline int clua_loadfile(lua_State *L) {
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

static inline int clua_dofile_continue(lua_State *L, int status, lua_KContext ctx) {
    (void)status;
    (void)ctx;
    return lua_gettop(L) - 1;
}

/* dofile([path]): as loadfile, then runs the chunk (yieldable, as in lua5.4). */
static inline int clua_dofile(lua_State *L) {
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
static inline int clua_searcher_lua(lua_State *L) {
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
static inline void clua_install_loading(lua_State *L, int allow_io, const char *fixed_path) {
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
   tables are kept out of package.loaded (it holds their read-only proxies), so while the
   traceback is written, the registry's loaded table is a copy with the real module
   tables from "appshell.names" added. */
static inline int clua_traceback_inner(lua_State *L) {
    luaL_traceback(L, lua_tothread(L, 1), NULL, 0);
    return 1;
}

/// Pushes the traceback of `co`, naming routes as `habits.complete`. May raise (memory);
/// the registry's loaded table is put back in every case.
static inline void clua_traceback_named(lua_State *L, lua_State *co) {
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

#endif
