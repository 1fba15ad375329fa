#include "common/uuid.h"

#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

namespace aiperf {
namespace {

TEST(Uuid, Version4Layout) {
  const std::regex v4("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");
  std::string reused = "previous contents that are longer than an id";
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) {
    std::string id = uuid4();
    EXPECT_TRUE(std::regex_match(id, v4)) << id;
    seen.insert(id);
    assign_uuid4(reused);
    EXPECT_TRUE(std::regex_match(reused, v4)) << reused;
  }
  EXPECT_EQ(seen.size(), 1000u);
  std::string hex = uuid4_hex();
  EXPECT_EQ(hex.size(), 32u);
  EXPECT_EQ(hex.find('-'), std::string::npos);
}

}  // namespace
}  // namespace aiperf
