#!/usr/bin/env python3
"""Writes a tiny random-weight `llama`-architecture GGUF model for the real-server test tier.

The tokenizer (vocab, merges, token types, special ids, pre-tokenizer, chat template) is copied
from llama.cpp's models/ggml-vocab-qwen2.gguf, so prompts tokenize like a real Qwen2 model.

Random weights would sample any token, and a token holding half a UTF-8 character or a control
byte makes llama-server abort a stream with HTTP 500. The output layer is therefore built so that
only "word" tokens can ever win: a space followed by complete Unicode letters, whose BPE encoding
is that very token. Output text then is always valid, printable UTF-8, and re-tokenizing it on the
client gives back exactly the server's completion_tokens count.

How the bias works: dimension 0 of every token embedding is a positive constant, and the rows of
attn_output and ffn_down that write into dimension 0 are zero, so the residual stream keeps that
constant through every layer. After the final RMSNorm, h[0] is therefore always positive. Allowed
rows of output.weight carry a large weight in column 0; all other rows are exactly zero. Allowed
logits sit ~100+ above the rest, which no temperature or top-k setting a benchmark uses can undo.

Usage: PYTHONPATH=<llama.cpp>/gguf-py make_tiny_gguf.py --vocab ggml-vocab-qwen2.gguf --out m.gguf
Needs numpy (Debian python3-numpy) and llama.cpp's gguf-py; nothing from the network.
"""

import argparse
import os
import sys

import numpy as np

try:
    import gguf
except ImportError:
    sys.exit("make_tiny_gguf: gguf-py not importable; put <llama.cpp>/gguf-py on PYTHONPATH")

N_EMBD = 64
N_LAYER = 2
N_HEAD = 4
N_HEAD_KV = 4
N_FF = 128
CONTEXT_LENGTH = 8192
ROPE_FREQ_BASE = 10000.0
RMS_EPS = 1e-6

ANCHOR = 4.0          # embedding dim 0; kept constant by the residual stream
ALLOWED_WEIGHT = 200.0  # output.weight column 0 for allowed tokens
NOISE_STD = 0.3       # output.weight columns 32..63: varied, context-dependent sampling


def byte_level_decoder():
    """Inverse of the GPT-2 byte-to-unicode table that byte-level BPE vocabularies are stored in."""
    printable = (list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1))
                 + list(range(ord("®"), ord("ÿ") + 1)))
    table = {chr(b): b for b in printable}
    extra = 0
    for b in range(256):
        if b not in printable:
            table[chr(256 + extra)] = b
            extra += 1
    return table


def bpe(word, ranks):
    """Plain byte-level BPE: repeatedly merge the adjacent pair with the lowest merge rank."""
    parts = list(word)
    while len(parts) > 1:
        best = None
        for i in range(len(parts) - 1):
            r = ranks.get((parts[i], parts[i + 1]))
            if r is not None and (best is None or r < best[0]):
                best = (r, i)
        if best is None:
            break
        left, right = parts[best[1]], parts[best[1] + 1]
        merged, i = [], 0
        while i < len(parts):
            if i < len(parts) - 1 and parts[i] == left and parts[i + 1] == right:
                merged.append(left + right)
                i += 2
            else:
                merged.append(parts[i])
                i += 1
        parts = merged
    return parts


def allowed_tokens(tokens, token_types, merges):
    """Ids of tokens that decode to ' ' + letters and that BPE maps back to themselves."""
    decoder = byte_level_decoder()
    ranks = {tuple(m.split(" ", 1)): i for i, m in enumerate(merges)}
    allowed = []
    for tid, (tok, ttype) in enumerate(zip(tokens, token_types)):
        if ttype != gguf.TokenType.NORMAL or any(ch not in decoder for ch in tok):
            continue
        try:
            text = bytes(decoder[ch] for ch in tok).decode("utf-8")
        except UnicodeDecodeError:
            continue
        # A leading space makes every token its own pre-tokenizer chunk ("[^\r\n\p{L}\p{N}]?\p{L}+"),
        # so neighbours never merge when the client re-tokenizes the text.
        if len(text) < 2 or text[0] != " " or not text[1:].isalpha() or not text[1:].isprintable():
            continue
        if bpe(tok, ranks) != [tok]:
            continue
        allowed.append(tid)
    return np.array(allowed, dtype=np.int64)


def copy_tokenizer(reader, writer):
    for field in reader.fields.values():
        if not field.name.startswith("tokenizer."):
            continue
        vtype = field.types[0]
        sub_type = field.types[-1] if vtype == gguf.GGUFValueType.ARRAY else None
        writer.add_key_value(field.name, field.contents(), vtype, sub_type)


