#include "app/chat_command.h"

#include <CLI/CLI.hpp>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>

#include "app/chat_conversation.h"
#include "app/chat_turn.h"
#include "cli/subcommand_parse.h"
#include "cli/url_flags.h"
#include "config/endpoint_catalog.h"
#include "tokenizer/tokenizer.h"
#include "transport/tls_context.h"

namespace aiperf {
namespace {

struct ChatOptions {
  std::string model;
  std::string url = "http://localhost:8000";
  std::string system_prompt;
  std::optional<std::string> quick;
  bool history = true;
  std::optional<std::string> api_key;
  std::string tokenizer;  // empty: the server's usage, else the builtin tokenizer
};

// Output tokens of a reply: the server's own count when it sent usage, else the tokenizer's.
// The tokenizer is built only when first needed: most servers send usage.
class ReplyTokenCounter {
 public:
  explicit ReplyTokenCounter(const std::string& name) {
    if (!name.empty()) tokenizer_ = make_tokenizer({name, true, "main", false}, &std::cerr);
  }
  int64_t count(const ChatTurnResult& r) {
    if (r.completion_tokens) return *r.completion_tokens;
    if (!tokenizer_) tokenizer_ = make_tokenizer({"builtin", true, "main", false}, &std::cerr);
    return int64_t(tokenizer_->count(r.text));
  }

 private:
  std::unique_ptr<Tokenizer> tokenizer_;
};

std::string fixed1(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

// "TTFT 12.3 ms | 45.6 tokens/s | 20 tokens | E2E 450.1 ms". tokens/s is upstream's
// e2e_output_token_throughput: output tokens over the whole request latency.
std::string stats_line(const ChatTurnResult& r, int64_t tokens) {
  const double e2e_ms = double(r.e2e_ns) / 1e6;
  std::string ttft = r.ttft_ns ? fixed1(double(*r.ttft_ns) / 1e6) + " ms" : "n/a";
  std::string tps = e2e_ms > 0 ? fixed1(double(tokens) / (e2e_ms / 1e3)) : "n/a";
  return "TTFT " + ttft + " | " + tps + " tokens/s | " + std::to_string(tokens) + " tokens | E2E " +
         fixed1(e2e_ms) + " ms";
}

// A server may quote the key back in its 401 message; it is never shown.
std::string redacted(std::string text, const std::string& secret) {
  if (secret.empty()) return text;
  for (size_t p = text.find(secret); p != std::string::npos; p = text.find(secret, p))
    text.replace(p, secret.size(), "<redacted>");
  return text;
}

class ChatSession {
 public:
  ChatSession(const ChatOptions& o, ChatTarget target)
      : target_(std::move(target)), conversation_(o.model, o.system_prompt, o.history), counter_(o.tokenizer) {}

  // One message: the reply streamed to stdout, then its stats line. False when it failed.
  bool turn(const std::string& user_text) {
    bool printed = false;
    ChatTurnResult r = run_chat_turn(target_, conversation_.request_body(user_text), [&](std::string_view text) {
      std::cout << text << std::flush;
      printed = true;
    });
    if (printed) std::cout << "\n";
    std::cout << std::flush;
    if (r.error) {
      std::cerr << "error: " << redacted(*r.error, target_.api_key) << "\n";
      return false;
    }
    std::cout << stats_line(r, counter_.count(r)) << std::endl;
    conversation_.add_turn(user_text, r.text);
    return true;
  }

 private:
  ChatTarget target_;
  ChatConversation conversation_;
  ReplyTokenCounter counter_;
};

std::string trim_line(std::string line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
  size_t b = line.find_first_not_of(" \t");
  return b == std::string::npos ? std::string() : line.substr(b);
}

// One turn per stdin line until EOF or /exit; a failed turn is reported and the chat goes on.
int interactive(ChatSession& session) {
  const bool tty = isatty(STDIN_FILENO) == 1;
  std::string line;
  for (;;) {
    if (tty) std::cout << "> " << std::flush;  // piped input gets no prompts in its output
    if (!std::getline(std::cin, line)) break;
    line = trim_line(std::move(line));
    if (line.empty()) continue;
    if (line == "/exit" || line == "/quit") break;
    session.turn(line);
  }
  if (tty) std::cout << "\n";
  return 0;
}

ChatTarget make_target(const ChatOptions& o) {
  ParsedUrl parsed = normalize_url(o.url);
  if (!parsed.credentials.empty())
    throw std::runtime_error("--url: credentials in the URL are not supported by chat; use --api-key");
  ChatTarget t;
  t.url = resolve_endpoint_url(parsed.url, endpoint_info(EndpointType::chat).path);
  if (o.api_key) {
    t.api_key = *o.api_key;
  } else if (const char* env = std::getenv("OPENAI_API_KEY")) {
    t.api_key = env;
  }
  return t;
}

}  // namespace

int run_chat_command(const std::vector<std::string>& args) {
  CLI::App app("Chat with an OpenAI-compatible endpoint, printing TTFT, tokens/s, tokens and E2E per turn.",
               "aiperf chat");
  ChatOptions o;
  app.add_option("-m,--model", o.model, "Model name")->required();
  app.add_option("-u,--url", o.url, "Server URL; http:// is prepended when no scheme is given")
      ->capture_default_str();
  app.add_option("--system-prompt", o.system_prompt, "System message sent first in every request");
  app.add_option("-q,--quick", o.quick, "Send MSG once, print the reply and its stats, exit")->type_name("MSG");
  app.add_flag("--history,!--no-history", o.history, "Send the previous turns with each message (default on)");
  // No default shown: --help must never print the key taken from the environment.
  app.add_option("--api-key", o.api_key, "Bearer token (default $OPENAI_API_KEY)");
  app.add_option("--tokenizer", o.tokenizer,
                 "Counts reply tokens when the server sends no usage: builtin, a HuggingFace id or a "
                 "tokenizer.json path (default builtin)");
  if (std::optional<int> exit_code = parse_subcommand(app, args, "chat")) return *exit_code;
  try {
    ChatTarget target = make_target(o);
    std::optional<boost::asio::ssl::context> tls;
    if (target.url.tls) {
      tls.emplace(make_tls_context(true));
      target.tls = &*tls;
    }
    ChatSession session(o, std::move(target));
    if (o.quick) return session.turn(*o.quick) ? 0 : 1;
    return interactive(session);
  } catch (const std::exception& e) {
    std::cerr << "error: chat: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace aiperf
