#define _GNU_SOURCE
#include "CPostgres.h"
#include "standin.h"

/* Only the constants, the types and the prototypes are used: every call goes through a
   pointer found with dlsym, so nothing here makes the linker want libpq. libpq-dev puts the
   header in /usr/include/postgresql, which a C target cannot add with -I. */
#include <postgresql/libpq-fe.h>

#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The values CPostgres.h promises are libpq's (compared as int: they are different enums). */
#define CPG_SAME(ours, theirs) ((int)(ours) == (int)(theirs))
_Static_assert(CPG_SAME(CPG_CONNECTION_OK, CONNECTION_OK) && CPG_SAME(CPG_CONNECTION_BAD, CONNECTION_BAD), "ConnStatusType");
_Static_assert(CPG_SAME(CPG_EMPTY_QUERY, PGRES_EMPTY_QUERY) && CPG_SAME(CPG_COMMAND_OK, PGRES_COMMAND_OK) &&
                   CPG_SAME(CPG_TUPLES_OK, PGRES_TUPLES_OK) && CPG_SAME(CPG_BAD_RESPONSE, PGRES_BAD_RESPONSE) &&
                   CPG_SAME(CPG_NONFATAL_ERROR, PGRES_NONFATAL_ERROR) && CPG_SAME(CPG_FATAL_ERROR, PGRES_FATAL_ERROR) &&
                   CPG_SAME(CPG_PIPELINE_SYNC, PGRES_PIPELINE_SYNC) && CPG_SAME(CPG_PIPELINE_ABORTED, PGRES_PIPELINE_ABORTED),
               "ExecStatusType");
_Static_assert(CPG_SAME(CPG_TRANS_IDLE, PQTRANS_IDLE) && CPG_SAME(CPG_TRANS_ACTIVE, PQTRANS_ACTIVE) &&
                   CPG_SAME(CPG_TRANS_INTRANS, PQTRANS_INTRANS) && CPG_SAME(CPG_TRANS_INERROR, PQTRANS_INERROR) &&
                   CPG_SAME(CPG_TRANS_UNKNOWN, PQTRANS_UNKNOWN),
               "PGTransactionStatusType");
_Static_assert(CPG_SAME(CPG_PIPELINE_OFF, PQ_PIPELINE_OFF) && CPG_SAME(CPG_PIPELINE_ON, PQ_PIPELINE_ON) &&
                   CPG_SAME(CPG_PIPELINE_ABORTED_STATUS, PQ_PIPELINE_ABORTED),
               "PGpipelineStatus");
_Static_assert(CPG_SAME(CPG_DIAG_SQLSTATE, PG_DIAG_SQLSTATE) && CPG_SAME(CPG_DIAG_MESSAGE_PRIMARY, PG_DIAG_MESSAGE_PRIMARY) &&
                   CPG_SAME(CPG_DIAG_CONSTRAINT_NAME, PG_DIAG_CONSTRAINT_NAME),
               "PG_DIAG_*");
_Static_assert(sizeof(Oid) == sizeof(unsigned int), "Oid");

