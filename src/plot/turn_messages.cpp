#include "plot/turn_messages.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <stdexcept>

namespace aiperf::plot {
namespace {

using json = nlohmann::json;

// A content value as text: a string as is; a list of parts as their texts, one after another,
// with each non-text part named ("[image_url]"); anything else as compact JSON.
std::string content_text(const json& content) {
  if (content.is_string()) return content.get<std::string>();
  if (content.is_null()) return "";
  if (!content.is_array()) return content.dump(-1, ' ', false, json::error_handler_t::replace);
  std::string out;
  for (const json& part : content) {
    if (part.is_string()) {
      out += part.get<std::string>();
    } else if (part.is_object() && part.contains("text") && part["text"].is_string()) {
      out += part["text"].get<std::string>();
    } else if (part.is_object() && part.contains("type") && part["type"].is_string()) {
      out += "[" + part["type"].get<std::string>() + "]";
    } else {
      out += part.dump(-1, ' ', false, json::error_handler_t::replace);
    }
  }
  return out;
}

void add_message_list(std::vector<TurnMessage>& out, const json& list) {
  if (list.is_string()) {
    out.push_back({"user", list.get<std::string>()});
    return;
  }
  if (!list.is_array()) return;
  for (const json& m : list) {
    if (!m.is_object()) {
      out.push_back({"", content_text(m)});
      continue;
    }
    std::string role = m.contains("role") && m["role"].is_string() ? m["role"].get<std::string>()
                       : m.contains("type") && m["type"].is_string() ? m["type"].get<std::string>()
                                                                       : "";
    std::string text = m.contains("content") ? content_text(m["content"]) : "";
    // Tool calls and tool results have no plain content: show what they carry.
    if (text.empty() && !m.contains("content")) text = m.dump(-1, ' ', false, json::error_handler_t::replace);
    out.push_back({std::move(role), std::move(text)});
  }
}

// Cut to `cap` characters (UTF-8 code points), never inside one.
std::string capped(const std::string& text, size_t cap, size_t& left) {
  size_t chars = 0, i = 0;
  for (; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;  // continuation byte
    if (chars == cap) break;
    ++chars;
  }
  left = 0;
  for (size_t j = i; j < text.size(); ++j) left += (static_cast<unsigned char>(text[j]) & 0xC0) != 0x80;
  return text.substr(0, i);
}

void escape_into(std::string& out, std::string_view text) {
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out.push_back(c);
    }
  }
}

std::string escaped(std::string_view text) {
  std::string out;
  escape_into(out, text);
  return out;
}

// Invalid UTF-8 (a byte-level truncation in a payload) would garble the page: such bytes become U+FFFD.
std::string valid_utf8(const std::string& s) {
  return json::parse(json(s).dump(-1, ' ', false, json::error_handler_t::replace)).get<std::string>();
}

