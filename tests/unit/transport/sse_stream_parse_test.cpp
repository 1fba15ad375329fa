// Hand-written event streams driven through the real transport path (ResponseReader and
// SseScanner, fed read by read) and then parse_record, as the record processor would see them.
// Every stream is cut into two reads at every byte position, and also fed one byte per read:
// the parsed content must never change, and each content response must carry the stamp of
// the read that completed its SSE message (workloads-and-endpoints.md §7.4).
#include <gtest/gtest.h>

#include <boost/beast/http/error.hpp>

#include <string>
#include <vector>

#include "endpoints/response_parser.h"
#include "transport/response_reader.h"

namespace aiperf {
namespace {

ProfileConfig config_for(EndpointType type) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.endpoint_type = type;
  c.streaming = true;
  return c;
}

// A content response the stream must produce: which event carried it, and its text.
struct Content {
  size_t event;
  std::string text;
  std::string reasoning = {};
};

struct Stream {
  std::vector<std::string> events;  // each SSE message as sent; the last may lack its empty line
  std::vector<Content> content;     // the content responses, in order
};

// Body index of the byte that completes event `e` (its empty line's CR or LF); npos for a last
// event without an empty line, which only the end of the body completes.
size_t completing_byte(const std::string& e, size_t start) {
  auto ends = [&e](std::string_view s) { return e.size() >= s.size() && e.compare(e.size() - s.size(), s.size(), s) == 0; };
  if (!ends("\n\n") && !ends("\r\r") && !ends("\r\n\r\n") && !ends("\n\r\n") && !ends("\r\n\n"))
    return std::string::npos;
  return start + e.size() - (ends("\r\n") ? 2 : 1);  // a CRLF's CR already ended the empty line
}

// The HTTP response carrying the stream, and for each body byte its position on the wire.
struct Wire {
  std::string bytes;
  std::vector<size_t> body_pos;
};

Wire make_wire(const Stream& s, bool chunked) {
  Wire w;
  std::string body;
  for (const std::string& e : s.events) body += e;
  w.bytes = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n";
  if (!chunked) {
    w.bytes += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    for (size_t i = 0; i < body.size(); ++i) w.body_pos.push_back(w.bytes.size() + i);
    w.bytes += body;
    return w;
  }
  w.bytes += "Transfer-Encoding: chunked\r\n\r\n";
  for (const std::string& e : s.events) {  // one HTTP chunk per event, as servers flush them
    char size[16];
    std::snprintf(size, sizeof size, "%zx\r\n", e.size());
    w.bytes += size;
    for (size_t i = 0; i < e.size(); ++i) w.body_pos.push_back(w.bytes.size() + i);
    w.bytes += e + "\r\n";
  }
  w.bytes += "0\r\n\r\n";
  return w;
}

// Feeds `wire` as reads ending at each of `cuts` (ascending, the last = wire size); read k is
// stamped 10·(k+1) and the request started at 1. Unconsumed bytes are offered again with the
// next read, as the worker does.
RawRecord read_response(const std::string& wire, const std::vector<size_t>& cuts) {
  RawRecord rec;
  rec.start_ns = 1;
  ResponseReader reader(rec);
  std::string pending;
  size_t from = 0;
  for (size_t k = 0; k < cuts.size(); ++k) {
    const int64_t t = int64_t(10 * (k + 1));
    pending.append(wire, from, cuts[k] - from);
    from = cuts[k];
    size_t used = 0;
    while (used < pending.size() && !reader.done()) {
      boost::beast::error_code ec;
      size_t n = reader.feed(std::string_view(pending).substr(used), t, ec);
      used += n;
      if (ec == boost::beast::http::error::need_more) break;
      EXPECT_FALSE(ec) << ec.message();
      if (ec || n == 0) break;
    }
    pending.erase(0, used);
    rec.end_ns = t;
  }
  EXPECT_TRUE(reader.done());
  return rec;
}

// Stamp of the read (ending at `cuts`) that holds wire byte `pos`.
int64_t stamp_of(size_t pos, const std::vector<size_t>& cuts) {
  for (size_t k = 0; k < cuts.size(); ++k)
    if (pos < cuts[k]) return int64_t(10 * (k + 1));
  return -1;
}

// Checks one way of cutting the wire into reads against the stream's hand-written expectations.
void check_reads(const Stream& s, const Wire& w, const std::vector<size_t>& cuts, EndpointType type,
                 const std::string& label) {
  SCOPED_TRACE(label);
  RawRecord rec = read_response(w.bytes, cuts);
  // Transport: one chunk per event, in order, stamped by the read that completed it.
  ASSERT_EQ(rec.chunks.size(), s.events.size());
  std::vector<int64_t> event_stamp;
  size_t start = 0;
  for (size_t i = 0; i < s.events.size(); ++i) {
    const std::string& e = s.events[i];
    size_t done = completing_byte(e, start);
    event_stamp.push_back(done == std::string::npos ? stamp_of(w.bytes.size() - 1, cuts)
                                                    : stamp_of(w.body_pos[done], cuts));
    EXPECT_EQ(rec.chunks[i].offset, start) << "event " << i;
    // A CRLF's LF may arrive after its CR completed the message; it then belongs to no message.
    const bool crlf_end = e.size() >= 2 && e.compare(e.size() - 2, 2, "\r\n") == 0;
    EXPECT_TRUE(rec.chunks[i].length == e.size() || (crlf_end && rec.chunks[i].length == e.size() - 1))
        << "event " << i;
    EXPECT_EQ(rec.chunks[i].perf_ns, event_stamp[i]) << "event " << i;
    start += e.size();
  }
  // Parsing: the hand-written content responses, with their events' stamps.
  ParsedRecord p = parse_record(config_for(type).endpoint_type, rec);
  ASSERT_FALSE(p.error) << p.error->type << ": " << p.error->message;
  EXPECT_TRUE(p.streamed);
  ASSERT_EQ(p.responses.size(), s.content.size());
  for (size_t i = 0; i < s.content.size(); ++i) {
    EXPECT_EQ(p.responses[i].text, s.content[i].text) << "response " << i;
    EXPECT_EQ(p.responses[i].reasoning, s.content[i].reasoning) << "response " << i;
    EXPECT_EQ(p.responses[i].perf_ns, event_stamp[s.content[i].event]) << "response " << i;
  }
}

// Two reads cut at every position; then one byte per read.
void check_every_split(const Stream& s, EndpointType type) {
  for (bool chunked : {false, true}) {
    const Wire w = make_wire(s, chunked);
    const std::string enc = chunked ? "chunked" : "content-length";
    check_reads(s, w, {w.bytes.size()}, type, enc + " one read");
    for (size_t cut = 1; cut < w.bytes.size(); ++cut) {
      check_reads(s, w, {cut, w.bytes.size()}, type, enc + " cut at " + std::to_string(cut));
      if (::testing::Test::HasFailure()) return;  // one failing cut says enough
    }
    std::vector<size_t> bytewise;
    for (size_t i = 1; i <= w.bytes.size(); ++i) bytewise.push_back(i);
    check_reads(s, w, bytewise, type, enc + " one byte per read");
  }
}

std::string chat_chunk(const std::string& delta, const std::string& extra = "") {
  return R"({"id":"c1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":)" + delta +
         "}]" + extra + "}";
}

Stream chat_stream() {
  Stream s;
  auto& ev = s.events;
  ev.push_back("\xEF\xBB\xBF" "data: " + chat_chunk(R"({"role":"assistant","content":""})") + "\n\n");  // BOM, role only
  ev.push_back(": ping\n\n");                                                                // keep-alive comment
  ev.push_back("data: " + chat_chunk(R"({"content":"Hel"})") + "\n\n");
  ev.push_back("event: message\nid: 7\nretry: 1000\ndata: " + chat_chunk(R"({"content":"lo"})") + "\n\n");
  ev.push_back("data: " + chat_chunk("{}") + "\n\n");                                        // empty delta
  ev.push_back("data: " + chat_chunk(R"({"content":""})") + "\n\n");                         // empty content
  ev.push_back("data: " + chat_chunk(R"({"content":"  "})") + "\r\n\r\n");                   // whitespace, CRLF
  ev.push_back("data: " + chat_chunk(R"({"reasoning_content":"think"})") + "\r\r");          // CR only
  ev.push_back("data: " + chat_chunk(R"({"content":null,"reasoning":"more"})") + "\n\r\n");  // vLLM's field
  ev.push_back(":\ndata: " + chat_chunk(R"({"content":"A","reasoning_content":"B"})") + "\r\n\n");
  // One JSON object over two data lines: joined with "\n", which JSON reads as whitespace.
  ev.push_back(R"(data: {"choices":[{"index":0,)" "\n" R"(data: "delta":{"content":"x\ny"}}]})" "\n\n");
  ev.push_back("data: " + chat_chunk(R"({"tool_calls":[{"index":0,"id":"call_1","type":"function",)"
                                     R"("function":{"name":"get_weather","arguments":""}}]})") + "\n\n");
  ev.push_back("data: " + chat_chunk(R"({"tool_calls":[{"index":0,"function":{"arguments":"{\"city\":"}}]})") + "\n\n");
  ev.push_back("data: " + chat_chunk(R"({"tool_calls":[{"index":1,"id":"call_2","type":"function",)"
                                     R"("function":{"name":"get_time","arguments":"{}"}}]})") + "\n\n");
  ev.push_back("data: " + chat_chunk(R"({"tool_calls":[{"index":0,"function":{"arguments":"\"Paris\"}"}}]})") + "\n\n");
  ev.push_back("data: this is not JSON\n\n");
  ev.push_back("data:" + chat_chunk("{}", "") + "\n\n");  // no space after the colon
  ev.push_back(R"(data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]})" "\n\n");
  ev.push_back(R"(data: {"object":"chat.completion.chunk","choices":[],"usage":{"prompt_tokens":11,)"
               R"("completion_tokens":9,"total_tokens":20,"completion_tokens_details":{"reasoning_tokens":2}}})"
               "\n\n");
  ev.push_back("data: [DONE]\n\n");
  s.content = {
      {2, "Hel"},
      {3, "lo"},
      {6, "  "},
      {7, "", "think"},
      {8, "", "more"},
      {9, "A", "B"},
      {10, "x\ny"},
      {11, "get_weather"},
      {12, R"({"city":)"},
      {13, "get_time{}"},
      {14, R"("Paris"})"},
  };
  return s;
}

