#define _GNU_SOURCE
#include "CPostgres.h"

/* Only the constants, the types and the prototypes are used: every call goes through a
   pointer found with dlsym, so nothing here makes the linker want libpq. libpq-dev puts the
   header in /usr/include/postgresql, which a C target cannot add with -I. */
#include <postgresql/libpq-fe.h>

#include <dlfcn.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    __typeof__(PQconnectdbParams) *connectdbParams;
    __typeof__(PQencryptPasswordConn) *encryptPasswordConn;
    __typeof__(PQgetCancel) *getCancel;
    __typeof__(PQcancel) *cancel;
    __typeof__(PQfreeCancel) *freeCancel;
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
} cpg_api;

/* Written once under `cpg_lock`; read only after cpg_load returned 0 under the same lock
   (which orders the writes before those reads), or through a connection that exists only
   because it did. */
static pthread_mutex_t cpg_lock = PTHREAD_MUTEX_INITIALIZER;
static cpg_api cpg;
static int cpg_loaded = 0;

#define CPG_FIND(field, name)                                                                                          \
    do {                                                                                                               \
        *(void **)&api.field = dlsym(library, name);                                                                   \
        if (!api.field) {                                                                                              \
            snprintf(error, error_size, "libpq lacks %s, which this app needs (libpq 14 or later)", name);            \
            dlclose(library);                                                                                          \
            return -1;                                                                                                 \
        }                                                                                                              \
    } while (0)

/* Called with the lock held. */
static int cpg_start(char *error, size_t error_size) {
    /* By its SONAME, as the dynamic loader finds any library: app-shell carries no RUNPATH
       (a check of make test), so only LD_LIBRARY_PATH, the loader's cache and the system's
       folders are searched, never a folder beside the binary. */
    void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(error, error_size, "cannot load libpq (install libpq5): %s", why ? why : "unknown error");
        return -1;
    }
    cpg_api api;
    CPG_FIND(libVersion, "PQlibVersion");
    CPG_FIND(conninfoParse, "PQconninfoParse");
    CPG_FIND(conninfoFree, "PQconninfoFree");
    CPG_FIND(connectdbParams, "PQconnectdbParams");
    CPG_FIND(encryptPasswordConn, "PQencryptPasswordConn");
    CPG_FIND(getCancel, "PQgetCancel");
    CPG_FIND(cancel, "PQcancel");
    CPG_FIND(freeCancel, "PQfreeCancel");
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
    cpg = api;
    cpg_loaded = 1;
    return 0;
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

int cpg_conninfo_option(const char *conninfo, const char *keyword, char **value, char *error, size_t error_size) {
    *value = NULL;
    char *message = NULL;
    PQconninfoOption *options = cpg.conninfoParse(conninfo, &message);
    if (!options) {
        snprintf(error, error_size, "%s", message ? message : "out of memory");
        if (message) cpg.freemem(message);
        return -1;
    }
    int status = 0;
    for (PQconninfoOption *option = options; option->keyword; option++) {
        if (strcmp(option->keyword, keyword) == 0 && option->val) {
            if (!(*value = strdup(option->val))) {
                snprintf(error, error_size, "out of memory");
                status = -1;
            }
            break;
        }
    }
    cpg.conninfoFree(options);
    return status;
}

cpg_conn *cpg_connectdb_params(const char *const *keywords, const char *const *values, int expand_dbname) {
    return cpg.connectdbParams(keywords, values, expand_dbname);
}
char *cpg_encrypt_password(cpg_conn *conn, const char *password, const char *user, const char *algorithm) {
    return cpg.encryptPasswordConn(conn, password, user, algorithm);
}

cpg_cancel_request *cpg_get_cancel(cpg_conn *conn) { return cpg.getCancel(conn); }
int cpg_cancel(cpg_cancel_request *cancel, char *error, int error_size) { return cpg.cancel(cancel, error, error_size); }
void cpg_free_cancel(cpg_cancel_request *cancel) { cpg.freeCancel(cancel); }
int cpg_status(const cpg_conn *conn) { return (int)cpg.status(conn); }

int cpg_still_open(cpg_conn *conn) {
    int descriptor = cpg.socket(conn);
    if (descriptor < 0) return 0;
    // Nothing is expected on an idle connection: what is there is the server's goodbye (a
    // termination message, then the end of the stream) or a notice, which PQconsumeInput
    // reads, one read a call: the end is seen at the read after the message.
    for (int reads = 0; reads < 8; reads++) {
        struct pollfd wait = {.fd = descriptor, .events = POLLIN, .revents = 0};
        if (poll(&wait, 1, 0) <= 0) break;
        if (!cpg.consumeInput(conn)) return 0;
    }
    return cpg.status(conn) == CONNECTION_OK;
}
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

