#!/usr/bin/python3
"""A freedesktop notification service for tests: owns org.freedesktop.Notifications on the
session bus it is started on and appends each Notify call to FILE as one line,
APP|SUMMARY|BODY (body line breaks as \\n), for Tests/Scripts/checks/loop.sh.

Usage: notification-service.py FILE   (needs python3-dbus and python3-gi; prints "ready")
"""
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "org.freedesktop.Notifications"


class Notifications(dbus.service.Object):
    def __init__(self, bus, path, log):
        super().__init__(bus, path)
        self.log = log
        self.count = 0

    @dbus.service.method(NAME, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
        self.count += 1
        with open(self.log, "a", encoding="utf-8") as out:
            out.write("%s|%s|%s\n" % (app, summary, body.replace("\n", "\\n")))
        return self.count

    @dbus.service.method(NAME, out_signature="as")
    def GetCapabilities(self):
        return ["body"]


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    name = dbus.service.BusName(NAME, bus, do_not_queue=True)
    Notifications(bus, "/org/freedesktop/Notifications", sys.argv[1])
    print("ready", flush=True)
    # Ends by itself after a minute at most, whatever happens to the test.
    loop = GLib.MainLoop()
    GLib.timeout_add_seconds(60, loop.quit)
    loop.run()
    del name


if __name__ == "__main__":
    main()
