#!/usr/bin/env python3
"""A misbehaving OpenAI-style chat server for the fault-injection e2e suite (fault_matrix.sh).

The behaviour is the first segment of the request's path (`aiperf -u http://HOST:PORT/<behaviour>`
sends `POST /<behaviour>/v1/chat/completions`), so one server process serves every case; or one
for every request with --behaviour NAME. Every reply that carries content carries the request's
own id (`rid=<X-Request-ID>`), so the test can check that no record was credited with another
request's reply. Each request the server read is logged as one JSON line to --log once the
server is done with it:
  {"behaviour": ..., "conn": <connection number>, "rid": <X-Request-ID>,
   "answered": <a complete 2xx reply was sent>}
A connection that sends no request (aiperf's start-up probe) is not logged.

SIGTERM stops the server gracefully: the request being answered is finished, idle keep-alive
connections are closed, and the process exits 0 (a restart, as fault_matrix.sh does it).

stdlib only. Prints "listening on http://127.0.0.1:PORT" once it accepts connections.
"""
import argparse
import json
import signal
import socket
import struct
import sys
import threading
import time

STREAM_TOKENS = ["alpha ", "beta ", "gamma"]
# Every loop that waits on the client is bounded: a misbehaving client (or a test that died)
# must not leave a thread running for ever.
MAX_TRICKLE_S = 20.0


class Stop(Exception):
    """The client went away, or the server is stopping: end this connection."""


