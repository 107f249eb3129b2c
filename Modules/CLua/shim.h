#ifndef CLUA_SHIM_H
#define CLUA_SHIM_H
/*
 * The C side of the Lua bridge (see shared/lua-bridge.md).
 *
 * Rules this file exists to keep:
 *  - No Lua error ever longjmps across a Swift frame. Swift functions that Lua can call
 *    run inside clua_trampoline; they return a count or CLUA_RAISE, and only the
 *    trampoline (C) calls lua_error, after Swift has returned.
 *  - Everything that may raise while the state is being set up (opening libraries,
 *    installing the sandbox, describing an error) runs here in C under lua_pcall.
 *  - No state lives in static variables: per-state data hangs off the allocator's ud
 *    (clua_control), which every thread of a state shares.
 *  - The stop hook (timeout, Ctrl-C) is armed only on demand, never permanently.
 */
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <signal.h>
#include <pthread.h>
#include <unistd.h>
#include <fcntl.h>
#include "sandbox.h"
#include <sys/resource.h>

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
    pthread_t runner;      /* the thread running the chunk: woken from blocking calls */
    char *stack_floor;     /* nested resumes and closes stop above this C stack address */
    pthread_t stack_thread;/* the thread stack_floor was measured on */
    int stack_known;       /* 1 once stack_floor is measured */
    char stop_where[96];   /* "file:line:" where the stop first hit the chunk */
    char stop_message[160];
    pthread_mutex_t lock;  /* orders stop requests against run starts, ends and resumes */
} clua_control;

static void clua_on_wake(int signo) { (void)signo; }

/// The signal that wakes the chunk's thread from a blocking call (a read from a FIFO)
/// once it is stopped: its handler does nothing and is installed without SA_RESTART, so
/// the call fails with EINTR and the armed hook stops the chunk right after.
#define CLUA_WAKE_SIGNAL SIGURG

/// Prepares a control block (its lock); call once before use.
static inline void clua_control_init(clua_control *c) {
    pthread_mutex_init(&c->lock, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = clua_on_wake;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; /* no SA_RESTART: a blocking call returns EINTR */
    sigaction(CLUA_WAKE_SIGNAL, &action, NULL);
}

/// Releases a control block's lock.
static inline void clua_control_destroy(clua_control *c) { pthread_mutex_destroy(&c->lock); }

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

static inline clua_control *clua_control_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (clua_control *)ud;
}

/* ---- memory ---- */

/// No single block is ever this large; the stop hook asks for one to raise an error that
/// skips message handlers (see clua_throw_stop).
#define CLUA_ALLOC_MAX ((size_t)1 << 60)

/// Whether a __gc finalizer is running on `c`'s state (lua_gc answers -1 then, and while
/// lua_close runs them).
static inline int clua_in_finalizer(clua_control *c) {
    return c->main != NULL && lua_gc(c->main, LUA_GCISRUNNING, 0) < 0;
}

static inline void *clua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    clua_control *c = (clua_control *)ud;
    size_t old = ptr ? osize : 0; /* when ptr is NULL, osize is a type tag */
    if (nsize == 0) {
        free(ptr);
        c->used -= old;
        return NULL;
    }
    if (nsize > old && nsize > CLUA_ALLOC_MAX) return NULL;
    if (nsize > old && c->limit != 0 && c->used - old + nsize > c->limit) {
        if (!c->in_host) return NULL; /* Lua raises "not enough memory" itself */
        /* While Swift runs, its own pushes must never fail (the error would longjmp over
           Swift frames): count them, and the trampoline raises after Swift returns. But a
           finalizer that a push set off is Lua code: hold it to the cap (its error stays
           inside the finalizer), unless it is Swift that the finalizer itself called. */
        if (!c->host_in_finalizer && clua_in_finalizer(c)) return NULL;
        c->over_limit = 1;
    }
    void *block = realloc(ptr, nsize);
    if (block == NULL) return NULL;    /* a shrink never fails with glibc */
    c->used = c->used - old + nsize;
    if (c->used > c->peak) c->peak = c->used;
    return block;
}

static inline int clua_panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "app-shell: unprotected Lua error: %s\n", message ? message : "?");
    fflush(stderr);
    return 0; /* Lua aborts */
}

/// Creates a state whose allocator accounts into `control`.
static inline lua_State *clua_newstate(clua_control *control) {
    control->in_host = 1;
    lua_State *L = lua_newstate(clua_alloc, control);
    if (L) lua_atpanic(L, clua_panic);
    control->main = L;
    return L;
}