/* The libpq functions this app calls, typed from libpq-fe.h's own prototypes. */
typedef struct cpg_api {
    __typeof__(PQlibVersion) *libVersion;
    __typeof__(PQconninfoParse) *conninfoParse;
    __typeof__(PQconninfoFree) *conninfoFree;
    __typeof__(PQconnectdb) *connectdb;
    __typeof__(PQconnectdbParams) *connectdbParams;
    __typeof__(PQstatus) *status;
    __typeof__(PQerrorMessage) *errorMessage;
    __typeof__(PQhost) *host;
    __typeof__(PQport) *port;
    __typeof__(PQdb) *db;
    __typeof__(PQuser) *user;
    __typeof__(PQbackendPID) *backendPID;
    __typeof__(PQserverVersion) *serverVersion;
    __typeof__(PQparameterStatus) *parameterStatus;
    __typeof__(PQtransactionStatus) *transactionStatus;
    __typeof__(PQfinish) *finish;
    __typeof__(PQsetNoticeProcessor) *setNoticeProcessor;
    __typeof__(PQescapeIdentifier) *escapeIdentifier;
    __typeof__(PQfreemem) *freemem;
    __typeof__(PQexec) *exec;
    __typeof__(PQprepare) *prepare;
    __typeof__(PQexecPrepared) *execPrepared;
    __typeof__(PQexecParams) *execParams;
    __typeof__(PQresultStatus) *resultStatus;
    __typeof__(PQresultErrorMessage) *resultErrorMessage;
    __typeof__(PQresultErrorField) *resultErrorField;
    __typeof__(PQntuples) *ntuples;
    __typeof__(PQnfields) *nfields;
    __typeof__(PQfname) *fname;
    __typeof__(PQftype) *ftype;
    __typeof__(PQgetvalue) *getvalue;
    __typeof__(PQgetlength) *getlength;
    __typeof__(PQgetisnull) *getisnull;
    __typeof__(PQcmdTuples) *cmdTuples;
    __typeof__(PQcmdStatus) *cmdStatus;
    __typeof__(PQclear) *clear;
    __typeof__(PQunescapeBytea) *unescapeBytea;
    __typeof__(PQenterPipelineMode) *enterPipelineMode;
    __typeof__(PQexitPipelineMode) *exitPipelineMode;
    __typeof__(PQpipelineStatus) *pipelineStatus;
    __typeof__(PQpipelineSync) *pipelineSync;
    __typeof__(PQsendFlushRequest) *sendFlushRequest;
    __typeof__(PQsendQueryParams) *sendQueryParams;
    __typeof__(PQsendPrepare) *sendPrepare;
    __typeof__(PQsendQueryPrepared) *sendQueryPrepared;
    __typeof__(PQgetResult) *getResult;
    __typeof__(PQsocket) *socket;
    __typeof__(PQconsumeInput) *consumeInput;
    __typeof__(PQnotifies) *notifies;
} cpg_api;

/* Written once under `cpg_lock`; read only after cpg_load returned 0 under the same lock
   (which orders the writes before those reads), or through a connection that exists only
   because it did. */
static pthread_mutex_t cpg_lock = PTHREAD_MUTEX_INITIALIZER;
static cpg_api cpg;
static int cpg_loaded = 0;

/* OpenSSL's functions that a SCRAM login first calls inside libpq (its client nonce, then
   HMAC-SHA-256), found through libpq's own dependencies; NULL when libpq was built without
   OpenSSL. Written with `cpg` under `cpg_lock`. */
typedef int (*cpg_init_crypto_fn)(uint64_t options, const void *settings);
typedef int (*cpg_rand_bytes_fn)(unsigned char *buffer, int count);
typedef const void *(*cpg_evp_sha256_fn)(void);
typedef unsigned char *(*cpg_hmac_fn)(const void *md, const void *key, int key_length, const unsigned char *data,
                                      size_t data_length, unsigned char *md_out, unsigned int *md_length);
static cpg_init_crypto_fn cpg_init_crypto;
static cpg_rand_bytes_fn cpg_rand_bytes;
static cpg_evp_sha256_fn cpg_evp_sha256;
static cpg_hmac_fn cpg_hmac;
/* Whether OpenSSL's warm-up (cpg_warm) has begun: the head start's, or the first
   connection's. */
static int cpg_warm_started = 0;

#define CPG_FIND(field, name)                                                                                          \
    do {                                                                                                               \
        *(void **)&api.field = dlsym(library, name);                                                                   \
        if (!api.field) {                                                                                              \
            snprintf(error, error_size, "libpq lacks %s, which this app needs (libpq 14 or later)", name);            \
            dlclose(library);                                                                                          \
            return -1;                                                                                                 \
        }                                                                                                              \
    } while (0)

/* Whether `library` (a dlopen handle) was loaded from the file at `path`. */
static int cpg_is_file(void *library, const char *path) {
    struct link_map *map = NULL;
    struct stat loaded, expected;
    return path && dlinfo(library, RTLD_DI_LINKMAP, &map) == 0 && map && map->l_name &&
           stat(map->l_name, &loaded) == 0 && stat(path, &expected) == 0 && loaded.st_dev == expected.st_dev &&
           loaded.st_ino == expected.st_ino;
}

