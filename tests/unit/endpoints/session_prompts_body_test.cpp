// Request bodies for synthetic datasets with shared system / user-context prompts and
// prefixes (workloads-and-endpoints.md §2.8, §2.10), built with the builtin o200k_base.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "endpoints/request_builder.h"
#include "tokenizer/tokenizer.h"

namespace aiperf {
namespace {

const Tokenizer& builtin() {
  static std::unique_ptr<Tokenizer> t = make_tokenizer({"builtin", true, "main", false}, nullptr);
  return *t;
}

ProfileConfig prompts_config(int64_t entries, int64_t isl = 128, double isl_stddev = 10) {
  ProfileConfig c;
  c.model_names = {"m"};
  c.random_seed = 11;
  c.num_dataset_entries = entries;
  c.isl_mean = isl;
  c.isl_stddev = isl_stddev;
  return c;
}

TEST(SessionPrompts, ChatBodyOrder) {
  ProfileConfig c = prompts_config(1, 5, 0);
  c.shared_system_prompt_length = 4;
  c.user_context_prompt_length = 3;
  Dataset d = build_synthetic_dataset(c, builtin());
  auto body = nlohmann::json::parse(build_request_body(c, d.entries[0]));
  ASSERT_EQ(body["messages"].size(), 3u);
  EXPECT_EQ(body["messages"][0]["role"], "system");
  EXPECT_EQ(body["messages"][0]["content"], *d.entries[0].parts->system_message);
  EXPECT_EQ(body["messages"][1]["role"], "user");
  EXPECT_EQ(body["messages"][1]["content"], *d.entries[0].parts->user_context_message);
  EXPECT_EQ(body["messages"][2]["content"], d.entries[0].prompt.str());
}

TEST(Determinism, SameSeedSameBodiesWhateverTheWorkerCount) {
  ProfileConfig c = prompts_config(50);
  c.prefix_pool_size = 3;
  c.prefix_length = 16;
  c.sequence_distribution = {{64, 5, 8, 2, 1}, {256, 0, 32, 0, 2}};
  std::vector<PreparedRequest> reference;
  for (int64_t workers : {1, 4, 32}) {
    ProfileConfig w = c;
    w.workers_max = workers;
    w.concurrency = workers * 3;
    std::vector<PreparedRequest> requests = prepare_requests(w, build_synthetic_dataset(w, builtin()));
    if (reference.empty()) {
      reference = requests;
      continue;
    }
    ASSERT_EQ(requests.size(), reference.size());
    for (size_t i = 0; i < requests.size(); ++i) {
      EXPECT_EQ(requests[i].body, reference[i].body) << "workers " << workers << " entry " << i;
      EXPECT_EQ(requests[i].conversation_id, reference[i].conversation_id);
    }
  }
  ProfileConfig session = prompts_config(10);
  session.shared_system_prompt_length = 10;
  session.user_context_prompt_length = 10;
  ProfileConfig session_many = session;
  session_many.workers_max = 16;
  session_many.concurrency = 64;
  EXPECT_EQ(prepare_requests(session, build_synthetic_dataset(session, builtin()))[9].body,
            prepare_requests(session_many, build_synthetic_dataset(session_many, builtin()))[9].body);
}

TEST(SessionPrompts, CompletionsRefusesSessionPrompts) {
  ProfileConfig c = prompts_config(1, 5, 0);
  c.endpoint_type = EndpointType::completions;
  DatasetEntry e;
  e.prompt = "p";
  e.parts.edit().system_message = "s";
  EXPECT_THROW(build_request_body(c, e), std::invalid_argument);
}

}  // namespace
}  // namespace aiperf
