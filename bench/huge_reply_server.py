#!/usr/bin/env python3
"""A one-purpose HTTP server for bench/huge_reply.sh: answers every POST with one non-streaming
chat completion whose content is --mb megabytes of words (built once), keep-alive.

  huge_reply_server.py --port 0 --mb 50     # prints "listening on http://127.0.0.1:PORT"
"""
import argparse
import http.server
import json
import socketserver


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--mb", type=float, default=50)
    a = p.parse_args()
    words = ("lorem ipsum dolor sit amet " * (int(a.mb * 2**20) // 27 + 1))[: int(a.mb * 2**20)]
    body = json.dumps({"id": "x", "object": "chat.completion", "model": "mock-model",
                       "choices": [{"index": 0, "message": {"role": "assistant", "content": words},
                                    "finish_reason": "stop"}],
                       "usage": {"prompt_tokens": 10, "completion_tokens": 100, "total_tokens": 110}}).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
        daemon_threads = True

    with Server(("127.0.0.1", a.port), Handler) as s:
        print(f"listening on http://127.0.0.1:{s.server_address[1]}", flush=True)
        s.serve_forever()


if __name__ == "__main__":
    main()