/* Called with the lock held. */
static int cpg_start(char *error, size_t error_size) {
    /* The stand-in for libldap (standin.c): the 12 libraries of libldap's branch are not
       loaded, 2.0-2.6 ms of a start.
       RTLD_DEEPBIND: libpq and the libraries it pulls in (OpenSSL, Kerberos; before the
       stand-in, LDAP and GnuTLS too) bind their symbols within their own tree before the
       process's global scope. Looked up globally first, each symbol was first missed in app-shell and
       every library it links (Lua, libedit, utf8proc ...): 5.2 ms of the connecting
       thread's CPU where it is now 4.0 ms (median of 8 starts each, measured with
       CLOCK_THREAD_CPUTIME_ID), on the critical path of a start on PostgreSQL. They find the
       same libc either way; what they no longer see is anything app-shell exports itself. */
    const char *assumed = NULL;
    void *standin = cpg_libpq_ldap_standin(&assumed);
    void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (standin && !(library && cpg_is_file(library, assumed))) {
        /* The stand-in was made for another libpq than the loader found, or libpq would not
           load with it (it needs a function the stand-in lacks): libpq as it comes. */
        if (library) dlclose(library);
        cpg_libpq_ldap_standin_dropped(standin);
        library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    }
    if (!library) {
        const char *why = dlerror();
        snprintf(error, error_size, "cannot load libpq (install libpq5): %s", why ? why : "unknown error");
        return -1;
    }
    cpg_api api;
    CPG_FIND(libVersion, "PQlibVersion");
    CPG_FIND(conninfoParse, "PQconninfoParse");
    CPG_FIND(conninfoFree, "PQconninfoFree");
    CPG_FIND(connectdb, "PQconnectdb");
    CPG_FIND(connectdbParams, "PQconnectdbParams");
    CPG_FIND(status, "PQstatus");
    CPG_FIND(errorMessage, "PQerrorMessage");
    CPG_FIND(host, "PQhost");
    CPG_FIND(port, "PQport");
    CPG_FIND(db, "PQdb");
    CPG_FIND(user, "PQuser");
    CPG_FIND(backendPID, "PQbackendPID");
    CPG_FIND(serverVersion, "PQserverVersion");
    CPG_FIND(parameterStatus, "PQparameterStatus");
    CPG_FIND(transactionStatus, "PQtransactionStatus");
    CPG_FIND(finish, "PQfinish");
    CPG_FIND(setNoticeProcessor, "PQsetNoticeProcessor");
    CPG_FIND(escapeIdentifier, "PQescapeIdentifier");
    CPG_FIND(freemem, "PQfreemem");
    CPG_FIND(exec, "PQexec");
    CPG_FIND(prepare, "PQprepare");
    CPG_FIND(execPrepared, "PQexecPrepared");
    CPG_FIND(execParams, "PQexecParams");
    CPG_FIND(resultStatus, "PQresultStatus");
    CPG_FIND(resultErrorMessage, "PQresultErrorMessage");
    CPG_FIND(resultErrorField, "PQresultErrorField");
    CPG_FIND(ntuples, "PQntuples");
    CPG_FIND(nfields, "PQnfields");
    CPG_FIND(fname, "PQfname");
    CPG_FIND(ftype, "PQftype");
    CPG_FIND(getvalue, "PQgetvalue");
    CPG_FIND(getlength, "PQgetlength");
    CPG_FIND(getisnull, "PQgetisnull");
    CPG_FIND(cmdTuples, "PQcmdTuples");
    CPG_FIND(cmdStatus, "PQcmdStatus");
    CPG_FIND(clear, "PQclear");
    CPG_FIND(unescapeBytea, "PQunescapeBytea");
    CPG_FIND(enterPipelineMode, "PQenterPipelineMode");
    CPG_FIND(exitPipelineMode, "PQexitPipelineMode");
    CPG_FIND(pipelineStatus, "PQpipelineStatus");
    CPG_FIND(pipelineSync, "PQpipelineSync");
    CPG_FIND(sendFlushRequest, "PQsendFlushRequest");
    CPG_FIND(sendQueryParams, "PQsendQueryParams");
    CPG_FIND(sendPrepare, "PQsendPrepare");
    CPG_FIND(sendQueryPrepared, "PQsendQueryPrepared");
    CPG_FIND(getResult, "PQgetResult");
    CPG_FIND(socket, "PQsocket");
    CPG_FIND(consumeInput, "PQconsumeInput");
    CPG_FIND(notifies, "PQnotifies");
    cpg = api;
    *(void **)&cpg_init_crypto = dlsym(library, "OPENSSL_init_crypto");
    *(void **)&cpg_rand_bytes = dlsym(library, "RAND_bytes");
    *(void **)&cpg_evp_sha256 = dlsym(library, "EVP_sha256");
    *(void **)&cpg_hmac = dlsym(library, "HMAC");
    cpg_loaded = 1;
    return 0;
}