TEST(SseStreamParse, ChatStreamParsesIdenticallyAtEverySplit) {
  check_every_split(chat_stream(), EndpointType::chat);
}

TEST(SseStreamParse, ChatStreamUsageComesFromTheTrailer) {
  const Stream s = chat_stream();
  const Wire w = make_wire(s, true);
  ParsedRecord p = parse_record(config_for(EndpointType::chat).endpoint_type, read_response(w.bytes, {w.bytes.size()}));
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->prompt_tokens, 11);
  EXPECT_EQ(p.usage->completion_tokens, 9);
  EXPECT_EQ(p.usage->total_tokens, 20);
  EXPECT_EQ(p.usage->reasoning_tokens, 2);
}

// Completions; no [DONE], and the last message (the usage trailer) has no empty line after it.
Stream completions_stream() {
  Stream s;
  auto text = [](const std::string& t) {
    return R"(data: {"id":"x","object":"text_completion","choices":[{"index":0,"text":")" + t +
           R"(","finish_reason":null}]})" "\n\n";
  };
  s.events = {
      text(""),
      text("Once"),
      ": keep-alive\r\n\r\n",
      text(" upon"),
      text(" "),
      "id: 3\r\ndata: " R"({"object":"text_completion","choices":[{"index":0,"text":" a\ttime"}]})" "\r\r",
      R"(data: {"object":"text_completion","choices":[{"index":0,"text":"","finish_reason":"length"}]})" "\n\n",
      R"(data: {"object":"text_completion","choices":[],"usage":{"prompt_tokens":4,"completion_tokens":5}})",
  };
  s.content = {{1, "Once"}, {3, " upon"}, {4, " "}, {5, " a\ttime"}};
  return s;
}

