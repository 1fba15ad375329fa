// Times synthetic video clips (SyntheticVideoMaker, docs/video.md): one line per synth type and
// codec, with the seconds (wall and CPU) per clip and the clip's base64 data-URL size.
//
//   video_synthesis_bench [clips] [width] [height] [seconds] [fps] [codec[:format]]...
//   video_synthesis_bench 3 640 480 5 4 libvpx-vp9 libx264:mp4
#include <chrono>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "media/synthetic_video.h"

namespace {

double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace aiperf;
  const int clips = argc > 1 ? std::stoi(argv[1]) : 3;
  VideoConfig base;
  base.width = argc > 2 ? std::stoll(argv[2]) : 640;
  base.height = argc > 3 ? std::stoll(argv[3]) : 480;
  base.duration_s = argc > 4 ? std::stod(argv[4]) : 5.0;
  base.fps = argc > 5 ? std::stoll(argv[5]) : 4;
  std::vector<std::string> codecs;
  for (int i = 6; i < argc; ++i) codecs.emplace_back(argv[i]);
  if (codecs.empty()) codecs = {"libvpx-vp9", "libx264:mp4"};
  const std::pair<VideoSynthType, const char*> types[] = {
      {VideoSynthType::moving_shapes, "moving_shapes"}, {VideoSynthType::grid_clock, "grid_clock"},
      {VideoSynthType::noise, "noise"}};
  try {
    for (const std::string& spec : codecs) {
      VideoConfig c = base;
      const auto colon = spec.find(':');
      c.codec = spec.substr(0, colon);
      c.format = colon != std::string::npos && spec.substr(colon + 1) == "mp4" ? VideoFormat::mp4 : VideoFormat::webm;
      for (const auto& [type, name] : types) {
        c.synth_type = type;
        SyntheticVideoMaker maker(c, 1);
        size_t bytes = 0;
        const auto wall0 = std::chrono::steady_clock::now();
        const double cpu0 = process_cpu_seconds();
        for (int i = 0; i < clips; ++i) bytes += maker.next().size();
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
        const double cpu = process_cpu_seconds() - cpu0;
        std::printf("{\"codec\":\"%s\",\"format\":\"%s\",\"synth_type\":\"%s\",\"size\":\"%lldx%lld\",\"frames\":%lld,"
                    "\"seconds_per_clip\":%.3f,\"cpu_seconds_per_clip\":%.3f,\"data_url_kib\":%.1f}\n",
                    c.codec.c_str(), c.format == VideoFormat::mp4 ? "mp4" : "webm", name, (long long)c.width,
                    (long long)c.height, (long long)c.frame_count(), wall / clips, cpu / clips,
                    double(bytes) / clips / 1024);
        std::fflush(stdout);
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "video_synthesis_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
