// The --public-dataset file readers (dataset/public/public_dataset.h) on hostile downloaded files:
// ShareGPT, h_cua_perf, MT-Bench, BlazeEdit, SpecBench, weka_hf, SPEED-Bench, the vision and
// speech sets and plain text columns, as .jsonl, .json or .parquet; and the media decoders their
// rows feed (images: dataset/image_decoder.h, audio: dataset/audio_bytes_reader.h). Input:
// reader (index into kReaders), file kind (0: .jsonl, 1: .json, 2: .parquet), then the file.
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "config/profile_config.h"
#include "config/public_datasets.h"
#include "dataset/public/public_dataset.h"
#include "fuzz_input.h"
#include "input_bounds.h"
#include "media/audio_bytes_reader.h"
#include "media/image_decoder.h"
#include "scratch_dir.h"
#include "tokenizer/word_tokenizer.h"

namespace {

namespace fs = std::filesystem;
using aiperf::ProfileConfig;

struct Reader {
  const char* dataset;  // the --public-dataset name the reader runs under
  void (*read)(const fs::path& file, const ProfileConfig& config);
};

const aiperf::WordTokenizer& fresh_tokenizer() {
  static thread_local std::unique_ptr<aiperf::WordTokenizer> tokenizer;
  tokenizer = std::make_unique<aiperf::WordTokenizer>("w");  // no vocabulary carried between inputs
  return *tokenizer;
}

// The four vision sets share a reader; the dataset name picks their columns.
void read_vision_files(const fs::path& file, const ProfileConfig& config) {
  size_t without_media = 0;
  aiperf::load_vision_files({file}, config, without_media);
}

const Reader kReaders[] = {
    {"sharegpt",
     [](const fs::path& f, const ProfileConfig& c) {
       std::ostringstream notes;
       aiperf::load_sharegpt_file(f.string(), c, fresh_tokenizer(), notes);
     }},
    {"h_cua_perf",
     [](const fs::path& f, const ProfileConfig& c) {
       std::ostringstream notes;
       aiperf::load_h_cua_perf_files(f, c, notes);
     }},
    {"spec_al_mtbench",
     [](const fs::path& f, const ProfileConfig& c) {
       size_t unsent = 0;
       aiperf::load_mt_bench_files({f}, c, unsent);
     }},
    {"blazedit_5k", [](const fs::path& f, const ProfileConfig& c) { aiperf::load_blazedit_files({f}, c); }},
    {"spec_bench", [](const fs::path& f, const ProfileConfig& c) { aiperf::load_spec_bench_file(f, c); }},
    {"weka_hf",
     [](const fs::path& f, const ProfileConfig& c) {
       std::string note;
       aiperf::load_weka_hf_files({f}, c, fresh_tokenizer(), note);
     }},
    {"speed_bench_qualitative",
     [](const fs::path& f, const ProfileConfig& c) {
       size_t unsent = 0;
       aiperf::load_speed_bench_files({f}, *aiperf::speed_bench_variant("speed_bench_qualitative"), c, unsent);
     }},
    {"speed_bench_throughput_1k_mixed",
     [](const fs::path& f, const ProfileConfig& c) {
       size_t unsent = 0;
       aiperf::load_speed_bench_files({f}, *aiperf::speed_bench_variant("speed_bench_throughput_1k_mixed"), c,
                                      unsent);
     }},
    {"mmstar", read_vision_files},
    {"mmvu", read_vision_files},
    {"vision_arena", read_vision_files},
    {"llava_onevision", read_vision_files},
    {"librispeech", [](const fs::path& f, const ProfileConfig& c) {
       size_t too_long = 0;
       aiperf::load_speech_files({f}, c, too_long);
     }},
    {"aimo_aime", [](const fs::path& f, const ProfileConfig& c) { aiperf::load_text_column_files({f}, "problem", c); }},
};

constexpr const char* kExtensions[] = {".jsonl", ".json", ".parquet"};

// The bytes of a dataset row's image or audio cell, decoded as the loaders decode them.
void decode_media(std::string_view bytes) {
  try {
    if (aiperf::looks_like_image(bytes)) (void)aiperf::decode_image(bytes, "fuzz");
    aiperf::AudioBytesReader audio(bytes);
    (void)audio.read_pcm16();
  } catch (const std::exception&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const aiperf::fuzz::ScratchDir scratch;
  aiperf::fuzz::FuzzInput in(data, size);
  const uint8_t which = in.take_byte();
  const uint8_t kind = in.take_byte();
  if (which == 0xff) {
    decode_media(in.rest());
    return 0;
  }
  if (!aiperf::fuzz::within_loader_bounds(in.rest())) return -1;  // -1: not added to the corpus
  const Reader& reader = kReaders[which % std::size(kReaders)];
  ProfileConfig config;
  config.model_names = {"m"};
  config.random_seed = 7;
  config.public_dataset = reader.dataset;
  const fs::path file = scratch.write(std::string("rows") + kExtensions[kind % std::size(kExtensions)], in.rest());
  try {
    reader.read(file, config);
  } catch (const std::exception&) {
    // A refused file: what a user sees as the error message.
  }
  return 0;
}
