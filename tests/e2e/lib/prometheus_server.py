"""A /metrics endpoint for the server-metrics tests: serves one behaviour on 127.0.0.1 and
prints "listening on http://127.0.0.1:PORT" (tests/e2e/lib/common.bash await_listening).

Modes: notfound (404), json (a JSON body), hang (never answers), malformed (bad lines among good
ones), reset (a counter that restarts from zero mid-run), huge (a 70 MiB exposition), tls_plain
(speaks plain HTTP; the test points https:// at it for a TLS error)."""
import http.server
import socketserver
import sys
import threading
import time

MODE = sys.argv[1]
START = time.monotonic()
LOCK = threading.Lock()
STATE = {"hits": 0}


def body():
    with LOCK:
        STATE["hits"] += 1
        hits = STATE["hits"]
    if MODE == "malformed":
        return ("# TYPE good_total counter\ngood_total %d\nbroken{label=unquoted} 1\n"
                "# TYPE temp gauge\ntemp %d\nthis is not a sample\n" % (hits, hits % 7))
    if MODE == "reset":
        # 10 per scrape, back to zero 3.2 s after the first scrape (inside a 4 s run that starts
        # within 3 s): a server restart.
        now = time.monotonic()
        with LOCK:
            first = STATE.setdefault("first", now)
            if now - first >= 3.2 and "reset_at" not in STATE:
                STATE["reset_at"] = hits - 1
        value = 10 * (hits - STATE.get("reset_at", 0))
        return "# TYPE restarts_total counter\nrestarts_total %d\n" % value
    if MODE == "huge":
        line = "huge_gauge{i=\"%08d\"} 1\n"
        return "".join(line % i for i in range(2_600_000))
    return "up 1\n"


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        if MODE == "hang":
            time.sleep(3600)
            return
        if MODE == "notfound":
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if MODE == "json":
            data = b'{"status": "ok"}'
            ctype = "application/json"
        else:
            data = body().encode()
            ctype = "text/plain; version=0.0.4"
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


srv = Server(("127.0.0.1", 0), Handler)
print("listening on http://127.0.0.1:%d" % srv.server_address[1], flush=True)
srv.serve_forever()