class Server:
    def __init__(self, behaviour, log_path):
        # None: taken from each request's path.
        self.behaviour = behaviour
        self.log = open(log_path, "a", buffering=1)  # line-buffered: a killed server loses nothing
        self.log_lock = threading.Lock()
        self.stopping = threading.Event()
        self.conn_count = 0
        self.threads = []

    # ---- logging ------------------------------------------------------------------------
    def record(self, behaviour, conn_no, rid, answered):
        entry = {"behaviour": behaviour, "conn": conn_no, "rid": rid, "answered": answered}
        with self.log_lock:
            self.log.write(json.dumps(entry) + "\n")

    # ---- reading requests ---------------------------------------------------------------
    def read_request(self, sock, buf):
        """Returns (path, headers dict lower-case, body bytes, rest of buf) or None at EOF/stop."""
        while b"\r\n\r\n" not in buf:
            chunk = self.recv_idle(sock)
            if not chunk:
                return None
            buf += chunk
        head, _, rest = buf.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        path = parts[1] if len(parts) > 1 else "/"
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        while len(rest) < length:
            chunk = self.recv_idle(sock)
            if not chunk:
                return None
            rest += chunk
        return path, headers, rest[:length], rest[length:]

    def recv_idle(self, sock):
        """recv that gives up (returns b"") when the server is stopping."""
        while True:
            if self.stopping.is_set():
                return b""
            try:
                return sock.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                return b""

    # ---- reply pieces -------------------------------------------------------------------
    @staticmethod
    def chat_json(rid, extra=""):
        return json.dumps({
            "id": "chatcmpl-hostile", "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": f"rid={rid} ok{extra}"},
                         "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 5, "completion_tokens": 2, "total_tokens": 7},
        }).encode()

    @staticmethod
    def delta(text):
        return ("data: " + json.dumps({"object": "chat.completion.chunk",
                                       "choices": [{"index": 0, "delta": {"content": text}}]})).encode()

    @staticmethod
    def chunk(data):
        return b"%x\r\n%s\r\n" % (len(data), data)

    @staticmethod
    def head(status="200 OK", content_type="application/json", length=None, extra=b""):
        h = b"HTTP/1.1 " + status.encode() + b"\r\nContent-Type: " + content_type.encode() + b"\r\n"
        h += b"Connection: keep-alive\r\n"
        h += (b"Content-Length: %d\r\n" % length) if length is not None else b"Transfer-Encoding: chunked\r\n"
        return h + extra + b"\r\n"

    def full_reply(self, rid, streaming):
        if not streaming:
            body = self.chat_json(rid)
            return self.head(length=len(body)) + body
        events = [self.delta(f"rid={rid} ")] + [self.delta(t) for t in STREAM_TOKENS] + [b"data: [DONE]"]
        out = self.head(content_type="text/event-stream")
        for e in events:
            out += self.chunk(e + b"\n\n")
        return out + b"0\r\n\r\n"

    # ---- behaviours ---------------------------------------------------------------------
    # Each returns True when it sent a complete 2xx reply and the connection may carry more.
    # Raising Stop ends the connection.

    def b_ok(self, sock, rid, streaming):
        sock.sendall(self.full_reply(rid, streaming))
        return True

    def b_interim_100(self, sock, rid, streaming):
        # The interim response alone, then the real one in a later read.
        sock.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
        time.sleep(0.02)
        sock.sendall(self.full_reply(rid, streaming))
        return True

    def b_interim_103(self, sock, rid, streaming):
        # Two interim responses in the same packet as the real one.
        sock.sendall(b"HTTP/1.1 103 Early Hints\r\nLink: </hints.css>; rel=preload\r\n\r\n"
                     b"HTTP/1.1 100 Continue\r\n\r\n" + self.full_reply(rid, streaming))
        return True

    def b_stray_after_reply(self, sock, rid, streaming):
        # A whole unsolicited response arrives on the idle keep-alive connection.
        sock.sendall(self.full_reply(rid, streaming))
        time.sleep(0.01)  # after the reply has been read, long before the next request (500 ms)
        stray = self.chat_json("STRAY")
        sock.sendall(self.head(length=len(stray)) + stray)
        return True

    def b_trailing_garbage(self, sock, rid, streaming):
        # Bytes past the end of the reply, in the same packet.
        stray = self.chat_json("STRAY")
        sock.sendall(self.full_reply(rid, streaming) + self.head(length=len(stray)) + stray)
        return True

    def b_close_before_reply(self, sock, rid, streaming):
        sock.shutdown(socket.SHUT_RDWR)
        raise Stop()

    def b_reset_before_reply(self, sock, rid, streaming):
        reset(sock)
        raise Stop()

    def partial_stream(self, sock, rid, streaming):
        if streaming:
            sock.sendall(self.head(content_type="text/event-stream") +
                         self.chunk(self.delta(f"rid={rid} ") + b"\n\n") + self.chunk(self.delta("alpha ") + b"\n\n"))
        else:
            body = self.chat_json(rid)
            sock.sendall(self.head(length=len(body)) + body[: len(body) // 2])
        time.sleep(0.02)

    def b_midstream_close(self, sock, rid, streaming):
        self.partial_stream(sock, rid, streaming)
        sock.shutdown(socket.SHUT_RDWR)
        raise Stop()

    def b_midstream_reset(self, sock, rid, streaming):
        self.partial_stream(sock, rid, streaming)
        reset(sock)
        raise Stop()

    def b_malformed_sse(self, sock, rid, streaming):
        # Expected text: "rid=<id> A B E"; two messages whose data is not JSON.
        def d(text):
            return self.delta(text)
        body = (d(f"rid={rid} ") + b"\n\n"          # LF
                + d("A ") + b"\r\n\r\n"             # CRLF
                + b"data: {not json\n\n"            # invalid JSON (1)
                + d("B ") + b"\r\n\n"               # CRLF line, LF empty line
                + d("C ") + b"\n" + d("D ") + b"\n\n"  # missing blank line: two objects, one message (2)
                + d("E") + b"\r\r"                  # CR only
                + b"data: [DONE]\n\n")
        out = self.head(content_type="text/event-stream")
        # Cut into small chunks so message and line boundaries fall across reads.
        for i in range(0, len(body), 7):
            out += self.chunk(body[i:i + 7])
        sock.sendall(out + b"0\r\n\r\n")
        return True

    def trickle(self, sock, pieces, gap_s):
        deadline = time.monotonic() + MAX_TRICKLE_S
        for piece in pieces:
            if self.stopping.is_set() or time.monotonic() > deadline:
                break
            try:
                sock.sendall(piece)
            except OSError:
                break
            time.sleep(gap_s)
        raise Stop()

    def b_slow_loris(self, sock, rid, streaming):
        # The status line and headers one byte every 50 ms, never finishing.
        head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Slow: " + b"z" * 10000
        self.trickle(sock, (head[i:i + 1] for i in range(len(head))), 0.05)

    def b_endless_stream(self, sock, rid, streaming):
        def events():
            yield self.head(content_type="text/event-stream") + self.chunk(self.delta(f"rid={rid} ") + b"\n\n")
            while True:
                yield self.chunk(self.delta("more ") + b"\n\n")
        self.trickle(sock, events(), 0.01)

    def b_huge_headers(self, sock, rid, streaming):
        body = self.chat_json(rid)
        try:
            sock.sendall(self.head(length=len(body), extra=b"X-Huge: " + b"h" * (1 << 20) + b"\r\n") + body)
        except OSError:
            pass  # the client gave up reading: expected
        raise Stop()

    def b_huge_body(self, sock, rid, streaming):
        body = self.chat_json(rid, extra=" " + "x" * (4 << 20))
        try:
            sock.sendall(self.head(length=len(body)) + body)
        except OSError:
            raise Stop()
        return True

    def redirect(self, sock, status):
        body = b"moved to /elsewhere"
        sock.sendall(b"HTTP/1.1 " + status + b"\r\nLocation: http://127.0.0.1:1/elsewhere\r\n"
                     b"Content-Type: text/plain\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
        return False  # not a 2xx reply; the connection stays usable

    def b_redirect_301(self, sock, rid, streaming):
        return self.redirect(sock, b"301 Moved Permanently")

    def b_redirect_302(self, sock, rid, streaming):
        return self.redirect(sock, b"302 Found")

    def b_redirect_307(self, sock, rid, streaming):
        return self.redirect(sock, b"307 Temporary Redirect")

    # ---- connection loop ----------------------------------------------------------------
    def serve(self, sock, conn_no):
        sock.settimeout(0.1)  # lets an idle connection notice a stop
        buf = b""
        try:
            while not self.stopping.is_set():
                req = self.read_request(sock, buf)
                if req is None:
                    return
                path, headers, body, buf = req
                behaviour = self.behaviour or path.strip("/").split("/")[0]
                handler = getattr(self, "b_" + behaviour, None)
                rid = headers.get("x-request-id", "")
                if handler is None:
                    sock.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
                    self.record(behaviour, conn_no, rid, False)
                    continue
                try:
                    streaming = bool(json.loads(body or b"{}").get("stream"))
                except ValueError:
                    streaming = False
                sock.settimeout(None)
                answered = False
                try:
                    answered = handler(sock, rid, streaming) is True
                except (Stop, OSError):
                    self.record(behaviour, conn_no, rid, False)
                    return
                self.record(behaviour, conn_no, rid, answered)
                sock.settimeout(0.1)
        finally:
            try:
                sock.close()
            except OSError:
                pass

    def run(self, port, bind_wait_s):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # A restart: this process starts (slow on a loaded machine) while the old server still
        # holds the port, and takes it the moment it is free.
        deadline = time.monotonic() + bind_wait_s
        waiting = False
        while True:
            try:
                listener.bind(("127.0.0.1", port))
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                if not waiting:
                    print("waiting for the port", flush=True)
                    waiting = True
                time.sleep(0.005)
        listener.listen(128)
        listener.settimeout(0.1)
        print(f"listening on http://127.0.0.1:{listener.getsockname()[1]}", flush=True)
        while not self.stopping.is_set():
            try:
                sock, _ = listener.accept()
            except socket.timeout:
                continue
            self.conn_count += 1
            t = threading.Thread(target=self.serve, args=(sock, self.conn_count), daemon=True)
            t.start()
            self.threads.append(t)
        listener.close()
        for t in self.threads:
            t.join(timeout=MAX_TRICKLE_S + 1)


def reset(sock):
    """Closes with RST instead of FIN (SO_LINGER on, timeout 0)."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--behaviour", help="one behaviour for every request (default: from the path)")
    ap.add_argument("--log", required=True)
    ap.add_argument("--bind-wait", type=float, default=0.0,
                    help="seconds to keep trying while --port is taken (a restart)")
    args = ap.parse_args()
    server = Server(args.behaviour, args.log)
    if args.behaviour and not hasattr(server, "b_" + args.behaviour):
        sys.exit(f"hostile_server.py: unknown --behaviour {args.behaviour}")
    signal.signal(signal.SIGTERM, lambda *_: server.stopping.set())
    server.run(args.port, args.bind_wait)


if __name__ == "__main__":
    main()