TEST(SseStreamParse, CompletionsStreamWithoutDoneParsesIdenticallyAtEverySplit) {
  check_every_split(completions_stream(), EndpointType::completions);
}

TEST(SseStreamParse, MissingDoneStillGivesUsageAndAValidRecord) {
  const Stream s = completions_stream();
  const Wire w = make_wire(s, false);
  ParsedRecord p = parse_record(config_for(EndpointType::completions).endpoint_type, read_response(w.bytes, {w.bytes.size()}));
  ASSERT_FALSE(p.error);
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->completion_tokens, 5);
}

RawRecord one_read(const Stream& s) {
  const Wire w = make_wire(s, true);
  return read_response(w.bytes, {w.bytes.size()});
}

// §7.4: a JSON `error` mid-stream makes the whole request an error record (upstream raises and
// stops); what arrived before it counts for no metric, but every message stays in the record.
TEST(SseStreamParse, JsonErrorMidStreamMakesAnErrorRecordAndKeepsTheBytes) {
  Stream s;
  s.events = {"data: " + chat_chunk(R"({"content":"partial"})") + "\n\n",
              R"(data: {"error":{"message":"KV cache exhausted","type":"server_error","code":503}})" "\n\n",
              "data: " + chat_chunk(R"({"content":"after"})") + "\n\n", "data: [DONE]\n\n"};
  RawRecord rec = one_read(s);
  EXPECT_EQ(rec.chunks.size(), 4u);
  ParsedRecord p = parse_record(config_for(EndpointType::chat).endpoint_type, rec);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(*p.error, (ErrorDetails{503, "SSEResponseError", "Error occurred in SSE response: KV cache exhausted"}));
  EXPECT_TRUE(p.responses.empty());
}

