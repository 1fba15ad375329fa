#include "config/public_datasets.h"

#include <algorithm>

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
  };
  return kSets;
}

const PublicDatasetInfo* find_public_dataset(std::string_view name) {
  for (const PublicDatasetInfo& d : public_datasets())
    if (d.name == name) return &d;
  return nullptr;
}

bool is_unimplemented_public_dataset(std::string_view name) {
  static constexpr std::string_view kLater[] = {
      "mmstar", "mmvu", "vision_arena", "llava_onevision", "blazedit_5k", "blazedit_10k", "spec_bench",
      "spec_al_mtbench", "librispeech", "voxpopuli", "gigaspeech", "ami", "spgispeech", "exgentic",
      "exgentic_v2", "weka_hf", "h_cua_perf"};
  return std::find(std::begin(kLater), std::end(kLater), name) != std::end(kLater) ||
         name.starts_with("speed_bench_") || name.starts_with("semianalysis_cc_traces_weka");
}

std::string public_dataset_names() {
  std::string out;
  for (const PublicDatasetInfo& d : public_datasets()) out += (out.empty() ? "" : ", ") + std::string(d.name);
  return out;
}

}  // namespace aiperf
