/*
 * coroutine.resume, coroutine.wrap and coroutine.close, copied from lcorolib.c of Lua
 * 5.4.4 (the release Debian's liblua5.4 ships; CLUA_LUA_RELEASE, checked at build time in
 * clua.c and against the loaded library by ScriptingTests' CLuaReleaseTests) and changed
 * only to keep the stop switch on the running thread (clua_set_current) and to guard the C
 * stack, which 5.4.4's lua_resetthread does not count (see clua_measure_stack). Upstream
 * names: auxresume, luaB_coresume, auxwrap, luaB_close, luaB_cowrap. Their messages are
 * lcorolib.c's; Tests/Scripts/checks/bridge.sh compares them with lua5.4's.
 *
 * A chunk runs on a coroutine the engine resumes from the state's main thread (so that a
 * stop, an error and its traceback stay on a thread of their own). For the script that
 * thread is the main thread, as lua5.4's main chunk is: coroutine.running says so,
 * coroutine.isyieldable says no, and coroutine.yield raises lua_yieldk's message (upstream:
 * luaB_corunning, luaB_yieldable, luaB_yield). Resuming or closing it fails as resuming or
 * closing lua5.4's main thread does, since it is running or normal whenever Lua code can
 * name it.
 */
#include "clua_internal.h"

/* getco: a thread or "bad argument #1 to 'coroutine.resume' (thread expected, got number)",
   the message lua5.4 5.4.4 gives (Tests/Scripts/checks/bridge.sh compares them). */
static lua_State *clua_getco(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTHREAD);
    return lua_tothread(L, 1);
}

static int clua_auxresume(lua_State *L, lua_State *co, int narg) {
    int status, nres;
    clua_control *c = clua_control_of(L);
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    if (lua_status(co) == LUA_OK && lua_gettop(co) == 0) {
        lua_pushliteral(L, "cannot resume dead coroutine");
        return -1;
    }
    if (!clua_stack_has_room(c)) {
        lua_pushliteral(L, "C stack overflow");
        return -1;
    }
    lua_xmove(L, co, narg);
    clua_set_current(c, co);
    status = lua_resume(co, L, narg, &nres);
    clua_set_current(c, L);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);
    return -1;
}

int clua_co_resume(lua_State *L) {
    lua_State *co = clua_getco(L);
    int r = clua_auxresume(L, co, lua_gettop(L) - 1);
    if (r < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(r + 1));
    return r + 1;
}

static int clua_co_wrap_call(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int r = clua_auxresume(L, co, lua_gettop(L));
    if (r < 0) {
        clua_control *c = clua_control_of(L);
        /* A stopped chunk runs no more Lua code: a coroutine the stop killed has its hooks
           off for good (Lua leaves them off after a hook raises), so its __close handlers
           could not be stopped. */
        if (clua_stopping(c)) return clua_throw_stop(L, 1);
        int stat = lua_status(co);
        if (stat != LUA_OK && stat != LUA_YIELD) {
            if (!clua_stack_has_room(c)) return luaL_error(L, "C stack overflow");
            /* The coroutine's __close handlers run on it: point the stop switch there. */
            clua_set_current(c, co);
            stat = lua_resetthread(co);
            clua_set_current(c, L);
            lua_xmove(co, L, 1);
        }
        if (stat != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return r;
}

/* coroutine.close, keeping the stop switch on the thread whose __close handlers run. */
int clua_co_close(lua_State *L) {
    lua_State *co = clua_getco(L);
    if (co == L) return luaL_error(L, "cannot close a running coroutine");
    lua_Debug ar;
    if (lua_status(co) == LUA_OK && lua_getstack(co, 0, &ar))
        return luaL_error(L, "cannot close a normal coroutine");
    clua_control *c = clua_control_of(L);
    /* After a stop no more Lua code runs (see clua_co_wrap_call); nested closes are
       counted against the C stack (see clua_measure_stack). */
    if (clua_stopping(c)) return clua_throw_stop(L, 1);
    if (!clua_stack_has_room(c)) return luaL_error(L, "C stack overflow");
    clua_set_current(c, co);
    int status = lua_resetthread(co);
    clua_set_current(c, L);
    if (status == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_xmove(co, L, 1);
    return 2;
}

int clua_co_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *NL = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, NL, 1);
    lua_pushcclosure(L, clua_co_wrap_call, 1);
    return 1;
}

/* coroutine.running: the chunk's thread is the main thread. */
int clua_co_running(lua_State *L) {
    int ismain = lua_pushthread(L) || L == clua_control_of(L)->chunk_main;
    lua_pushboolean(L, ismain);
    return 2;
}

/* coroutine.isyieldable([co]): never the chunk's thread. */
int clua_co_isyieldable(lua_State *L) {
    lua_State *co = lua_isnone(L, 1) ? L : clua_getco(L);
    lua_pushboolean(L, co != clua_control_of(L)->chunk_main && lua_isyieldable(co));
    return 1;
}

/* coroutine.yield(...): from the chunk's thread, the error lua5.4 raises on its main
   thread (lua_yieldk's message, without a position, as luaG_runerror gives it in a C
   function). */
int clua_co_yield(lua_State *L) {
    if (L == clua_control_of(L)->chunk_main) {
        lua_pushliteral(L, "attempt to yield from outside a coroutine");
        return lua_error(L);
    }
    return lua_yield(L, lua_gettop(L));
}