def add_quantized(writer, name, data, qtype):
    writer.add_tensor(name, gguf.quants.quantize(data, qtype), raw_dtype=qtype)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--vocab", required=True, help="llama.cpp models/ggml-vocab-qwen2.gguf")
    ap.add_argument("--out", required=True, help="output .gguf path")
    ap.add_argument("--seed", type=int, default=1234)
    args = ap.parse_args()

    try:
        reader = gguf.GGUFReader(args.vocab)
    except (OSError, ValueError) as e:
        sys.exit(f"make_tiny_gguf: --vocab {args.vocab}: {e}")
    if "tokenizer.ggml.tokens" not in reader.fields:
        sys.exit(f"make_tiny_gguf: --vocab {args.vocab}: no tokenizer.ggml.tokens")
    tokens = reader.fields["tokenizer.ggml.tokens"].contents()
    token_types = reader.fields["tokenizer.ggml.token_type"].contents()
    merges = reader.fields["tokenizer.ggml.merges"].contents()
    n_vocab = len(tokens)

    allowed = allowed_tokens(tokens, token_types, merges)
    if len(allowed) < 1000:
        sys.exit(f"make_tiny_gguf: --vocab {args.vocab}: only {len(allowed)} word tokens found")

    rng = np.random.default_rng(args.seed)

    def dense(n_out, n_in):
        return (rng.standard_normal((n_out, n_in)) / np.sqrt(n_in)).astype(np.float32)

    # Written beside the target and renamed, so an interrupted run never leaves a half model.
    partial = args.out + ".partial"
    writer = gguf.GGUFWriter(partial, "llama")
    writer.add_name("aiperf-tiny-random")
    writer.add_context_length(CONTEXT_LENGTH)
    writer.add_embedding_length(N_EMBD)
    writer.add_block_count(N_LAYER)
    writer.add_feed_forward_length(N_FF)
    writer.add_head_count(N_HEAD)
    writer.add_head_count_kv(N_HEAD_KV)
    writer.add_rope_dimension_count(N_EMBD // N_HEAD)
    writer.add_rope_freq_base(ROPE_FREQ_BASE)
    writer.add_layer_norm_rms_eps(RMS_EPS)
    writer.add_vocab_size(n_vocab)
    writer.add_file_type(gguf.LlamaFileType.MOSTLY_Q8_0)
    copy_tokenizer(reader, writer)

    embd = rng.standard_normal((n_vocab, N_EMBD)).astype(np.float32)
    embd[:, 0] = ANCHOR
    add_quantized(writer, "token_embd.weight", embd, gguf.GGMLQuantizationType.Q8_0)

    ones = np.ones(N_EMBD, dtype=np.float32)
    for layer in range(N_LAYER):
        p = f"blk.{layer}."
        attn_out = dense(N_EMBD, N_EMBD)
        attn_out[0, :] = 0.0
        ffn_down = dense(N_EMBD, N_FF)
        ffn_down[0, :] = 0.0
        writer.add_tensor(p + "attn_norm.weight", ones)
        writer.add_tensor(p + "attn_q.weight", dense(N_EMBD, N_EMBD))
        writer.add_tensor(p + "attn_k.weight", dense(N_EMBD * N_HEAD_KV // N_HEAD, N_EMBD))
        writer.add_tensor(p + "attn_v.weight", dense(N_EMBD * N_HEAD_KV // N_HEAD, N_EMBD))
        writer.add_tensor(p + "attn_output.weight", attn_out)
        writer.add_tensor(p + "ffn_norm.weight", ones)
        writer.add_tensor(p + "ffn_gate.weight", dense(N_FF, N_EMBD))
        writer.add_tensor(p + "ffn_up.weight", dense(N_FF, N_EMBD))
        writer.add_tensor(p + "ffn_down.weight", ffn_down)
    writer.add_tensor("output_norm.weight", ones)

    # Q8_0 shares one scale per 32 columns: noise next to the large column 0 would round to zero,
    # so it lives in the second block only.
    output = np.zeros((n_vocab, N_EMBD), dtype=np.float32)
    output[allowed, 32:] = rng.standard_normal((len(allowed), N_EMBD - 32)) * NOISE_STD
    output[allowed, 0] = ALLOWED_WEIGHT
    add_quantized(writer, "output.weight", output, gguf.GGMLQuantizationType.Q8_0)

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    os.replace(partial, args.out)
    print(f"make_tiny_gguf: wrote {args.out}: {n_vocab} tokens, {len(allowed)} can be generated")


if __name__ == "__main__":
    main()
