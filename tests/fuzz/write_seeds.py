#!/usr/bin/env python3
"""Writes the hand-made seed inputs of tests/fuzz/corpus/ (docs/fuzzing.md): a few small,
real-looking inputs per harness. Each file starts with the selector bytes its harness reads
first (see the harness's opening comment). Crash reproducers found later are added by hand and
are not written here. Run from anywhere: python3 tests/fuzz/write_seeds.py"""
import base64
import json
import os
import struct
import zlib

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")


def put(harness, name, data):
    d = os.path.join(HERE, harness)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def aws_message(headers, payload):
    """One AWS event-stream message: prelude, its CRC, string headers, payload, message CRC."""
    hb = b""
    for k, v in headers:
        hb += bytes([len(k)]) + k.encode() + b"\x07" + struct.pack(">H", len(v)) + v.encode()
    total = 12 + len(hb) + len(payload) + 4
    prelude = struct.pack(">II", total, len(hb))
    msg = prelude + struct.pack(">I", zlib.crc32(prelude)) + hb + payload
    return msg + struct.pack(">I", zlib.crc32(msg))


def payload_part(b):
    return aws_message([(":event-type", "PayloadPart"), (":content-type", "application/json"),
                        (":message-type", "event")], b)


SSE_CHAT = ('data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant"}}]}\n\n'
            'data: {"id":"c1","choices":[{"index":0,"delta":{"content":"Hel"}}]}\n\n'
            'data: {"id":"c1","choices":[{"index":0,"delta":{"content":"lo","reasoning_content":"hm"}}]}\n\n'
            'data: {"id":"c1","choices":[],"usage":{"prompt_tokens":5,"completion_tokens":2,"total_tokens":7}}\n\n'
            'data: [DONE]\n\n')


