#include "config/public_datasets.h"

#include <algorithm>
#include <cctype>

namespace aiperf {

std::span<const PublicDatasetInfo> public_datasets() {
  using K = PublicDatasetKind;
  // Sources, splits, subsets and columns: workloads-and-endpoints.md §4.
  static constexpr PublicDatasetInfo kSets[] = {
      {"sharegpt", K::sharegpt, "anon8231489123/ShareGPT_Vicuna_unfiltered", "", "", ""},
      {"aimo", K::text_column, "AI-MO/NuminaMath-TIR", "", "train", "problem"},
      {"aimo_aime", K::text_column, "AI-MO/aimo-validation-aime", "", "train", "problem"},
      {"aimo_numina_cot", K::text_column, "AI-MO/NuminaMath-CoT", "", "train", "problem"},
      {"aimo_numina_1_5", K::text_column, "AI-MO/NuminaMath-1.5", "", "train", "problem"},
      {"instruct_coder", K::text_column, "likaixin/InstructCoder", "", "train", "instruction"},
      {"spec_al_gsm8k", K::text_column, "openai/gsm8k", "main", "test", "question"},
      {"spec_al_math500", K::text_column, "HuggingFaceH4/MATH-500", "", "test", "problem"},
      {"spec_al_humaneval", K::text_column, "openai/openai_humaneval", "", "test", "prompt"},
      {"spec_al_mbpp", K::text_column, "google-research-datasets/mbpp", "full", "test", "text"},
      {"h_cua_perf", K::h_cua_perf, "Hcompany/h_cua_perf", "", "train", "",
       "n_screenshots,min_trace_length,max_trace_length,avg_trace_length"},
      {"spec_al_mtbench", K::mt_bench, "HuggingFaceH4/mt_bench_prompts", "", "train", "prompt"},
      {"blazedit_5k", K::blazedit, "vdaita/edit_5k_char", "", "train", ""},
      {"blazedit_10k", K::blazedit, "vdaita/edit_10k_char", "", "train", ""},
      {"spec_bench", K::spec_bench, "hemingkx/Spec-Bench", "", "", ""},  // a GitHub repo: question.jsonl
      {"weka_hf", K::weka_hf, "", "", "train", ""},                       // repo from --hf-weka-dataset
      {"semianalysis_cc_traces_weka_*", K::weka_hf, "", "", "train", ""},
      {"speed_bench_*", K::speed_bench, "nvidia/SPEED-Bench", "qualitative", "test", ""},
      {"librispeech", K::speech, "openslr/librispeech_asr", "clean", "test", "audio"},
      {"voxpopuli", K::speech, "facebook/voxpopuli", "en", "test", "audio"},
      {"gigaspeech", K::speech, "speechcolab/gigaspeech", "xs", "test", "audio"},
      {"ami", K::speech, "edinburghcstr/ami", "ihm", "test", "audio"},
      {"spgispeech", K::speech, "kensho/spgispeech", "test", "test", "audio"},
      {"mmstar", K::vision, "Lin-Chen/MMStar", "", "val", ""},
      {"mmvu", K::vision, "yale-nlp/MMVU", "", "validation", ""},
      {"vision_arena", K::vision, "lmarena-ai/VisionArena-Chat", "", "train", ""},
      {"llava_onevision", K::vision, "lmms-lab/LLaVA-OneVision-Data", "sharegpt4o", "train", ""},
  };
  return kSets;
}

const PublicDatasetInfo* find_public_dataset(std::string_view name) {
  std::string_view key = name;
  if (!weka_hf_repo_for(name).empty()) key = "semianalysis_cc_traces_weka_*";
  if (speed_bench_variant(name)) key = "speed_bench_*";
  // A family entry ("..._*") is reached only through a valid member name, never by its own name.
  for (const PublicDatasetInfo& d : public_datasets())
    if (d.name == key && d.name.ends_with("*") == (key != name)) return &d;
  return nullptr;
}

std::string weka_hf_repo_for(std::string_view name) {
  constexpr std::string_view kPrefix = "semianalysis_cc_traces_weka_";
  if (!name.starts_with(kPrefix) || name.size() == kPrefix.size()) return "";
  std::string rest(name.substr(kPrefix.size()));
  for (char& c : rest) {
    if (c == '_') c = '-';
    // HF repo names: letters, digits, '-', '.'; anything else is a typo, not a repo.
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') return "";
  }
  return "semianalysisai/cc-traces-weka-" + rest;
}

std::optional<SpeedBenchVariant> speed_bench_variant(std::string_view name) {
  constexpr std::string_view kPrefix = "speed_bench_";
  if (!name.starts_with(kPrefix)) return std::nullopt;
  const std::string_view v = name.substr(kPrefix.size());
  if (v == "qualitative") return SpeedBenchVariant{"qualitative", "", ""};
  static constexpr std::string_view kCategories[] = {"coding", "humanities", "math", "multilingual", "qa", "rag",
                                                     "reasoning", "roleplay", "stem", "summarization", "writing"};
  for (std::string_view c : kCategories)
    if (v == c) return SpeedBenchVariant{"qualitative", std::string(c), ""};
  for (std::string_view size : {"1k", "2k", "8k", "16k", "32k"}) {
    const std::string base = "throughput_" + std::string(size);
    if (v == base) return SpeedBenchVariant{base, "", ""};
    for (std::string_view tier : {"low_entropy", "mixed", "high_entropy"})
      if (v == base + "_" + std::string(tier)) return SpeedBenchVariant{base, "", std::string(tier)};
  }
  return std::nullopt;
}

bool is_unimplemented_public_dataset(std::string_view name) {
  static constexpr std::string_view kLater[] = {"exgentic", "exgentic_v2"};
  return std::find(std::begin(kLater), std::end(kLater), name) != std::end(kLater);
}

std::string public_dataset_names() {
  std::string out;
  for (const PublicDatasetInfo& d : public_datasets()) out += (out.empty() ? "" : ", ") + std::string(d.name);
  return out;
}

}  // namespace aiperf
