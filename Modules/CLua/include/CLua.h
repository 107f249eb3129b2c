#ifndef CLUA_H
#define CLUA_H
/*
 * The C side of the Lua bridge: Lua 5.4's own headers, the control block every thread of a
 * state shares, and the shim's functions. Declared here, defined in clua.c (the control
 * block, memory, the stop switch, the trampoline), corolib.c (the coroutine functions
 * copied from Lua's lcorolib.c) and sandbox.c (the libraries and the loading rules).
 *
 * Rules this target exists to keep:
 *  - No Lua error ever longjmps across a Swift frame. Swift functions that Lua can call
 *    run inside the trampoline; they return a count or CLUA_RAISE, and only the
 *    trampoline (C) calls lua_error, after Swift has returned.
 *  - Everything that may raise while the state is being set up (opening libraries,
 *    installing the sandbox, describing an error) runs in C under lua_pcall.
 *  - No per-state data lives in static variables: it hangs off the allocator's ud
 *    (clua_control), which every thread of a state shares. The one static, the Ctrl-C
 *    pipe, is in clua.c: a process has one terminal.
 *  - The stop hook (timeout, Ctrl-C) is armed only on demand, never permanently.
 *
 * Only functions without state stay inline here (wrappers of macros Swift cannot import,
 * and the reads the dispatcher makes on every call).
 *
 * Debian's liblua5.4-dev puts the headers in /usr/include/lua5.4, which only pkg-config
 * names; a C target cannot ask pkg-config, so they are named by their folder (lua.h finds
 * luaconf.h beside itself).
 */
#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>
#include <stddef.h>
#include <pthread.h>
#include <poll.h>

/// The Lua release the shim is written for: the coroutine functions in corolib.c follow
/// lcorolib.c of this release, and clua.c refuses to build against another one.
#define CLUA_LUA_RELEASE "5.4.4"
#define CLUA_LUA_RELEASE_NUM 50404

/// Returned by a Swift dispatcher: the error value is on top of the stack; raise it.
#define CLUA_RAISE (-1)

/// Stop reasons for clua_request_stop.
#define CLUA_STOP_NONE 0
#define CLUA_STOP_TIMEOUT 1
#define CLUA_STOP_INTERRUPT 2

/// Per-state control block: memory accounting and the stop switch. Owned by Swift,
/// reached from any thread of the state through the allocator's ud.
typedef struct clua_control {
    size_t used;           /* bytes currently allocated by Lua */
    size_t peak;           /* the most ever allocated */
    size_t limit;          /* cap while Lua code runs; 0 means none */
    int in_host;           /* 1 while Swift runs: count but never refuse */
    int over_limit;        /* set when an allocation passed the cap while in_host */
    int stop_reason;       /* CLUA_STOP_*; written under lock, read atomically by the hook */
    long run_id;           /* generation of the running chunk, under lock */
    lua_State *current;    /* the running thread, under lock */
    void *host;            /* the Swift engine (unretained) */
    int interrupts;        /* SIGINTs received, atomically */
    int exit_when_idle;    /* 1: a Ctrl-C while no chunk runs ends the process */
    int hook_runner;       /* registry ref of the Lua function running app.on hooks */
    int hooks_pending;     /* 1: the dispatcher left a list of events above its results */
    int in_hooks;          /* 1 while hooks run: their own events fire nothing */
    int host_in_finalizer; /* 1 while Swift runs a call made from a __gc finalizer */
    lua_State *main;       /* the main thread, to ask whether a finalizer is running */
    lua_State *chunk_main; /* the thread the chunk runs on, which coroutine.* treats as the main thread */
    pthread_t runner;      /* the thread running the chunk: woken from blocking calls */
    char *stack_floor;     /* nested resumes and closes stop above this C stack address */
    pthread_t stack_thread;/* the thread stack_floor was measured on */
    int stack_known;       /* 1 once stack_floor is measured */
    char stop_where[96];   /* "file:line:" where the stop first hit the chunk */
    char stop_message[160];
    pthread_mutex_t lock;  /* orders stop requests against run starts, ends and resumes */
} clua_control;

/// Prepares a control block (its lock) and the wake-up signal's handler; call once before use.
void clua_control_init(clua_control *c);

/// Releases a control block's lock.
void clua_control_destroy(clua_control *c);

