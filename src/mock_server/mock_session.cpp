#include "mock_server/mock_session.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <map>
#include <optional>
#include <string_view>
#include <tuple>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>

#include "mock_server/audio_capture.h"
#include "mock_server/http_request_parser.h"
#include "mock_server/image_replies.h"
#include "mock_server/mock_request.h"
#include "mock_server/mock_responses.h"
#include "mock_server/prompt_tokens.h"
#include "mock_server/reply_pace.h"
#include "mock_server/sigv4_verifier.h"
#include "mock_server/token_schedule.h"
#include "mock_server/transcription_replies.h"
#include "mock_server/vector_replies.h"

namespace aiperf::mock {
namespace {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;
using Clock = TokenSchedule::Clock;

// Due chunks are coalesced into one write up to this size, so ITL 0 streams go out at the speed
// of the socket instead of one syscall per token.
constexpr size_t kBatchBytes = 16 * 1024;
// Buffers grown by one large request are released afterwards to keep idle connections small.
constexpr size_t kKeepCapacity = 16 * 1024;

enum class Route { health, models, metrics, chat, completions, responses, messages, embeddings, nim_rankings, cohere_rerank, tei_rerank,
                   audio_transcription, image_generation, image_edit, image_retrieval, tgi_generate,
                   tgi_generate_stream, solido_rag, sagemaker_invoke, sagemaker_stream, video_submit, video_job,
                   video_content, video_jobs, reset_cache, slot_action, start_profile, stop_profile, wrong_method,
                   not_found };

// SageMaker runtime paths: /endpoints/<name>/invocations[-response-stream].
std::optional<Route> sagemaker_route(std::string_view path) {
  constexpr std::string_view kPrefix = "/endpoints/";
  if (!path.starts_with(kPrefix)) return std::nullopt;
  std::string_view rest = path.substr(kPrefix.size());
  const size_t slash = rest.find('/');
  if (slash == 0 || slash == std::string_view::npos) return std::nullopt;
  rest = rest.substr(slash);
  if (rest == "/invocations") return Route::sagemaker_invoke;
  if (rest == "/invocations-response-stream") return Route::sagemaker_stream;
  return std::nullopt;
}

Route route(http::verb method, std::string_view target) {
  std::string_view path = target.substr(0, target.find('?'));
  auto only = [method](http::verb allowed, Route r) { return method == allowed ? r : Route::wrong_method; };
  if (path == "/v1/chat/completions") return only(http::verb::post, Route::chat);
  if (path == "/v1/completions") return only(http::verb::post, Route::completions);
  if (path == "/v1/responses") return only(http::verb::post, Route::responses);
  if (path == "/v1/messages") return only(http::verb::post, Route::messages);
  if (path == "/v1/embeddings") return only(http::verb::post, Route::embeddings);
  if (path == "/v1/ranking") return only(http::verb::post, Route::nim_rankings);
  if (path == "/v2/rerank") return only(http::verb::post, Route::cohere_rerank);
  if (path == "/rerank") return only(http::verb::post, Route::tei_rerank);
  if (path == "/v1/audio/transcriptions") return only(http::verb::post, Route::audio_transcription);
  if (path == "/v1/images/generations") return only(http::verb::post, Route::image_generation);
  if (path == "/v1/images/edits") return only(http::verb::post, Route::image_edit);
  if (path == "/v1/infer") return only(http::verb::post, Route::image_retrieval);
  if (path == "/generate") return only(http::verb::post, Route::tgi_generate);
  if (path == "/generate_stream") return only(http::verb::post, Route::tgi_generate_stream);
  if (path == "/rag/api/prompt") return only(http::verb::post, Route::solido_rag);
  if (path == "/v1/models") return only(http::verb::get, Route::models);
  if (path == "/health") return only(http::verb::get, Route::health);
  if (path == "/metrics") return only(http::verb::get, Route::metrics);
  if (std::optional<Route> r = sagemaker_route(path)) return only(http::verb::post, *r);
  if (path == "/v1/videos") return only(http::verb::post, Route::video_submit);
  if (path == "/mock/video_jobs") return only(http::verb::get, Route::video_jobs);
  if (path == "/reset_prefix_cache") return only(http::verb::post, Route::reset_cache);
  if (is_slot_path(path)) return only(http::verb::post, Route::slot_action);
  if (path == "/start_profile") return only(http::verb::post, Route::start_profile);
  if (path == "/stop_profile") return only(http::verb::post, Route::stop_profile);
  if (path.starts_with("/v1/videos/"))
    return only(http::verb::get, path.ends_with("/content") ? Route::video_content : Route::video_job);
  return Route::not_found;
}

// Prometheus text exposition format.
std::string metrics_text(const ServerShared& s) {
  std::string out;
  auto metric = [&out](const char* name, const char* type, const char* help, int64_t value) {
    out += std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " " + type + "\n" + name + " " +
           std::to_string(value) + "\n";
  };
  metric("aiperf_mock_requests_total", "counter", "Completion requests read.",
         int64_t(s.requests_total.load(std::memory_order_relaxed)));
  metric("aiperf_mock_in_flight", "gauge", "Completion requests read and not yet fully answered.",
         s.in_flight.load(std::memory_order_relaxed));
  metric("aiperf_mock_in_flight_peak", "gauge", "Most completion requests in flight at once since start.",
         s.peak_in_flight.load(std::memory_order_relaxed));
  metric("aiperf_mock_awaiting_first_token", "gauge",
         "Completion requests read whose first content has not been written yet.",
         s.awaiting_first_token.load(std::memory_order_relaxed));
  metric("aiperf_mock_awaiting_first_token_peak", "gauge",
         "Most completion requests awaiting their first content at once since start.",
         s.peak_awaiting_first_token.load(std::memory_order_relaxed));
  s.controls.append_metrics(out);
  append_vllm_metrics(out, s.config.model, s.vllm_workers, s.vllm_gauges());
  return out;
}

// Tokens in a completion reply: --output-tokens, else the request's limit, else 16.
int64_t reply_tokens(const MockConfig& config, const CompletionRequest& request) {
  return config.output_tokens.value_or(request.max_tokens.value_or(16));
}

// The due times of the content chunks in one write, for --timing-log's lateness. `first` is set
// even for a write without content (a reply of no tokens).
struct WriteDues {
  explicit WriteDues(Clock::time_point first_due) : first(first_due) {}
  static WriteDues one(Clock::time_point due) {
    WriteDues d(due);
    d.add(due);
    return d;
  }
  void add(Clock::time_point due) {
    after_first += due - first;
    ++chunks;
  }
  Clock::time_point first;
  int64_t chunks = 0;
  Clock::duration after_first{};  // sum over the chunks of (due - first)
};

bool is_parse_error(const boost::system::error_code& ec) {
  return ec.category() == http::make_error_code(http::error::end_of_stream).category() &&
         ec != http::error::end_of_stream && ec != http::error::partial_message;
}

template <class Stream>
class Session {
 public:
  template <class... Args>
  explicit Session(WorkerState& worker, Args&&... stream_args)
      : stream_(std::forward<Args>(stream_args)...),
        timer_(stream_.get_executor()),
        worker_(worker),
        connection_id_((worker.index << 40) | ++worker.connections) {}

