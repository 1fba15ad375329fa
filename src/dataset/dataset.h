#pragma once
// The workload: every request the run may send, built in full before the run starts.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/profile_config.h"
#include "dataset/dataset_build_settings.h"
#include "dataset/prompt_text.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {

// A later turn of a multi-turn conversation (turns 2..N). Holds only the new user text:
// the history (earlier prompts and the live replies) is added when the turn is sent.
struct DatasetTurn {
  PromptText prompt;
  int64_t intended_input_tokens = 0;
  std::optional<int64_t> max_tokens;
  double delay_ms = 0;  // think time before this turn, from the previous reply's completion
  // Fixed schedule only: the trace's send time (ms, before schedule zero is subtracted); the
  // turn then goes at that time, or at once when its previous reply came later (§4.3).
  std::optional<double> timestamp_ms;
  std::string role = "user";  // role of this turn's message (multi_turn files may set it)
  std::vector<std::string> more_texts = {};  // the turn's further texts, as TurnParts::more_texts
};

// A turn's media (workloads-and-endpoints.md §6.4): image data URLs, and audio in the
// internal "<format>,<b64>" form.
struct TurnMedia {
  std::vector<std::string> images;  // an empty one is a uuid-only slot (its image_uuids entry is set)
  std::vector<std::string> audios;
  // Default initializers keep designated initializers naming only some members warning-free.
  std::vector<std::string> videos = {};  // URLs or data URLs (mmvu), sent as video_url parts
  // vLLM multimodal cache ids (dataset/image_uuids.h), parallel to `images` when not empty; an
  // empty id: none sent for that image.
  std::vector<std::string> image_uuids = {};
  // Length of the turn's first audio clip, for the ASR metrics (audio_duration, rtfx;
  // metrics-and-outputs.md §1.7). Absent: no audio, or a clip of unknown length.
  std::optional<double> audio_duration_seconds = {};
};

// A conversation that another one starts (workloads-and-endpoints.md §5.2): dag_jsonl forks
// and spawns, weka_trace / tracelab subagents.
struct ChildLaunch {
  uint32_t child = 0;  // dataset index of the child conversation (its entry has is_child set)
  // FORK: the child starts with the parent's history so far, including the reply to the
  // launching turn, and runs on the parent's worker. SPAWN (false): empty history.
  bool fork = false;
  // The parent turn (0-based) that may not be sent until this child has finished (SPAWN_JOIN);
  // kNoJoin: nobody waits (a background fork or spawn, or a fork on the parent's last turn).
  uint32_t join_at = kNoJoin;
  static constexpr uint32_t kNoJoin = UINT32_MAX;
};

// One turn of an agentic / DAG conversation (dag_jsonl, weka_trace, tracelab), where a turn
// is a list of messages rather than one user text.
struct MessageTurn {
  // This turn's new messages as compact JSON objects joined by commas, without the brackets,
  // e.g. {"role":"user","content":"hi"}; spliced after the history when the turn is sent.
  std::string messages;
  std::string model;                  // empty: the conversation's model
  std::optional<int64_t> max_tokens;
  std::string tools;                  // compact JSON array, or empty
  std::string extra;                  // compact JSON object whose members go top-level, or empty
  double delay_ms = 0;                // think time before this turn, after the previous reply
  std::optional<double> timestamp_ms; // fixed schedule: the trace's send time
  std::vector<ChildLaunch> launches;  // children started once this turn's reply has finished
};

// A heap-held part of a DatasetEntry that most entries lack: absent costs one pointer, and
// reading an absent one gives an empty T. Copies are deep. Writers ask for edit().
template <class T>
class Boxed {
 public:
  Boxed() = default;
  Boxed(const Boxed& o) : p_(o.p_ ? std::make_unique<T>(*o.p_) : nullptr) {}
  Boxed& operator=(const Boxed& o) {
    if (this != &o) p_ = o.p_ ? std::make_unique<T>(*o.p_) : nullptr;
    return *this;
  }
  Boxed(Boxed&&) noexcept = default;
  Boxed& operator=(Boxed&&) noexcept = default;

  explicit operator bool() const { return p_ != nullptr; }
  const T& operator*() const { return p_ ? *p_ : empty(); }
  const T* operator->() const { return &**this; }
  T& edit() {
    if (!p_) p_ = std::make_unique<T>();
    return *p_;
  }

 private:
  static const T& empty() {
    static const T none{};
    return none;
  }
  std::unique_ptr<T> p_;
};

