// The decisions behind video_generation's polling and download (transport/video_job_poll.h).
#include <gtest/gtest.h>

#include <cstdlib>

#include "config/profile_config.h"
#include "transport/video_job_poll.h"
#include "config/env_settings.h"

namespace aiperf {
namespace {

EndpointUrl origin() { return resolve_endpoint_url("http://127.0.0.1:8000", "/v1/videos"); }

TEST(VideoStep, PollsUntilCompletedOrFailed) {
  EXPECT_EQ(decide_video_step(parse_video_job(R"({"id":"a","status":"queued"})")).step, VideoStep::poll_again);
  EXPECT_EQ(decide_video_step(parse_video_job(R"({"id":"a","status":"in_progress"})")).step, VideoStep::poll_again);
  EXPECT_EQ(decide_video_step(parse_video_job(R"({"id":"a","status":"completed"})")).step, VideoStep::completed);
  VideoDecision failed =
      decide_video_step(parse_video_job(R"({"id":"a","status":"failed","error":{"message":"no GPU"}})"));
  EXPECT_EQ(failed.step, VideoStep::failed);
  EXPECT_EQ(failed.message, "no GPU");
  EXPECT_EQ(decide_video_step(parse_video_job(R"({"id":"a","status":"failed"})")).message, "video job a failed");
}

TEST(VideoStep, AReplyThatCannotBePolledFails) {
  EXPECT_EQ(decide_video_step(std::nullopt).step, VideoStep::failed);
  VideoDecision no_id = decide_video_step(parse_video_job(R"({"status":"queued"})"));
  EXPECT_EQ(no_id.step, VideoStep::failed);
  EXPECT_EQ(no_id.message, "video job reply has no id to poll");
}

TEST(VideoPollTarget, JobIdAfterThePathQueryKept) {
  EXPECT_EQ(video_poll_target("/v1/videos", "video_1"), "/v1/videos/video_1");
  EXPECT_EQ(video_poll_target("/v1/videos/", "video_1"), "/v1/videos/video_1");
  EXPECT_EQ(video_poll_target("/openai/v1/videos?api-version=2", "j"), "/openai/v1/videos/j?api-version=2");
}

TEST(VideoDownload, ContentUnderThePollUrlWhenTheJobNamesNone) {
  VideoJob job;
  job.id = "video_1";
  HttpLocation loc = video_download_location(origin(), "/v1/videos/video_1", job);
  EXPECT_FALSE(loc.foreign);
  EXPECT_EQ(loc.url.path, "/v1/videos/video_1/content");
  EXPECT_EQ(loc.url.port, 8000);
  EXPECT_EQ(video_download_location(origin(), "/v/j?api-version=2", job).url.path, "/v/j/content?api-version=2");
}

TEST(VideoDownload, TheJobsUrlAbsoluteOrAPath) {
  VideoJob job;
  job.url = "http://127.0.0.1:8000/files/a.mp4";
  HttpLocation same = video_download_location(origin(), "/v1/videos/a", job);
  EXPECT_FALSE(same.foreign);
  EXPECT_EQ(same.url.path, "/files/a.mp4");
  job.url = "https://cdn.example.com/a.mp4?sig=1";
  HttpLocation cdn = video_download_location(origin(), "/v1/videos/a", job);
  EXPECT_TRUE(cdn.foreign);
  EXPECT_TRUE(cdn.url.tls);
  EXPECT_EQ(cdn.url.host, "cdn.example.com");
  EXPECT_EQ(cdn.url.port, 443);
  EXPECT_EQ(cdn.url.path, "/a.mp4?sig=1");
  job.url = "/files/b.mp4";
  EXPECT_EQ(video_download_location(origin(), "/v1/videos/a", job).url.path, "/files/b.mp4");
  job.url = "ftp://x/y";
  EXPECT_THROW(video_download_location(origin(), "/v1/videos/a", job), std::invalid_argument);
}

TEST(VideoRedirect, ResolvedAgainstTheUrlThatAnsweredForeignJudgedAgainstTheRun) {
  const EndpointUrl run = origin();
  EndpointUrl content = run;
  content.path = "/v1/videos/a/content";
  EXPECT_EQ(redirect_location(run, content, "/v1/videos/a/content?direct=1").url.path, "/v1/videos/a/content?direct=1");
  EXPECT_FALSE(redirect_location(run, content, "/x").foreign);
  EXPECT_EQ(redirect_location(run, content, "file.mp4").url.path, "/v1/videos/a/file.mp4");
  EXPECT_EQ(redirect_location(run, content, "file.mp4?t=1:2").url.path, "/v1/videos/a/file.mp4?t=1:2");
  EXPECT_THROW(redirect_location(run, content, "data:video/mp4;base64,AA"), std::invalid_argument);
  // Another host spelling, port or scheme is another origin.
  EXPECT_TRUE(redirect_location(run, content, "http://localhost:8000/x").foreign);
  EXPECT_TRUE(redirect_location(run, content, "http://127.0.0.1:8001/x").foreign);
  EXPECT_TRUE(redirect_location(run, content, "https://127.0.0.1:8000/x").foreign);
  EXPECT_FALSE(redirect_location(run, content, "http://127.0.0.1:8000/x").foreign);
  // A path after a hop to a CDN stays on the CDN, still foreign.
  HttpLocation cdn = redirect_location(run, content, "//cdn.example.com/a");
  EXPECT_TRUE(cdn.foreign);
  EXPECT_EQ(cdn.url.host, "cdn.example.com");
  HttpLocation next = redirect_location(run, cdn.url, "/b");
  EXPECT_TRUE(next.foreign);
  EXPECT_EQ(next.url.host, "cdn.example.com");
  EXPECT_EQ(next.url.path, "/b");
  EXPECT_THROW(redirect_location(run, content, ""), std::invalid_argument);
}

TEST(VideoRedirect, WhichStatusesAreFollowed) {
  for (int s : {301, 302, 303, 307, 308}) EXPECT_TRUE(is_redirect(s)) << s;
  for (int s : {200, 204, 300, 304, 404}) EXPECT_FALSE(is_redirect(s)) << s;
}

constexpr const char* kPostHead =
    "POST /v1/videos HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nUser-Agent: aiperf/1\r\nAuthorization: Bearer k\r\n"
    "X-Api-Key: k2\r\nX-Team: a\r\nAccept: application/json\r\nContent-Type: application/json\r\n";

TEST(VideoGetHead, SameOriginKeepsCredentialsDropsContentType) {
  EXPECT_EQ(video_get_head(kPostHead, origin(), "/v1/videos/a", false, "rid"),
            "GET /v1/videos/a HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nUser-Agent: aiperf/1\r\nAuthorization: Bearer k\r\n"
            "X-Api-Key: k2\r\nX-Team: a\r\nAccept: application/json\r\nX-Request-ID: rid\r\n\r\n");
}

TEST(VideoGetHead, ForeignOriginGetsItsOwnHostAndNoCredentials) {
  EndpointUrl cdn = resolve_endpoint_url("https://cdn.example.com", "");
  EXPECT_EQ(video_get_head(kPostHead, cdn, "/a.mp4", true, "rid"),
            "GET /a.mp4 HTTP/1.1\r\nHost: cdn.example.com\r\nUser-Agent: aiperf/1\r\nX-Team: a\r\n"
            "Accept: application/json\r\nX-Request-ID: rid\r\n\r\n");
}

TEST(VideoPollInterval, FromTheEnvironment) {
  unsetenv("AIPERF_HTTP_VIDEO_POLL_INTERVAL");
  load_env_settings();
  EXPECT_EQ(video_poll_interval_ns_from_env(), 100'000'000);
  setenv("AIPERF_HTTP_VIDEO_POLL_INTERVAL", "0.25", 1);
  load_env_settings();
  EXPECT_EQ(video_poll_interval_ns_from_env(), 250'000'000);
  for (const char* bad : {"0", "-1", "fast", "1s"}) {
    setenv("AIPERF_HTTP_VIDEO_POLL_INTERVAL", bad, 1);
    EXPECT_THROW(load_env_settings(), ConfigError) << bad;
  }
  unsetenv("AIPERF_HTTP_VIDEO_POLL_INTERVAL");
  load_env_settings();
}

}  // namespace
}  // namespace aiperf
