/*
 * The control block, the allocator, the stop switch, Ctrl-C, the C-stack guard and the
 * trampoline (declared in include/CLua.h).
 */
#define _GNU_SOURCE
#include "clua_internal.h"
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#if LUA_VERSION_RELEASE_NUM != CLUA_LUA_RELEASE_NUM
#error "CLua follows Lua 5.4.4 (corolib.c copies its lcorolib.c); check corolib.c against this release"
#endif

const char *clua_shim_release(void) { return CLUA_LUA_RELEASE; }
const char *clua_header_release(void) { return LUA_RELEASE; }
const char *clua_library_ident(void) { return lua_ident; }

static void clua_on_wake(int signo) { (void)signo; }

/// The signal that wakes the chunk's thread from a blocking call (a read from a FIFO)
/// once it is stopped: its handler does nothing and is installed without SA_RESTART, so
/// the call fails with EINTR and the armed hook stops the chunk right after.
#define CLUA_WAKE_SIGNAL SIGURG

void clua_control_init(clua_control *c) {
    pthread_mutex_init(&c->lock, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = clua_on_wake;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; /* no SA_RESTART: a blocking call returns EINTR */
    sigaction(CLUA_WAKE_SIGNAL, &action, NULL);
}

void clua_control_destroy(clua_control *c) { pthread_mutex_destroy(&c->lock); }

/* ---- memory ---- */

/// Whether a __gc finalizer is running on `c`'s state (lua_gc answers -1 then, and while
/// lua_close runs them).
static int clua_in_finalizer(clua_control *c) {
    return c->main != NULL && lua_gc(c->main, LUA_GCISRUNNING, 0) < 0;
}

static void *clua_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
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

static int clua_panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "app-shell: unprotected Lua error: %s\n", message ? message : "?");
    fflush(stderr);
    return 0; /* Lua aborts */
}

