#include "metrics/slice_records.h"

#include <algorithm>
#include <array>

#include "metrics/metric_accumulator.h"

namespace aiperf {
namespace {

// The codec writes every field of RecordMetrics: a new field must be added to it.
static_assert(sizeof(RecordMetrics) == sizeof(std::array<std::optional<double>, kRecordMetricCount>) +
                                           sizeof(std::vector<double>) + 8,
              "RecordMetrics changed: update SliceRecordCodec");

constexpr size_t kMaskWords = (kRecordMetricCount + 63) / 64;

constexpr uint64_t kError = 1, kStreamed = 2, kCancelled = 4, kGood = 8, kSessionCompleted = 16, kOslJudged = 32,
                   kOslMismatch = 64, kUsageJudged = 128, kUsageDiscrepant = 256;

}  // namespace

void SliceRecordCodec::encode(std::string& out, const Item& item, State& s) {
  const SliceRecord& r = item.record;
  const RecordMetrics& m = r.metrics;
  put_varint(out, uint64_t(r.start_wall_ns - s.start));  // ascending within a run
  s.start = r.start_wall_ns;
  put_varint(out, item.arrival);
  put_varint(out, zigzag(r.end_wall_ns - r.start_wall_ns));
  uint64_t flags = (r.is_error ? kError : 0) | (m.streamed ? kStreamed : 0) | (m.cancelled ? kCancelled : 0) |
                   (m.good ? kGood : 0) | (m.session_completed ? kSessionCompleted : 0);
  if (m.osl_mismatch) flags |= kOslJudged | (*m.osl_mismatch ? kOslMismatch : 0);
  if (m.usage_discrepancy) flags |= kUsageJudged | (*m.usage_discrepancy ? kUsageDiscrepant : 0);
  put_varint(out, flags);
  for (size_t w = 0; w < kMaskWords; ++w) {
    uint64_t mask = 0;
    for (size_t i = w * 64; i < std::min(kRecordMetricCount, w * 64 + 64); ++i)
      if (m.value[i]) mask |= uint64_t(1) << (i - w * 64);
    put_varint(out, mask);
  }
  for (const auto& v : m.value)
    if (v) put_number(out, *v);
  put_varint(out, m.inter_chunk_latency.size());
  for (double v : m.inter_chunk_latency) put_number(out, v);
}

SliceRecordCodec::Item SliceRecordCodec::decode(RunBytes& in, State& s) {
  Item item;
  SliceRecord& r = item.record;
  RecordMetrics& m = r.metrics;
  r.start_wall_ns = s.start += int64_t(in.varint());
  item.arrival = in.varint();
  r.end_wall_ns = r.start_wall_ns + unzigzag(in.varint());
  const uint64_t flags = in.varint();
  r.is_error = flags & kError;
  m.streamed = flags & kStreamed;
  m.cancelled = flags & kCancelled;
  m.good = flags & kGood;
  m.session_completed = flags & kSessionCompleted;
  if (flags & kOslJudged) m.osl_mismatch = bool(flags & kOslMismatch);
  if (flags & kUsageJudged) m.usage_discrepancy = bool(flags & kUsageDiscrepant);
  std::array<uint64_t, kMaskWords> mask{};
  for (uint64_t& w : mask) w = in.varint();
  for (size_t i = 0; i < kRecordMetricCount; ++i)
    if (mask[i / 64] >> (i % 64) & 1) m.value[i] = in.number();
  m.inter_chunk_latency.resize(size_t(in.varint()));
  for (double& v : m.inter_chunk_latency) v = in.number();
  return item;
}

void SliceRecords::push_back(SliceRecord record) {
  // The grid's bounds, as summarize_timeslices() finds them.
  first_start_ = size_ == 0 ? record.start_wall_ns : std::min(first_start_, record.start_wall_ns);
  last_end_ = std::max({size_ == 0 ? record.end_wall_ns : last_end_, record.end_wall_ns, record.start_wall_ns});
  recent_.push_back(std::move(record));
  ++size_;
  if (recent_.size() >= space_.settings().slice_records_in_memory) spill();
}

void SliceRecords::spill() {
  if (recent_.empty()) return;
  std::vector<uint32_t> order(recent_.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    return recent_[a].start_wall_ns != recent_[b].start_wall_ns ? recent_[a].start_wall_ns < recent_[b].start_wall_ns
                                                                : a < b;
  });
  RunWriter<SliceRecordCodec> out(space_.file());
  SliceRecordCodec::Item item;
  for (uint32_t i : order) {
    item.arrival = first_arrival_ + i;
    item.record = std::move(recent_[i]);
    out.put(item);
  }
  runs_.add(out.finish());
  first_arrival_ += recent_.size();
  recent_ = std::vector<SliceRecord>();
}

std::vector<Timeslice> SliceRecords::summarize(int64_t slice_ns) {
  if (!spilled()) return summarize_timeslices(recent_, slice_ns, space_.settings());
  spill();
  SpillFile& file = space_.file();
  runs_.compact(file);
  std::vector<Timeslice> out;
  if (slice_ns <= 0 || size_ == 0) return out;
  std::vector<SliceRecordCodec::Item> slice;  // one slice's records
  auto finish_slice = [&] {
    if (slice.empty()) return;
    std::sort(slice.begin(), slice.end(), [](const auto& a, const auto& b) { return a.arrival < b.arrival; });
    const int64_t index = (slice.front().record.start_wall_ns - first_start_) / slice_ns;
    MetricAccumulator acc(space_.settings());
    for (const auto& i : slice) add_slice_record(acc, i.record);
    slice.clear();
    out.push_back(summarize_slice(acc, index, first_start_, last_end_, slice_ns));
  };
  MergedRuns<SliceRecordCodec> in = runs_.merged(file);
  SliceRecordCodec::Item item;
  while (in.next(item)) {
    const int64_t index = (item.record.start_wall_ns - first_start_) / slice_ns;
    if (!slice.empty() && index != (slice.front().record.start_wall_ns - first_start_) / slice_ns) finish_slice();
    slice.push_back(std::move(item));
  }
  finish_slice();
  return out;
}

}  // namespace aiperf
