#!/usr/bin/env python3
"""A PostgreSQL server that is not one, for the tests of app-shell's connection defaults.

It listens on ADDRESS:PORT (another loopback address stands in for another host), declines
TLS ('N' to an SSLRequest), asks every client for a cleartext password and writes what it
received to RECORD, one line a connection ("password <text>", or "no password"). It ends
after CONNECTIONS connections or TIMEOUT seconds, whichever comes first, and prints its
port on standard output once it listens (port 0 chooses a free one).

usage: fake-postgres.py ADDRESS PORT RECORD CONNECTIONS TIMEOUT
"""
import socket
import struct
import sys
import time


def read_exactly(connection, count):
    data = b""
    while len(data) < count:
        chunk = connection.recv(count - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def serve(connection):
    """One client: returns what it sent as its password, or None."""
    connection.settimeout(5)
    while True:
        header = read_exactly(connection, 8)
        if header is None:
            return None
        length, code = struct.unpack("!ii", header)
        if code == 80877103 or code == 80877104:  # SSLRequest, GSSENCRequest: declined
            connection.sendall(b"N")
            continue
        if read_exactly(connection, length - 8) is None:  # the StartupMessage's parameters
            return None
        break
    connection.sendall(b"R" + struct.pack("!ii", 8, 3))  # AuthenticationCleartextPassword
    kind = read_exactly(connection, 1)
    if kind != b"p":
        return None
    (length,) = struct.unpack("!i", read_exactly(connection, 4))
    body = read_exactly(connection, length - 4) or b""
    return body.rstrip(b"\0").decode("utf-8", "replace")


def main():
    address, port, record, connections, timeout = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((address, port))
    listener.listen(8)
    print(listener.getsockname()[1], flush=True)
    deadline = time.monotonic() + timeout
    with open(record, "a") as out:
        for _ in range(connections):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            listener.settimeout(remaining)
            try:
                connection, _ = listener.accept()
            except socket.timeout:
                break
            with connection:
                try:
                    password = serve(connection)
                except (OSError, struct.error):
                    password = None
            out.write(("password " + password if password is not None else "no password") + "\n")
            out.flush()


if __name__ == "__main__":
    main()
