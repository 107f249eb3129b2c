#include "CDBus.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* libdbus-1's ABI, as its headers (dbus-errors.h, dbus-message.h, dbus-protocol.h) define
   it. The two structs are opaque to callers but allocated by them: each is given more room
   than libdbus 1.x uses (DBusError 32 bytes, DBusMessageIter 72 on 64-bit systems). */
typedef uint32_t cdbus_bool;
typedef struct cdbus_connection cdbus_connection;
typedef struct cdbus_message cdbus_message;
typedef union cdbus_error {
    struct {
        const char *name;
        const char *message;
    } fields;
    void *room[16];
} cdbus_error;
typedef union cdbus_iter {
    void *room[32];
} cdbus_iter;

#define CDBUS_TYPE_STRING ((int)'s')
#define CDBUS_TYPE_UINT32 ((int)'u')
#define CDBUS_TYPE_INT32 ((int)'i')
#define CDBUS_TYPE_ARRAY ((int)'a')

typedef struct cdbus_api {
    void (*error_init)(cdbus_error *);
    void (*error_free)(cdbus_error *);
    cdbus_connection *(*connection_open_private)(const char *, cdbus_error *);
    cdbus_bool (*bus_register)(cdbus_connection *, cdbus_error *);
    void (*connection_set_exit_on_disconnect)(cdbus_connection *, cdbus_bool);
    void (*connection_close)(cdbus_connection *);
    void (*connection_unref)(cdbus_connection *);
    cdbus_message *(*message_new_method_call)(const char *, const char *, const char *, const char *);
    void (*message_unref)(cdbus_message *);
    void (*message_iter_init_append)(cdbus_message *, cdbus_iter *);
    cdbus_bool (*message_iter_append_basic)(cdbus_iter *, int, const void *);
    cdbus_bool (*message_iter_open_container)(cdbus_iter *, int, const char *, cdbus_iter *);
    cdbus_bool (*message_iter_close_container)(cdbus_iter *, cdbus_iter *);
    cdbus_message *(*connection_send_with_reply_and_block)(cdbus_connection *, cdbus_message *, int, cdbus_error *);
} cdbus_api;

/* Written once under the lock; read only after cdbus_load returned 0 under the same lock. */
static pthread_mutex_t cdbus_lock = PTHREAD_MUTEX_INITIALIZER;
static cdbus_api cdbus;
static int cdbus_loaded = 0;

#define CDBUS_FIND(field, name)                                                                                        \
    do {                                                                                                               \
        *(void **)&api.field = dlsym(library, name);                                                                   \
        if (!api.field) {                                                                                              \
            snprintf(error, error_size, "libdbus-1 lacks %s", name);                                                   \
            dlclose(library);                                                                                          \
            return -1;                                                                                                 \
        }                                                                                                              \
    } while (0)

static int cdbus_start(char *error, size_t error_size) {
    void *library = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(error, error_size, "cannot load libdbus-1 (install libdbus-1-3): %s", why ? why : "unknown error");
        return -1;
    }
    cdbus_api api;
    CDBUS_FIND(error_init, "dbus_error_init");
    CDBUS_FIND(error_free, "dbus_error_free");
    CDBUS_FIND(connection_open_private, "dbus_connection_open_private");
    CDBUS_FIND(bus_register, "dbus_bus_register");
    CDBUS_FIND(connection_set_exit_on_disconnect, "dbus_connection_set_exit_on_disconnect");
    CDBUS_FIND(connection_close, "dbus_connection_close");
    CDBUS_FIND(connection_unref, "dbus_connection_unref");
    CDBUS_FIND(message_new_method_call, "dbus_message_new_method_call");
    CDBUS_FIND(message_unref, "dbus_message_unref");
    CDBUS_FIND(message_iter_init_append, "dbus_message_iter_init_append");
    CDBUS_FIND(message_iter_append_basic, "dbus_message_iter_append_basic");
    CDBUS_FIND(message_iter_open_container, "dbus_message_iter_open_container");
    CDBUS_FIND(message_iter_close_container, "dbus_message_iter_close_container");
    CDBUS_FIND(connection_send_with_reply_and_block, "dbus_connection_send_with_reply_and_block");
    cdbus = api;
    cdbus_loaded = 1;
    return 0;
}