/* What OpenSSL does once per process, the first time libpq's SCRAM login needs it: reading
   its configuration, loading its default provider, seeding its random generator (about
   1 to 2 ms, measured with strace). Done while the first connection waits for the server
   (its TCP connection, the SSL probe and the server process's start), where libpq would
   do it after them: by the head start on main (cpg_start_head_start), else on a thread of
   its own (cpg_connectdb_params). OpenSSL makes the two safe together: whichever comes
   second waits for the first to finish. */
static void *cpg_warm(void *unused) {
    (void)unused;
    unsigned char bytes[32];
    unsigned int length = 0;
    /* OpenSSL's own values (openssl/crypto.h), not included: the header is libssl-dev's.
       Without an atexit handler, OpenSSL does not free its tables at exit, which the
       process's end does anyway (psql spends about 2 ms there); the first call of
       OPENSSL_init_crypto decides it, and this one comes before libpq's first. */
    const uint64_t no_atexit = 0x00080000L, load_config = 0x00000040L;
    if (cpg_init_crypto) cpg_init_crypto(no_atexit | load_config, NULL);
    if (cpg_rand_bytes) cpg_rand_bytes(bytes, (int)sizeof bytes);
    if (cpg_evp_sha256 && cpg_hmac) {
        const void *md = cpg_evp_sha256();
        if (md) cpg_hmac(md, bytes, (int)sizeof bytes, bytes, sizeof bytes, bytes, &length);
    }
    return NULL;
}

/* Whether the caller is the one to warm OpenSSL up: true once per process, for the first
   caller after libpq is loaded (and only when libpq brought OpenSSL). */
static int cpg_claim_warm(void) {
    pthread_mutex_lock(&cpg_lock);
    int claimed = !cpg_warm_started && cpg_rand_bytes;
    if (claimed) cpg_warm_started = 1;
    pthread_mutex_unlock(&cpg_lock);
    return claimed;
}

int cpg_load(char *error, size_t error_size) {
    pthread_mutex_lock(&cpg_lock);
    int status = cpg_loaded ? 0 : cpg_start(error, error_size);
    pthread_mutex_unlock(&cpg_lock);
    return status;
}

int cpg_is_loaded(void) {
    pthread_mutex_lock(&cpg_lock);
    int loaded = cpg_loaded;
    pthread_mutex_unlock(&cpg_lock);
    return loaded;
}

int cpg_lib_version(void) { return cpg.libVersion(); }

int cpg_conninfo_password(const char *conninfo, char **password, char *error, size_t error_size) {
    *password = NULL;
    char *message = NULL;
    PQconninfoOption *options = cpg.conninfoParse(conninfo, &message);
    if (!options) {
        snprintf(error, error_size, "%s", message ? message : "out of memory");
        if (message) cpg.freemem(message);
        return -1;
    }
    for (PQconninfoOption *option = options; option->keyword; option++) {
        if (strcmp(option->keyword, "password") == 0 && option->val) {
            *password = strdup(option->val);
            break;
        }
    }
    cpg.conninfoFree(options);
    return 0;
}

cpg_conn *cpg_connectdb(const char *conninfo) { return cpg.connectdb(conninfo); }
cpg_conn *cpg_connectdb_params(const char *const *keywords, const char *const *values, int expand_dbname) {
    pthread_t warm;
    int warming = cpg_claim_warm() && pthread_create(&warm, NULL, cpg_warm, NULL) == 0;
    cpg_conn *connection = cpg.connectdbParams(keywords, values, expand_dbname);
    /* Joined before the connection is handed out, so the process never exits (a refused
       login, an unreachable server) while OpenSSL is being set up on the other thread. */
    if (warming) pthread_join(warm, NULL);
    return connection;
}
cpg_conn *cpg_connect_app(const char *conninfo) {
    /* Defaults that the string (expanded from dbname) and the PG* variables override; an
       unreachable server is given up after 10 seconds unless PGCONNECT_TIMEOUT says. */
    const char *keywords[4] = {"fallback_application_name", NULL, NULL, NULL};
    const char *values[4] = {"app-shell", NULL, NULL, NULL};
    int count = 1;
    if (!getenv("PGCONNECT_TIMEOUT")) {
        keywords[count] = "connect_timeout";
        values[count++] = "10";
    }
    keywords[count] = "dbname";
    values[count] = conninfo;
    return cpg_connectdb_params(keywords, values, 1);
}