/* ---- the stop switch (timeouts and Ctrl-C) ---- */

/* Raises the stop as a memory error: Lua calls no message handler for those (manual,
   lua_pcall), so a looping xpcall handler cannot hold the chunk. Where the chunk was is
   kept in the control block (`level` as for luaL_where); the engine reports
   where .. stop_message, and a pcall inside the script sees "not enough memory" for the
   one instruction it still runs. */
static inline int clua_throw_stop(lua_State *L, int level) {
    clua_control *c = clua_control_of(L);
    if (c->stop_where[0] == '\0') {
        luaL_where(L, level);
        const char *where = lua_tostring(L, -1);
        if (where) {
            strncpy(c->stop_where, where, sizeof c->stop_where - 1);
            c->stop_where[sizeof c->stop_where - 1] = '\0';
        }
        lua_pop(L, 1);
    }
    lua_newuserdatauv(L, CLUA_ALLOC_MAX * 2, 0); /* refused: raises LUA_ERRMEM */
    return lua_error(L);                          /* not reached */
}

static inline void clua_stop_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    clua_control *c = clua_control_of(L);
    if (__atomic_load_n(&c->stop_reason, __ATOMIC_SEQ_CST) == CLUA_STOP_NONE) {
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    /* Re-arm before raising, so that pcall cannot swallow the stop. Inside a hook, level
       0 is the function that was running: name its line. */
    lua_sethook(L, clua_stop_hook, LUA_MASKLINE | LUA_MASKCOUNT, 1);
    clua_throw_stop(L, 0);
}

/// Whether a stop is requested for the running chunk.
static inline int clua_stopping(clua_control *c) {
    return __atomic_load_n(&c->stop_reason, __ATOMIC_SEQ_CST) != CLUA_STOP_NONE;
}

