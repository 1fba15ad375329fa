#include "dataset/agentic_code_synthesis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <stdexcept>

namespace aiperf {
namespace {

using json = nlohmann::json;

class Lognormal {
 public:
  Lognormal(const LognormalSpec& s, const char* field) : max_(s.max) {
    if (!(s.median > 0) || !(s.mean >= s.median) || !(s.bias > 0))
      throw std::invalid_argument(std::string(field) + ": needs 0 < median <= mean and bias > 0");
    mu_ = std::log(s.median * s.bias);
    sigma_ = s.mean > s.median ? std::sqrt(2 * std::log(s.mean / s.median)) : 0;
  }
  double draw(std::mt19937_64& rng) const {
    const double v = std::exp(mu_ + sigma_ * std::normal_distribution<double>(0, 1)(rng));
    return max_ ? std::min(v, *max_) : v;
  }

 private:
  double mu_ = 0, sigma_ = 0;
  std::optional<double> max_;
};

double number(const json& j, const char* key, double fallback, const std::string& where) {
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return fallback;
  if (!it->is_number()) throw std::invalid_argument(where + key + ": expected a number");
  return it->get<double>();
}

int64_t integer(const json& j, const char* key, int64_t fallback, const std::string& where, int64_t min) {
  const double v = number(j, key, double(fallback), where);
  if (v != std::floor(v) || v < double(min) || v > 1e15)
    throw std::invalid_argument(where + key + ": expected an integer >= " + std::to_string(min));
  return int64_t(v);
}

const json& object(const json& j, const char* key, const std::string& where) {
  static const json kEmpty = json::object();
  auto it = j.find(key);
  if (it == j.end() || it->is_null()) return kEmpty;
  if (!it->is_object()) throw std::invalid_argument(where + key + ": expected an object");
  return *it;
}

LognormalSpec lognormal(const json& j, const char* key, LognormalSpec s, const std::string& where) {
  const json& o = object(j, key, where);
  const std::string at = where + key + ".";
  s.mean = number(o, "mean", s.mean, at);
  s.median = number(o, "median", s.median, at);
  if (o.contains("max")) s.max = o["max"].is_null() ? std::nullopt : std::optional<double>(number(o, "max", 0, at));
  s.bias = number(o, "bias", s.bias, at);
  static_cast<void>(Lognormal(s, (where + key).c_str()));  // checks it
  return s;
}

json lognormal_json(const LognormalSpec& s) {
  json o = {{"mean", s.mean}, {"median", s.median}, {"max", s.max ? json(*s.max) : json(nullptr)}};
  if (s.bias != 1) o["bias"] = s.bias;
  return o;
}

// One session's draws, in a fixed order, from the run's one generator.
class SessionMaker {
 public:
  SessionMaker(const AgenticCodeConfig& c, uint64_t seed)
      : c_(c),
        rng_(seed),
        new_tokens_(c.new_tokens_per_turn, "new_tokens_per_turn"),
        output_(c.generation_length, "generation_length"),
        agentic_(c.agentic_delay, "inter_turn_delay.agentic_delay"),
        human_(c.human_delay, "inter_turn_delay.human_delay"),
        layer2_(c.layer2, "cache.layer2") {
    for (int64_t k = 1; k <= c.num_groups; ++k) group_weights_.push_back(1 / std::pow(double(k), c.zipf_alpha));
    l1_blocks_ = c.layer1_tokens / c.block_size;
    l15_blocks_ = c.layer1_5_tokens / c.block_size;
    // Room for every session-own block a session can have: its context, plus a partial
    // block per turn.
    stride_ = (c.max_prompt_tokens + c.block_size - 1) / c.block_size + int64_t(kMaxSynthesizedTurns) + 2;
    output_min_ = c.generation_length.max ? std::min<int64_t>(30, int64_t(*c.generation_length.max)) : 30;
  }

