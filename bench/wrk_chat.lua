-- Small non-streaming chat request for measuring aiperf-mock-server throughput:
--   wrk -t1 -c32 -d5s -s bench/wrk_chat.lua http://127.0.0.1:8000/v1/chat/completions
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"model":"m","messages":[{"role":"user","content":"hi"}],"max_tokens":1}'