TEST(SseStreamParse, ErrorEventMidStreamUsesItsComment) {
  Stream s;
  s.events = {"data: " + chat_chunk(R"({"content":"partial"})") + "\n\n",
              "event: Error\r\n: backend went away\r\ndata: {}\r\n\r\n"};
  ParsedRecord p = parse_record(config_for(EndpointType::chat).endpoint_type, one_read(s));
  ASSERT_TRUE(p.error);
  EXPECT_EQ(*p.error, (ErrorDetails{502, "SSEResponseError", "Error occurred in SSE response: backend went away"}));
}

TEST(SseStreamParse, StreamOfOnlyNonContentIsAnInvalidInferenceResult) {
  Stream s;
  s.events = {": ping\n\n", "data: " + chat_chunk(R"({"role":"assistant"})") + "\n\n", "data: garbage\n\n",
              "data: [DONE]\n\n"};
  ParsedRecord p = parse_record(config_for(EndpointType::chat).endpoint_type, one_read(s));
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->type, "InvalidInferenceResultError");
  EXPECT_EQ(p.error->message, kNoContentMessage);
}

// --streaming was asked for but the server answered with one JSON body: a valid record with one
// response stamped when the body was complete, not counted as streamed (streaming metrics skip it).
TEST(SseStreamParse, JsonBodyWhereAStreamWasAskedForIsOneResponse) {
  const std::string body =
      R"({"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"whole"}}],)"
      R"("usage":{"prompt_tokens":3,"completion_tokens":1}})";
  const std::string wire = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                           std::to_string(body.size()) + "\r\n\r\n" + body;
  RawRecord rec = read_response(wire, {wire.size() - 5, wire.size()});
  ParsedRecord p = parse_record(config_for(EndpointType::chat).endpoint_type, rec);
  ASSERT_FALSE(p.error);
  EXPECT_FALSE(p.streamed);
  ASSERT_EQ(p.responses.size(), 1u);
  EXPECT_EQ(p.responses[0].text, "whole");
  EXPECT_EQ(p.responses[0].perf_ns, 20);
}

// An event-stream Content-Type over a plain JSON body has no `data` field: no content.
TEST(SseStreamParse, JsonBodyLabelledAsEventStreamHasNoContent) {
  Stream s;
  s.events = {R"({"object":"chat.completion","choices":[{"index":0,"message":{"content":"whole"}}]})"};
  ParsedRecord p = parse_record(config_for(EndpointType::chat).endpoint_type, one_read(s));
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->type, "InvalidInferenceResultError");
}