  SynthesizedSession make(int64_t index) {
    SynthesizedSession s;
    char id[32];
    std::snprintf(id, sizeof id, "sess-%012llx", static_cast<unsigned long long>(rng_() & 0xffffffffffffULL));
    s.session_id = id;
    s.group_id = int64_t(std::discrete_distribution<int64_t>(group_weights_.begin(), group_weights_.end())(rng_));
    const int64_t fixed = c_.layer1_tokens + c_.layer1_5_tokens;
    const int64_t l2 = std::max<int64_t>(1, int64_t(layer2_.draw(rng_)));
    const int64_t context = std::min(fixed + l2, c_.max_prompt_tokens - 1);
    next_own_block_ = 0;
    SynthesizedTurn first;
    first.input_length = first.context_tokens = context;
    first.output_length = draw_output();
    for (int64_t b = 0; b < (context + c_.block_size - 1) / c_.block_size; ++b)
      first.hash_ids.push_back(first_turn_block(b, s.group_id, index));
    s.turns.push_back(std::move(first));
    s.end_reason = "turn_cap";
    while (s.turns.size() < kMaxSynthesizedTurns) {
      const SynthesizedTurn& prev = s.turns.back();
      const double delay = draw_delay(prev.context_tokens);
      const int64_t added = std::max<int64_t>(1, int64_t(new_tokens_.draw(rng_)));
      const int64_t input = prev.context_tokens + prev.output_length + added;
      if (input >= c_.max_prompt_tokens) {
        s.end_reason = "forced_retire";
        break;
      }
      if (reset(input)) {
        s.end_reason = "probabilistic_reset";
        break;
      }
      SynthesizedTurn t;
      t.delay_ms = delay;
      t.input_length = added;
      t.context_tokens = input;
      t.output_length = draw_output();
      for (int64_t b = 0; b < (added + c_.block_size - 1) / c_.block_size; ++b)
        t.hash_ids.push_back(own_block(index));
      s.turns.push_back(std::move(t));
    }
    return s;
  }

 private:
  // Block b of a session's starting context: L1 blocks are global, L1.5 blocks the group's,
  // the rest the session's own.
  int64_t first_turn_block(int64_t b, int64_t group, int64_t session) {
    if (b < l1_blocks_) return b;
    if (b < l1_blocks_ + l15_blocks_) return l1_blocks_ + group * l15_blocks_ + (b - l1_blocks_);
    return own_block(session);
  }
  int64_t own_block(int64_t session) {
    return l1_blocks_ + c_.num_groups * l15_blocks_ + session * stride_ + next_own_block_++;
  }

  int64_t draw_output() {
    int64_t v = std::max(output_min_, int64_t(output_.draw(rng_)));
    if (c_.generation_length.max) v = std::min(v, std::max<int64_t>(1, int64_t(*c_.generation_length.max)));
    return v;
  }

  // Later in a long context the agent answers faster: the delay shrinks to 20% at the limit.
  double draw_delay(int64_t context) {
    const bool agentic = std::uniform_real_distribution<double>(0, 1)(rng_) < c_.agentic_fraction;
    double d = agentic ? agentic_.draw(rng_) : human_.draw(rng_);
    d *= std::max(0.2, 1 - 0.8 * double(context) / double(c_.max_prompt_tokens));
    if (c_.delay_max) d = std::min(d, *c_.delay_max);
    return std::round(d * 1000) / 1000;
  }

  bool reset(int64_t input) {
    if (!c_.reset_base_probability) return false;
    const double p = *c_.reset_base_probability *
                     (1 + (c_.reset_context_scaling - 1) * double(input) / double(c_.max_prompt_tokens));
    return std::uniform_real_distribution<double>(0, 1)(rng_) < p;
  }

