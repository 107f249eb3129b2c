# A test HTTP events sink on 127.0.0.1: answers 503 to the first POST, then 200, and
# appends each event it took to a JSON Lines file. Stops by itself after 40 requests
# or 20 seconds idle.
import http.server, sys, json
out, port_file = sys.argv[1], sys.argv[2]
state = {"posts": 0}
class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        state["posts"] += 1
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if state["posts"] == 1:
            self.send_response(503); self.end_headers(); return
        with open(out, "a") as f:
            for event in json.loads(body):
                f.write(json.dumps(event) + "\n")
        self.send_response(200); self.end_headers()
    def log_message(self, *args): pass
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
open(port_file, "w").write(str(server.server_address[1]))
server.timeout = 20
for _ in range(40):
    server.handle_request()