/// Makes `L` the thread that coroutine.running, coroutine.isyieldable and coroutine.yield
/// treat as the main thread (a chunk runs on a coroutine of the engine's, resumed from the
/// state's main thread); returns the previous one, for a nested run to put back.
static inline lua_State *clua_swap_chunk_main(clua_control *c, lua_State *L) {
    lua_State *previous = c->chunk_main;
    c->chunk_main = L;
    return previous;
}

/* ---- small wrappers for macros Swift cannot import ---- */

static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void clua_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }
static inline void clua_newtable(lua_State *L) { lua_createtable(L, 0, 0); }
static inline int clua_isinteger(lua_State *L, int i) { return lua_isinteger(L, i); }
static inline int clua_gc_collect(lua_State *L) { return lua_gc(L, LUA_GCCOLLECT, 0); }
static inline int clua_gc_count_kb(lua_State *L) { return lua_gc(L, LUA_GCCOUNT, 0); }
static inline int clua_ridx_globals(void) { return LUA_RIDX_GLOBALS; }
static inline int clua_load_text(lua_State *L, const char *buffer, size_t size, const char *name) {
    return luaL_loadbufferx(L, buffer, size, name, "t");
}
/* Bytecode the build compiled from the shell's own chunks (Plugins/CompileLua), never
 * anything a script or a file hands in (a script's own binary chunks load only with --allow-io). */
static inline int clua_load_host_bytecode(lua_State *L, const unsigned char *bytes, size_t size, const char *name) {
    return luaL_loadbufferx(L, (const char *)bytes, size, name, "b");
}

static inline clua_control *clua_control_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (clua_control *)ud;
}

/// The release the shim follows (CLUA_LUA_RELEASE), the release of the headers it was
/// built with (LUA_RELEASE, "Lua 5.4.4"), and the identification string of the Lua library
/// loaded at run time (lua_ident: "$LuaVersion: Lua 5.4.4 ..."), for the test that they agree.
const char *clua_shim_release(void);
const char *clua_header_release(void);
const char *clua_library_ident(void);

/* ---- memory ---- */

/// Creates a state whose allocator accounts into `control`.
lua_State *clua_newstate(clua_control *control);

/* ---- the stop switch (timeouts and Ctrl-C) ---- */

/// Whether a stop is requested for the running chunk.
static inline int clua_stopping(clua_control *c) {
    return __atomic_load_n(&c->stop_reason, __ATOMIC_SEQ_CST) != CLUA_STOP_NONE;
}

/// Wakes the running chunk's thread again if run `run_id` still runs and is stopping (a
/// blocking call entered just after the first wake-up); returns whether it still runs.
int clua_wake_if_running(clua_control *c, long run_id);

/// Stores in `*thread` the thread running run `run_id`; returns whether that run runs.
int clua_runner_of(clua_control *c, long run_id, pthread_t *thread);

/// Asks the running chunk `run_id` to stop (the watchdog); callable from any thread.
void clua_request_stop(clua_control *c, long run_id, int reason, const char *message);

/// Ctrl-C from the watcher thread: stops the running chunk; when none runs, ends the
/// process if `exit_when_idle` (a script), else does nothing (the REPL's prompt).
/// Returns the id of the run it stopped, 0 when none ran, or minus that id when the run
/// was already stopping (a second Ctrl-C).
long clua_request_stop_current(clua_control *c, int reason, const char *message);

/// Ends the process now from any thread (the backstop): flushes standard output if no
/// other thread holds it, writes `message` to standard error and calls _exit, so nothing
/// else of the process runs (no atexit handlers, no buffered events stored).
void clua_exit_now(const char *message, int code);

/// Makes `L` the running thread (arming it when a stop is already requested).
void clua_set_current(clua_control *c, lua_State *L);

/// Sends Ctrl-C to `c`'s state; returns the pipe's read end for the watcher (-1 on failure).
int clua_install_sigint(clua_control *c, int exit_when_idle);

/// Stops sending SIGINT to `c` (its state is closing).
void clua_forget_sigint(clua_control *c);

/// How many SIGINTs the handler has seen.
static inline int clua_interrupt_count(clua_control *c) {
    return __atomic_load_n(&c->interrupts, __ATOMIC_SEQ_CST);
}

