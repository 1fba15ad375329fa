#include <cstdio>

#include "common/rng_stream.h"
#include "common/uuid.h"
#include "dataset/conversation_id.h"
#include "dataset/corpus_text.h"
#include "dataset/dataset.h"
#include "dataset/length_sampler.h"
#include "dataset/prompt_maker.h"
#include "dataset/sequence_distribution.h"
#include "dataset/synthetic_image.h"
#include "media/synthetic_audio.h"
#include "media/synthetic_video.h"

namespace aiperf {
namespace {

struct TurnLengths {
  int64_t isl = 0;
  std::optional<int64_t> osl;
};

// ISL and OSL are drawn together per turn so the prompt and its max_tokens agree. With
// --seq-dist the bucket is drawn once per conversation (upstream's newest behaviour).
TurnLengths draw_lengths(const DatasetBuildSettings& config, std::mt19937_64& length_rng, size_t bucket) {
  TurnLengths t;
  if (!config.sequence_distribution.empty()) {
    const SequenceLengthBucket& b = config.sequence_distribution[bucket];
    t.isl = sample_positive_normal_integer(double(b.isl_mean), b.isl_stddev, length_rng);
    t.osl = sample_positive_normal_integer(double(b.osl_mean), b.osl_stddev, length_rng);
    return t;
  }
  if (config.random_range_ratio > 0) {  // the CLI refuses it beside --isl-stddev, --osl-stddev and --seq-dist
    t.isl = sample_length_in_range(config.isl_mean, config.random_range_ratio, length_rng);
    if (config.osl_mean) t.osl = sample_length_in_range(*config.osl_mean, config.random_range_ratio, length_rng);
    return t;
  }
  t.isl = sample_positive_normal_integer(double(config.isl_mean), config.isl_stddev, length_rng);
  if (config.osl_mean)
    t.osl = sample_positive_normal_integer(double(*config.osl_mean), config.osl_stddev, length_rng);
  return t;
}

// P prefixes of exactly L tokens (§2.7).
std::vector<PromptPrefix> prefix_pool(const DatasetBuildSettings& config, PromptMaker& maker) {
  std::vector<PromptPrefix> pool;
  if (config.prefix_pool_size <= 0 || config.prefix_length <= 0) return pool;
  std::mt19937_64 rng = make_rng_stream(config.random_seed, "dataset.prompt.prefix.corpus");
  for (int64_t i = 0; i < config.prefix_pool_size; ++i) pool.push_back(maker.make_prefix(config.prefix_length, rng));
  return pool;
}

// Think time before a later turn (workloads-and-endpoints.md §2.6): upstream's positive
// normal integer draw (>= 1 ms once a delay is asked for) times the ratio; no delay at all
// when neither a mean nor a stddev is given.
double draw_delay_ms(const DatasetBuildSettings& config, std::mt19937_64& rng) {
  if (config.conversation_turn_delay_mean_ms <= 0 && config.conversation_turn_delay_stddev_ms <= 0) return 0;
  const double ms = double(sample_positive_normal_integer(
      double(int64_t(config.conversation_turn_delay_mean_ms)), config.conversation_turn_delay_stddev_ms, rng));
  return ms * config.conversation_turn_delay_ratio;
}

// --image-batch-size images, --audio-batch-size clips and --video-batch-size videos for every
// turn (§6.1-§6.3).
struct MediaMakers {
  std::optional<SyntheticImageMaker> image;
  std::optional<SyntheticAudioMaker> audio;
  std::optional<SyntheticVideoMaker> video;
  explicit MediaMakers(const DatasetBuildSettings& config) {
    if (config.media.image.enabled()) image.emplace(config.media.image, config.random_seed);
    if (config.media.audio.enabled()) audio.emplace(config.media.audio, config.random_seed);
    if (config.media.video.enabled()) video.emplace(config.media.video, config.random_seed);
  }
  // Appends the next turn's media to the entry (called once per turn, in turn order).
  void add_turn(const DatasetBuildSettings& config, DatasetEntry& entry) {
    if (!image && !audio && !video) return;
    TurnMedia& m = entry.parts.edit().turn_media.emplace_back();
    if (image)
      for (int64_t i = 0; i < config.media.image.batch_size; ++i) m.images.push_back(image->next());
    if (audio)
      for (int64_t i = 0; i < config.media.audio.batch_size; ++i) {
        m.audios.push_back(audio->next());
        if (i == 0) m.audio_duration_seconds = audio->last_duration_seconds();
      }
    if (video)
      for (int64_t i = 0; i < config.media.video.batch_size; ++i) m.videos.push_back(video->next());
  }
};

Dataset build_entries(const DatasetBuildSettings& config, PromptSource& source) {
  PromptMaker maker(source);
  // One stream per purpose: turning on prefixes, system or context prompts leaves the turn
  // prompts of the same seed unchanged.
  std::mt19937_64 length_rng = make_rng_stream(config.random_seed, "dataset.prompt.length");
  std::mt19937_64 corpus_rng = make_rng_stream(config.random_seed, "dataset.prompt.corpus");
  std::mt19937_64 bucket_rng = make_rng_stream(config.random_seed, "composer.sequence.distribution");
  std::mt19937_64 prefix_rng = make_rng_stream(config.random_seed, "dataset.prompt.prefix");
  std::mt19937_64 context_rng = make_rng_stream(config.random_seed, "dataset.prompt.context");
  // Turn counts and delays have their own streams; later turns' prompts draw from their own
  // length/corpus streams, so single-turn datasets of a seed are unchanged by this feature.
  std::mt19937_64 turn_count_rng = make_rng_stream(config.random_seed, "composer.conversation.turn_count");
  std::mt19937_64 turn_delay_rng = make_rng_stream(config.random_seed, "composer.conversation.turn_delay");
  std::mt19937_64 later_length_rng = make_rng_stream(config.random_seed, "dataset.prompt.length.later_turns");
  std::mt19937_64 later_corpus_rng = make_rng_stream(config.random_seed, "dataset.prompt.corpus.later_turns");

  const std::vector<PromptPrefix> prefixes = prefix_pool(config, maker);
  MediaMakers media(config);
  std::optional<std::string> system_message;
  if (config.shared_system_prompt_length) {
    std::mt19937_64 rng = make_rng_stream(config.random_seed, "dataset.prompt.system");
    system_message = maker.make(*config.shared_system_prompt_length, rng);
  }

  Dataset dataset;
  const int64_t size = config.dataset_size();
  dataset.entries.reserve(size_t(size));
  for (int64_t i = 0; i < size; ++i) {
    DatasetEntry entry;
    entry.conversation_id = default_conversation_id(config, size_t(i));
    entry.model = config.model_names.front();
    const size_t bucket = config.sequence_distribution.empty()
                              ? 0
                              : pick_bucket(config.sequence_distribution, bucket_rng);
    TurnLengths lengths = draw_lengths(config, length_rng, bucket);
    entry.max_tokens = lengths.osl;
    const PromptPrefix* prefix =
        prefixes.empty() ? nullptr
                         : &prefixes[std::uniform_int_distribution<size_t>(0, prefixes.size() - 1)(prefix_rng)];
    if (config.prompt_batch_size > 0) {
      entry.prompt = maker.make(lengths.isl, corpus_rng, prefix);
      entry.intended_input_tokens = (prefix ? prefix->tokens : 0) + lengths.isl;
    }
    // --prompt-batch-size: the batch's other texts, each of the same ISL with its own window and
    // prefix draw (upstream draws the prefix inside the batch loop).
    for (int64_t b = 1; b < config.prompt_batch_size; ++b) {
      const PromptPrefix* p =
          prefixes.empty() ? nullptr
                           : &prefixes[std::uniform_int_distribution<size_t>(0, prefixes.size() - 1)(prefix_rng)];
      entry.parts.edit().more_texts.push_back(maker.make(lengths.isl, corpus_rng, p));
      entry.intended_input_tokens += (p ? p->tokens : 0) + lengths.isl;
    }
    entry.parts.edit().system_message = system_message;
    media.add_turn(config, entry);
    if (config.user_context_prompt_length)
      entry.parts.edit().user_context_message =
          maker.make(*config.user_context_prompt_length, context_rng);
    if (config.multi_turn()) {
      const int64_t turns = sample_positive_normal_integer(
          double(config.conversation_turn_mean), config.conversation_turn_stddev, turn_count_rng);
      for (int64_t t = 1; t < turns; ++t) {
        DatasetTurn turn;
        TurnLengths l = draw_lengths(config, later_length_rng, bucket);
        turn.prompt = maker.make(l.isl, later_corpus_rng);
        turn.intended_input_tokens = l.isl;
        turn.max_tokens = l.osl;
        turn.delay_ms = draw_delay_ms(config, turn_delay_rng);
        media.add_turn(config, entry);
        entry.later_turns.push_back(std::move(turn));
      }
    }
    dataset.entries.push_back(std::move(entry));
  }
  return dataset;
}

}  // namespace

Dataset build_synthetic_dataset(const DatasetBuildSettings& config, const Tokenizer& tokenizer) {
  if (is_rankings(config.endpoint_type)) return build_synthetic_rankings_dataset(config, tokenizer);
  return build_with_prompt_source(prompt_corpus(config), tokenizer,
                                  [&](PromptSource& source) { return build_entries(config, source); });
}

}  // namespace aiperf