  const AgenticCodeConfig& c_;
  std::mt19937_64 rng_;
  Lognormal new_tokens_, output_, agentic_, human_, layer2_;
  std::vector<double> group_weights_;
  int64_t l1_blocks_ = 0, l15_blocks_ = 0, stride_ = 0, output_min_ = 30, next_own_block_ = 0;
};

}  // namespace

AgenticCodeConfig agentic_code_config_from_json(const json& j) {
  if (!j.is_object()) throw std::invalid_argument("the config must be a JSON object");
  if (j.contains("config") && j["config"].is_object()) return agentic_code_config_from_json(j["config"]);  // a manifest
  AgenticCodeConfig c;
  c.new_tokens_per_turn = lognormal(j, "new_tokens_per_turn", c.new_tokens_per_turn, "");
  c.generation_length = lognormal(j, "generation_length", c.generation_length, "");
  const json& delay = object(j, "inter_turn_delay", "");
  c.agentic_fraction = number(delay, "agentic_fraction", c.agentic_fraction, "inter_turn_delay.");
  if (!(c.agentic_fraction >= 0 && c.agentic_fraction <= 1))
    throw std::invalid_argument("inter_turn_delay.agentic_fraction: expected a number in [0, 1]");
  c.agentic_delay = lognormal(delay, "agentic_delay", c.agentic_delay, "inter_turn_delay.");
  c.human_delay = lognormal(delay, "human_delay", c.human_delay, "inter_turn_delay.");
  if (delay.contains("max"))
    c.delay_max = delay["max"].is_null() ? std::nullopt : std::optional<double>(number(delay, "max", 0, "inter_turn_delay."));
  if (j.contains("reset") && j["reset"].is_null()) {
    c.reset_base_probability.reset();
  } else {
    const json& reset = object(j, "reset", "");
    c.reset_base_probability = number(reset, "base_probability", *c.reset_base_probability, "reset.");
    c.reset_context_scaling = number(reset, "context_scaling", c.reset_context_scaling, "reset.");
  }
  c.max_prompt_tokens = integer(j, "max_prompt_tokens", c.max_prompt_tokens, "", 2);
  c.block_size = integer(j, "block_size", c.block_size, "", 1);
  const json& cache = object(j, "cache", "");
  c.layer1_tokens = integer(cache, "layer1_tokens", c.layer1_tokens, "cache.", 0);
  c.layer1_5_tokens = integer(cache, "layer1_5_tokens", c.layer1_5_tokens, "cache.", 0);
  c.layer2 = lognormal(cache, "layer2", c.layer2, "cache.");
  const json& groups = object(cache, "layer1_5_groups", "cache.");
  c.num_groups = integer(groups, "num_groups", c.num_groups, "cache.layer1_5_groups.", 1);
  c.zipf_alpha = number(groups, "zipf_alpha", c.zipf_alpha, "cache.layer1_5_groups.");
  if (c.num_groups > 100000) throw std::invalid_argument("cache.layer1_5_groups.num_groups: at most 100000");
  return c;
}

json agentic_code_config_to_json(const AgenticCodeConfig& c) {
  json reset = c.reset_base_probability
                   ? json{{"base_probability", *c.reset_base_probability}, {"context_scaling", c.reset_context_scaling}}
                   : json(nullptr);
  return json{{"new_tokens_per_turn", lognormal_json(c.new_tokens_per_turn)},
              {"generation_length", lognormal_json(c.generation_length)},
              {"inter_turn_delay",
               {{"agentic_fraction", c.agentic_fraction},
                {"agentic_delay", lognormal_json(c.agentic_delay)},
                {"human_delay", lognormal_json(c.human_delay)},
                {"max", c.delay_max ? json(*c.delay_max) : json(nullptr)}}},
              {"reset", reset},
              {"max_prompt_tokens", c.max_prompt_tokens},
              {"block_size", c.block_size},
              {"cache",
               {{"layer1_tokens", c.layer1_tokens},
                {"layer1_5_tokens", c.layer1_5_tokens},
                {"layer2", lognormal_json(c.layer2)},
                {"layer1_5_groups", {{"num_groups", c.num_groups}, {"zipf_alpha", c.zipf_alpha}}}}}};
}

std::vector<SynthesizedSession> synthesize_agentic_code(const AgenticCodeConfig& config, int64_t num_sessions,
                                                         uint64_t seed) {
  SessionMaker maker(config, seed);
  std::vector<SynthesizedSession> sessions;
  sessions.reserve(size_t(std::max<int64_t>(0, num_sessions)));
  for (int64_t i = 0; i < num_sessions; ++i) sessions.push_back(maker.make(i));
  return sessions;
}

std::string agentic_code_mooncake_jsonl(const std::vector<SynthesizedSession>& sessions) {
  std::string out;
  for (const SynthesizedSession& s : sessions)
    for (size_t t = 0; t < s.turns.size(); ++t) {
      const SynthesizedTurn& turn = s.turns[t];
      nlohmann::ordered_json row = {{"session_id", s.session_id},
                                    {"input_length", turn.input_length},
                                    {"output_length", turn.output_length},
                                    {"hash_ids", turn.hash_ids}};
      if (t == 0) {
        row["timestamp"] = 0.0;
        row["group_id"] = s.group_id;
      } else {
        row["delay"] = turn.delay_ms;
      }
      out += row.dump();
      out.push_back('\n');
    }
  return out;
}

}  // namespace aiperf
