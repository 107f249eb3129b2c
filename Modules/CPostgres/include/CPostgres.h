#ifndef CPOSTGRES_H
#define CPOSTGRES_H
/*
 * libpq (PostgreSQL's client library) for the PostgreSQL backend, loaded with dlopen when
 * the first connection is made: an app-shell on SQLite never loads it. The
 * constants and the function types come from libpq's own libpq-fe.h, read in cpostgres.c
 * at build time (libpq-dev), and checked against the values below there; no libpq symbol
 * is linked.
 *
 * This is a C target, not a header-only shim: the loaded functions and the load
 * state exist once in the process, however many Swift modules import this one.
 *
 * Every function but cpg_load assumes cpg_load returned 0 before (a connection or a
 * result can only come from a loaded libpq). Each is libpq's function of the
 * same name (PQstatus for cpg_status ...), with the same meaning.
 */
#include <stddef.h>

/* libpq's own opaque types: the same struct tags libpq-fe.h declares. */
typedef struct pg_conn cpg_conn;
typedef struct pg_result cpg_result;
typedef struct pg_cancel cpg_cancel_request;

/* ConnStatusType, ExecStatusType, PGTransactionStatusType, PGpipelineStatus: the values
   cpostgres.c checks against libpq-fe.h. */
enum {
    CPG_CONNECTION_OK = 0,
    CPG_CONNECTION_BAD = 1,
};
enum {
    CPG_EMPTY_QUERY = 0,
    CPG_COMMAND_OK = 1,
    CPG_TUPLES_OK = 2,
    CPG_BAD_RESPONSE = 5,
    CPG_NONFATAL_ERROR = 6,
    CPG_FATAL_ERROR = 7,
    CPG_PIPELINE_SYNC = 10,
    CPG_PIPELINE_ABORTED = 11,
};
enum {
    CPG_TRANS_IDLE = 0,
    CPG_TRANS_ACTIVE = 1,
    CPG_TRANS_INTRANS = 2,
    CPG_TRANS_INERROR = 3,
    CPG_TRANS_UNKNOWN = 4,
};
enum {
    CPG_PIPELINE_OFF = 0,
    CPG_PIPELINE_ON = 1,
    CPG_PIPELINE_ABORTED_STATUS = 2,
};

/* Error fields of a result (PG_DIAG_*). */
enum {
    CPG_DIAG_SQLSTATE = 'C',
    CPG_DIAG_MESSAGE_PRIMARY = 'M',
    CPG_DIAG_CONSTRAINT_NAME = 'n',
};

/* Type OIDs of the columns the app reads (pg_type.oid, fixed since PostgreSQL 7). They live
   in the server's catalog headers, not in libpq-fe.h. */
enum {
    CPG_OID_BOOL = 16,
    CPG_OID_BYTEA = 17,
    CPG_OID_INT8 = 20,
    CPG_OID_INT2 = 21,
    CPG_OID_INT4 = 23,
    CPG_OID_TEXT = 25,
    CPG_OID_FLOAT4 = 700,
    CPG_OID_FLOAT8 = 701,
    CPG_OID_VARCHAR = 1043,
    CPG_OID_NUMERIC = 1700,
};

/// Loads libpq.so.5, once per process, under a lock. Returns 0, or -1 with a message for a
/// person in `error`; a failed load is tried again on the next call.
int cpg_load(char *error, size_t error_size);

/// Whether libpq is loaded in this process (by cpg_load): for tests that show SQLite users
/// never load it.
int cpg_is_loaded(void);

/// libpq's version, e.g. 150018 (PQlibVersion).
int cpg_lib_version(void);

/// Parses `conninfo` (key=value words or a postgres:// URL) as libpq would, without
/// connecting. Returns 0 and sets *value to a malloc'd copy of the value it gives
/// `keyword` (or NULL when it gives none); -1 with libpq's message in `error` when it
/// cannot be parsed. Free with free().
int cpg_conninfo_option(const char *conninfo, const char *keyword, char **value, char *error, size_t error_size);