/* app-shell's head start: the connection named on its command line, begun by a
   constructor (cpg_head_start_before_main, below) before the Swift runtime and main
   start: libpq loaded there, the connection opened on a thread of its own
   (cpg_start_head_start). PostgresHeadStart.begin, the first line of main, begins it
   there when no constructor did. Taken once, by the first connection to the same string
   (cpg_take_head_start).

   libpq's libraries' constructors and its connection options read the
   environment (PG* variables, HOME for .pgpass), and CVips's constructor adds VIPSHOME to
   it: adding a variable makes glibc reallocate the environment array, so a getenv on the
   connecting thread could read the freed array. So this constructor runs after CVips's and
   CSQLite's (priority 102 against their 101: glibc runs them in that order), and nothing
   after it adds a variable (vips_init only replaces VIPSHOME's value, in place). */
static pthread_mutex_t cpg_early_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cpg_early_cond = PTHREAD_COND_INITIALIZER;
static char *cpg_early_conninfo; /* set once; NULL while there is none */
static int cpg_early_done = 0;
static int cpg_early_taken = 0;
static cpg_conn *cpg_early_connection;

static int cpg_word_is(const char *word, size_t length, const char *name) {
    return strlen(name) == length && strncmp(word, name, length) == 0;
}

const char *cpg_head_start_url(int argc, char *const *argv) {
    if (argc < 1 || !argv || !argv[0]) return NULL;
    const char *slash = strrchr(argv[0], '/');
    if (strcmp(slash ? slash + 1 : argv[0], "app-shell") != 0) return NULL;
    const char *database = NULL;
    /* CommandLineParser's rules: options up to `--`, `-` or the first other word (the
       script, whose arguments follow); a value as the next word or after `=`. */
    for (int index = 1; index < argc && argv[index]; index++) {
        const char *word = argv[index];
        if (strcmp(word, "--") == 0 || word[0] != '-' || strcmp(word, "-") == 0) break;
        const char *equals = strchr(word, '=');
        size_t length = equals ? (size_t)(equals - word) : strlen(word);
        /* Runs that never connect, or not with --db. */
        if (cpg_word_is(word, length, "--help") || cpg_word_is(word, length, "-h") ||
            cpg_word_is(word, length, "--version") || cpg_word_is(word, length, "-v") ||
            cpg_word_is(word, length, "--lua-stubs") || cpg_word_is(word, length, "--lua-reference") ||
            cpg_word_is(word, length, "--backup"))
            return NULL;
        if (cpg_word_is(word, length, "--json") || cpg_word_is(word, length, "--allow-io") ||
            cpg_word_is(word, length, "--no-init")) {
            if (equals) return NULL; /* a usage error */
            continue;
        }
        const char *value = equals ? equals + 1 : (index + 1 < argc ? argv[++index] : NULL);
        if (!value) return NULL;
        if (cpg_word_is(word, length, "--db")) database = value;
    }
    if (!database || (strncmp(database, "postgres://", 11) != 0 && strncmp(database, "postgresql://", 13) != 0))
        return NULL;
    return database;
}

static void *cpg_early_main(void *unused) {
    (void)unused;
    cpg_conn *connection = cpg_connect_app(cpg_early_conninfo);
    pthread_mutex_lock(&cpg_early_lock);
    cpg_early_connection = connection;
    cpg_early_done = 1;
    pthread_cond_broadcast(&cpg_early_cond);
    pthread_mutex_unlock(&cpg_early_lock);
    return NULL;
}

