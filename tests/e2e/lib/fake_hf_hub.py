"""A stand-in for the HuggingFace hub on 127.0.0.1, for tests of --public-dataset downloads.

Serves the dataset repos under ROOT: ROOT/<org>/<name>/main/... is the repo's main branch and
ROOT/<org>/<name>/parquet/... its refs/convert/parquet branch. Routes, as the real hub's:
  GET /api/datasets/<org>/<name>/revision/<rev>?blobs=true -> {"sha", "siblings": [{"rfilename",
      "size", "lfs": {"sha256", "size"}}]}
  GET /datasets/<org>/<name>/resolve/<commit>/<path> -> 302 to a signed "CDN" URL on
      http://localhost:<port>/cdn/... (another host name, so a client must not send the token)
Repos named with --gated answer 401 without "Authorization: Bearer <--token>" (403 with a wrong
one). Repos named with --truncate serve every file one byte short. Each request is appended to
--log as one JSON line {"path", "auth": "none" | "ok" | "bad"}; the token itself is never logged.
Prints "listening on http://127.0.0.1:<port>" once ready.
"""
import argparse
import hashlib
import http.server
import json
import os
import sys
import urllib.parse

BRANCHES = {"main": "main", "refs/convert/parquet": "parquet"}


def commit_of(repo, branch):
    return hashlib.sha1(f"{repo}@{branch}".encode()).hexdigest()


class Hub(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # quiet: the JSON log says what was asked
        pass

    def reply(self, status, body=b"", headers=()):
        self.send_response(status)
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True

    def auth_state(self):
        got = self.headers.get("Authorization")
        if got is None:
            return "none"
        return "ok" if got == f"Bearer {self.server.args.token}" else "bad"

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        path = urllib.parse.unquote(url.path)
        auth = self.auth_state()
        with open(self.server.args.log, "a") as log:
            log.write(json.dumps({"path": self.path, "host": self.headers.get("Host", ""), "auth": auth}) + "\n")
        if path.startswith("/cdn/"):  # /cdn/<org>/<name>/<branch dir>/<file...>
            return self.serve_file(path[len("/cdn/"):])
        if path.startswith("/api/datasets/") and "/revision/" in path:
            repo, rev = path[len("/api/datasets/"):].split("/revision/", 1)
            if not self.allowed(repo, auth):
                return
            return self.listing(repo, rev)
        if path.startswith("/datasets/") and "/resolve/" in path:
            repo, rest = path[len("/datasets/"):].split("/resolve/", 1)
            if not self.allowed(repo, auth):
                return
            commit, file = rest.split("/", 1)
            for rev, folder in BRANCHES.items():
                if commit in (rev, commit_of(repo, rev)) and os.path.isfile(os.path.join(self.server.args.root, repo, folder, file)):
                    port = self.server.server_address[1]
                    cdn = f"http://localhost:{port}/cdn/{repo}/{folder}/{urllib.parse.quote(file)}?X-Signature=abc"
                    return self.reply(302, b"", [("Location", cdn), ("X-Repo-Commit", commit_of(repo, rev))])
        self.reply(404, b"Repository not found")

    def allowed(self, repo, auth):
        if repo not in self.server.args.gated or auth == "ok":
            return True
        self.reply(401 if auth == "none" else 403, b"Access to this dataset is restricted")
        return False

    def listing(self, repo, rev):
        folder = BRANCHES.get(rev)
        top = os.path.join(self.server.args.root, repo, folder or "-")
        if folder is None or not os.path.isdir(top):
            return self.reply(404, b"Revision not found")
        siblings = []
        for dirpath, _, files in sorted(os.walk(top)):
            for f in sorted(files):
                full = os.path.join(dirpath, f)
                data = open(full, "rb").read()
                entry = {"rfilename": os.path.relpath(full, top), "size": len(data)}
                if f.endswith((".parquet", ".json", ".jsonl", ".zst")):  # LFS files carry their SHA-256
                    entry["lfs"] = {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data), "pointerSize": 130}
                siblings.append(entry)
        body = json.dumps({"id": repo, "sha": commit_of(repo, rev), "siblings": siblings}).encode()
        self.reply(200, body, [("Content-Type", "application/json")])

    def serve_file(self, rel):
        full = os.path.join(self.server.args.root, rel)
        if ".." in rel.split("/") or not os.path.isfile(full):
            return self.reply(404, b"no such object")
        data = open(full, "rb").read()
        org, name = rel.split("/")[:2]
        if f"{org}/{name}" in self.server.args.truncate:
            data = data[:-1]
        self.reply(200, data, [("Content-Type", "application/octet-stream")])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--root", required=True)
    p.add_argument("--log", required=True)
    p.add_argument("--token", default="")
    p.add_argument("--gated", action="append", default=[])
    p.add_argument("--truncate", action="append", default=[])
    args = p.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hub)
    server.args = args
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