/* ---- connections ---- */
/// NULL-terminated keyword and value arrays; with `expand_dbname`, a dbname that is a
/// conninfo string or URL is expanded, and overrides the keywords before it (defaults).
cpg_conn *cpg_connectdb_params(const char *const *keywords, const char *const *values, int expand_dbname);
/// PQencryptPasswordConn: the verifier the server stores for `password` ("scram-sha-256"
/// when `algorithm` is NULL and the server's password_encryption says so); free with
/// cpg_freemem. NULL with the reason in cpg_error_message.
char *cpg_encrypt_password(cpg_conn *conn, const char *password, const char *user, const char *algorithm);
/// PQgetCancel: what a cancel request of this connection needs (free with
/// cpg_free_cancel); NULL when it cannot be made.
cpg_cancel_request *cpg_get_cancel(cpg_conn *conn);
/// PQcancel: asks the server to cancel what the connection runs now; thread-safe. 1 when
/// the request was sent, 0 with the reason in `error`.
int cpg_cancel(cpg_cancel_request *cancel, char *error, int error_size);
/// PQfreeCancel.
void cpg_free_cancel(cpg_cancel_request *cancel);
int cpg_status(const cpg_conn *conn);
/// Whether an idle connection is still open, without a round trip or a wait: when the
/// server wrote to it since (a shutdown's termination message, the end of the stream),
/// reads that first (PQsocket, poll, PQconsumeInput), then asks PQstatus. 0 when it is lost.
int cpg_still_open(cpg_conn *conn);
const char *cpg_error_message(const cpg_conn *conn);
const char *cpg_host(const cpg_conn *conn);
const char *cpg_port(const cpg_conn *conn);
const char *cpg_db(const cpg_conn *conn);
const char *cpg_user(const cpg_conn *conn);
int cpg_backend_pid(const cpg_conn *conn);
int cpg_server_version(const cpg_conn *conn);
/// A parameter the server reported at the login (PQparameterStatus: `session_authorization`,
/// `is_superuser` ...); NULL when it did not.
const char *cpg_parameter_status(const cpg_conn *conn, const char *name);
int cpg_transaction_status(const cpg_conn *conn);
void cpg_finish(cpg_conn *conn);
/// Drops the server's NOTICE and WARNING messages (libpq prints them on standard error by
/// default, which would mix them into a script's output).
void cpg_quiet_notices(cpg_conn *conn);
/// A quoted identifier (PQescapeIdentifier); free with cpg_freemem. NULL on failure.
char *cpg_escape_identifier(cpg_conn *conn, const char *text, size_t length);
void cpg_freemem(void *memory);

/* ---- statements and results ---- */
cpg_result *cpg_exec(cpg_conn *conn, const char *command);
cpg_result *cpg_prepare(cpg_conn *conn, const char *name, const char *query, int count, const unsigned int *types);
cpg_result *cpg_exec_prepared(cpg_conn *conn, const char *name, int count, const char *const *values,
                              const int *lengths, const int *formats, int result_format);
cpg_result *cpg_exec_params(cpg_conn *conn, const char *command, int count, const unsigned int *types,
                            const char *const *values, const int *lengths, const int *formats, int result_format);
int cpg_result_status(const cpg_result *result);
const char *cpg_result_error_message(const cpg_result *result);
const char *cpg_result_error_field(const cpg_result *result, int field);
int cpg_ntuples(const cpg_result *result);
int cpg_nfields(const cpg_result *result);
const char *cpg_fname(const cpg_result *result, int column);
unsigned int cpg_ftype(const cpg_result *result, int column);
const char *cpg_getvalue(const cpg_result *result, int row, int column);
int cpg_getlength(const cpg_result *result, int row, int column);
int cpg_getisnull(const cpg_result *result, int row, int column);
/// The number of rows an INSERT, UPDATE, DELETE ... touched, as text ("" for others).
const char *cpg_cmd_tuples(cpg_result *result);
/// The command tag: "INSERT 0 1", "SELECT 3" ...
const char *cpg_cmd_status(cpg_result *result);
void cpg_clear(cpg_result *result);
/// A bytea value in text form (hex or escape) as bytes (PQunescapeBytea); free with
/// cpg_freemem.
unsigned char *cpg_unescape_bytea(const unsigned char *text, size_t *length);

/* ---- pipelines (a transaction's prologue and statements in one round trip) ---- */
int cpg_enter_pipeline_mode(cpg_conn *conn);
int cpg_exit_pipeline_mode(cpg_conn *conn);
int cpg_pipeline_status(const cpg_conn *conn);
int cpg_pipeline_sync(cpg_conn *conn);
int cpg_send_flush_request(cpg_conn *conn);
int cpg_send_query_params(cpg_conn *conn, const char *command, int count, const unsigned int *types,
                          const char *const *values, const int *lengths, const int *formats, int result_format);
int cpg_send_prepare(cpg_conn *conn, const char *name, const char *query, int count, const unsigned int *types);
int cpg_send_query_prepared(cpg_conn *conn, const char *name, int count, const char *const *values,
                            const int *lengths, const int *formats, int result_format);
cpg_result *cpg_get_result(cpg_conn *conn);


#endif