// The named-event vendors get the same treatment: `event:` lines, keep-alive comments, CRLF and
// a JSON object over two data lines, cut at every byte.
Stream responses_stream() {
  Stream s;
  auto ev = [](const std::string& name, const std::string& json, const std::string& end = "\n\n") {
    return "event: " + name + "\ndata: " + json + end;
  };
  s.events = {
      ev("response.created", R"({"type":"response.created","response":{"id":"r","usage":null}})"),
      ": ping\n\n",
      ev("response.reasoning_text.delta", R"({"type":"response.reasoning_text.delta","delta":"plan"})", "\r\n\r\n"),
      ev("response.output_text.delta", R"({"type":"response.output_text.delta","delta":"Hi"})"),
      ev("response.output_text.delta", R"({"type":"response.output_text.delta","delta":""})"),
      "event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\ndata: \"delta\":\" there\"}\r\r",
      ev("response.output_text.done", R"({"type":"response.output_text.done","text":"Hi there"})"),
      ev("response.completed", R"({"type":"response.completed","response":{"status":"completed",)"
                               R"("usage":{"input_tokens":4,"output_tokens":2,"total_tokens":6}}})", ""),
  };
  s.content = {{2, "", "plan"}, {3, "Hi"}, {5, " there"}};
  return s;
}

TEST(SseStreamParse, ResponsesStreamParsesIdenticallyAtEverySplit) {
  check_every_split(responses_stream(), EndpointType::responses);
  ParsedRecord p = parse_record(config_for(EndpointType::responses).endpoint_type, one_read(responses_stream()));
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->completion_tokens, 2);
}

Stream anthropic_stream() {
  Stream s;
  auto ev = [](const std::string& name, const std::string& json, const std::string& end = "\n\n") {
    return "event: " + name + "\ndata: " + json + end;
  };
  s.events = {
      ev("message_start", R"({"type":"message_start","message":{"id":"m","content":[],"usage":{"input_tokens":7,"output_tokens":1}}})"),
      ev("content_block_start", R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})"),
      ev("ping", R"({"type":"ping"})", "\r\n\r\n"),
      ": keep-alive\n\n",
      ev("content_block_delta", R"({"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hm"}})"),
      ev("content_block_delta", R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Yes"}})", "\r\n\n"),
      ev("content_block_delta", R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" "}})"),
      ev("content_block_stop", R"({"type":"content_block_stop","index":0})"),
      ev("message_delta", R"({"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":3}})"),
      ev("message_stop", R"({"type":"message_stop"})"),
  };
  s.content = {{4, "", "hm"}, {5, "Yes"}, {6, " "}};
  return s;
}

TEST(SseStreamParse, AnthropicStreamParsesIdenticallyAtEverySplit) {
  check_every_split(anthropic_stream(), EndpointType::messages);
  ParsedRecord p = parse_record(config_for(EndpointType::messages).endpoint_type, one_read(anthropic_stream()));
  ASSERT_TRUE(p.usage);
  EXPECT_EQ(p.usage->prompt_tokens, 7);
  EXPECT_EQ(p.usage->completion_tokens, 3);
}

// TGI (/generate_stream): `data:` without a space, keep-alive comments, a special EOS token, and
// a final event whose generated_text repeats the whole reply (counted once, from the tokens).
Stream tgi_stream() {
  auto token = [](int i, const std::string& text, bool special, const std::string& rest) {
    return "data:{\"index\":" + std::to_string(i) + ",\"token\":{\"id\":" + std::to_string(i) + ",\"text\":\"" + text +
           "\",\"logprob\":-0.1,\"special\":" + (special ? "true" : "false") + "}," + rest + "}";
  };
  const std::string open = R"("generated_text":null,"details":null)";
  Stream s;
  s.events = {
      ": keep-alive\n\n",
      token(1, "Once", false, open) + "\n\n",
      token(2, " upon", false, open) + "\r\n\r\n",
      ":\n\n",
      token(3, " a\\ttime", false, open) + "\n\n",
      token(4, "</s>", true, R"("generated_text":"Once upon a\ttime","details":{"finish_reason":"eos_token",)"
                             R"("generated_tokens":4,"seed":null})"),
  };
  s.content = {{1, "Once"}, {2, " upon"}, {4, " a\ttime"}};
  return s;
}

TEST(SseStreamParse, TgiStreamParsesIdenticallyAtEverySplit) {
  check_every_split(tgi_stream(), EndpointType::huggingface_generate);
}

}  // namespace
}  // namespace aiperf
