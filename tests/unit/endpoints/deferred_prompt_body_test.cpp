// Hash-block trace prompts (dataset/prompt_text.h) from the loader to the bodies sent.
#include <gtest/gtest.h>

#include "dataset/loaders/input_file_dataset.h"
#include "endpoints/request_builder.h"
#include "tokenizer/word_tokenizer.h"
#include "../support/file_dataset_config.h"
#include "../support/temp_text_file.h"

namespace aiperf {
namespace {

using TraceFile = test_support::TempTextFile;

// A hash-block prompt holds no text until a request is built (prompt_text.h): the worker
// builds the body when it sends the turn, inputs.json gets the same bytes, and a copied
// entry builds the same text.
TEST(MooncakeTrace, HashBlockPromptsAreRecipesBuiltWhenSent) {
  TraceFile f(
      "{\"timestamp\": 0, \"input_length\": 25, \"output_length\": 2, \"hash_ids\": [7, 8, 9]}\n"
      "{\"timestamp\": 1, \"input_length\": 12, \"output_length\": 2}\n"
      "{\"timestamp\": 2, \"text_input\": \"kept as written\", \"output_length\": 2}\n");
  ProfileConfig c = test_support::file_dataset_config(f.path, CustomDatasetType::mooncake_trace);
  c.isl_block_size = 10;
  FileDataset d = load_input_file(c, WordTokenizer("w"));
  const auto& e = d.dataset.entries;
  ASSERT_EQ(e.size(), 3u);
  EXPECT_TRUE(e[0].prompt.deferred());
  EXPECT_TRUE(e[1].prompt.deferred());  // no hash ids: all tail, from its drawn start
  EXPECT_FALSE(e[2].prompt.deferred());
  EXPECT_EQ(e[0].prompt.str(), e[0].prompt.str());
  EXPECT_EQ(test_support::word_count(e[1].prompt.str()), 12u);
  std::string appended = "x";
  e[0].prompt.append_to(appended);
  EXPECT_EQ(appended, "x" + e[0].prompt.str());
  const DatasetEntry copy = e[0];
  EXPECT_EQ(copy.prompt.str(), e[0].prompt.str());

  const std::vector<PreparedRequest> requests = prepare_requests(c, d.dataset);
  ASSERT_EQ(requests.size(), 3u);
  EXPECT_TRUE(requests[0].built_at_send);
  EXPECT_TRUE(requests[0].body.empty());
  EXPECT_FALSE(requests[2].built_at_send);
  EXPECT_EQ(requests[2].body, build_request_body(c, e[2]));
  const std::string sent = build_request_body(c, e[0]);
  EXPECT_NE(sent.find(e[0].prompt.str()), std::string::npos);
  EXPECT_EQ(send_time_bodies(c, e[0]), std::vector<std::string>{sent});
}

}  // namespace
}  // namespace aiperf
