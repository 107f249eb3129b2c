#ifndef CDBUS_H
#define CDBUS_H
/*
 * A desktop notification through the freedesktop notification service
 * (org.freedesktop.Notifications on the session bus), over libdbus-1 loaded with dlopen on
 * the first notification: the shell does not link libdbus, and a run that never notifies
 * never loads it. libdbus-1.so.3 is on nearly every Linux system (systemd needs it); its
 * headers are not needed: cdbus.c declares the few types and functions it calls, as
 * libdbus's stable ABI defines them.
 */
#include <stddef.h>

/// Sends Notify(app_name, 0, "", title, body, [], {}, -1) to the notification service on the
/// bus at `address` (a D-Bus address such as "unix:path=/run/user/1000/bus"), waiting at
/// most `timeout_ms` for its answer. Returns 0 when the service took it; -1 with a message
/// for a person in `error` when libdbus cannot be loaded, the bus cannot be reached, or no
/// service answered. Strings must be valid UTF-8 without NUL (D-Bus refuses others).
int cdbus_notify(const char *address, const char *app_name, const char *title, const char *body, int timeout_ms,
                 char *error, size_t error_size);

#endif
