#include "config/enum_names.h"

#include <gtest/gtest.h>

#include <set>

#include "config/plugin_registry.h"

namespace aiperf {
namespace {

template <class E>
void expect_round_trip() {
  std::set<std::string_view> seen;
  for (const EnumName<E>& n : names_of(E{})) {
    EXPECT_TRUE(seen.insert(n.name).second) << n.name;
    EXPECT_EQ(name_of(n.value), n.name);
    EXPECT_EQ(enum_by_name<E>(n.name), n.value) << n.name;
  }
}

TEST(EnumNames, EveryTableRoundTrips) {
  expect_round_trip<ExportLevel>();
  expect_round_trip<UiType>();
  expect_round_trip<ArrivalPattern>();
  expect_round_trip<CustomDatasetType>();
  expect_round_trip<ConnectionReuse>();
  expect_round_trip<ModelSelection>();
  expect_round_trip<ImageFormat>();
  expect_round_trip<ImageSourceSampling>();
  expect_round_trip<AudioFormat>();
  expect_round_trip<AuthType>();
  expect_round_trip<TransportType>();
  expect_round_trip<RequestContentType>();
  expect_round_trip<UrlStrategy>();
  expect_round_trip<LogLevel>();
  EXPECT_EQ(names_of(CustomDatasetType{}).size(), 13u);
}

// Upstream's matching: any case, '-' and '_' alike.
TEST(EnumNames, AnyCaseAndEitherSeparator) {
  EXPECT_EQ(enum_by_name<ConnectionReuse>("STICKY_USER_SESSIONS"), ConnectionReuse::sticky_user_sessions);
  EXPECT_EQ(enum_by_name<ImageSourceSampling>("shuffle_cycle"), ImageSourceSampling::shuffle_cycle);
  EXPECT_EQ(enum_by_name<CustomDatasetType>("Mooncake-Trace"), CustomDatasetType::mooncake_trace);
  EXPECT_EQ(enum_by_name<ArrivalPattern>("burst"), std::nullopt);
  EXPECT_EQ(enum_by_name<LogLevel>("Success"), LogLevel::success);
  EXPECT_EQ(enum_by_name<LogLevel>("warn"), std::nullopt);  // upstream spells it WARNING
  EXPECT_EQ(enum_by_name<RequestContentType>("Multipart/Form-Data"), RequestContentType::multipart);
}

TEST(EnumNames, AnInvalidChoiceNamesTheOptionAndListsTheTable) {
  try {
    parse_choice<AudioFormat>("--audio-format", "ogg");
    ADD_FAILURE() << "accepted ogg";
  } catch (const ConfigError& e) {
    EXPECT_STREQ(e.what(), "--audio-format: invalid choice 'ogg' (choose from wav, mp3)");
  }
  EXPECT_EQ(choices_of<ExportLevel>(), "summary, records, raw");
}

TEST(PluginRegistry, ListsWhatTheTablesHold) {
  const std::vector<PluginCategory> categories = plugin_categories();
  std::set<std::string> names;
  std::string previous;
  for (const PluginCategory& c : categories) {
    EXPECT_LT(previous, c.name);  // sorted, unique
    previous = c.name;
    names.insert(c.name);
    EXPECT_FALSE(c.entries.empty()) << c.name;
    if (c.name == "endpoint") {
      EXPECT_EQ(c.entries.size(), kEndpointCatalog.size());
      EXPECT_EQ(c.entries.front().name, "chat");
      EXPECT_EQ(c.entries.front().detail, "/v1/chat/completions; streams; input tokens; output tokens");
    }
    if (c.name == "custom_dataset_loader") {
      EXPECT_EQ(c.entries.size(), names_of(CustomDatasetType{}).size());
    }
  }
  for (const char* expected : {"arrival_pattern", "custom_dataset_loader", "endpoint", "public_dataset_loader", "ui"})
    EXPECT_TRUE(names.count(expected)) << expected;
}

}  // namespace
}  // namespace aiperf