static inline void clua_arm(lua_State *co) {
    if (co) lua_sethook(co, clua_stop_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

/* Every change of run_id, stop_reason and current, and every arming, happens under
   c->lock, so a late watchdog cannot stop the next chunk, and the thread it arms is the
   one running at that moment (never a finished, collected coroutine). The signal
   handler takes no lock: it writes a byte to a pipe, and a watcher thread does the rest. */

static inline void clua_request_stop_locked(clua_control *c, int reason, const char *message) {
    if (c->stop_reason != CLUA_STOP_NONE) return;
    strncpy(c->stop_message, message, sizeof c->stop_message - 1);
    c->stop_message[sizeof c->stop_message - 1] = '\0';
    __atomic_store_n(&c->stop_reason, reason, __ATOMIC_SEQ_CST);
    clua_arm(c->current);
    pthread_kill(c->runner, CLUA_WAKE_SIGNAL);
}

/// Wakes the running chunk's thread again if run `run_id` still runs and is stopping (a
/// blocking call entered just after the first wake-up); returns whether it still runs.
static inline int clua_wake_if_running(clua_control *c, long run_id) {
    pthread_mutex_lock(&c->lock);
    int running = c->run_id == run_id && c->current != NULL;
    if (running && clua_stopping(c)) pthread_kill(c->runner, CLUA_WAKE_SIGNAL);
    pthread_mutex_unlock(&c->lock);
    return running;
}

/// Asks the running chunk `run_id` to stop (the watchdog); callable from any thread.
static inline void clua_request_stop(clua_control *c, long run_id, int reason, const char *message) {
    pthread_mutex_lock(&c->lock);
    if (c->run_id == run_id && c->current != NULL) clua_request_stop_locked(c, reason, message);
    pthread_mutex_unlock(&c->lock);
}

/// Ctrl-C from the watcher thread: stops the running chunk; when none runs, ends the
/// process if `exit_when_idle` (a script), else does nothing (the REPL's prompt).
/// Returns the id of the run it stopped, 0 when none ran, or minus that id when the run
/// was already stopping (a second Ctrl-C).
static inline long clua_request_stop_current(clua_control *c, int reason, const char *message) {
    pthread_mutex_lock(&c->lock);
    int idle = c->current == NULL;
    long run = idle ? 0 : (clua_stopping(c) ? -c->run_id : c->run_id);
    if (!idle) clua_request_stop_locked(c, reason, message);
    pthread_mutex_unlock(&c->lock);
    if (idle && c->exit_when_idle && reason == CLUA_STOP_INTERRUPT) {
        signal(SIGINT, SIG_DFL);
        raise(SIGINT);
    }
    return run;
}

/// Ends the process now from any thread (the backstop): flushes standard output if no
/// other thread holds it, writes `message` to standard error and calls _exit, so nothing
/// else of the process runs (no atexit handlers, no buffered events stored).
static inline void clua_exit_now(const char *message, int code) {
    if (ftrylockfile(stdout) == 0) {
        fflush_unlocked(stdout);
        funlockfile(stdout);
    }
    size_t length = strlen(message), offset = 0;
    while (offset < length) {
        ssize_t written = write(2, message + offset, length - offset);
        if (written <= 0) break;
        offset += (size_t)written;
    }
    _exit(code);
}

/// Makes `L` the running thread (arming it when a stop is already requested).
static inline void clua_set_current(clua_control *c, lua_State *L) {
    pthread_mutex_lock(&c->lock);
    c->current = L;
    if (L && c->stop_reason != CLUA_STOP_NONE) clua_arm(L);
    pthread_mutex_unlock(&c->lock);
}

/* Ctrl-C, with the self-pipe trick: the handler only counts and writes a byte (both
   async-signal-safe); the engine's watcher reads the pipe and requests the stop. A real
   handler, not SIG_IGN plus a dispatch source: with SIGINT ignored the kernel drops the
   signal before any signalfd sees it. The pipe is the one static here: a process has one
   terminal, and only the Scripting module includes this header. */
static int clua_sigint_pipe[2] = {-1, -1};
static clua_control *volatile clua_sigint_target = NULL;

static void clua_on_sigint(int signo) {
    (void)signo;
    clua_control *c = clua_sigint_target;
    if (c) __atomic_add_fetch(&c->interrupts, 1, __ATOMIC_SEQ_CST);
    if (clua_sigint_pipe[1] >= 0) {
        ssize_t ignored = write(clua_sigint_pipe[1], "i", 1);
        (void)ignored;
    }
}

/// Sends Ctrl-C to `c`'s state; returns the pipe's read end for the watcher (-1 on failure).
static inline int clua_install_sigint(clua_control *c, int exit_when_idle) {
    c->exit_when_idle = exit_when_idle;
    if (clua_sigint_pipe[0] < 0) {
        int fds[2];
        if (pipe(fds) != 0) return -1;
        fcntl(fds[0], F_SETFD, FD_CLOEXEC);
        fcntl(fds[1], F_SETFD, FD_CLOEXEC);
        fcntl(fds[1], F_SETFL, O_NONBLOCK);
        clua_sigint_pipe[0] = fds[0];
        clua_sigint_pipe[1] = fds[1];
    }
    clua_sigint_target = c;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = clua_on_sigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    return clua_sigint_pipe[0];
}

/// Stops sending SIGINT to `c` (its state is closing).
static inline void clua_forget_sigint(clua_control *c) {
    if (clua_sigint_target == c) clua_sigint_target = NULL;
}

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

/* ---- the C stack: nested resumes and closes ---- */

/* Lua 5.4.4's lua_resetthread starts the closed thread's C-call count afresh, so __close
   handlers that close other coroutines nest without limit until the C stack ends (5.4.6's
   lua_closethread fixed it). The shims that resume and close measure the stack instead:
   below a floor a reserve above the end, they raise "C stack overflow". */
#define CLUA_STACK_RESERVE ((size_t)1 << 20)
#define CLUA_STACK_ASSUMED ((size_t)8 << 20)

/* Measures the running thread's stack, once per thread. */
static inline void clua_measure_stack(clua_control *c) {
    pthread_t self = pthread_self();
    if (c->stack_known && pthread_equal(self, c->stack_thread)) return;
    char here = 0;
    char *top = &here;
    size_t size = CLUA_STACK_ASSUMED;
    char *low = NULL;
    pthread_attr_t attr;
    if (getpid() == gettid()) {
        /* The main thread: its stack may grow to RLIMIT_STACK below roughly here (asking
           pthread_getattr_np would read /proc/self/maps, 0.1 ms of start-up). */
        struct rlimit limit;
        if (getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) size = limit.rlim_cur;
    } else if (pthread_getattr_np(self, &attr) == 0) {
        void *address = NULL;
        size_t reported = 0;
        if (pthread_attr_getstack(&attr, &address, &reported) == 0 && reported > 0) {
            low = (char *)address;
            size = reported;
        }
        pthread_attr_destroy(&attr);
    }
    /* An unlimited stack (ulimit -s unlimited) reports a size it may not get: assume 8 MB. */
    if (size > CLUA_STACK_ASSUMED || low == NULL || low > top) low = top - (size > CLUA_STACK_ASSUMED ? CLUA_STACK_ASSUMED : size);
    size_t reserve = size >= 4 * CLUA_STACK_RESERVE ? CLUA_STACK_RESERVE : size / 2;
    c->stack_floor = low + reserve;
    c->stack_thread = self;
    c->stack_known = 1;
}

/* Whether the C stack has room for one more nested resume or close. */
static inline int clua_stack_has_room(clua_control *c) {
    char here = 0;
    return c->stack_floor == NULL || &here > c->stack_floor;
}

/// Starts a new run on thread `co`: clears any stop, enforces the memory cap.
static inline long clua_begin_run(clua_control *c, lua_State *co) {
    clua_measure_stack(c);
    pthread_mutex_lock(&c->lock);
    __atomic_store_n(&c->stop_reason, CLUA_STOP_NONE, __ATOMIC_SEQ_CST);
    c->current = co;
    c->runner = pthread_self();
    c->stop_where[0] = '\0';
    long id = ++c->run_id;
    pthread_mutex_unlock(&c->lock);
    c->over_limit = 0;
    c->in_host = 0;
    return id;
}

/// Whether run `run_id` is still running (the backstop's question).
static inline int clua_run_is_running(clua_control *c, long run_id) {
    pthread_mutex_lock(&c->lock);
    int running = c->run_id == run_id && c->current != NULL;
    pthread_mutex_unlock(&c->lock);
    return running;
}

/// Starts closing the state as a run on its main thread (so that the deadline, Ctrl-C and
/// the memory cap hold for the finalizers lua_close runs); returns the run id.
static inline long clua_begin_close(clua_control *c, lua_State *L) { return clua_begin_run(c, L); }

/// Ends the closing run after lua_close (the state is gone: nothing of it is touched).
static inline void clua_end_close(clua_control *c) {
    pthread_mutex_lock(&c->lock);
    c->run_id++;
    __atomic_store_n(&c->stop_reason, CLUA_STOP_NONE, __ATOMIC_SEQ_CST);
    c->current = NULL;
    c->main = NULL;
    pthread_mutex_unlock(&c->lock);
    c->in_host = 1;
}


/// Ends a run: no stop can reach it any more; disarms the hooks of `co` and of `main`
/// (which the clean-up after an error may have used) and returns to host accounting.
static inline void clua_end_run(clua_control *c, lua_State *co, lua_State *main) {
    pthread_mutex_lock(&c->lock);
    c->run_id++;
    __atomic_store_n(&c->stop_reason, CLUA_STOP_NONE, __ATOMIC_SEQ_CST);
    c->current = NULL;
    pthread_mutex_unlock(&c->lock);
    lua_sethook(co, NULL, 0, 0);
    lua_sethook(main, NULL, 0, 0);
    c->in_host = 1;
}

/* ---- the trampoline: the only door from Lua into Swift ---- */

typedef int (*clua_dispatch_fn)(lua_State *L);

static inline int clua_trampoline(lua_State *L) {
    clua_dispatch_fn dispatch = (clua_dispatch_fn)lua_tocfunction(L, lua_upvalueindex(1));
    clua_control *c = clua_control_of(L);
    int was_host = c->in_host;
    int was_in_finalizer = c->host_in_finalizer;
    c->in_host = 1;
    c->host_in_finalizer = clua_in_finalizer(c);
    int results = dispatch(L);
    c->in_host = was_host;
    c->host_in_finalizer = was_in_finalizer;
    if (c->hooks_pending) {
        /* app.on hooks, over the events this call made: above the results (or the error),
           run protected, in C, after Swift has returned. A hook's own error is reported by
           the runner and never undoes the call. */
        c->hooks_pending = 0;
        c->in_hooks = 1;
        lua_rawgeti(L, LUA_REGISTRYINDEX, c->hook_runner);
        lua_insert(L, -2);
        if (lua_pcall(L, 1, 0, 0) != LUA_OK) lua_pop(L, 1);
        c->in_hooks = 0;
    }
    if (c->over_limit && !was_host) {
        c->over_limit = 0;
        lua_pushliteral(L, "not enough memory");
        return lua_error(L);
    }
    /* A stop that came while Swift ran (a long conversion gives up on it) ends the chunk
       here, before Lua code runs again. */
    if (clua_stopping(c)) return clua_throw_stop(L, 1);
    if (results == CLUA_RAISE) {
        if (lua_type(L, -1) == LUA_TTABLE) {
            lua_pushliteral(L, "where");
            luaL_where(L, 1);
            lua_rawset(L, -3);
        }
        return lua_error(L);
    }
    return results;
}

/// Pushes a Lua function that calls `dispatch` with function number `index` as upvalue 2.
static inline void clua_push_bound(lua_State *L, clua_dispatch_fn dispatch, lua_Integer index) {
    lua_pushcfunction(L, (lua_CFunction)dispatch);
    lua_pushinteger(L, index);
    lua_pushcclosure(L, clua_trampoline, 2);
}

/// The function number of the running bound function (upvalue 2).
static inline lua_Integer clua_bound_index(lua_State *L) {
    return lua_tointegerx(L, lua_upvalueindex(2), NULL);
}

/* ---- coroutines that keep `current` up to date (from lcorolib.c) ---- */

static inline int clua_auxresume(lua_State *L, lua_State *co, int narg) {
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

static inline int clua_co_resume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
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

static inline int clua_co_wrap_call(lua_State *L) {
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
static inline int clua_co_close(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
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

static inline int clua_co_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *NL = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, NL, 1);
    lua_pushcclosure(L, clua_co_wrap_call, 1);
    return 1;
}

/* ---- the sandbox ---- */

/* io.open that refuses every mode but reading. Upvalue 1: the real io.open. */
static inline int clua_io_open_readonly(lua_State *L) {
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

static inline int clua_forbidden(lua_State *L) {
    return luaL_error(L, "%s is not allowed in the sandbox (run app-shell with --allow-io)",
                      lua_tostring(L, lua_upvalueindex(1)));
}

static inline void clua_forbid(lua_State *L, int table, const char *field, const char *name) {
    table = lua_absindex(L, table);
    lua_pushstring(L, name);
    lua_pushcclosure(L, clua_forbidden, 1);
    lua_setfield(L, table, field);
}

/* load(chunk [, name [, mode [, env]]]) with binary chunks refused. Upvalue 1: the real load. */
static inline int clua_load_text_only(lua_State *L) {
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
static inline int clua_collectgarbage(lua_State *L) {
    const char *option = luaL_optstring(L, 1, "collect");
    if (strcmp(option, "collect") != 0 && strcmp(option, "count") != 0 && strcmp(option, "step") != 0)
        return luaL_error(L, "collectgarbage('%s') is not allowed in the sandbox", option);
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, n, LUA_MULTRET);
    return lua_gettop(L);
}

static inline void clua_keep_only(lua_State *L, const char *library, const char *const *keep) {
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
static inline int clua_open_libraries(lua_State *L) {
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
static inline int clua_open_sandboxed(lua_State *L, int allow_io, const char *module_path) {
    lua_pushcfunction(L, clua_open_libraries);
    lua_pushboolean(L, allow_io);
    lua_pushstring(L, module_path);
    return lua_pcallk(L, 2, 0, 0, 0, NULL);
}

/* ---- describing an uncaught error, protected ---- */

static inline int clua_describe(lua_State *L) {
    lua_State *co = lua_tothread(L, 2);
    int with_traceback = lua_toboolean(L, 3);
    luaL_tolstring(L, 1, NULL);
    if (with_traceback && co) clua_traceback_named(L, co);
    else lua_pushliteral(L, "");
    return 2;
}

/// Replaces the error value on top of L with its message and co's traceback (2 strings).
/// Returns a Lua status; on failure, one string is left instead.
static inline int clua_describe_error(lua_State *L, int error_index, lua_State *co, int with_traceback) {
    error_index = lua_absindex(L, error_index);
    lua_pushcfunction(L, clua_describe);
    lua_pushvalue(L, error_index);
    if (co) lua_pushthread(co), lua_xmove(co, L, 1);
    else lua_pushnil(L);
    lua_pushboolean(L, with_traceback);
    return lua_pcallk(L, 3, 2, 0, 0, NULL);
}

/* A protected tostring for values Swift must print (runs __tostring). */
static inline int clua_tostring_protected(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

/// Pushes tostring(value at index) computed under pcall; returns a Lua status.
static inline int clua_tostring(lua_State *L, int index) {
    index = lua_absindex(L, index);
    lua_pushcfunction(L, clua_tostring_protected);
    lua_pushvalue(L, index);
    return lua_pcallk(L, 1, 1, 0, 0, NULL);
}

#endif