/* Loads libpq on the calling thread (the constructor's, which is main's), then begins the
   connection on a thread of its own, lets that thread run first, and warms OpenSSL up on
   the calling thread while the connection waits for the server.

   Measured against a thread that loaded libpq and then connected while main went on with
   the Swift runtime (docs/performance.md, sixth session), main gained nothing from the
   overlap: making any thread during the dlopen waits for glibc's TLS lock, which the
   dlopen holds, and the two threads queue on each other's mmap lock (the loader maps while
   main takes page faults). This order is 1.7-1.9 ms faster a start, median of paired
   runs. The sched_yield is part of it: here a new thread is put on its creator's CPU and
   waits there until the creator blocks (3.8 ms in a test program whose main thread
   computes), where yielding lets it connect at once and block on the network.

   When libpq cannot be loaded there is no thread: the caller connects itself and reports
   why. */
int cpg_start_head_start(const char *conninfo) {
    pthread_mutex_lock(&cpg_early_lock);
    int started = 0;
    if (!cpg_early_conninfo && (cpg_early_conninfo = strdup(conninfo))) {
        char error[512];
        int warm_here = 0;
        if (cpg_load(error, sizeof error) == 0) {
            warm_here = cpg_claim_warm();
            pthread_attr_t attributes;
            pthread_t thread;
            pthread_attr_init(&attributes);
            pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
            started = pthread_create(&thread, &attributes, cpg_early_main, NULL) == 0;
            pthread_attr_destroy(&attributes);
        }
        if (!started) cpg_early_taken = 1; /* never taken: the caller connects itself */
        pthread_mutex_unlock(&cpg_early_lock);
        if (started) sched_yield();
        /* With or without the thread: OpenSSL's set-up is then done (a later connection
           of this process finds it done), and it never runs on two threads at once. */
        if (warm_here) cpg_warm(NULL);
        return started;
    }
    pthread_mutex_unlock(&cpg_early_lock);
    return started;
}

/* The head start from a constructor, with the argc and argv glibc hands every one: libpq
   is loaded and the connection begun before the Swift runtime starts, 0.5 to 1 ms sooner
   than from main's first line (measured with marks on CLOCK_MONOTONIC from the parent's
   spawn). */
__attribute__((constructor(102))) static void cpg_head_start_before_main(int argc, char **argv, char **envp) {
    (void)envp;
    const char *url = cpg_head_start_url(argc, argv);
    if (url) cpg_start_head_start(url);
}

cpg_conn *cpg_take_head_start(const char *conninfo) {
    pthread_mutex_lock(&cpg_early_lock);
    cpg_conn *connection = NULL;
    if (cpg_early_conninfo && !cpg_early_taken && strcmp(conninfo, cpg_early_conninfo) == 0) {
        while (!cpg_early_done) pthread_cond_wait(&cpg_early_cond, &cpg_early_lock);
        cpg_early_taken = 1;
        connection = cpg_early_connection;
        cpg_early_connection = NULL;
    }
    pthread_mutex_unlock(&cpg_early_lock);
    return connection;
}

int cpg_status(const cpg_conn *conn) { return (int)cpg.status(conn); }
const char *cpg_error_message(const cpg_conn *conn) { return cpg.errorMessage(conn); }
const char *cpg_host(const cpg_conn *conn) { return cpg.host(conn); }
const char *cpg_port(const cpg_conn *conn) { return cpg.port(conn); }
const char *cpg_db(const cpg_conn *conn) { return cpg.db(conn); }
const char *cpg_user(const cpg_conn *conn) { return cpg.user(conn); }
int cpg_backend_pid(const cpg_conn *conn) { return cpg.backendPID(conn); }
int cpg_server_version(const cpg_conn *conn) { return cpg.serverVersion(conn); }
const char *cpg_parameter_status(const cpg_conn *conn, const char *name) { return cpg.parameterStatus(conn, name); }
int cpg_transaction_status(const cpg_conn *conn) { return (int)cpg.transactionStatus(conn); }
void cpg_finish(cpg_conn *conn) { cpg.finish(conn); }

static void cpg_drop_notice(void *context, const char *message) {
    (void)context;
    (void)message;
}

void cpg_quiet_notices(cpg_conn *conn) { cpg.setNoticeProcessor(conn, cpg_drop_notice, NULL); }
char *cpg_escape_identifier(cpg_conn *conn, const char *text, size_t length) {
    return cpg.escapeIdentifier(conn, text, length);
}
void cpg_freemem(void *memory) { cpg.freemem(memory); }

