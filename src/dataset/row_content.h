#pragma once
// The content of a single_turn / multi_turn / random_pool row (workloads-and-endpoints.md §3.1):
// its texts and its media (`image(s)`, `audio(s)`, `video(s)`), at least one of them. Local
// media files are read (relative to the row's file) and embedded; URLs pass through.
#include <optional>
#include <string>
#include <vector>

#include "config/profile_config.h"
#include "dataset/dataset.h"
#include "dataset/jsonl_rows.h"

namespace aiperf {

struct RowContent {
  std::vector<std::string> texts;  // may be empty when the row has media
  TurnMedia media;
  bool has_media() const { return !media.images.empty() || !media.audios.empty() || !media.videos.empty(); }
};

// Throws ConfigError naming the file and line for a row with no modality, a missing or
// unreadable media file, an unknown image or audio format, malformed `image_uuids` (or ids for an endpoint without
// a place for them), or
// media the endpoint `type` cannot carry (docs/datasets.md, "Media in rows").
RowContent read_row_content(const JsonlRow& row, EndpointType type);

// The row's `extra` object as compact JSON, or "" when absent; anything but an object fails.
std::string read_row_extra(const JsonlRow& row);

// The fields that place a single_turn row or a multi_turn turn in its conversation: `role`
// (non-empty), `extra`, `output_length` (or its synonym `max_tokens`, >= 1), and `timestamp` or
// `delay` (ms >= 0, mutually exclusive). Bad values fail naming the file and line.
struct RowTurnFields {
  std::string role = "user";
  std::string extra;  // compact JSON object, or empty
  std::optional<int64_t> max_tokens;
  std::optional<double> timestamp_ms;
  std::optional<double> delay_ms;
};
RowTurnFields read_row_turn_fields(const JsonlRow& row);

// Moves the content's texts into a first turn: the first text is `prompt`, the rest `more`.
void split_row_texts(std::vector<std::string>&& texts, std::string& prompt, std::vector<std::string>& more);

}  // namespace aiperf
