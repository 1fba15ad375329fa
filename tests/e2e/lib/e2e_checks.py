"""Helpers for the Python checks of the end-to-end tests (`py` puts this folder on the path)."""
import json


def fnv(data: bytes) -> str:
    """FNV-1a 64 of the bytes, as the mock's --timing-log writes it (body_fnv1a)."""
    h = 0xCBF29CE484222325
    for c in data:
        h = ((h ^ c) * 0x100000001B3) % (1 << 64)
    return f"{h:016x}"


def compact(obj) -> bytes:
    """A JSON value as aiperf puts it on the wire: compact separators, UTF-8 kept."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode()


def body_hash(obj) -> str:
    """body_fnv1a of the request body `obj`."""
    return fnv(compact(obj))


def jsonl(path):
    """The JSON values of a JSON Lines file, one a line."""
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]
