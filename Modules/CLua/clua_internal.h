#ifndef CLUA_INTERNAL_H
#define CLUA_INTERNAL_H
/* What the .c files of CLua share and Swift does not see. */
#include "CLua.h"

/// No single block is ever this large; the stop hook asks for one to raise an error that
/// skips message handlers (see clua_throw_stop).
#define CLUA_ALLOC_MAX ((size_t)1 << 60)

/// Raises the stop of the running chunk (clua.c); `level` as for luaL_where.
int clua_throw_stop(lua_State *L, int level);

/// Whether the C stack has room for one more nested resume or close (clua.c).
int clua_stack_has_room(clua_control *c);

/// coroutine.resume, coroutine.wrap and coroutine.close that keep the stop switch on the
/// running thread (corolib.c).
int clua_co_resume(lua_State *L);
int clua_co_wrap(lua_State *L);
int clua_co_close(lua_State *L);

/// coroutine.running, coroutine.isyieldable and coroutine.yield that treat the thread the
/// chunk runs on as the main thread, as lua5.4's main chunk is (corolib.c).
int clua_co_running(lua_State *L);
int clua_co_isyieldable(lua_State *L);
int clua_co_yield(lua_State *L);

/// Pushes the traceback of `co`, naming routes as `habits.complete` (sandbox.c).
void clua_traceback_named(lua_State *L, lua_State *co);

#endif