static int cdbus_load(char *error, size_t error_size) {
    pthread_mutex_lock(&cdbus_lock);
    int status = cdbus_loaded ? 0 : cdbus_start(error, error_size);
    pthread_mutex_unlock(&cdbus_lock);
    return status;
}

/* Notify's arguments: susssasa{sv}i. */
static int cdbus_append(cdbus_message *message, const char *app_name, const char *title, const char *body) {
    cdbus_iter args, actions, hints;
    const char *icon = "";
    uint32_t replaces = 0;
    int32_t expire = -1;
    cdbus.message_iter_init_append(message, &args);
    if (!cdbus.message_iter_append_basic(&args, CDBUS_TYPE_STRING, &app_name)) return -1;
    if (!cdbus.message_iter_append_basic(&args, CDBUS_TYPE_UINT32, &replaces)) return -1;
    if (!cdbus.message_iter_append_basic(&args, CDBUS_TYPE_STRING, &icon)) return -1;
    if (!cdbus.message_iter_append_basic(&args, CDBUS_TYPE_STRING, &title)) return -1;
    if (!cdbus.message_iter_append_basic(&args, CDBUS_TYPE_STRING, &body)) return -1;
    if (!cdbus.message_iter_open_container(&args, CDBUS_TYPE_ARRAY, "s", &actions)) return -1;
    if (!cdbus.message_iter_close_container(&args, &actions)) return -1;
    if (!cdbus.message_iter_open_container(&args, CDBUS_TYPE_ARRAY, "{sv}", &hints)) return -1;
    if (!cdbus.message_iter_close_container(&args, &hints)) return -1;
    if (!cdbus.message_iter_append_basic(&args, CDBUS_TYPE_INT32, &expire)) return -1;
    return 0;
}

int cdbus_notify(const char *address, const char *app_name, const char *title, const char *body, int timeout_ms,
                 char *error, size_t error_size) {
    if (cdbus_load(error, error_size) != 0) return -1;
    cdbus_error failure;
    cdbus.error_init(&failure);
    /* A private connection of our own: closed here, and never ending the process when the
       bus goes away (what dbus_bus_get's shared connection would do). */
    cdbus_connection *connection = cdbus.connection_open_private(address, &failure);
    if (!connection) {
        snprintf(error, error_size, "cannot reach the session bus: %s",
                 failure.fields.message ? failure.fields.message : "unknown error");
        cdbus.error_free(&failure);
        return -1;
    }
    cdbus.connection_set_exit_on_disconnect(connection, 0);
    int result = -1;
    cdbus_message *reply = NULL;
    cdbus_message *message = NULL;
    if (!cdbus.bus_register(connection, &failure)) {
        snprintf(error, error_size, "the session bus refused us: %s",
                 failure.fields.message ? failure.fields.message : "unknown error");
        goto done;
    }
    message = cdbus.message_new_method_call("org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                            "org.freedesktop.Notifications", "Notify");
    if (!message || cdbus_append(message, app_name, title, body) != 0) {
        snprintf(error, error_size, "cannot build the notification message");
        goto done;
    }
    reply = cdbus.connection_send_with_reply_and_block(connection, message, timeout_ms, &failure);
    if (!reply) {
        snprintf(error, error_size, "no notification service answered: %s",
                 failure.fields.message ? failure.fields.message : "unknown error");
        goto done;
    }
    result = 0;
done:
    if (reply) cdbus.message_unref(reply);
    if (message) cdbus.message_unref(message);
    cdbus.error_free(&failure);
    cdbus.connection_close(connection);
    cdbus.connection_unref(connection);
    return result;
}