  asio::awaitable<void> run();

 private:
  asio::awaitable<bool> read_request();
  // A request that was read counts as in flight (GET /metrics) until its reply is done, also when
  // the client goes away mid-reply; a first token never written is settled then.
  struct InFlight {
    explicit InFlight(Session& s) : session(s) {
      s.worker_.shared->request_started();
      s.first_token_pending_ = true;
    }
    ~InFlight() {
      session.note_first_token();
      session.worker_.shared->request_finished();
    }
    InFlight(const InFlight&) = delete;
    InFlight& operator=(const InFlight&) = delete;
    Session& session;
  };

  // A completion reply's place in the serving model's batch (`batch` null without the model) and
  // its pace. Local to serve_completion, so the ticket outlives every use of it, and a reply that
  // ends early (client gone, server stopping) leaves the batch when the frame goes.
  struct Seat {
    explicit Seat(const TokenSchedule& fixed) : pace(fixed) {}
    ~Seat() { leave(Clock::now()); }
    Seat(const Seat&) = delete;
    Seat& operator=(const Seat&) = delete;
    void leave(Clock::time_point at) {
      if (batch) batch->leave(ticket, ns(at));
      batch = nullptr;  // left: the destructor has nothing to do
      if (kv_held) kv_held->fetch_sub(kv_tokens, std::memory_order_relaxed);
      kv_held = nullptr;
    }
    // Without the serving model, the reply's tokens count in ServerShared::kv_tokens_held.
    void hold_kv(std::atomic<int64_t>& held, int64_t tokens) {
      kv_tokens = tokens;
      kv_held = &held;
      held.fetch_add(tokens, std::memory_order_relaxed);
    }
    BatchScheduler* batch = nullptr;
    BatchScheduler::Ticket ticket;
    ReplyPace pace;
    std::atomic<int64_t>* kv_held = nullptr;
    int64_t kv_tokens = 0;
  };

  asio::awaitable<bool> respond();
  asio::awaitable<bool> serve_completion(ApiKind kind, Route via);
  asio::awaitable<bool> serve_vector(VectorApi api);
  asio::awaitable<bool> serve_transcription();
  asio::awaitable<bool> serve_image_generation(bool edit);
  asio::awaitable<bool> serve_image_retrieval();
  void start_timing_entry(uint64_t id, int64_t prompt_tokens, bool stream, int64_t image_parts);
  asio::awaitable<bool> serve_video(Route r);
  std::string signature_problem() const;
  void plan_reply();
  asio::awaitable<bool> take_slot(Seat& seat);
  static void wake_for_slot(void* self);
  asio::awaitable<bool> send_full_reply(Seat& seat);
  asio::awaitable<bool> send_stream(Seat& seat);
  asio::awaitable<bool> send_error(int status, std::string_view message);
  asio::awaitable<bool> flush();
  asio::awaitable<bool> hold_while_stalled();
  asio::awaitable<bool> flush_then_wait(Clock::time_point due);
  void trim_buffers();
  void close();
  void note_write(const WriteDues& dues);
  void observe_tokens(Clock::time_point at, int64_t tokens, int64_t steps = 1);
  void observe_finished(Clock::time_point done);
  void note_first_token() {
    if (!first_token_pending_) return;
    first_token_pending_ = false;
    worker_.shared->first_token_sent();
  }

  static int64_t ns(Clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
  }

