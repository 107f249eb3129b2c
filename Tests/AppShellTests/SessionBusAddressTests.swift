import Core
import Testing

@testable import AppShell

/// Only `unix:` session bus addresses reach libdbus: `unixexec:` runs a program.
@Suite struct SessionBusAddressTests {
    @Test(arguments: [
        "unix:path=/run/user/1000/bus", "unix:abstract=/tmp/dbus-x,guid=0123", "unix:runtime=yes",
        "unix:path=/a;unix:path=/b",
    ])
    func unixAddressesAreTaken(text: String) throws {
        #expect(try SessionBusAddress(checking: text).text == text)
    }

    @Test(arguments: [
        ("unixexec:path=/bin/sh,argv1=-c,argv2=touch%20/tmp/marker", "unixexec:"),
        ("unix:path=/run/user/1000/bus;unixexec:path=/bin/sh", "unixexec:"),
        ("autolaunch:", "autolaunch:"), ("tcp:host=127.0.0.1,port=9", "tcp:"), ("launchd:env=X", "launchd:"),
        ("UNIX:path=/x", "UNIX:"), ("unix:path=/x;", "an address without a transport"),
        ("", "an address without a transport"),
    ])
    func otherTransportsAreRefused(text: String, named: String) {
        let error = #expect(throws: AppError.self) { try SessionBusAddress(checking: text) }
        #expect(error?.code == SessionBusAddress.refusedCode)
        #expect(error?.message.contains(named) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("/bin/sh") == false)
    }

    @Test func aSocketPathIsEscaped() {
        #expect(SessionBusAddress.socket(atPath: "/run/user/1000/bus").text == "unix:path=/run/user/1000/bus")
        #expect(
            SessionBusAddress.socket(atPath: "/tmp/a;unixexec:path=/bin/sh,x/bus").text
                == "unix:path=/tmp/a%3bunixexec%3apath%3d/bin/sh%2cx/bus")
    }
}
