#!/usr/bin/env python3
"""Local stand-ins for the tracking services aiperf publishes to, for the e2e tests (127.0.0.1 only).

  tracking_receivers.py mlflow OUT_DIR   the MLflow REST API 2.0 endpoints a run uses, and the
                                        mlflow-artifacts proxy (files land in OUT_DIR/artifacts/)
  tracking_receivers.py wandb OUT_DIR    W&B's GraphQL (upsertBucket, createRunFiles), upload
                                        URLs (files land in OUT_DIR/files/) and file_stream

Each call is appended to OUT_DIR/calls.jsonl as {method, path, authorization, body}. Requests
that break a rule of the real service (MLflow's log-batch limits, a missing W&B API key, the
key sent to an upload URL) are refused, so the client sees what the service would do.
Prints "listening on URL" once ready.
"""
import base64
import json
import os
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODE, OUT = sys.argv[1], sys.argv[2]
LOCK = threading.Lock()
STATE = {"experiments": {}, "runs": {}}
WANDB_KEY = os.environ.get("RECEIVER_WANDB_KEY", "")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def body(self):
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n else b""

    def record(self, raw, parsed=None):
        entry = {"method": self.command, "path": self.path,
                 "authorization": self.headers.get("Authorization", ""),
                 "content_type": self.headers.get("Content-Type", ""),
                 "body": parsed, "size": len(raw)}
        with LOCK, open(os.path.join(OUT, "calls.jsonl"), "a") as f:
            f.write(json.dumps(entry) + "\n")

    def reply(self, status, doc):
        data = json.dumps(doc).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.handle_any(b"")

    def do_POST(self):
        self.handle_any(self.body())

    def do_PUT(self):
        self.handle_any(self.body())

    def handle_any(self, raw):
        parsed = None
        if raw and "json" in self.headers.get("Content-Type", ""):
            parsed = json.loads(raw)
        self.record(raw, parsed)
        (mlflow if MODE == "mlflow" else wandb)(self, raw, parsed)


def mlflow(h, raw, body):
    url = urllib.parse.urlparse(h.path)
    api = "/api/2.0/mlflow/"
    proxy = "/api/2.0/mlflow-artifacts/artifacts/"
    if url.path == api + "experiments/get-by-name":
        name = urllib.parse.parse_qs(url.query).get("experiment_name", [""])[0]
        if name in STATE["experiments"]:
            return h.reply(200, {"experiment": {"experiment_id": STATE["experiments"][name], "name": name}})
        return h.reply(404, {"error_code": "RESOURCE_DOES_NOT_EXIST", "message": f"No experiment '{name}'"})
    if url.path == api + "experiments/create":
        exp_id = str(100 + len(STATE["experiments"]))
        STATE["experiments"][body["name"]] = exp_id
        return h.reply(200, {"experiment_id": exp_id})
    if url.path == api + "runs/create":
        run_id = "run%04d" % len(STATE["runs"])
        STATE["runs"][run_id] = body
        return h.reply(200, {"run": {"info": {
            "run_id": run_id, "experiment_id": body["experiment_id"], "run_name": body.get("run_name"),
            "status": "RUNNING", "artifact_uri": f"mlflow-artifacts:/{body['experiment_id']}/{run_id}/artifacts"}}})
    if url.path == api + "runs/log-batch":
        m, p, t = len(body.get("metrics", [])), len(body.get("params", [])), len(body.get("tags", []))
        if m > 1000 or p > 100 or t > 100 or m + p + t > 1000:
            return h.reply(400, {"error_code": "INVALID_PARAMETER_VALUE", "message": "batch too large"})
        return h.reply(200, {})
    if url.path == api + "runs/update":
        return h.reply(200, {"run_info": {"run_id": body["run_id"], "status": body["status"]}})
    if url.path.startswith(proxy) and h.command == "PUT":
        rel = urllib.parse.unquote(url.path[len(proxy):])
        dest = os.path.join(OUT, "artifacts", rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as f:
            f.write(raw)
        return h.reply(200, {})
    h.reply(404, {"error_code": "ENDPOINT_NOT_FOUND", "message": url.path})


def wandb(h, raw, body):
    url = urllib.parse.urlparse(h.path)
    port = h.server.server_address[1]
    if url.path.startswith("/upload/"):
        if h.headers.get("Authorization"):
            return h.reply(403, {"error": "an upload URL must not receive the API key"})
        dest = os.path.join(OUT, "files", urllib.parse.unquote(url.path[len("/upload/"):]))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as f:
            f.write(raw)
        return h.reply(200, {})
    expected = "Basic " + base64.b64encode(f"api:{WANDB_KEY}".encode()).decode()
    if h.headers.get("Authorization") != expected:
        return h.reply(401, {"errors": [{"message": "invalid API key"}]})
    if url.path == "/graphql":
        query, variables = body["query"], body.get("variables", {})
        if "upsertBucket(" in query:
            entity = variables.get("entity") or "default-entity"
            return h.reply(200, {"data": {"upsertBucket": {"inserted": True, "bucket": {
                "id": "b1", "name": variables["name"], "displayName": variables.get("displayName"),
                "project": {"name": variables["project"], "entity": {"name": entity}}}}}})
        if "createRunFiles(" in query:
            files = [{"name": n, "uploadUrl": f"http://127.0.0.1:{port}/upload/{urllib.parse.quote(n)}"}
                     for n in variables["files"]]
            return h.reply(200, {"data": {"createRunFiles": {"runID": "b1", "uploadHeaders": [], "files": files}}})
        return h.reply(200, {"errors": [{"message": "unknown operation"}]})
    if url.path.endswith("/file_stream"):
        return h.reply(200, {"exitcode": None, "limits": {}})
    h.reply(404, {"error": url.path})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
server.serve_forever()
