#include "plot/chart_json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace aiperf::plot {
namespace {

Chart sample() {
  Chart c;
  c.name = "ttft_over_time";
  c.title = "Time to first token over time";
  c.subtitle = "warm-up excluded";
  c.x = {"Time", "s", false, 0.0, std::nullopt};
  c.y = {"Time to first token", "ms", true, std::nullopt, 500.0};
  c.y2 = Axis{"Throughput", "tokens/s", false, std::nullopt, std::nullopt};
  Series points;
  points.name = "run A";
  points.kind = SeriesKind::points;
  points.x = {0.5, 1.25, std::nan("")};
  points.y = {12.5, std::numeric_limits<double>::infinity(), 3};
  points.labels = {"c=1", "", "c=16"};
  points.request = {0, 7, 9};
  points.colour = 3;
  points.emphasised = true;
  Series segments;
  segments.kind = SeriesKind::segments;
  segments.x = {1};
  segments.y = {2};
  segments.x_end = {4};
  segments.grey = true;
  segments.dashed = true;
  segments.secondary_y = true;
  Series bars;
  bars.kind = SeriesKind::bars;
  bars.width = 0.5;
  c.series = {points, segments, bars};
  c.notes = {"GPU count unknown: throughput shown per deployment"};
  return c;
}

TEST(ChartJson, EveryFieldUnderItsOwnName) {
  const nlohmann::json j = chart_to_json(sample());
  EXPECT_EQ(j["name"], "ttft_over_time");
  EXPECT_EQ(j["title"], "Time to first token over time");
  EXPECT_EQ(j["subtitle"], "warm-up excluded");
  EXPECT_EQ(j["notes"], nlohmann::json({"GPU count unknown: throughput shown per deployment"}));
  EXPECT_EQ(j["x"], nlohmann::json({{"title", "Time"}, {"unit", "s"}, {"log", false}, {"min", 0.0}, {"max", nullptr},
                                          {"whole_numbers", false}}));
  EXPECT_EQ(j["y"]["log"], true);
  EXPECT_EQ(j["y"]["min"], nullptr);
  EXPECT_EQ(j["y"]["max"], 500.0);
  EXPECT_EQ(j["y2"]["unit"], "tokens/s");
  ASSERT_EQ(j["series"].size(), 3u);

  const nlohmann::json& p = j["series"][0];
  EXPECT_EQ(p["name"], "run A");
  EXPECT_EQ(p["kind"], "points");
  EXPECT_EQ(p["x"], nlohmann::json({0.5, 1.25, nullptr}));  // NaN → null
  EXPECT_EQ(p["y"], nlohmann::json({12.5, nullptr, 3.0}));  // inf → null
  EXPECT_EQ(p["x_end"], nlohmann::json::array());
  EXPECT_EQ(p["labels"], nlohmann::json({"c=1", "", "c=16"}));
  EXPECT_EQ(p["request"], nlohmann::json({0, 7, 9}));
  EXPECT_EQ(p["colour"], 3);
  EXPECT_EQ(p["emphasised"], true);
  EXPECT_EQ(p["grey"], false);
  EXPECT_EQ(p["dashed"], false);
  EXPECT_EQ(p["secondary_y"], false);

  const nlohmann::json& s = j["series"][1];
  EXPECT_EQ(s["kind"], "segments");
  EXPECT_EQ(s["x_end"], nlohmann::json({4.0}));
  EXPECT_EQ(s["colour"], -1);
  EXPECT_EQ(s["grey"], true);
  EXPECT_EQ(s["dashed"], true);
  EXPECT_EQ(s["secondary_y"], true);
  EXPECT_EQ(j["series"][2]["kind"], "bars");
  EXPECT_EQ(j["series"][2]["width"], 0.5);
}

TEST(ChartJson, KeysAreStable) {
  const nlohmann::json j = chart_to_json(sample());
  std::vector<std::string> keys;
  for (const auto& [k, v] : j.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"name", "notes", "series", "subtitle", "title", "x", "y", "y2"}));
  keys.clear();
  for (const auto& [k, v] : j["series"][0].items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"colour", "dashed", "emphasised", "grey", "kind", "labels", "name",
                                            "request", "secondary_y", "width", "x", "x_end", "y"}));
}

TEST(ChartJson, ValuesRoundTripThroughText) {
  Chart c = sample();
  c.series[0].x = {0.1, 1e-300, 123456789.123456789, -0.0};
  c.series[0].y = {1.0 / 3, 2.5e17, std::nan(""), -std::numeric_limits<double>::infinity()};
  const nlohmann::json back = nlohmann::json::parse(chart_to_json(c).dump());
  const nlohmann::json& s = back["series"][0];
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(s["x"][i].get<double>(), c.series[0].x[i]);
  EXPECT_EQ(s["y"][0].get<double>(), 1.0 / 3);
  EXPECT_EQ(s["y"][1].get<double>(), 2.5e17);
  EXPECT_TRUE(s["y"][2].is_null());
  EXPECT_TRUE(s["y"][3].is_null());
}

TEST(ChartJson, NoSecondAxisIsNullAndEmptyChartIsComplete) {
  const nlohmann::json j = chart_to_json(Chart{});
  EXPECT_TRUE(j.contains("y2"));
  EXPECT_TRUE(j["y2"].is_null());
  EXPECT_EQ(j["series"], nlohmann::json::array());
  EXPECT_EQ(j["notes"], nlohmann::json::array());
  EXPECT_EQ(j["x"]["min"], nullptr);
}

TEST(ChartJson, NonFiniteAxisBoundsAndWidthAreNull) {
  Chart c;
  c.x.min = std::nan("");
  Series s;
  s.kind = SeriesKind::bars;
  s.width = std::numeric_limits<double>::infinity();
  c.series = {s};
  const nlohmann::json j = chart_to_json(c);
  EXPECT_TRUE(j["x"]["min"].is_null());
  EXPECT_TRUE(j["series"][0]["width"].is_null());
}

}  // namespace
}  // namespace aiperf::plot
