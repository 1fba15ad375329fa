#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>

#include "tokenizer/tokenizer.h"

namespace aiperf {
namespace {

// No test here may reach the network: the hub is switched off for the whole binary's
// environment only while each test runs.
class MakeTokenizer : public ::testing::Test {
 protected:
  void SetUp() override { setenv("HF_HUB_OFFLINE", "1", 1); }
  void TearDown() override { unsetenv("HF_HUB_OFFLINE"); }
};

TEST_F(MakeTokenizer, PlaceholderModelNamesSwitchToBuiltinWithANote) {
  std::ostringstream notes;
  auto t = make_tokenizer({"mock-model", false, "main", false}, &notes);
  EXPECT_NE(notes.str().find("placeholder"), std::string::npos);
  EXPECT_NE(notes.str().find("builtin"), std::string::npos);
  // o200k_base: " the" is one token, so is "Hello".
  EXPECT_EQ(t->count("Hello the"), 2u);
  EXPECT_TRUE(is_placeholder_model_name("Test_Model"));
  EXPECT_FALSE(is_placeholder_model_name("Qwen/Qwen3-0.6B"));
}

TEST_F(MakeTokenizer, AnExplicitTokenizerIsNeverReplaced) {
  std::ostringstream notes;
  try {
    make_tokenizer({"mock-model", true, "main", false}, &notes);
    FAIL() << "offline resolution of a model id that is not cached must fail";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("mock-model"), std::string::npos) << e.what();
  }
}

TEST_F(MakeTokenizer, BuiltinByName) {
  auto t = make_tokenizer({"builtin", true, "main", false}, nullptr);
  EXPECT_EQ(t->decode(t->encode("tokens, of course")), "tokens, of course");
}

}  // namespace
}  // namespace aiperf