// What a text conversation may carry beyond its user texts and lengths (index = turn where a
// member is per turn).
struct TurnParts {
  std::string role = "user";  // role of the first turn's message (multi_turn files may set it)
  // More texts of the first turn (random_pool merging several pools): sent after `prompt` as
  // chat content parts, or as a completions prompt list.
  std::vector<std::string> more_texts;
  // Media of each turn (--image-* / --audio-* / --video-*), sent as chat content parts after
  // the texts. A missing entry: no media.
  std::vector<TurnMedia> turn_media;
  // Rankings endpoints (workloads-and-endpoints.md §2.11): the passages; `prompt` is the query.
  std::vector<std::string> passages;
  std::optional<std::string> system_message;        // --shared-system-prompt-length, --system-prompt
  std::optional<std::string> user_context_message;  // --user-context-prompt-length
  // Per-turn body members (baseten_trace: min_tokens, hash_ids, block_size): compact JSON
  // objects merged last, over --extra-inputs. A missing or empty one: none.
  std::vector<std::string> turn_extra_bodies;
  // Several --model names: the model of each turn, set by assign_turn_models; empty, or an
  // empty string: the entry's `model`.
  std::vector<std::string> turn_models;
};

// A request recorded whole: raw_payload / inputs_json (§3.12) keep every turn's complete body,
// sent byte for byte (later_turns then only carries the turn count); sagemaker_data_capture
// (§3.8) keeps the captured `messages` and `tools` as compact JSON, sent in place of the built
// message list, with model, stream and max tokens from the run's settings (docs/cli.md).
struct RecordedRequest {
  std::vector<std::string> raw_bodies;
  std::string literal_messages;
  std::string literal_tools;
};

// An agentic / DAG conversation (dag_jsonl, weka_trace, tracelab): every turn is a list of
// messages, the first one included.
struct MessageConversation {
  std::vector<MessageTurn> turns;
  // true (deltas_without_responses) appends each live reply to the history as an assistant
  // message; false (weka's recorded history, deltas_with_responses) drops the live reply
  // because the next turn's messages already carry the recorded one.
  bool capture_replies = true;
  std::vector<ChildLaunch> pre_session_spawns;  // started before turn 0, nobody waits for them
};

// One conversation, of one of three kinds (kind()): a text conversation (its first turn's
// fields flat, `later_turns` for turns 2..N, rarer parts in `parts`), a recorded request
// (`recorded`), or a message conversation (`agentic`, the flat text fields then empty).
// Large traces hold millions of these, so what most entries lack lives in a Boxed part.
struct DatasetEntry {
  enum class Kind { text, recorded, messages };

  std::string conversation_id;       // upstream session_id: "session_000000".. if seeded, else UUID
  std::string model;                 // model name to send
  PromptText prompt;                 // user message text (prefix prompt included)
  int64_t intended_input_tokens = 0; // tokens `prompt` was built to have (prefix + ISL)
  std::optional<int64_t> max_tokens; // requested OSL (sent with --osl or --seq-dist)
  std::vector<DatasetTurn> later_turns;             // --conversation-turn-mean > 1, multi-turn files
  // false: every turn is a complete request on its own (upstream's
  // message_array_with_responses, e.g. bailian_trace): no earlier turns or replies are resent.
  bool resend_history = true;
  bool is_child = false;    // only ever started by a parent, never sampled as a session of its own
  uint32_t agent_depth = 0; // 0 for roots, parent's depth + 1 for children
  Boxed<TurnParts> parts;
  Boxed<RecordedRequest> recorded;
  Boxed<MessageConversation> agentic;

  Kind kind() const {
    if (agentic && !agentic->turns.empty()) return Kind::messages;
    if (recorded) return Kind::recorded;
    return Kind::text;
  }
  uint32_t turn_count() const {
    return agentic->turns.empty() ? uint32_t(1 + later_turns.size()) : uint32_t(agentic->turns.size());
  }
};

struct Dataset {
  std::vector<DatasetEntry> entries;
};

// Synthetic prompts from --isl/--isl-stddev/--osl/--osl-stddev/--seq-dist, the prefix pool,
// shared system and user-context prompts, --num-dataset-entries and --random-seed.
// Built on one thread from named random streams, so the same seed gives the same dataset
// whatever the worker count.
Dataset build_synthetic_dataset(const DatasetBuildSettings& config, const Tokenizer& tokenizer);

// Rankings endpoints: one query and --rankings-passages-* passages per entry (§2.11).
Dataset build_synthetic_rankings_dataset(const DatasetBuildSettings& config, const Tokenizer& tokenizer);

}  // namespace aiperf