  Stream stream_;
  asio::steady_timer timer_;
  WorkerState& worker_;
  uint64_t connection_id_;  // --timing-log: which requests shared a connection
  boost::beast::flat_buffer in_;
  HttpRequest req_;
  bool keep_alive_ = true;
  Clock::time_point t0_;  // when the current request was fully read
  CompletionRequest completion_;
  std::string model_json_;
  ReplyPlan plan_;
  ReplyFormatter formatter_;
  std::string out_;
  size_t timing_index_ = 0;  // the reply being sent: its entry in worker_.timings (--timing-log)
  bool first_token_pending_ = false;  // counted in ServerShared::awaiting_first_token
  bool aws_event_stream_ = false;     // the reply streams inside AWS event-stream frames
  bool waiting_for_slot_ = false;     // timer_ waits for the serving model's batch to admit us
  // The completion reply being sent, for vLLM's families (vllm_metrics.h): whether a write
  // carried tokens yet, and when the last one that did left.
  bool tokens_written_ = false;
  Clock::time_point last_tokens_at_{};
};

// --sigv4-secret-key: "" when the request is signed correctly (or no check is configured).
template <class Stream>
std::string Session<Stream>::signature_problem() const {
  const MockConfig& config = worker_.shared->config;
  if (config.sigv4_secret_key.empty()) return {};
  SigV4Check check{config.sigv4_secret_key, config.sigv4_access_key_id, int64_t(std::time(nullptr))};
  return verify_sigv4(check, "POST", req_.target, req_.headers, req_.body);
}

template <class Stream>
asio::awaitable<void> Session<Stream>::run() {
  boost::system::error_code ec;
  stream_.lowest_layer().set_option(tcp::no_delay(true), ec);
  if constexpr (!std::is_same_v<Stream, tcp::socket>) {
    auto [hs_ec] = co_await stream_.async_handshake(asio::ssl::stream_base::server, kNoThrow);
    if (hs_ec) {
      close();
      co_return;
    }
  }
  for (;;) {
    if (!co_await read_request()) break;
    if (!co_await respond()) break;
    trim_buffers();
  }
  close();
}

// False when the connection is finished (peer closed, I/O error, or a malformed request that
// has been answered with 400/413).
template <class Stream>
asio::awaitable<bool> Session<Stream>::read_request() {
  std::optional<HttpRequestParser> parser;
  RequestRecorder& recorder = worker_.shared->recorder;
  parser.emplace(req_, !worker_.shared->config.sigv4_secret_key.empty() || recorder.enabled());
  auto [ec, n] = co_await http::async_read_header(stream_, in_, *parser, kNoThrow);
  if (!ec && !parser->is_done()) {
    if (req_.expect_continue) {
      out_ = "HTTP/1.1 100 Continue\r\n\r\n";
      if (!co_await flush()) co_return false;
    }
    std::tie(ec, n) = co_await http::async_read(stream_, in_, *parser, kNoThrow);
  }
  t0_ = Clock::now();
  if (is_parse_error(ec)) {
    keep_alive_ = false;
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
      co_await send_error(413, "request too large: " + ec.message());
    } else {
      co_await send_error(400, "malformed HTTP request: " + ec.message());
    }
    co_return false;
  }
  keep_alive_ = !ec && parser->keep_alive();
  if (!ec && recorder.enabled()) {
    const auto method = http::to_string(req_.method);
    recorder.record({method.data(), method.size()}, req_.target, req_.headers, req_.body);
  }
  co_return !ec;
}

// False when the connection must close after this response.
template <class Stream>
asio::awaitable<bool> Session<Stream>::respond() {
  const Route r = route(req_.method, req_.target);
  ServerShared& shared = *worker_.shared;
  if (r != Route::metrics && shared.controls.loading()) co_return co_await send_error(503, "Loading model");
  switch (r) {
    case Route::health:
      append_json_response(out_, 200, R"({"status":"ok"})", keep_alive_);
      co_return co_await flush() && keep_alive_;
    case Route::models:
      append_json_response(out_, 200, worker_.shared->models_body, keep_alive_);
      co_return co_await flush() && keep_alive_;
    case Route::metrics:
      append_text_response(out_, 200, metrics_text(*worker_.shared), keep_alive_);
      co_return co_await flush() && keep_alive_;
    case Route::chat:
      co_return co_await serve_completion(ApiKind::chat, Route::chat);
    case Route::completions:
      co_return co_await serve_completion(ApiKind::completions, Route::completions);
    case Route::responses:
      co_return co_await serve_completion(ApiKind::responses, Route::responses);
    case Route::messages:
      co_return co_await serve_completion(ApiKind::messages, Route::messages);
    case Route::embeddings:
      co_return co_await serve_vector(VectorApi::embeddings);
    case Route::nim_rankings:
      co_return co_await serve_vector(VectorApi::nim_rankings);
    case Route::cohere_rerank:
      co_return co_await serve_vector(VectorApi::cohere_rerank);
    case Route::tei_rerank:
      co_return co_await serve_vector(VectorApi::tei_rerank);
    case Route::audio_transcription:
      co_return co_await serve_transcription();
    case Route::image_generation:
    case Route::image_edit:
      co_return co_await serve_image_generation(r == Route::image_edit);
    case Route::image_retrieval:
      co_return co_await serve_image_retrieval();
    case Route::tgi_generate:
    case Route::tgi_generate_stream:
      co_return co_await serve_completion(ApiKind::generate, r);
    case Route::solido_rag:
      co_return co_await serve_completion(ApiKind::rag, r);
    case Route::sagemaker_invoke:
    case Route::sagemaker_stream: {
      // SageMaker passes any body through; the mock speaks chat when it has "messages", TGI
      // (Hugging Face's SageMaker containers) when it has "inputs", else completions.
      const bool chat = req_.body.find("\"messages\"") != std::string::npos;
      const bool tgi = !chat && req_.body.find("\"inputs\"") != std::string::npos;
      co_return co_await serve_completion(chat ? ApiKind::chat : tgi ? ApiKind::generate : ApiKind::completions, r);
    }
    case Route::video_submit:
    case Route::video_job:
    case Route::video_content:
    case Route::video_jobs:
      co_return co_await serve_video(r);
    case Route::reset_cache:
    case Route::slot_action: {
      // llama-server's other slot actions (save, restore) need files the mock does not keep.
      if (r == Route::slot_action && req_.target.find("action=erase") == std::string::npos)
        co_return co_await send_error(400, "the mock supports only action=erase on " + req_.target);
      const int status = shared.controls.reset();
      if (status != 200) co_return co_await send_error(status, "busy (--reset-busy-count)");
      append_json_response(out_, 200, R"({"success":true})", keep_alive_);
      co_return co_await flush() && keep_alive_;
    }
    case Route::start_profile:
    case Route::stop_profile:
      if (r == Route::start_profile) shared.controls.profiler_start(shared.requests_total.load(std::memory_order_relaxed));
      else shared.controls.profiler_stop(shared.requests_total.load(std::memory_order_relaxed));
      append_json_response(out_, 200, "{}", keep_alive_);
      co_return co_await flush() && keep_alive_;
    case Route::wrong_method:
      co_return co_await send_error(405, "method not allowed for " + req_.target);
    case Route::not_found:
      break;
  }
  co_return co_await send_error(404, "no route for " + req_.target);
}

template <class Stream>
asio::awaitable<bool> Session<Stream>::serve_completion(ApiKind kind, Route via) {
  if (std::string problem = signature_problem(); !problem.empty()) co_return co_await send_error(403, problem);
  std::string err = parse_completion_request(kind, req_.body, completion_);
  if (err.empty() && completion_.audio_parts && !worker_.shared->config.save_audio_dir.empty())
    err = save_input_audio(worker_.shared->config.save_audio_dir, req_.body);
  if (!err.empty()) co_return co_await send_error(400, err);
  // SageMaker: the path, not the body, decides whether the reply streams.
  if (via == Route::sagemaker_invoke) completion_.stream = false;
  if (via == Route::sagemaker_stream) completion_.stream = true;
  // TGI streams on its own path; Solido's body has no stream flag, the Accept header asks.
  if (via == Route::tgi_generate || via == Route::tgi_generate_stream)
    completion_.stream = via == Route::tgi_generate_stream;
  if (via == Route::solido_rag) completion_.stream = req_.accepts_event_stream;
  aws_event_stream_ = via == Route::sagemaker_stream;
  const MockConfig& config = worker_.shared->config;
  // As vLLM refuses a prompt beyond its context, the serving model refuses one that never fits.
  if (const int64_t out = reply_tokens(config, completion_);
      config.serving.enabled && !worker_.shared->batch.fits(completion_.prompt_tokens + out)) {
    co_return co_await send_error(400, "prompt (" + std::to_string(completion_.prompt_tokens) + ") + output (" +
                                           std::to_string(out) + ") tokens exceed --kv-cache-tokens " +
                                           std::to_string(config.serving.kv_cache_tokens));
  }
  worker_.shared->stall.request_seen(ns(t0_));
  InFlight in_flight{*this};  // also when the client goes away mid-reply
  if (worker_.shared->errors.next_fails()) {
    co_return co_await send_error(500, "injected failure (--error-rate)");
  }
  plan_reply();
  double ttft_ms = config.ttft_ms;
  if (config.ttft_jitter_ms > 0)
    ttft_ms += std::uniform_real_distribution<double>(0.0, config.ttft_jitter_ms)(worker_.jitter);
  Seat seat(TokenSchedule{t0_, TokenSchedule::from_ms(ttft_ms), TokenSchedule::from_ms(config.itl_ms)});
  if (config.serving.enabled) seat.batch = &worker_.shared->batch;
  else seat.hold_kv(worker_.shared->kv_tokens_held, plan_.prompt_tokens + plan_.completion_tokens);
  tokens_written_ = false;
  // The entry exists before the first byte and is filled in as chunks go out, so a server
  // stopped right after a reply (or a reply cut short) still has it, with what was sent.
  if (!config.timing_log.empty()) {
    worker_.timings.push_back(ReplyTiming{.id = plan_.id, .read_ns = ns(t0_), .first_due_ns = 0,
                                          .first_write_ns = 0, .last_write_ns = 0, .chunks = 0,
                                          .max_late_ns = 0, .sum_late_ns = 0, .stream = completion_.stream,
                                          .messages = completion_.messages,
                                          .assistant_messages = completion_.assistant_messages,
                                          .prompt_tokens = completion_.prompt_tokens,
                                          .correlation_id = req_.correlation_id,
                                          .connection = connection_id_,
                                          .session_headers = req_.session_headers,
                                          .body_fnv1a = fnv1a64(req_.body)});
    timing_index_ = worker_.timings.size() - 1;
    worker_.timings.back().image_parts = completion_.image_parts;
    worker_.timings.back().audio_parts = completion_.audio_parts;
  }
  bool ok = completion_.stream ? co_await send_stream(seat) : co_await send_full_reply(seat);
  if (!completion_.stream) co_return ok && keep_alive_;
  co_return ok && keep_alive_ && !config.close_after_stream;
}

// One whole JSON reply after --ttft-ms: an embedding model answers all at once.
template <class Stream>
asio::awaitable<bool> Session<Stream>::serve_vector(VectorApi api) {
  if (std::string problem = signature_problem(); !problem.empty()) co_return co_await send_error(403, problem);
  VectorRequest request;
  if (std::string err = parse_vector_request(api, req_.body, request); !err.empty())
    co_return co_await send_error(400, err);
  InFlight in_flight{*this};
  if (worker_.shared->errors.next_fails()) co_return co_await send_error(500, "injected failure (--error-rate)");
  const MockConfig& config = worker_.shared->config;
  const uint64_t id = (worker_.index << 40) | ++worker_.replies;
  if (!config.timing_log.empty()) {
    worker_.timings.push_back(ReplyTiming{.id = id, .read_ns = ns(t0_), .first_due_ns = 0, .first_write_ns = 0,
                                          .last_write_ns = 0, .chunks = 0, .max_late_ns = 0, .sum_late_ns = 0,
                                          .stream = false, .messages = 0, .assistant_messages = 0,
                                          .prompt_tokens = request.prompt_tokens,
                                          .correlation_id = req_.correlation_id, .connection = connection_id_,
                                          .session_headers = req_.session_headers,
                                          .body_fnv1a = fnv1a64(req_.body)});
    timing_index_ = worker_.timings.size() - 1;
  }
  model_json_.clear();
  append_json_escaped(model_json_, request.model.empty() ? config.model : request.model);
  std::string body;
  append_vector_body(body, api, request, model_json_, config.embedding_dimensions, config.seed ^ fnv1a64(req_.body));
  TokenSchedule schedule{t0_, TokenSchedule::from_ms(config.ttft_ms), TokenSchedule::from_ms(0)};
  if (!co_await flush_then_wait(schedule.due(0))) co_return false;
  append_json_response(out_, 200, body, keep_alive_);
  note_write(WriteDues::one(schedule.due(0)));
  note_first_token();
  co_return co_await flush() && keep_alive_;
}

// --timing-log: the entry of a reply that is not a chat completion, made before its first byte.
template <class Stream>
void Session<Stream>::start_timing_entry(uint64_t id, int64_t prompt_tokens, bool stream, int64_t image_parts) {
  if (worker_.shared->config.timing_log.empty()) return;
  worker_.timings.push_back(ReplyTiming{.id = id, .read_ns = ns(t0_), .first_due_ns = 0, .first_write_ns = 0,
                                        .last_write_ns = 0, .chunks = 0, .max_late_ns = 0, .sum_late_ns = 0,
                                        .stream = stream, .messages = 0, .assistant_messages = 0,
                                        .prompt_tokens = prompt_tokens, .correlation_id = req_.correlation_id,
                                        .connection = connection_id_, .session_headers = req_.session_headers,
                                        .body_fnv1a = fnv1a64(req_.body), .image_parts = image_parts});
  timing_index_ = worker_.timings.size() - 1;
}

// Generation and edits (the latter a form, never streamed) answer alike. Every image, streamed
// previews included, is one chunk of the schedule: the first after
// --ttft-ms, the next ones --itl-ms apart. A whole reply leaves with its last final image.
template <class Stream>
asio::awaitable<bool> Session<Stream>::serve_image_generation(bool edit) {
  if (std::string problem = signature_problem(); !problem.empty()) co_return co_await send_error(403, problem);
  ImageGenerationRequest request;
  int64_t images_in = 0;
  if (std::string err = edit ? parse_image_edit_request(req_.body, req_.content_type, request, images_in)
                             : parse_image_generation_request(req_.body, request);
      !err.empty())
    co_return co_await send_error(400, err);
  InFlight in_flight{*this};
  if (worker_.shared->errors.next_fails()) co_return co_await send_error(500, "injected failure (--error-rate)");
  const MockConfig& config = worker_.shared->config;
  start_timing_entry((worker_.index << 40) | ++worker_.replies, count_prompt_tokens(request.prompt), request.stream,
                     images_in);
  model_json_.clear();
  append_json_escaped(model_json_, request.model.empty() ? config.model : request.model);
  const int64_t created = std::time(nullptr);
  TokenSchedule schedule{t0_, TokenSchedule::from_ms(config.ttft_ms), TokenSchedule::from_ms(config.itl_ms)};
  if (!request.stream) {
    const int64_t last = request.n - 1;
    if (!co_await flush_then_wait(schedule.due(last))) co_return false;
    std::string body;
    append_image_generation_body(body, request, model_json_, created);
    append_json_response(out_, 200, body, keep_alive_);
    note_write(WriteDues::one(schedule.due(last)));
    note_first_token();
    co_return co_await flush() && keep_alive_;
  }
  append_event_stream_head(out_, keep_alive_);
  std::string event;
  const int64_t events = image_stream_events(request);
  for (int64_t e = 0; e < events; ++e) {
    if (!co_await flush_then_wait(schedule.due(e))) co_return false;
    event.clear();
    append_image_stream_event(event, request, e, created);
    append_http_chunk(out_, event);
    if (e + 1 == events) out_ += "0\r\n\r\n";
    note_write(WriteDues::one(schedule.due(e)));
    note_first_token();
    if (!co_await flush()) co_return false;
  }
  co_return keep_alive_;
}

// A whole reply after --ttft-ms, as a transcription model answers once it has heard the clip.
template <class Stream>
asio::awaitable<bool> Session<Stream>::serve_transcription() {
  if (std::string problem = signature_problem(); !problem.empty()) co_return co_await send_error(403, problem);
  TranscriptionRequest request;
  if (std::string err = parse_transcription_request(req_.content_type, req_.body, request); !err.empty())
    co_return co_await send_error(400, err);
  InFlight in_flight{*this};
  if (worker_.shared->errors.next_fails()) co_return co_await send_error(500, "injected failure (--error-rate)");
  const MockConfig& config = worker_.shared->config;
  const TranscriptionReply reply = transcription_reply(request, config.seed ^ fnv1a64(req_.body));
  TokenSchedule schedule{t0_, TokenSchedule::from_ms(config.ttft_ms), TokenSchedule::from_ms(0)};
  if (!co_await flush_then_wait(schedule.due(0))) co_return false;
  append_response(out_, 200, reply.content_type, reply.body, keep_alive_);  // not in --timing-log
  note_first_token();
  co_return co_await flush() && keep_alive_;
}

// One whole JSON reply after --ttft-ms, one result per image read.
template <class Stream>
asio::awaitable<bool> Session<Stream>::serve_image_retrieval() {
  if (std::string problem = signature_problem(); !problem.empty()) co_return co_await send_error(403, problem);
  ImageRetrievalRequest request;
  if (std::string err = parse_image_retrieval_request(req_.body, request); !err.empty())
    co_return co_await send_error(400, err);
  InFlight in_flight{*this};
  if (worker_.shared->errors.next_fails()) co_return co_await send_error(500, "injected failure (--error-rate)");
  const MockConfig& config = worker_.shared->config;
  start_timing_entry((worker_.index << 40) | ++worker_.replies, 0, false, request.images);
  std::string body;
  append_image_retrieval_body(body, request);
  TokenSchedule schedule{t0_, TokenSchedule::from_ms(config.ttft_ms), TokenSchedule::from_ms(0)};
  if (!co_await flush_then_wait(schedule.due(0))) co_return false;
  append_json_response(out_, 200, body, keep_alive_);
  note_write(WriteDues::one(schedule.due(0)));
  note_first_token();
  co_return co_await flush() && keep_alive_;
}

// The job API (video_jobs.h). A job's id is the path segment after /v1/videos/.
template <class Stream>
asio::awaitable<bool> Session<Stream>::serve_video(Route r) {
  VideoJobStore& store = worker_.shared->videos;
  const int64_t now = ns(Clock::now());
  std::string_view path = std::string_view(req_.target).substr(0, req_.target.find('?'));
  if (r == Route::video_jobs) {
    append_json_response(out_, 200, store.list(), keep_alive_);
    co_return co_await flush() && keep_alive_;
  }
  if (r == Route::video_submit) {
    std::map<std::string, std::string> fields;
    const bool form = req_.content_type.starts_with("multipart/form-data");
    std::string err = form ? read_form_video_fields(req_.body, req_.content_type, fields)
                           : read_json_video_fields(req_.body, fields);
    if (!err.empty()) co_return co_await send_error(400, err);
    append_json_response(out_, 200, store.submit(fields, req_.body, req_.content_type, now), keep_alive_);
    co_return co_await flush() && keep_alive_;
  }
  std::string_view id = path.substr(std::string_view("/v1/videos/").size());
  if (r == Route::video_job) {
    std::string json;
    if (!store.poll(id, now, req_.host, req_.authorization, json))
      co_return co_await send_error(404, "no video job " + std::string(id));
    append_json_response(out_, 200, json, keep_alive_);
    co_return co_await flush() && keep_alive_;
  }
  id.remove_suffix(std::string_view("/content").size());
  const MockConfig& config = worker_.shared->config;
  const bool redirect_hop = config.video_content_redirect && req_.target.find("direct=1") == std::string::npos;
  if (!store.download(id, now, redirect_hop, req_.authorization))
    co_return co_await send_error(404, "no completed video job " + std::string(id));
  if (redirect_hop) {
    out_ += "HTTP/1.1 302 Found\r\nLocation: /v1/videos/";
    out_.append(id);
    out_ += "/content?direct=1\r\nContent-Length: 0\r\n";
    out_ += keep_alive_ ? "\r\n" : "Connection: close\r\n\r\n";
    co_return co_await flush() && keep_alive_;
  }
  if (!co_await flush_then_wait(t0_ + std::chrono::nanoseconds(int64_t(config.video_content_delay_ms * 1e6))))
    co_return false;
  out_ += "HTTP/1.1 200 OK\r\nContent-Type: video/mp4\r\nContent-Length: ";
  out_ += std::to_string(config.video_content_bytes);
  out_ += keep_alive_ ? "\r\n\r\n" : "\r\nConnection: close\r\n\r\n";
  out_.append(size_t(config.video_content_bytes), '\0');
  co_return co_await flush() && keep_alive_;
}

// finish_reason is "length" unless --output-tokens ended the reply before the request's limit,
// which stands in for the model emitting EOS.
template <class Stream>
void Session<Stream>::plan_reply() {
  const MockConfig& config = worker_.shared->config;
  const std::string& model = completion_.model.empty() ? config.model : completion_.model;
  model_json_.clear();
  append_json_escaped(model_json_, model);

  plan_.kind = completion_.kind;
  plan_.id = (worker_.index << 40) | ++worker_.replies;
  plan_.created = std::time(nullptr);
  plan_.model_json = model_json_;
  plan_.prompt_tokens = completion_.prompt_tokens;
  plan_.completion_tokens = reply_tokens(config, completion_);
  plan_.tokens_per_chunk = config.tokens_per_chunk;
  plan_.first_word = splitmix64(config.seed ^ plan_.id);
  plan_.fixed_text = {};
  if (worker_.shared->answers.enabled() &&
      (completion_.kind == ApiKind::chat || completion_.kind == ApiKind::completions)) {
    plan_.fixed_text = worker_.shared->answers.reply_for(req_.body);
    if (!plan_.fixed_text.empty()) plan_.completion_tokens = plan_.tokens_per_chunk = 1;
  }
  plan_.length_limited = !config.output_tokens ||
                         (completion_.max_tokens && plan_.completion_tokens >= *completion_.max_tokens);
  plan_.include_usage = completion_.include_usage;
  plan_.continuous_usage = completion_.continuous_usage;
  plan_.keep_alive = keep_alive_;
  plan_.aws_event_stream = aws_event_stream_;
  plan_.fail_in_stream = completion_.stream && worker_.shared->stream_errors.next_fails();
  plan_.spec_decode = config.spec_decode_draft_tokens > 0
                          ? spec_decode_counts(plan_.completion_tokens, config.spec_decode_draft_tokens,
                                               config.spec_decode_acceptance.value_or(0.5))
                          : SpecDecodeCounts{};
  formatter_.start(plan_);
}

// The serving model: waits in the queue for a slot, then paces the reply from it. While queued,
// bytes already formatted (a stream's head) go out, as a server sends its head at once.
template <class Stream>
asio::awaitable<bool> Session<Stream>::take_slot(Seat& seat) {
  if (!seat.batch) co_return true;
  const ServingModel& model = worker_.shared->config.serving;
  seat.ticket.kv_tokens = plan_.prompt_tokens + plan_.completion_tokens;
  seat.ticket.wake = &Session::wake_for_slot;
  seat.ticket.wake_context = this;
  if (!seat.batch->arrive(seat.ticket, ns(t0_))) {
    if (!out_.empty() && !co_await flush()) co_return false;
    while (!seat.ticket.admitted.load(std::memory_order_acquire)) {
      waiting_for_slot_ = true;
      timer_.expires_at(Clock::time_point::max());
      auto [ec] = co_await timer_.async_wait(kNoThrow);
      waiting_for_slot_ = false;
      if (ec && ec != asio::error::operation_aborted) co_return false;
    }
  }
  const Clock::time_point admitted{std::chrono::nanoseconds(seat.ticket.admitted_ns)};
  seat.pace = ReplyPace(admitted + TokenSchedule::from_ms(model.prefill_ms(plan_.prompt_tokens)), model, *seat.batch,
                        plan_.completion_tokens, plan_.tokens_per_chunk);
  co_return true;
}

// Called by the batch, under its lock, on whichever worker freed the slot: only posts to ours.
// The flag keeps a late wake-up from cutting short another wait on timer_ (a flush's stall).
template <class Stream>
void Session<Stream>::wake_for_slot(void* self) {
  auto* session = static_cast<Session*>(self);
  asio::post(session->timer_.get_executor(), [session] {
    if (session->waiting_for_slot_) session->timer_.cancel();
  });
}

// A non-streaming reply leaves when its last token would have been generated; with the serving
// model the reply still wakes at every step, as each step's length is read when it starts.
template <class Stream>
asio::awaitable<bool> Session<Stream>::send_full_reply(Seat& seat) {
  if (!co_await take_slot(seat)) co_return false;
  ReplyPace& pace = seat.pace;
  const int64_t last = plan_.chunks() > 0 ? plan_.chunks() - 1 : 0;
  for (int64_t chunk = pace.stepped() ? 0 : last; chunk <= last; ++chunk) {
    if (!co_await flush_then_wait(pace.due(chunk))) co_return false;
    if (pace.stepped()) observe_tokens(pace.due(chunk), plan_.tokens_in_chunks(chunk, chunk + 1));
  }
  // Nothing leaves before the last token, so the server's view is the schedule: each chunk was
  // made when due (on the fixed grid, `last` equal steps after the first).
  if (!pace.stepped()) {
    observe_tokens(pace.due(0), plan_.tokens_in_chunks(0, 1));
    observe_tokens(pace.due(last), plan_.tokens_in_chunks(1, last + 1), last);
  }
  seat.leave(pace.due(last));
  formatter_.append_full_reply(out_);
  if (!co_await hold_while_stalled()) co_return false;
  note_write(WriteDues::one(pace.due(last)));
  note_first_token();
  const Clock::time_point sent = Clock::now();
  if (!co_await flush()) co_return false;
  observe_finished(sent);
  co_return true;
}

// The head leaves at once (as real servers send it before the first token); the role event
// travels with the first content chunk, so TTFT is the same whichever event a client times.
template <class Stream>
asio::awaitable<bool> Session<Stream>::send_stream(Seat& seat) {
  formatter_.append_stream_head(out_);
  if (!co_await take_slot(seat)) co_return false;
  ReplyPace& pace = seat.pace;
  const int64_t chunks = plan_.chunks();
  int64_t next = 0;
  do {
    if (!co_await flush_then_wait(pace.due(next))) co_return false;
    if (next == 0 && plan_.kind != ApiKind::completions) formatter_.append_role_event(out_);
    const Clock::time_point now = Clock::now();
    WriteDues dues(pace.due(next));
    const int64_t first_in_write = next;
    while (next < chunks) {
      dues.add(pace.due(next));
      formatter_.append_content_event(out_, next++);
      if (next == chunks || pace.due(next) > now || out_.size() >= kBatchBytes) break;
    }
    if (next == chunks) {
      formatter_.append_stream_tail(out_);
      seat.leave(pace.due(std::max<int64_t>(chunks - 1, 0)));
    }
    if (!co_await hold_while_stalled()) co_return false;
    note_write(dues);
    note_first_token();
    observe_tokens(Clock::now(), plan_.tokens_in_chunks(first_in_write, next));
    if (!co_await flush()) co_return false;
  } while (next < chunks);
  observe_finished(chunks > 0 ? last_tokens_at_ : Clock::now());
  co_return true;
}

template <class Stream>
asio::awaitable<bool> Session<Stream>::send_error(int status, std::string_view message) {
  append_error_response(out_, status, message, keep_alive_);
  co_return co_await flush() && keep_alive_;
}

template <class Stream>
asio::awaitable<bool> Session<Stream>::flush() {
  if (!co_await hold_while_stalled()) co_return false;
  auto [ec, n] = co_await asio::async_write(stream_, asio::buffer(out_), kNoThrow);
  out_.clear();
  co_return !ec;
}

// Inside the --stall-ms window nothing is written; the caller's bytes wait for its end.
template <class Stream>
asio::awaitable<bool> Session<Stream>::hold_while_stalled() {
  const int64_t until = worker_.shared->stall.hold_until(ns(Clock::now()));
  if (until == 0) co_return true;
  timer_.expires_at(Clock::time_point(std::chrono::nanoseconds(until)));
  auto [ec] = co_await timer_.async_wait(kNoThrow);
  co_return !ec;
}

// Anything already formatted goes out before sleeping, so it is never held back by the delay.
template <class Stream>
asio::awaitable<bool> Session<Stream>::flush_then_wait(Clock::time_point due) {
  if (Clock::now() >= due) co_return true;
  if (!out_.empty() && !co_await flush()) co_return false;
  timer_.expires_at(due);
  auto [ec] = co_await timer_.async_wait(kNoThrow);
  co_return !ec;
}

// Stamped just before the bytes are handed to the socket.
template <class Stream>
void Session<Stream>::note_write(const WriteDues& dues) {
  if (worker_.shared->config.timing_log.empty()) return;
  const int64_t now = ns(Clock::now());
  // By index: other sessions of this worker append meanwhile and may move the vector.
  ReplyTiming& t = worker_.timings[timing_index_];
  if (t.chunks == 0) {
    t.first_due_ns = ns(dues.first);
    t.first_write_ns = now;
  }
  t.last_write_ns = now;
  if (dues.chunks > 0) {
    // Dues only grow, so the first chunk is the latest.
    const int64_t first_late = now - ns(dues.first);
    t.max_late_ns = std::max(t.max_late_ns, first_late);
    t.sum_late_ns += dues.chunks * first_late -
                     std::chrono::duration_cast<std::chrono::nanoseconds>(dues.after_first).count();
  }
  t.chunks += dues.chunks;
}

// vLLM observes TTFT from arrival to the first token and one inter-token gap per engine step
// that gave the request tokens. A streamed write is such a step (chunks already due leave
// together), stamped like note_write just before the bytes go to the socket; `steps` > 1 splits
// the time since the previous tokens evenly (a whole reply's fixed grid).
template <class Stream>
void Session<Stream>::observe_tokens(Clock::time_point at, int64_t tokens, int64_t steps) {
  if (tokens <= 0 || steps <= 0) return;
  auto to_ns = [](Clock::duration d) { return std::chrono::duration_cast<std::chrono::nanoseconds>(d).count(); };
  VllmWorkerMetrics& m = worker_.vllm;
  if (!tokens_written_) {
    m.ttft.observe_ns(to_ns(at - t0_));
    VllmWorkerMetrics::add(m.prompt_tokens, uint64_t(plan_.prompt_tokens));
  } else {
    m.inter_token.observe_ns(to_ns(at - last_tokens_at_) / steps, uint64_t(steps));
  }
  tokens_written_ = true;
  last_tokens_at_ = at;
  VllmWorkerMetrics::add(m.generation_tokens, uint64_t(tokens));
}

// The whole reply went out at `done`. A stream that ends in an injected error event is no success.
template <class Stream>
void Session<Stream>::observe_finished(Clock::time_point done) {
  if (plan_.fail_in_stream) return;
  VllmWorkerMetrics& m = worker_.vllm;
  // A reply of no tokens: its prompt still went through prefill.
  if (!tokens_written_) VllmWorkerMetrics::add(m.prompt_tokens, uint64_t(plan_.prompt_tokens));
  m.e2e.observe_ns(std::chrono::duration_cast<std::chrono::nanoseconds>(done - t0_).count());
  VllmWorkerMetrics::add(plan_.length_limited ? m.finished_length : m.finished_stop, 1);
}

template <class Stream>
void Session<Stream>::trim_buffers() {
  if (out_.capacity() > kKeepCapacity) std::string().swap(out_);
  if (req_.body.capacity() > kKeepCapacity) std::string().swap(req_.body);
  if (in_.capacity() > kKeepCapacity && in_.size() == 0) in_.shrink_to_fit();
}

// No TLS close_notify: clients have the whole (length-delimited or chunked) body already.
template <class Stream>
void Session<Stream>::close() {
  boost::system::error_code ec;
  stream_.lowest_layer().shutdown(tcp::socket::shutdown_send, ec);
  stream_.lowest_layer().close(ec);
}

}  // namespace

asio::awaitable<void> serve_http(tcp::socket socket, WorkerState& worker) {
  Session<tcp::socket> session(worker, std::move(socket));
  co_await session.run();
}

asio::awaitable<void> serve_https(tcp::socket socket, asio::ssl::context& tls, WorkerState& worker) {
  Session<asio::ssl::stream<tcp::socket>> session(worker, std::move(socket), tls);
  co_await session.run();
}

}  // namespace aiperf::mock