lua_State *clua_newstate(clua_control *control) {
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
int clua_throw_stop(lua_State *L, int level) {
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

static void clua_stop_hook(lua_State *L, lua_Debug *ar) {
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

static void clua_arm(lua_State *co) {
    if (co) lua_sethook(co, clua_stop_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

/* Every change of run_id, stop_reason and current, and every arming, happens under
   c->lock, so a late watchdog cannot stop the next chunk, and the thread it arms is the
   one running at that moment (never a finished, collected coroutine). The signal
   handler takes no lock: it writes a byte to a pipe, and a watcher thread does the rest. */

static void clua_request_stop_locked(clua_control *c, int reason, const char *message) {
    if (c->stop_reason != CLUA_STOP_NONE) return;
    strncpy(c->stop_message, message, sizeof c->stop_message - 1);
    c->stop_message[sizeof c->stop_message - 1] = '\0';
    __atomic_store_n(&c->stop_reason, reason, __ATOMIC_SEQ_CST);
    clua_arm(c->current);
    pthread_kill(c->runner, CLUA_WAKE_SIGNAL);
}

/// Wakes the running chunk's thread again if run `run_id` still runs and is stopping (a
/// blocking call entered just after the first wake-up); returns whether it still runs.
int clua_wake_if_running(clua_control *c, long run_id) {
    pthread_mutex_lock(&c->lock);
    int running = c->run_id == run_id && c->current != NULL;
    if (running && clua_stopping(c)) pthread_kill(c->runner, CLUA_WAKE_SIGNAL);
    pthread_mutex_unlock(&c->lock);
    return running;
}

/// Stores in `*thread` the thread running run `run_id`; returns whether that run runs.
int clua_runner_of(clua_control *c, long run_id, pthread_t *thread) {
    pthread_mutex_lock(&c->lock);
    int running = c->run_id == run_id && c->current != NULL;
    if (running) *thread = c->runner;
    pthread_mutex_unlock(&c->lock);
    return running;
}

/// Asks the running chunk `run_id` to stop (the watchdog); callable from any thread.
void clua_request_stop(clua_control *c, long run_id, int reason, const char *message) {
    pthread_mutex_lock(&c->lock);
    if (c->run_id == run_id && c->current != NULL) clua_request_stop_locked(c, reason, message);
    pthread_mutex_unlock(&c->lock);
}

/// Ctrl-C from the watcher thread: stops the running chunk; when none runs, ends the
/// process if `exit_when_idle` (a script), else does nothing (the REPL's prompt).
/// Returns the id of the run it stopped, 0 when none ran, or minus that id when the run
/// was already stopping (a second Ctrl-C).
long clua_request_stop_current(clua_control *c, int reason, const char *message) {
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
void clua_exit_now(const char *message, int code) {
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
void clua_set_current(clua_control *c, lua_State *L) {
    pthread_mutex_lock(&c->lock);
    c->current = L;
    if (L && c->stop_reason != CLUA_STOP_NONE) clua_arm(L);
    pthread_mutex_unlock(&c->lock);
}

/* Ctrl-C, with the self-pipe trick: the handler only counts and writes a byte (both
   async-signal-safe); the engine's watcher reads the pipe and requests the stop. A real
   handler, not SIG_IGN plus a dispatch source: with SIGINT ignored the kernel drops the
   signal before any signalfd sees it. The pipe is the one static here, defined once for the
   process (a process has one terminal). */
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
int clua_install_sigint(clua_control *c, int exit_when_idle) {
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
void clua_forget_sigint(clua_control *c) {
    if (clua_sigint_target == c) clua_sigint_target = NULL;
}

/* ---- the C stack: nested resumes and closes ---- */

/* Lua 5.4.4's lua_resetthread starts the closed thread's C-call count afresh, so __close
   handlers that close other coroutines nest without limit until the C stack ends (5.4.6's
   lua_closethread fixed it). The shims that resume and close measure the stack instead:
   below a floor a reserve above the end, they raise "C stack overflow". */
#define CLUA_STACK_RESERVE ((size_t)1 << 20)
#define CLUA_STACK_ASSUMED ((size_t)8 << 20)

/* Measures the running thread's stack, once per thread. */
static void clua_measure_stack(clua_control *c) {
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
int clua_stack_has_room(clua_control *c) {
    char here = 0;
    return c->stack_floor == NULL || &here > c->stack_floor;
}

/// Starts a new run on thread `co`: clears any stop, enforces the memory cap.
long clua_begin_run(clua_control *c, lua_State *co) {
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
int clua_run_is_running(clua_control *c, long run_id) {
    pthread_mutex_lock(&c->lock);
    int running = c->run_id == run_id && c->current != NULL;
    pthread_mutex_unlock(&c->lock);
    return running;
}

/// Starts closing the state as a run on its main thread (so that the deadline, Ctrl-C and
/// the memory cap hold for the finalizers lua_close runs); returns the run id.
long clua_begin_close(clua_control *c, lua_State *L) { return clua_begin_run(c, L); }

/// Ends the closing run after lua_close (the state is gone: nothing of it is touched).
void clua_end_close(clua_control *c) {
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
void clua_end_run(clua_control *c, lua_State *co, lua_State *main) {
    pthread_mutex_lock(&c->lock);
    c->run_id++;
    __atomic_store_n(&c->stop_reason, CLUA_STOP_NONE, __ATOMIC_SEQ_CST);
    c->current = NULL;
    pthread_mutex_unlock(&c->lock);
    lua_sethook(co, NULL, 0, 0);
    lua_sethook(main, NULL, 0, 0);
    c->in_host = 1;
}

/* ---- app.loop: callbacks as runs of their own, and waiting ---- */

long clua_begin_callback(clua_control *c, lua_State *co) {
    pthread_mutex_lock(&c->lock);
    if (c->stop_reason != CLUA_STOP_NONE) {
        pthread_mutex_unlock(&c->lock);
        return 0;
    }
    c->current = co;
    c->runner = pthread_self();
    c->stop_where[0] = '\0';
    long id = ++c->run_id;
    pthread_mutex_unlock(&c->lock);
    c->over_limit = 0;
    c->in_host = 0;
    return id;
}

long clua_resume_outer(clua_control *c, lua_State *co, lua_State *outer) {
    pthread_mutex_lock(&c->lock);
    long id = ++c->run_id;
    __atomic_store_n(&c->stop_reason, CLUA_STOP_NONE, __ATOMIC_SEQ_CST);
    c->current = outer;
    c->runner = pthread_self();
    c->stop_where[0] = '\0';
    pthread_mutex_unlock(&c->lock);
    if (co) lua_sethook(co, NULL, 0, 0);
    lua_sethook(outer, NULL, 0, 0);
    c->over_limit = 0;
    c->in_host = 1;
    return id;
}

int clua_wait(clua_control *c, struct pollfd *fds, int count, long long timeout_ns) {
    /* The wake-up signal is blocked from the check to ppoll, which unblocks it while it
       sleeps: a stop that comes in between is pending and ends the wait at once. */
    sigset_t wake, previous;
    sigemptyset(&wake);
    sigaddset(&wake, CLUA_WAKE_SIGNAL);
    pthread_sigmask(SIG_BLOCK, &wake, &previous);
    int result;
    if (clua_stopping(c)) {
        result = -2;
    } else {
        sigset_t during = previous;
        sigdelset(&during, CLUA_WAKE_SIGNAL);
        struct timespec limit, *pointer = NULL;
        if (timeout_ns >= 0) {
            limit.tv_sec = (time_t)(timeout_ns / 1000000000LL);
            limit.tv_nsec = (long)(timeout_ns % 1000000000LL);
            pointer = &limit;
        }
        result = ppoll(fds, (nfds_t)count, pointer, &during);
        if (result < 0 && errno == EINTR) result = 0;
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    errno = saved;
    return result;
}

int clua_new_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

/* ---- the trampoline: the only door from Lua into Swift ---- */

static int clua_trampoline(lua_State *L) {
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
void clua_push_bound(lua_State *L, clua_dispatch_fn dispatch, lua_Integer index) {
    lua_pushcfunction(L, (lua_CFunction)dispatch);
    lua_pushinteger(L, index);
    lua_pushcclosure(L, clua_trampoline, 2);
}

/* ---- output ---- */

void clua_write_stdout(const char *text, size_t size) {
    if (size > 0) fwrite(text, 1, size, stdout);
    fflush(stdout);
}

/* ---- describing an uncaught error, protected ---- */

static int clua_describe(lua_State *L) {
    lua_State *co = lua_tothread(L, 2);
    int with_traceback = lua_toboolean(L, 3);
    luaL_tolstring(L, 1, NULL);
    if (with_traceback && co) clua_traceback_named(L, co);
    else lua_pushliteral(L, "");
    return 2;
}

/// Replaces the error value on top of L with its message and co's traceback (2 strings).
/// Returns a Lua status; on failure, one string is left instead.
int clua_describe_error(lua_State *L, int error_index, lua_State *co, int with_traceback) {
    error_index = lua_absindex(L, error_index);
    lua_pushcfunction(L, clua_describe);
    lua_pushvalue(L, error_index);
    if (co) lua_pushthread(co), lua_xmove(co, L, 1);
    else lua_pushnil(L);
    lua_pushboolean(L, with_traceback);
    return lua_pcallk(L, 3, 2, 0, 0, NULL);
}

/* A protected tostring for values Swift must print (runs __tostring). */
static int clua_tostring_protected(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

/// Pushes tostring(value at index) computed under pcall; returns a Lua status.
int clua_tostring(lua_State *L, int index) {
    index = lua_absindex(L, index);
    lua_pushcfunction(L, clua_tostring_protected);
    lua_pushvalue(L, index);
    return lua_pcallk(L, 1, 1, 0, 0, NULL);
}
