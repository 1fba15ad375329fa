// Dataset rows built to hurt: nesting that overflowed the stack when the body was written, and
// lengths that would run the machine out of memory (issue 16). Each is refused at load, naming
// the file and line, before anything is built.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "../support/file_dataset_config.h"

namespace aiperf {
namespace {

using test_support::file_dataset_error;
using ::testing::EndsWith;
using ::testing::HasSubstr;

std::string nested_array(size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(HostileRows, DeeplyNestedRowsAreRefusedQuicklyWithTheirLine) {
  const auto start = std::chrono::steady_clock::now();
  const std::string deep = "{\"text\": \"a\", \"extra\": {\"x\": " + nested_array(100000) + "}}";
  EXPECT_THAT(file_dataset_error("{\"text\": \"fine\"}\n\n" + deep + "\n", CustomDatasetType::single_turn),
              EndsWith(", line 3: nesting too deep (limit 512)"));
  EXPECT_THAT(file_dataset_error("{\"turns\": [{\"text\": " + nested_array(2000) + "}]}\n", CustomDatasetType::multi_turn),
              EndsWith(", line 1: nesting too deep (limit 512)"));
  EXPECT_THAT(file_dataset_error("{\"messages\": [" + nested_array(600) + "]}\n", CustomDatasetType::raw_payload),
              EndsWith(", line 1: nesting too deep (limit 512)"));
  // Pretty-printed documents name the line of the offending bracket.
  EXPECT_THAT(file_dataset_error("{\"data\": [\n{\"payloads\": [\n" + nested_array(600) + "]}]}", CustomDatasetType::inputs_json),
              EndsWith(", line 3: nesting too deep (limit 512)"));
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 5.0);
}

TEST(HostileRows, TraceLengthsThatCannotBeBuiltAreRefused) {
  EXPECT_THAT(file_dataset_error("{\"timestamp\": 0, \"input_length\": 100000000000, \"output_length\": 1}\n",
                                 CustomDatasetType::mooncake_trace),
              HasSubstr(", line 1: 'input_length' 100000000000: a prompt of 1e+11 tokens is about 430 GB of text; "
                        "refusing (limit 10000000 tokens per prompt)"));
  EXPECT_THAT(file_dataset_error("{\"chat_id\": 1, \"timestamp\": 0, \"input_length\": 20000000, \"output_length\": 1}\n",
                                 CustomDatasetType::bailian_trace),
              HasSubstr(", line 1: 'input_length' 20000000: a prompt of 2e+07 tokens"));
  EXPECT_THAT(file_dataset_error("Timestamp,Model,Request tokens,Response tokens\n0,m,50000000,1\n",
                                 CustomDatasetType::burst_gpt_trace),
              HasSubstr(", line 2: 'Request tokens' 50000000: a prompt of 5e+07 tokens"));
}

}  // namespace
}  // namespace aiperf
