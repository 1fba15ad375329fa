#include "config/accuracy_benchmarks.h"

namespace aiperf {
namespace {

// lighteval/mmlu's 57 configurations.
constexpr std::string_view kMmluSubjects[] = {"abstract_algebra",
                                              "anatomy",
                                              "astronomy",
                                              "business_ethics",
                                              "clinical_knowledge",
                                              "college_biology",
                                              "college_chemistry",
                                              "college_computer_science",
                                              "college_mathematics",
                                              "college_medicine",
                                              "college_physics",
                                              "computer_security",
                                              "conceptual_physics",
                                              "econometrics",
                                              "electrical_engineering",
                                              "elementary_mathematics",
                                              "formal_logic",
                                              "global_facts",
                                              "high_school_biology",
                                              "high_school_chemistry",
                                              "high_school_computer_science",
                                              "high_school_european_history",
                                              "high_school_geography",
                                              "high_school_government_and_politics",
                                              "high_school_macroeconomics",
                                              "high_school_mathematics",
                                              "high_school_microeconomics",
                                              "high_school_physics",
                                              "high_school_psychology",
                                              "high_school_statistics",
                                              "high_school_us_history",
                                              "high_school_world_history",
                                              "human_aging",
                                              "human_sexuality",
                                              "international_law",
                                              "jurisprudence",
                                              "logical_fallacies",
                                              "machine_learning",
                                              "management",
                                              "marketing",
                                              "medical_genetics",
                                              "miscellaneous",
                                              "moral_disputes",
                                              "moral_scenarios",
                                              "nutrition",
                                              "philosophy",
                                              "prehistory",
                                              "professional_accounting",
                                              "professional_law",
                                              "professional_medicine",
                                              "professional_psychology",
                                              "public_relations",
                                              "security_studies",
                                              "sociology",
                                              "us_foreign_policy",
                                              "virology",
                                              "world_religions"};

// TIGER-Lab/MMLU-Pro's `category` values.
constexpr std::string_view kMmluProCategories[] = {
    "biology", "business", "chemistry", "computer science", "economics", "engineering", "health",
    "history", "law",      "math",      "philosophy",       "physics",   "psychology",  "other"};

// lukaemon/bbh's 27 configurations.
constexpr std::string_view kBbhTasks[] = {"boolean_expressions",
                                          "causal_judgement",
                                          "date_understanding",
                                          "disambiguation_qa",
                                          "dyck_languages",
                                          "formal_fallacies",
                                          "geometric_shapes",
                                          "hyperbaton",
                                          "logical_deduction_five_objects",
                                          "logical_deduction_seven_objects",
                                          "logical_deduction_three_objects",
                                          "movie_recommendation",
                                          "multistep_arithmetic_two",
                                          "navigate",
                                          "object_counting",
                                          "penguins_in_a_table",
                                          "reasoning_about_colored_objects",
                                          "ruin_names",
                                          "salient_translation_error_detection",
                                          "snarks",
                                          "sports_understanding",
                                          "temporal_sequences",
                                          "tracking_shuffled_objects_five_objects",
                                          "tracking_shuffled_objects_seven_objects",
                                          "tracking_shuffled_objects_three_objects",
                                          "web_of_lies",
                                          "word_sorting"};

constexpr std::string_view kBoxedPrompt = "Please reason step by step, and put your final answer within \\boxed{}.";

// Upstream's defaults (AIPerf docs/accuracy/accuracy-benchmarking.md, "Available Benchmarks").
const BenchmarkInfo kBenchmarks[] = {
    {"mmlu", ProblemFormat::mmlu, "lighteval/mmlu", "{task}", "test", "dev", GraderKind::multiple_choice, 5, 32, false,
     5, "", kMmluSubjects},
    {"mmlu_pro", ProblemFormat::mmlu_pro, "TIGER-Lab/MMLU-Pro", "", "test", "validation", GraderKind::mmlu_pro, 5, 32,
     true, 4000, "", kMmluProCategories},
    {"aime",
     ProblemFormat::aime,
     "Maxwell-Jia/AIME_2024",
     "",
     "train",
     "",
     GraderKind::math,
     8,
     8,
     true,
     32768,
     kBoxedPrompt,
     {}},
    {"aime24",
     ProblemFormat::lighteval_math,
     "HuggingFaceH4/aime_2024",
     "",
     "train",
     "",
     GraderKind::lighteval_expr,
     0,
     0,
     false,
     32768,
     "",
     {}},
    {"aime25",
     ProblemFormat::lighteval_math,
     "yentinglin/aime_2025",
     "",
     "train",
     "",
     GraderKind::lighteval_expr,
     0,
     0,
     false,
     32768,
     "",
     {}},
    {"hellaswag",
     ProblemFormat::hellaswag,
     "Rowan/hellaswag",
     "",
     "validation",
     "train",
     GraderKind::exact_match,
     10,
     15,
     false,
     5,
     "",
     {}},
    {"bigbench", ProblemFormat::bigbench, "lukaemon/bbh", "{task}", "test", "", GraderKind::exact_match, 3, 3, false,
     256, "", kBbhTasks},
    {"math_500",
     ProblemFormat::math_500,
     "HuggingFaceH4/MATH-500",
     "",
     "test",
     "",
     GraderKind::lighteval_latex,
     0,
     0,
     false,
     32768,
     "",
     {}},
    {"gsm8k",
     ProblemFormat::gsm8k,
     "openai/gsm8k",
     "main",
     "test",
     "",
     GraderKind::lighteval_gsm8k,
     0,
     0,
     false,
     256,
     "",
     {}},
    {"gpqa_diamond",
     ProblemFormat::gpqa,
     "Idavidrein/gpqa",
     "gpqa_diamond",
     "train",
     "",
     GraderKind::lighteval_gpqa,
     0,
     0,
     false,
     32768,
     "",
     {}},
    {"lcb_codegeneration",
     ProblemFormat::lcb,
     "livecodebench/code_generation_lite",
     "",
     "test",
     "",
     GraderKind::code_execution,
     0,
     0,
     false,
     32768,
     "",
     {}},
};

struct GraderName {
  GraderKind kind;
  std::string_view name;
};
constexpr GraderName kGraders[] = {
    {GraderKind::exact_match, "exact_match"},
    {GraderKind::math, "math"},
    {GraderKind::multiple_choice, "multiple_choice"},
    {GraderKind::code_execution, "code_execution"},
    {GraderKind::lighteval_expr, "lighteval_expr"},
    {GraderKind::lighteval_latex, "lighteval_latex"},
    {GraderKind::lighteval_gpqa, "lighteval_gpqa"},
    {GraderKind::lighteval_gsm8k, "lighteval_gsm8k"},
    {GraderKind::mmlu_pro, "mmlu_pro"},
};

}  // namespace

std::span<const BenchmarkInfo> accuracy_benchmarks() { return kBenchmarks; }

const BenchmarkInfo* find_accuracy_benchmark(std::string_view name) {
  for (const BenchmarkInfo& b : kBenchmarks)
    if (b.name == name) return &b;
  return nullptr;
}

std::string accuracy_benchmark_names(std::string_view separator) {
  std::string out;
  for (const BenchmarkInfo& b : kBenchmarks) (out.empty() ? out : out += separator) += b.name;
  return out;
}

std::string_view grader_name(GraderKind kind) {
  for (const GraderName& g : kGraders)
    if (g.kind == kind) return g.name;
  return "?";
}

bool parse_grader(std::string_view name, GraderKind& kind) {
  for (const GraderName& g : kGraders)
    if (g.name == name) {
      kind = g.kind;
      return true;
    }
  return false;
}

std::string accuracy_grader_names(std::string_view separator) {
  std::string out;
  for (const GraderName& g : kGraders) (out.empty() ? out : out += separator) += g.name;
  return out;
}

}  // namespace aiperf
