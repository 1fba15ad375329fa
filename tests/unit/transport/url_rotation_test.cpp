#include "transport/url_rotation.h"

#include <gtest/gtest.h>

#include <vector>

namespace aiperf {
namespace {

TEST(UrlRotation, SingleUrlAlwaysFirst) {
  Credit c;
  c.id = 17;
  EXPECT_EQ(url_index_for(c, false, 1), 0u);
  EXPECT_EQ(url_index_for(c, false, 0), 0u);
}

TEST(UrlRotation, CreditsTakeTurnsInIssueOrder) {
  std::vector<int> per_url(3, 0);
  for (uint64_t id = 0; id < 30; ++id) {
    Credit c;
    c.id = id;
    const uint32_t u = url_index_for(c, false, 3);
    EXPECT_EQ(u, id % 3);
    ++per_url[u];
  }
  EXPECT_EQ(per_url, (std::vector<int>{10, 10, 10}));
}

TEST(UrlRotation, SessionTurnsStayOnTheFirstTurnsUrl) {
  Credit first;
  first.id = first.session_id = 4;  // the session's first credit names the session
  const uint32_t u = url_index_for(first, true, 2);
  for (uint64_t later_id : {5, 9, 12}) {
    Credit turn;
    turn.id = later_id;
    turn.session_id = 4;
    turn.turn_index = 1;
    EXPECT_EQ(url_index_for(turn, true, 2), u);
  }
  Credit zero;  // session id 0 is a real session (the run's first credit)
  zero.id = 7;
  zero.session_id = 0;
  EXPECT_EQ(url_index_for(zero, true, 2), 0u);
}

}  // namespace
}  // namespace aiperf
