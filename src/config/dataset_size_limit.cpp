#include "config/dataset_size_limit.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "config/profile_config.h"

namespace aiperf {
namespace {

double prompt_build_bytes(double tokens) { return tokens * kPromptTextBytesPerToken * kBuildCopiesPerPrompt; }

// A noise image is incompressible: its pixels (3 bytes each), the encoded file about as large,
// and the base64 text in the body (4/3).
double image_build_bytes(const ImageConfig& img) {
  if (!img.enabled()) return 0;
  return double(img.batch_size) * img.width_mean * img.height_mean * 3 * (1 + 1 + 4.0 / 3);
}

// The samples of the largest rate and depth asked for, the encoded file, and its base64 text.
double audio_build_bytes(const AudioConfig& aud) {
  if (!aud.enabled()) return 0;
  double rate = 0;
  for (double r : aud.sample_rates_khz) rate = std::max(rate, double(audio_sample_rate_hz(r)));
  int depth = 8;
  for (int d : aud.depths) depth = std::max(depth, d);
  const double samples = aud.length_mean_s * rate * aud.num_channels * depth / 8;
  return double(aud.batch_size) * samples * (1 + 1 + 4.0 / 3);
}

// The encoded clip and its base64 text. Noise frames do not compress: about their yuv420p size;
// the drawn synth types compress to a few percent of it.
double video_build_bytes(const VideoConfig& v) {
  if (!v.enabled()) return 0;
  const double raw = double(v.width) * double(v.height) * 1.5 * double(v.frame_count());
  return double(v.batch_size) * raw * (v.synth_type == VideoSynthType::noise ? 1.0 : 0.05) * (1 + 4.0 / 3);
}

// Mean prompt tokens of one turn.
double turn_prompt_tokens(const ProfileConfig& c) {
  if (is_rankings(c.endpoint_type))
    return double(c.rankings_query_tokens_mean) +
           double(c.rankings_passages_mean) * double(c.rankings_passage_tokens_mean);
  double isl = double(c.isl_mean);
  if (!c.sequence_distribution.empty()) {
    double weight = 0, weighted = 0;
    for (const SequenceLengthBucket& b : c.sequence_distribution) {
      weight += b.weight;
      weighted += b.weight * double(b.isl_mean);
    }
    isl = weight > 0 ? weighted / weight : isl;
  }
  return isl + double(c.user_context_prompt_length.value_or(0));
}

}  // namespace

std::string approximate_bytes(double bytes) {
  const char* units[] = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
  size_t u = 0;
  while (bytes >= 1000 && u + 1 < std::size(units)) bytes /= 1000, ++u;
  char text[48];
  std::snprintf(text, sizeof text, bytes < 10 && u > 0 ? "%.1f %s" : "%.0f %s", bytes, units[u]);
  return text;
}

std::string prompt_tokens_problem(int64_t tokens) {
  if (tokens <= kMaxPromptTokens) return {};
  char count[32];
  std::snprintf(count, sizeof count, "%.2g", double(tokens));
  return std::string("a prompt of ") + count + " tokens is about " +
         approximate_bytes(double(tokens) * kPromptTextBytesPerToken) + " of text; refusing (limit " +
         std::to_string(kMaxPromptTokens) + " tokens per prompt)";
}

void require_prompt_tokens(const std::string& what, int64_t tokens) {
  if (std::string problem = prompt_tokens_problem(tokens); !problem.empty())
    throw ConfigError(what + " " + std::to_string(tokens) + ": " + problem);
}

uint64_t available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:") return kib * 1024;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? uint64_t(pages) * uint64_t(page) : 0;
}

double synthetic_dataset_bytes(const ProfileConfig& c) {
  if (c.input_file || c.public_dataset) return 0;
  const double turns = double(c.dataset_size()) * double(std::max<int64_t>(1, c.conversation_turn_mean));
  const double shared_tokens = double(c.shared_system_prompt_length.value_or(0)) +
                               double(c.prefix_pool_size) * double(c.prefix_length);
  return turns * (prompt_build_bytes(turn_prompt_tokens(c)) + image_build_bytes(c.media.image) +
                  audio_build_bytes(c.media.audio) + video_build_bytes(c.media.video)) +
         prompt_build_bytes(shared_tokens);
}

void require_synthetic_dataset_fits(const ProfileConfig& c, uint64_t available) {
  const double need = synthetic_dataset_bytes(c);
  if (available == 0 || need <= double(available)) return;
  throw ConfigError("the synthetic dataset (" + std::to_string(c.dataset_size()) + " entries x " +
                    std::to_string(std::max<int64_t>(1, c.conversation_turn_mean)) + " turns, about " +
                    std::to_string(int64_t(std::llround(turn_prompt_tokens(c)))) +
                    " prompt tokens per turn, plus images and audio) needs about " + approximate_bytes(need) +
                    " of memory to build, more than the " + approximate_bytes(double(available)) +
                    " available; refusing (lower --num-dataset-entries, --isl or the media sizes)");
}

}  // namespace aiperf