cpg_result *cpg_exec(cpg_conn *conn, const char *command) { return cpg.exec(conn, command); }
cpg_result *cpg_prepare(cpg_conn *conn, const char *name, const char *query, int count, const unsigned int *types) {
    return cpg.prepare(conn, name, query, count, types);
}
cpg_result *cpg_exec_prepared(cpg_conn *conn, const char *name, int count, const char *const *values,
                              const int *lengths, const int *formats, int result_format) {
    return cpg.execPrepared(conn, name, count, values, lengths, formats, result_format);
}
cpg_result *cpg_exec_params(cpg_conn *conn, const char *command, int count, const unsigned int *types,
                            const char *const *values, const int *lengths, const int *formats, int result_format) {
    return cpg.execParams(conn, command, count, types, values, lengths, formats, result_format);
}
int cpg_result_status(const cpg_result *result) { return (int)cpg.resultStatus(result); }
const char *cpg_result_error_message(const cpg_result *result) { return cpg.resultErrorMessage(result); }
const char *cpg_result_error_field(const cpg_result *result, int field) {
    return cpg.resultErrorField(result, field);
}
int cpg_ntuples(const cpg_result *result) { return cpg.ntuples(result); }
int cpg_nfields(const cpg_result *result) { return cpg.nfields(result); }
const char *cpg_fname(const cpg_result *result, int column) { return cpg.fname(result, column); }
unsigned int cpg_ftype(const cpg_result *result, int column) { return cpg.ftype(result, column); }
const char *cpg_getvalue(const cpg_result *result, int row, int column) { return cpg.getvalue(result, row, column); }
int cpg_getlength(const cpg_result *result, int row, int column) { return cpg.getlength(result, row, column); }
int cpg_getisnull(const cpg_result *result, int row, int column) { return cpg.getisnull(result, row, column); }
const char *cpg_cmd_tuples(cpg_result *result) { return cpg.cmdTuples(result); }
const char *cpg_cmd_status(cpg_result *result) { return cpg.cmdStatus(result); }
void cpg_clear(cpg_result *result) { cpg.clear(result); }
unsigned char *cpg_unescape_bytea(const unsigned char *text, size_t *length) {
    return cpg.unescapeBytea(text, length);
}

int cpg_enter_pipeline_mode(cpg_conn *conn) { return cpg.enterPipelineMode(conn); }
int cpg_exit_pipeline_mode(cpg_conn *conn) { return cpg.exitPipelineMode(conn); }
int cpg_pipeline_status(const cpg_conn *conn) { return (int)cpg.pipelineStatus(conn); }
int cpg_pipeline_sync(cpg_conn *conn) { return cpg.pipelineSync(conn); }
int cpg_send_flush_request(cpg_conn *conn) { return cpg.sendFlushRequest(conn); }
int cpg_send_query_params(cpg_conn *conn, const char *command, int count, const unsigned int *types,
                          const char *const *values, const int *lengths, const int *formats, int result_format) {
    return cpg.sendQueryParams(conn, command, count, types, values, lengths, formats, result_format);
}
int cpg_send_prepare(cpg_conn *conn, const char *name, const char *query, int count, const unsigned int *types) {
    return cpg.sendPrepare(conn, name, query, count, types);
}
int cpg_send_query_prepared(cpg_conn *conn, const char *name, int count, const char *const *values,
                            const int *lengths, const int *formats, int result_format) {
    return cpg.sendQueryPrepared(conn, name, count, values, lengths, formats, result_format);
}
cpg_result *cpg_get_result(cpg_conn *conn) { return cpg.getResult(conn); }

int cpg_socket(const cpg_conn *conn) { return cpg.socket(conn); }
int cpg_consume_input(cpg_conn *conn) { return cpg.consumeInput(conn); }
cpg_notify *cpg_notifies(cpg_conn *conn) { return cpg.notifies(conn); }
const char *cpg_notify_channel(const cpg_notify *notify) { return notify->relname; }
const char *cpg_notify_payload(const cpg_notify *notify) { return notify->extra; }
int cpg_notify_pid(const cpg_notify *notify) { return notify->be_pid; }