/// Where the stop first hit the chunk ("file:line:", or empty), then its message.
static inline const char *clua_stop_where(clua_control *c) { return c->stop_where; }
static inline const char *clua_stop_message(clua_control *c) { return c->stop_message; }

/// The stop reason of the current run (CLUA_STOP_*).
static inline int clua_stop_reason(clua_control *c) {
    return __atomic_load_n(&c->stop_reason, __ATOMIC_SEQ_CST);
}

/// The sentinel a dispatcher returns to raise the error value on top of the stack.
static inline int clua_raise(void) { return CLUA_RAISE; }

/// The Swift engine behind a state.
static inline void *clua_host(lua_State *L) { return clua_control_of(L)->host; }

/* ---- runs ---- */

/// Starts a new run on thread `co`: clears any stop, enforces the memory cap.
long clua_begin_run(clua_control *c, lua_State *co);

/// Whether run `run_id` is still running (the backstop's question).
int clua_run_is_running(clua_control *c, long run_id);

/// Starts closing the state as a run on its main thread (so that the deadline, Ctrl-C and
/// the memory cap hold for the finalizers lua_close runs); returns the run id.
long clua_begin_close(clua_control *c, lua_State *L);

/// Ends the closing run after lua_close (the state is gone: nothing of it is touched).
void clua_end_close(clua_control *c);

/// Ends a run: no stop can reach it any more; disarms the hooks of `co` and of `main`
/// (which the clean-up after an error may have used) and returns to host accounting.
void clua_end_run(clua_control *c, lua_State *co, lua_State *main);

/* ---- app.loop: callbacks as runs of their own, and waiting ---- */

/// Starts a callback of app.loop on thread `co` as a run of its own, inside the run that
/// called the loop (its deadline, Ctrl-C and memory cap are the callback's). Returns 0 and
/// starts nothing when a stop was requested for the calling run (Ctrl-C came): the loop
/// then ends.
long clua_begin_callback(clua_control *c, lua_State *co);

/// Ends the running callback (if `co`) and makes `outer`, the thread that called app.loop,
/// the running thread again as a new run: a stop the loop took (Ctrl-C ending it) is
/// cleared, and neither the callback's late watchdog nor a backstop watching the old run
/// can reach it. Disarms the hooks of both; returns the new run id.
long clua_resume_outer(clua_control *c, lua_State *co, lua_State *outer);

/// Waits until one of `fds` is ready, `timeout_ns` passes (-1: no limit), or the wake-up
/// signal comes (a stop). Race-free against a stop: returns -2 at once when one is already
/// requested. Returns poll's count (0 for a timeout or a wake-up), or -1 with errno.
int clua_wait(clua_control *c, struct pollfd *fds, int count, long long timeout_ns);

/// A new eventfd (non-blocking, close-on-exec) that wakes clua_wait when written; -1 on failure.
int clua_new_eventfd(void);

/* ---- the trampoline: the only door from Lua into Swift ---- */

typedef int (*clua_dispatch_fn)(lua_State *L);

/// Pushes a Lua function that calls `dispatch` with function number `index` as upvalue 2.
void clua_push_bound(lua_State *L, clua_dispatch_fn dispatch, lua_Integer index);

/// The function number of the running bound function (upvalue 2).
static inline lua_Integer clua_bound_index(lua_State *L) {
    return lua_tointegerx(L, lua_upvalueindex(2), NULL);
}

/* ---- the libraries and the sandbox (sandbox.c) ---- */

/// Opens the libraries under lua_pcall, with `module_path` as require's path; returns a
/// Lua status.
int clua_open_sandboxed(lua_State *L, int allow_io, const char *module_path);

/// Writes `size` bytes to standard output and flushes it, as Lua's print does
/// (lua_writestring, lua_writeline): the engine's default output shares print's stream.
void clua_write_stdout(const char *text, size_t size);

/* ---- describing an uncaught error, protected ---- */

/// Replaces the error value on top of L with its message and co's traceback (2 strings).
/// Returns a Lua status; on failure, one string is left instead.
int clua_describe_error(lua_State *L, int error_index, lua_State *co, int with_traceback);

/// Pushes tostring(value at index) computed under pcall; returns a Lua status.
int clua_tostring(lua_State *L, int index);

#endif