def http_response_seeds():
    h = "http_response"
    body = '{"choices":[{"message":{"content":"hi"}}],"usage":{"prompt_tokens":3,"completion_tokens":1}}'
    put(h, "json_content_length", b"\x00\x00" + f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n{body}".encode())
    chunks = "".join(f"{len(p):x}\r\n{p}\r\n" for p in [SSE_CHAT[:70], SSE_CHAT[70:200], SSE_CHAT[200:]])
    put(h, "sse_chunked_split", b"\x05\x00" + f"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n{chunks}0\r\n\r\n".encode())
    put(h, "until_close", b"\x09\x00" + ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n" + SSE_CHAT).encode())
    put(h, "interim_100_continue", b"\x00\x00" + f"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: {len(body)}\r\n\r\n{body}".encode())
    put(h, "error_503", b"\x03\x00" + b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 21\r\nRetry-After: 1\r\n\r\n{\"error\":\"overloaded\"}")
    put(h, "http10_no_length", b"\x00\x00" + b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{\"text\":\"x\"}")
    put(h, "over_body_limit", b"\x07\x02" + ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: 40\r\n\r\n" + "data: 0123456789abcdef0123456789abcd\n\n").encode())
    stream = payload_part(SSE_CHAT[:90].encode()) + payload_part(SSE_CHAT[90:].encode())
    put(h, "aws_event_stream", b"\x0b\x00" + f"HTTP/1.1 200 OK\r\nContent-Type: application/vnd.amazon.eventstream\r\nContent-Length: {len(stream)}\r\n\r\n".encode() + stream)


def sse_seeds():
    put("sse", "chat_stream", b"\x00" + SSE_CHAT.encode())
    put("sse", "chat_stream_split", b"\x2a" + SSE_CHAT.encode())
    put("sse", "crlf_comments_events", b"\x11" + b": keep-alive\r\n\r\nevent: message\r\nid: 7\r\nretry: 100\r\ndata: {\"a\":1}\r\ndata: {\"b\":2}\r\n\r\n\r\n")
    put("sse", "cr_only_and_error", b"\x03" + b"data:x\r\rdata: y\r\revent: error\r: upstream failed\rdata: {}\r\r")
    put("sse", "unterminated", b"\x00" + b"data: {\"choices\":[{\"delta\":{\"content\":\"tail\"}}]}")


def response_parser_seeds():
    p = "response_parser"
    # First byte: index into the endpoint catalogue (endpoints/endpoint_catalog.h); second: mode.
    put(p, "chat_stream", b"\x00\x01" + SSE_CHAT.encode())
    put(p, "chat_whole", b"\x00\x00" + b'{"choices":[{"message":{"content":"hi","reasoning_content":"r","tool_calls":[{"function":{"name":"f","arguments":"{}"}}]}}],"usage":{"prompt_tokens":3,"completion_tokens":4,"completion_tokens_details":{"reasoning_tokens":1},"prompt_tokens_details":{"cached_tokens":2}},"metrics":{"speculative_decoding":{"num_spec_steps":2,"num_accepted_draft_tokens":3,"num_draft_tokens":4}}}')
    put(p, "chat_error_event", b"\x00\x07" + b'data: {"choices":[{"delta":{"content":"a"}}]}\n\nevent: error\ndata: {"error":{"message":"boom","code":500}}\n\n')
    put(p, "completions_stream", b"\x01\x03" + b'data: {"choices":[{"text":"Once"}]}\n\ndata: {"choices":[{"text":" upon"}],"usage":{"prompt_tokens":2,"completion_tokens":2}}\n\ndata: [DONE]\n\n')
    put(p, "responses_stream", b"\x02\x01" + b'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"Hi"}\n\nevent: response.reasoning_text.delta\ndata: {"type":"response.reasoning_text.delta","delta":"r"}\n\nevent: response.completed\ndata: {"type":"response.completed","response":{"usage":{"input_tokens":3,"output_tokens":2}}}\n\n')
    put(p, "responses_whole", b"\x02\x00" + b'{"output":[{"type":"message","content":[{"type":"output_text","text":"Hi"}]}],"usage":{"input_tokens":3,"output_tokens":1}}')
    put(p, "messages_stream", b"\x03\x01" + b'event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":9,"cache_read_input_tokens":4}}}\n\nevent: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}\n\nevent: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":{"type":"thinking_delta","thinking":"t"}}\n\nevent: message_delta\ndata: {"type":"message_delta","usage":{"output_tokens":2}}\n\n')
    put(p, "messages_whole", b"\x03\x00" + b'{"content":[{"type":"text","text":"Hi"},{"type":"tool_use","name":"f","input":{"a":1}}],"usage":{"input_tokens":3,"output_tokens":2}}')
    put(p, "embeddings", b"\x04\x00" + b'{"data":[{"embedding":[0.1,0.2],"index":0},{"embedding":[0.3],"index":1}],"usage":{"prompt_tokens":4,"total_tokens":4}}')
    put(p, "nim_rankings", b"\x07\x00" + b'{"rankings":[{"index":0,"logit":1.5},{"index":1,"logit":-2}]}')
    put(p, "cohere_rankings", b"\x08\x00" + b'{"results":[{"index":0,"relevance_score":0.9}]}')
    put(p, "hf_tei_rankings", b"\x09\x00" + b'[{"index":0,"score":0.5},{"index":1,"score":0.1}]')
    put(p, "tgi_stream", b"\x0a\x01" + b'data:{"token":{"id":1,"text":"Hi","special":false},"generated_text":null}\n\ndata:{"token":{"id":2,"text":"!","special":false},"generated_text":"Hi!","details":{"generated_tokens":2}}\n\n')
    put(p, "tgi_whole", b"\x0a\x00" + b'[{"generated_text":"Hello"}]')
    put(p, "image_generation", b"\x0b\x00" + b'{"created":1,"data":[{"b64_json":"iVBORw0KGgo="},{"url":"http://x/y.png"}],"usage":{"input_tokens":5,"output_tokens":100}}')
    put(p, "image_partial_stream", b"\x0b\x01" + b'event: image_generation.partial_image\ndata: {"type":"image_generation.partial_image","b64_json":"AA==","partial_image_index":0}\n\nevent: image_generation.completed\ndata: {"type":"image_generation.completed","b64_json":"AA==","usage":{"input_tokens":1,"output_tokens":2}}\n\n')
    put(p, "video_job", b"\x0d\x00" + b'{"id":"video_1","object":"video","status":"completed","progress":100,"model":"m","size":"720x1280","seconds":"4","created_at":1,"completed_at":9,"inference_time":7.5,"peak_memory_mb":1024,"usage":{"prompt_tokens":3}}')
    put(p, "video_failed", b"\x0d\x00" + b'{"id":"v","status":"failed","error":{"message":"oom","code":"x"}}')
    put(p, "image_retrieval", b"\x0e\x00" + b'{"data":[{"index":0,"bounding_boxes":[[1,2,3,4]]}]}')
    put(p, "transcription_json", b"\x0f\x00" + b'{"text":"hello world","usage":{"type":"tokens","input_tokens":10,"output_tokens":2}}')
    put(p, "transcription_text", b"\x0f\x00" + b"hello world\n")
    put(p, "solido_rag", b"\x10\x00" + b'{"content":"answer","sources":[]}')


def aws_seeds():
    a = "aws_event_stream"
    put(a, "two_payload_parts", b"\x00" + payload_part(b'data: {"a":1}\n\n') + payload_part(b'data: [DONE]\n\n'))
    put(a, "split_reads", b"\x21" + payload_part(SSE_CHAT.encode()))
    put(a, "model_stream_error", b"\x00" + payload_part(b"data: x\n\n") + aws_message(
        [(":exception-type", "ModelStreamError"), (":content-type", "application/json"), (":message-type", "exception")],
        b'{"message":"Your model failed","ErrorCode":"ModelError"}'))
    put(a, "bad_crc", b"\x00" + payload_part(b"data: x\n\n")[:-1] + b"\x00")
    put(a, "truncated", b"\x07" + payload_part(b"data: x\n\n")[:-5])


def multipart_seeds():
    m = "multipart"
    put(m, "audio_form", 'multipart/form-data; boundary=xYz\n--xYz\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper\r\n'
        '--xYz\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF\x00\x01\r\n--xYz--\r\n')
    put(m, "quoted_boundary_preamble", 'multipart/form-data; charset=utf-8; boundary="a b:c"\npreamble\r\n--a b:c\r\ncontent-disposition: form-data; name="prompt"\r\n\r\n'
        'draw a cat\r\n--a b:c--\r\nepilogue')
    put(m, "empty_filename", 'Multipart/Form-Data;boundary=B\n--B\r\nContent-Disposition: form-data; name="image"; filename=""\r\n\r\n\r\n--B--')
    put(m, "missing_close", 'multipart/form-data; boundary=B\n--B\r\nContent-Disposition: form-data; name="x"\r\n\r\nv\r\n--B\r\n')


def dataset_file_seeds():
    d = "dataset_file"
    # First byte: index into dataset_file_fuzz.cpp's kTypes; second: options.
    seeds = {
        "single_turn": (0, 0, '{"text": "What is a mutex?", "output_length": 20}\n{"texts": ["a", "b"], "timestamp": 1000, "session_id": "s1"}\n'
                              '{"text": "t", "image": "data:image/png;base64,iVBORw0KGgo=", "extra": {"seed": 3}, "role": "developer"}\n'),
        "multi_turn": (1, 0, '{"session_id": "c1", "turns": [{"role": "system", "text": "Answer tersely."}, {"text": "What is a mutex?"}, '
                             '{"text": "Give a C++ example.", "delay": 2000, "output_length": 200}]}\n'
                             '{"turns": [{"texts": ["one"], "timestamp": 5}, {"text": "two", "role": "assistant", "timestamp": 9}]}\n'),
        "random_pool": (2, 0, '{"text": "a"}\n{"text": "b"}\n{"texts": ["c"]}\n'),
        "mooncake": (3, 4, '{"timestamp": 250.5, "input_length": 40, "output_length": 3}\n\n{"timestamp": 0, "input_length": 7, "output_length": 9, "hash_ids": [1, 2]}\n'
                           '{"text_input": "literal prompt", "output_length": 1}\n{"session_id": "s", "input_length": 5, "delay": 10}\n'),
        "bailian": (4, 4, '{"chat_id": 42, "parent_chat_id": 41, "timestamp": 14.0, "input_length": 70, "output_length": 5, "type": "text", "turn": 2, "hash_ids": [100, 101, 102, 103, 104]}\n'
                          '{"chat_id": 41, "parent_chat_id": -1, "timestamp": 12.5, "input_length": 40, "output_length": 9, "type": "text", "turn": 1, "hash_ids": [100, 101, 102]}\n'
                          '{"chat_id": 7, "timestamp": 13, "input_length": 3}\n'),
        "burst_gpt": (5, 0, 'Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type\n0.0,ChatGPT,412,96,508,Conversation log\n'
                            '0.73,GPT-4,12,244,1534,"API, log"\n1.5,GPT-4,30,0,30,Conversation log\n'),
        "raw_payload": (6, 0, '{"session_id": "s", "payloads": [{"model": "m", "messages": [{"role": "user", "content": "hi"}]}, {"model": "m", "messages": []}]}\n'
                              '{"model": "m", "prompt": "x", "max_tokens": 3}\n'),
        "inputs_json": (7, 0, '{"data": [{"session_id": "a", "payloads": [{"messages": [{"role": "user", "content": "hi"}], "model": "m", "stream": true}]}]}'),
        "sagemaker": (8, 0, json.dumps({"captureData": {"endpointInput": {"observedContentType": "application/json", "mode": "INPUT", "encoding": "JSON",
                                                                            "data": json.dumps({"messages": [{"role": "user", "content": "hi"}], "max_tokens": 8})},
                                                          "endpointOutput": {"encoding": "BASE64", "data": base64.b64encode(b'{"usage":{"prompt_tokens":3}}').decode()}},
                                          "eventMetadata": {"eventId": "e", "inferenceTime": "2024-05-01T10:00:00Z"}}) + "\n"),
        "weka": (9, 4, '{"id": "trace_demo", "models": ["big-model", "small-model"], "block_size": 64, "hash_id_scope": "local", "tool_tokens": 0, "system_tokens": 0,'
                       ' "requests": [{"t": 0.0, "type": "n", "model": "big-model", "in": 192, "out": 40, "hash_ids": [1, 2, 3], "stop": "tool_use", "think_time": 0.0},'
                       ' {"t": 3.0, "type": "subagent", "agent_id": "agent_1", "subagent_type": "Explore", "status": "completed", "models": ["small-model"],'
                       ' "requests": [{"t": 3.0, "type": "s", "model": "small-model", "in": 150, "out": 30, "hash_ids": [1, 2, 50], "ttft": 0.2}]},'
                       ' {"t": 9.5, "type": "n", "model": "big-model", "in": 320, "out": 25, "hash_ids": [1, 2, 3, 4, 5], "input_types": ["tool_result"], "think_time": 1.2}]}'),
        "tracelab": (10, 0, "".join(json.dumps({"session_id": "claude-1", "round_index": i, "input_tokens_total": 100 + 50 * i, "prefix_tokens": 50 * i,
                                                "newly_append_tokens": 100, "output_tokens": 20, "reasoning_output_tokens": 0, "model": "claude-big",
                                                "provider": "claude", "user": "u7", "project": "p3",
                                                "first_input_event_type": "user_message" if i == 0 else "tool_result",
                                                "timing_events": [{"type": "user_message", "ts": f"2026-01-05T10:00:0{2 * i}Z"},
                                                                  {"type": "text", "ts": f"2026-01-05T10:00:0{2 * i + 1}.5Z"}],
                                                "tools": []}) + "\n" for i in range(2))),
        "dag_jsonl": (11, 0, '{"session_id": "plan", "turns": [{"messages": [{"role": "system", "content": "You plan."}, {"role": "user", "content": "Plan a blog post."}], "max_tokens": 64, "spawns": [{"children": ["critic"], "join_at": 1}]}, {"messages": [{"role": "user", "content": "Revise."}], "max_tokens": 64, "forks": ["draft-a"]}]}\n'
                             '{"session_id": "critic", "turns": [{"messages": [{"role": "user", "content": "Critique."}], "max_tokens": 48, "extra": {"temperature": 0}}]}\n'
                             '{"session_id": "draft-a", "turns": [{"messages": [{"role": "user", "content": "Write section 1."}], "max_tokens": 96, "delay": 500}]}\n'),
        "baseten": (12, 1, '{"timestamp_start_unix_ms": 1000, "input_tokens": 40, "output_tokens": 8, "hash_ids": [1, 2], "block_size": 16, "provided_session_id": "s1"}\n'
                           '{"timestamp_start_unix_ms": 1500, "prompt": "literal", "output_tokens": 4, "min_tokens": 2}\n'),
    }
    for name, (kind, options, text) in seeds.items():
        put(d, name, bytes([kind, options]) + text.encode())


def public_dataset_seeds():
    p = "public_dataset"
    # First byte: index into public_dataset_fuzz.cpp's kReaders (0xff: media bytes); second: 0 .jsonl, 1 .json.
    put(p, "sharegpt", b"\x00\x01" + json.dumps([{"id": "a", "conversations": [{"from": "human", "value": "Hi there, how are you?"},
                                                                               {"from": "gpt", "value": "Fine, thanks."}]}]).encode())
    put(p, "h_cua_perf", b"\x01\x00" + (json.dumps({"trace_id": "t1", "steps": [{"prompt_tokens": 10, "completion_tokens": 3, "n_screenshots": 1}]}) + "\n").encode())
    put(p, "mt_bench", b"\x02\x00" + (json.dumps({"prompt": ["Write a poem.", "Now shorter."], "category": "writing"}) + "\n").encode())
    put(p, "blazedit", b"\x03\x00" + (json.dumps({"code": "def f():\n    return 1\n", "change": "return 2"}) + "\n").encode())
    put(p, "spec_bench", b"\x04\x00" + (json.dumps({"question_id": 1, "category": "writing", "turns": ["Tell me a story.", "More."]}) + "\n").encode())
    put(p, "speed_bench", b"\x06\x00" + (json.dumps({"category": "coding", "turns": ["Sort a list."], "question_id": "q"}) + "\n").encode())
    put(p, "mmstar", b"\x08\x00" + (json.dumps({"question": "What is shown?", "image": {"bytes": "\u0089PNG\r\n", "path": "a.png"}}) + "\n").encode())
    put(p, "librispeech", b"\x0c\x00" + (json.dumps({"audio": {"bytes": "RIFF", "path": "a.wav"}, "text": "x"}) + "\n").encode())
    put(p, "text_column", b"\x0d\x00" + b'{"problem": "Find x."}\n{"problem": ""}\n{"problem": 3}\n')
    wav = b"RIFF" + struct.pack("<I", 36 + 8) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, 16000, 32000, 2, 16) + b"data" + struct.pack("<I", 8) + b"\x00\x01" * 4
    put(p, "media_wav", b"\xff\x00" + wav)
    png = b"\x89PNG\r\n\x1a\n"
    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    png += chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + chunk(b"IEND", b"")
    put(p, "media_png", b"\xff\x00" + png)


def tokenizer_json_seeds():
    t = "tokenizer_json"
    text = "Hello world, caf\u00e9!".encode()
    byte_level = {"version": "1.0", "added_tokens": [{"id": 6, "content": "<s>", "special": True, "single_word": False, "lstrip": False, "rstrip": False, "normalized": False}],
                  "normalizer": None, "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
                  "post_processor": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": False, "use_regex": True},
                  "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
                  "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None, "end_of_word_suffix": None,
                            "fuse_unk": False, "byte_fallback": False, "vocab": {"H": 0, "e": 1, "l": 2, "o": 3, "He": 4, "ll": 5}, "merges": ["H e", "l l"]}}
    put(t, "byte_level_bpe", bytes([len(text)]) + text + json.dumps(byte_level).encode())
    sp = {"version": "1.0", "added_tokens": [], "normalizer": {"type": "Sequence", "normalizers": [{"type": "Prepend", "prepend": "\u2581"}, {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"}]},
          "pre_tokenizer": None, "post_processor": {"type": "TemplateProcessing", "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
                                                     "pair": [], "special_tokens": {"<s>": {"id": "<s>", "ids": [1], "tokens": ["<s>"]}}},
          "decoder": {"type": "Sequence", "decoders": [{"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "}, {"type": "ByteFallback"}, {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
          "model": {"type": "BPE", "dropout": None, "unk_token": "<unk>", "continuing_subword_prefix": None, "end_of_word_suffix": None, "fuse_unk": True, "byte_fallback": True,
                    "vocab": {"<unk>": 0, "<s>": 1, "<0x41>": 2, "\u2581": 3, "a": 4, "\u2581a": 5}, "merges": [["\u2581", "a"]]}}
    put(t, "sentencepiece_byte_fallback", b"\x05" + b"a A\xff" + b"a" + json.dumps(sp).encode())
    put(t, "split_regex", b"\x00" + json.dumps({"model": {"type": "BPE", "vocab": {"a": 0}, "merges": []},
                                                    "pre_tokenizer": {"type": "Sequence", "pretokenizers": [{"type": "Split", "pattern": {"Regex": "\\s+|\\p{L}+"}, "behavior": "Isolated", "invert": False},
                                                                                                          {"type": "Digits", "individual_digits": True}]}}).encode())


def parquet_seeds():
    # Real files come from the Parquet writer (tests/tools/parquet_tool); two tiny handmade ones
    # cover the footer checks.
    put("parquet", "bad_magic", b"PAR1\x00\x00\x00\x00PAR2")
    put("parquet", "empty_footer", b"PAR1" + b"\x00" + struct.pack("<I", 1) + b"PAR1")


def prometheus_text_seeds():
    put("prometheus_text", "vllm", "# HELP vllm:num_requests_running Running.\n# TYPE vllm:num_requests_running gauge\n"
        "vllm:num_requests_running{model_name=\"m\"} 3.0\n# TYPE vllm:generation_tokens_total counter\n"
        "vllm:generation_tokens_total{model_name=\"m\"} 62500\n# TYPE vllm:time_to_first_token_seconds histogram\n"
        "vllm:time_to_first_token_seconds_bucket{le=\"0.02\",model_name=\"m\"} 12\n"
        "vllm:time_to_first_token_seconds_bucket{le=\"+Inf\",model_name=\"m\"} 250\n"
        "vllm:time_to_first_token_seconds_sum{model_name=\"m\"} 9.9\nvllm:time_to_first_token_seconds_count{model_name=\"m\"} 250\n")
    put("prometheus_text", "openmetrics", "# TYPE a counter\n# UNIT a seconds\na_total 1.5e3 # {trace_id=\"x\"} 1 1.5\n"
        "a_created 1.7e9\n# TYPE i info\ni_info{version=\"1\"} 1\n{\"odd.name\",k=\"v\\\"q\\n\"} NaN 17\n# EOF\nz 1\n")
    put("prometheus_text", "dcgm", "# HELP DCGM_FI_DEV_GPU_UTIL GPU utilization (in %).\n# TYPE DCGM_FI_DEV_GPU_UTIL gauge\n"
        "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",UUID=\"GPU-1\",device=\"nvidia0\",modelName=\"NVIDIA H100 80GB HBM3\",Hostname=\"h\"} 64\r\n")
    put("prometheus_text", "malformed", "x{a=b} 1\n# TYPE y nonsense\ny -Inf 12 extra\n{\"unterminated 1\nz{a=\"\\q\"} 2\n")


if __name__ == "__main__":
    http_response_seeds()
    sse_seeds()
    response_parser_seeds()
    aws_seeds()
    multipart_seeds()
    dataset_file_seeds()
    public_dataset_seeds()
    tokenizer_json_seeds()
    parquet_seeds()
    prometheus_text_seeds()
