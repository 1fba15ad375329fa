#include "metrics/sweep_intervals.h"

#include <algorithm>

namespace aiperf {
namespace {

// Reads one kind's runs merged.
class MergedStampStream : public SweepStampStream {
 public:
  MergedStampStream(const SpillFile& file, const SortedRuns<SweepStampCodec>& runs) : in_(runs.merged(file)) {}
  bool next(SweepStamp& stamp) override { return in_.next(stamp); }

 private:
  MergedRuns<SweepStampCodec> in_;
};

}  // namespace

void SweepStampCodec::encode(std::string& out, const Item& item, State& s) {
  put_varint(out, uint64_t(item.t - s.t));  // ascending within a run
  s.t = item.t;
  put_varint(out, item.interval);
  put_varint(out, zigzag(item.r.start_ns - item.t));
  put_varint(out, zigzag(item.r.end_ns - item.t));
  // 0 = no first token; else the offset, shifted to make room for that flag.
  put_varint(out, item.r.first_token_ns == 0 ? 0 : (zigzag(item.r.first_token_ns - item.t) << 1) | 1);
  put_number(out, item.r.decode_tokens);
  put_number(out, item.r.prefill_tokens);
}

SweepStampCodec::Item SweepStampCodec::decode(RunBytes& in, State& s) {
  Item item;
  item.t = s.t += int64_t(in.varint());
  item.interval = uint32_t(in.varint());
  item.r.start_ns = item.t + unzigzag(in.varint());
  item.r.end_ns = item.t + unzigzag(in.varint());
  const uint64_t first = in.varint();
  item.r.first_token_ns = first == 0 ? 0 : item.t + unzigzag(first >> 1);
  item.r.decode_tokens = in.number();
  item.r.prefill_tokens = in.number();
  return item;
}

void SweepIntervals::spill(SpillFile& file) {
  if (recent_.empty()) return;
  std::vector<SweepStamp> stamps;
  stamps.reserve(recent_.size());
  for (uint32_t kind : {kSweepStart, kSweepEnd, kSweepFirstToken}) {
    stamps.clear();
    for (uint32_t i = 0; i < recent_.size(); ++i) {
      const SweepInterval& r = recent_[i];
      if (r.end_ns <= r.start_ns) continue;  // no stamps (as the in-memory sweep)
      if (kind == kSweepFirstToken && !sweep_has_first_token_stamp(r)) continue;
      const int64_t t = kind == kSweepStart ? r.start_ns : kind == kSweepEnd ? r.end_ns : r.first_token_ns;
      stamps.push_back({t, first_index_ + i, r});
    }
    std::sort(stamps.begin(), stamps.end(), SweepStampCodec::less);
    RunWriter<SweepStampCodec> out(file);
    for (const SweepStamp& s : stamps) out.put(s);
    runs_[kind].add(out.finish());
  }
  first_index_ += uint32_t(recent_.size());
  recent_ = std::vector<SweepInterval>();
}

std::vector<MetricResult> SweepIntervals::metrics(SpillSpace& space) {
  if (!spilled()) return sweep_line_metrics(recent_);
  SpillFile& file = space.file();
  spill(file);
  for (auto& runs : runs_) runs.compact(file);
  return sweep_line_metrics(
      [&] {
        std::array<std::unique_ptr<SweepStampStream>, 3> streams;
        for (uint32_t k = 0; k < 3; ++k) streams[k] = std::make_unique<MergedStampStream>(file, runs_[k]);
        return streams;
      },
      any_first_token_);
}

}  // namespace aiperf