constexpr const char* kStyle = R"(
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#1b1f24;background:#fafbfc}
h1{font-size:20px;margin:0 0 4px}
.summary{color:#57606a;margin-bottom:16px}
details.conversation{background:#fff;border:1px solid #d0d7de;border-radius:6px;margin:8px 0;padding:6px 10px}
details.conversation>summary{cursor:pointer;font-weight:600}
details.turn{border-left:3px solid #d0d7de;margin:6px 0 6px 8px;padding-left:10px}
details.turn>summary{cursor:pointer}
.badge{display:inline-block;font-size:11px;border-radius:10px;padding:0 7px;margin-left:6px;background:#eaeef2;color:#57606a}
.badge.err{background:#ffebe9;color:#cf222e}
.message{margin:6px 0}
.role{font-size:12px;font-weight:600;text-transform:uppercase;color:#0969da}
.role.system{color:#8250df}.role.assistant{color:#1a7f37}
pre.content{white-space:pre-wrap;word-break:break-word;background:#f6f8fa;border-radius:4px;padding:6px 8px;margin:2px 0;font:12.5px/1.4 ui-monospace,monospace}
.note{color:#57606a;font-style:italic;font-size:12px}
)";

}  // namespace

std::vector<TurnMessage> payload_messages(const json& payload) {
  std::vector<TurnMessage> out;
  if (!payload.is_object()) {
    out.push_back({"payload", content_text(payload)});
    return out;
  }
  if (payload.contains("system")) out.push_back({"system", content_text(payload["system"])});
  if (payload.contains("instructions")) out.push_back({"system", content_text(payload["instructions"])});
  if (payload.contains("messages")) {
    add_message_list(out, payload["messages"]);
  } else if (payload.contains("input")) {
    add_message_list(out, payload["input"]);
  } else if (payload.contains("prompt")) {
    out.push_back({"user", content_text(payload["prompt"])});
  } else if (out.empty()) {
    out.push_back({"payload", payload.dump(-1, ' ', false, json::error_handler_t::replace)});
  }
  return out;
}

std::vector<ConversationView> read_turn_messages(const std::filesystem::path& raw_jsonl) {
  std::ifstream in(raw_jsonl);
  if (!in) throw std::runtime_error(raw_jsonl.string() + " not found (the viewer reads a run made with --export-level raw)");
  std::map<std::string, ConversationView> by_id;
  std::string line;
  size_t line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty()) continue;
    json row;
    try {
      row = json::parse(line);
    } catch (const json::exception& e) {
      throw std::runtime_error(raw_jsonl.string() + " line " + std::to_string(line_no) + ": not JSON (" + e.what() + ")");
    }
    if (!row.is_object()) continue;
    const json meta = row.value("metadata", json::object());
    if (!meta.is_object()) continue;
    TurnView t;
    t.turn_index = meta.value("turn_index", 0u);
    t.start_ns = meta.value("request_start_ns", int64_t(0));
    t.phase = meta.value("benchmark_phase", std::string("profiling"));
    t.conversation_id = meta.value("conversation_id", std::string());
    if (row.contains("status") && row["status"].is_number_integer()) t.status = row["status"].get<int>();
    if (row.contains("error") && row["error"].is_object()) t.error = row["error"].value("message", std::string("error"));
    t.messages = payload_messages(row.value("payload", json()));
    const std::string cid = meta.value("x_correlation_id", std::string());
    ConversationView& c = by_id[cid];
    c.correlation_id = cid;
    if (meta.contains("parent_correlation_id") && meta["parent_correlation_id"].is_string())
      c.parent_correlation_id = meta["parent_correlation_id"].get<std::string>();
    c.turns.push_back(std::move(t));
  }
  std::vector<ConversationView> out;
  for (auto& [id, c] : by_id) {
    std::stable_sort(c.turns.begin(), c.turns.end(), [](const TurnView& a, const TurnView& b) {
      return a.turn_index != b.turn_index ? a.turn_index < b.turn_index : a.start_ns < b.start_ns;
    });
    out.push_back(std::move(c));
  }
  auto first_start = [](const ConversationView& c) {
    int64_t s = INT64_MAX;
    for (const TurnView& t : c.turns) s = std::min(s, t.start_ns);
    return s;
  };
  std::stable_sort(out.begin(), out.end(), [&](const ConversationView& a, const ConversationView& b) {
    const bool ra = a.parent_correlation_id.empty(), rb = b.parent_correlation_id.empty();
    if (ra != rb) return ra;
    return first_start(a) < first_start(b);
  });
  return out;
}

std::string render_turn_messages_html(const std::vector<ConversationView>& conversations, const std::string& title,
                                      const TurnMessagesOptions& options) {
  const size_t shown = std::min(conversations.size(), options.limit_conversations);
  size_t turns_total = 0;
  for (const ConversationView& c : conversations) turns_total += c.turns.size();
  std::string h;
  h += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
       "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
       "<title>";
  escape_into(h, "aiperf turn messages: " + title);
  h += "</title>\n<style>";
  h += kStyle;
  h += "</style></head><body>\n<h1>";
  escape_into(h, "Turn messages: " + title);
  h += "</h1>\n<div class=\"summary\" id=\"summary\">" + std::to_string(shown) + " of " +
       std::to_string(conversations.size()) + " conversation(s), " + std::to_string(turns_total) +
       " request(s) in the run; each turn shows the input messages it sent (content capped at " +
       std::to_string(options.content_cap) + " characters).</div>\n";
  for (size_t ci = 0; ci < shown; ++ci) {
    const ConversationView& c = conversations[ci];
    h += "<details class=\"conversation\" data-correlation-id=\"" + escaped(c.correlation_id) + "\"" +
         (ci == 0 ? " open" : "") + "><summary>";
    const std::string name = c.turns.empty() || c.turns.front().conversation_id.empty() ? c.correlation_id
                                                                                          : c.turns.front().conversation_id;
    escape_into(h, name);
    h += " <span class=\"badge\">" + std::to_string(c.turns.size()) + " turn(s)</span>";
    if (!c.parent_correlation_id.empty()) h += "<span class=\"badge\">subagent</span>";
    h += "<span class=\"badge\">";
    escape_into(h, c.correlation_id);
    h += "</span></summary>\n";
    const std::vector<TurnMessage>* previous = nullptr;
    const size_t turns = std::min(c.turns.size(), options.max_turns);
    for (size_t ti = 0; ti < turns; ++ti) {
      const TurnView& t = c.turns[ti];
      // What this turn resends unchanged from the turn before it is named, not repeated.
      size_t same = 0;
      if (previous)
        while (same < previous->size() && same < t.messages.size() && (*previous)[same].role == t.messages[same].role &&
               (*previous)[same].content == t.messages[same].content)
          ++same;
      h += "<details class=\"turn\" data-turn-index=\"" + std::to_string(t.turn_index) + "\" open><summary>Turn " +
           std::to_string(t.turn_index) + " <span class=\"badge\">" + std::to_string(t.messages.size()) +
           " message(s)</span>";
      if (t.phase != "profiling") h += "<span class=\"badge\">" + escaped(t.phase) + "</span>";
      if (!t.error.empty() || (t.status != 0 && (t.status < 200 || t.status >= 300)))
        h += "<span class=\"badge err\">" + escaped(t.error.empty() ? "HTTP " + std::to_string(t.status) : t.error) +
             "</span>";
      h += "</summary>\n";
      if (same > 0)
        h += "<div class=\"note history\">" + std::to_string(same) + " earlier message(s) as sent in turn " +
             std::to_string(c.turns[ti - 1].turn_index) + "</div>\n";
      for (size_t mi = same; mi < t.messages.size(); ++mi) {
        const TurnMessage& m = t.messages[mi];
        size_t left = 0;
        const std::string text = valid_utf8(capped(m.content, options.content_cap, left));
        h += "<div class=\"message\" data-role=\"" + escaped(m.role) + "\"><div class=\"role " + escaped(m.role) + "\">";
        escape_into(h, m.role.empty() ? "(no role)" : m.role);
        h += "</div><pre class=\"content\">";
        escape_into(h, text);
        h += "</pre>";
        if (left > 0) h += "<div class=\"note\">… " + std::to_string(left) + " more character(s) not shown</div>";
        h += "</div>\n";
      }
      h += "</details>\n";
      previous = &t.messages;
    }
    if (c.turns.size() > turns)
      h += "<div class=\"note hidden-turns\">" + std::to_string(c.turns.size() - turns) +
           " more turn(s) not shown (--max-turns)</div>\n";
    h += "</details>\n";
  }
  if (conversations.size() > shown)
    h += "<div class=\"note\">" + std::to_string(conversations.size() - shown) +
         " more conversation(s) not shown (-n/--limit-conversations)</div>\n";
  h += "</body></html>\n";
  return h;
}

}  // namespace aiperf::plot
