#include "media/video_encoder.h"

#include <cmath>
#include <cstdarg>
#include <mutex>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libswscale/swscale.h>
}

#include "common/trim.h"
#include "config/profile_config.h"
#include "media/avio_memory_file.h"

namespace aiperf {
namespace {

// libav logs to stderr by default; the run's output stays ours. The last error line is kept
// (per thread) to explain a refusal.
thread_local std::string t_last_libav_error;

void keep_libav_error(void* avcl, int level, const char* fmt, va_list vl) {
  if (level > AV_LOG_ERROR) return;
  char line[512];
  int print_prefix = 1;
  av_log_format_line2(avcl, level, fmt, vl, line, sizeof line, &print_prefix);
  t_last_libav_error = std::string(trim_whitespace(line));
}

void route_libav_logs() {
  static std::once_flag once;
  std::call_once(once, [] { av_log_set_callback(keep_libav_error); });
}

std::string libav_error(int err) {
  char text[AV_ERROR_MAX_STRING_SIZE];
  av_strerror(err, text, sizeof text);
  std::string out = text;
  if (!t_last_libav_error.empty()) out += ": " + t_last_libav_error;
  return out;
}

const char* container_name(VideoFormat f) { return f == VideoFormat::mp4 ? "mp4" : "webm"; }

// The encoder behind an option, checked against the container the way the ffmpeg binary would.
const AVCodec* find_encoder(const char* flag, const std::string& name, AVMediaType type, const AVOutputFormat* ofmt,
                            VideoFormat format) {
  const AVCodec* codec = avcodec_find_encoder_by_name(name.c_str());
  if (!codec)
    throw ConfigError(std::string(flag) + " " + name + ": not an encoder in this FFmpeg (" + libav_versions() +
                      "; `ffmpeg -encoders` lists them)");
  if (codec->type != type)
    throw ConfigError(std::string(flag) + " " + name + ": not " +
                      (type == AVMEDIA_TYPE_VIDEO ? "a video" : "an audio") + " encoder");
  if (avformat_query_codec(ofmt, codec->id, FF_COMPLIANCE_NORMAL) == 0)
    throw ConfigError(std::string(flag) + " " + name + ": " + avcodec_get_name(codec->id) +
                      " cannot be stored in --video-format " + container_name(format));
  return codec;
}

bool sample_format_writable(AVSampleFormat f) {
  switch (av_get_packed_sample_fmt(f)) {
    case AV_SAMPLE_FMT_U8:
    case AV_SAMPLE_FMT_S16:
    case AV_SAMPLE_FMT_S32:
    case AV_SAMPLE_FMT_FLT:
    case AV_SAMPLE_FMT_DBL: return true;
    default: return false;
  }
}

void store_sample(AVFrame* f, int channel, int channels, int index, float v) {
  const auto fmt = AVSampleFormat(f->format);
  const bool planar = av_sample_fmt_is_planar(fmt);
  uint8_t* data = f->data[planar ? channel : 0];
  const int at = planar ? index : index * channels + channel;
  switch (av_get_packed_sample_fmt(fmt)) {
    case AV_SAMPLE_FMT_U8: data[at] = uint8_t(std::lrint(v * 127.0f) + 128); break;
    case AV_SAMPLE_FMT_S16: reinterpret_cast<int16_t*>(data)[at] = int16_t(std::lrint(v * 32767.0f)); break;
    case AV_SAMPLE_FMT_S32: reinterpret_cast<int32_t*>(data)[at] = int32_t(std::llrint(v * 2147483647.0)); break;
    case AV_SAMPLE_FMT_FLT: reinterpret_cast<float*>(data)[at] = v; break;
    case AV_SAMPLE_FMT_DBL: reinterpret_cast<double*>(data)[at] = v; break;
    default: break;  // excluded by sample_format_writable
  }
}

int nearest_rate(const AVCodec* codec, int hz) {
  if (!codec->supported_samplerates) return hz;
  int best = codec->supported_samplerates[0];
  for (const int* r = codec->supported_samplerates; *r; ++r)
    if (std::abs(*r - hz) < std::abs(best - hz)) best = *r;
  return best;
}

}  // namespace

struct VideoEncoder::State {
  VideoConfig config;
  AvioMemoryFile file;
  AVFormatContext* fmt = nullptr;
  AVCodecContext* video = nullptr;
  AVCodecContext* audio = nullptr;
  AVStream* video_stream = nullptr;
  AVStream* audio_stream = nullptr;
  SwsContext* sws = nullptr;
  AVFrame* yuv = nullptr;
  AVFrame* pcm = nullptr;
  AVPacket* packet = nullptr;
  int64_t video_pts = 0, audio_pts = 0;
  int pcm_filled = 0;  // samples in `pcm` not yet sent

  ~State() {
    avcodec_free_context(&video);
    avcodec_free_context(&audio);
    sws_freeContext(sws);
    av_frame_free(&yuv);
    av_frame_free(&pcm);
    av_packet_free(&packet);
    if (fmt) fmt->pb = nullptr;  // owned by `file`
    avformat_free_context(fmt);
  }

  void open_video();
  void open_audio();
  void write_packets(AVCodecContext* ctx, AVStream* stream);
  void send(AVCodecContext* ctx, AVStream* stream, AVFrame* frame);
};

void VideoEncoder::State::open_video() {
  const VideoConfig& c = config;
  const AVCodec* codec = find_encoder("--video-codec", c.codec, AVMEDIA_TYPE_VIDEO, fmt->oformat, c.format);
  bool yuv420p = !codec->pix_fmts;
  for (const AVPixelFormat* p = codec->pix_fmts; p && *p != AV_PIX_FMT_NONE; ++p) yuv420p |= *p == AV_PIX_FMT_YUV420P;
  if (!yuv420p) throw ConfigError("--video-codec " + c.codec + ": does not encode yuv420p frames (upstream's pixel format)");
  video = avcodec_alloc_context3(codec);
  video->width = int(c.width);
  video->height = int(c.height);
  video->time_base = {1, int(c.fps)};
  video->framerate = {int(c.fps), 1};
  video->pix_fmt = AV_PIX_FMT_YUV420P;
  // One thread: the same --random-seed gives the same bytes (clips are short; docs/video.md).
  video->thread_count = 1;
  video->flags |= AV_CODEC_FLAG_BITEXACT;
  if (fmt->oformat->flags & AVFMT_GLOBALHEADER) video->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  if (int err = avcodec_open2(video, codec, nullptr); err < 0)
    throw ConfigError("--video-codec " + c.codec + ": the encoder refused " + std::to_string(c.width) + "x" +
                      std::to_string(c.height) + " at " + std::to_string(c.fps) + " fps (" + libav_error(err) + ")");
  video_stream = avformat_new_stream(fmt, nullptr);
  video_stream->time_base = video->time_base;
  avcodec_parameters_from_context(video_stream->codecpar, video);
  sws = sws_getContext(video->width, video->height, AV_PIX_FMT_RGB24, video->width, video->height,
                       AV_PIX_FMT_YUV420P, SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT, nullptr, nullptr, nullptr);
  yuv = av_frame_alloc();
  yuv->format = AV_PIX_FMT_YUV420P;
  yuv->width = video->width;
  yuv->height = video->height;
  if (!sws || av_frame_get_buffer(yuv, 0) < 0) throw std::bad_alloc();
}

void VideoEncoder::State::open_audio() {
  const VideoConfig& c = config;
  // Upstream's defaults by container.
  const std::string name = !c.audio_codec.empty() ? c.audio_codec : c.format == VideoFormat::mp4 ? "aac" : "libvorbis";
  const AVCodec* codec = find_encoder("--video-audio-codec", name, AVMEDIA_TYPE_AUDIO, fmt->oformat, c.format);
  AVSampleFormat sample_format = AV_SAMPLE_FMT_NONE;
  for (const AVSampleFormat* f = codec->sample_fmts; f && *f != AV_SAMPLE_FMT_NONE; ++f)
    if (sample_format == AV_SAMPLE_FMT_NONE && sample_format_writable(*f)) sample_format = *f;
  if (sample_format == AV_SAMPLE_FMT_NONE)
    throw ConfigError("--video-audio-codec " + name + ": takes no PCM sample format aiperf-cpp writes");
  audio = avcodec_alloc_context3(codec);
  audio->sample_fmt = sample_format;
  audio->sample_rate = nearest_rate(codec, int(c.audio_sample_rate_hz));
  av_channel_layout_default(&audio->ch_layout, int(c.audio_channels));
  audio->time_base = {1, audio->sample_rate};
  audio->thread_count = 1;
  audio->flags |= AV_CODEC_FLAG_BITEXACT;
  if (fmt->oformat->flags & AVFMT_GLOBALHEADER) audio->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  if (int err = avcodec_open2(audio, codec, nullptr); err < 0)
    throw ConfigError("--video-audio-codec " + name + ": the encoder refused " + std::to_string(c.audio_channels) +
                      " channel(s) at " + std::to_string(audio->sample_rate) + " Hz (" + libav_error(err) + ")");
  audio_stream = avformat_new_stream(fmt, nullptr);
  audio_stream->time_base = audio->time_base;
  avcodec_parameters_from_context(audio_stream->codecpar, audio);
  pcm = av_frame_alloc();
  pcm->format = audio->sample_fmt;
  pcm->sample_rate = audio->sample_rate;
  av_channel_layout_copy(&pcm->ch_layout, &audio->ch_layout);
  // Variable-frame encoders report 0: any size will do.
  pcm->nb_samples = audio->frame_size > 0 ? audio->frame_size : 1024;
  if (av_frame_get_buffer(pcm, 0) < 0) throw std::bad_alloc();
}

void VideoEncoder::State::write_packets(AVCodecContext* ctx, AVStream* stream) {
  while (avcodec_receive_packet(ctx, packet) == 0) {
    // Each frame lasts 1/fps. Left at 0, MP4's edit list ends at the last frame's start and
    // demuxers drop that frame (the ffmpeg binary sets the duration from its input's rate).
    if (ctx->codec_type == AVMEDIA_TYPE_VIDEO && packet->duration == 0) packet->duration = 1;
    av_packet_rescale_ts(packet, ctx->time_base, stream->time_base);
    packet->stream_index = stream->index;
    if (int err = av_interleaved_write_frame(fmt, packet); err < 0)
      throw std::runtime_error(std::string("video: writing a ") + container_name(config.format) + " packet failed (" +
                               libav_error(err) + ")");
  }
}

void VideoEncoder::State::send(AVCodecContext* ctx, AVStream* stream, AVFrame* frame) {
  if (int err = avcodec_send_frame(ctx, frame); err < 0)
    throw std::runtime_error(std::string("video: encoding with ") + ctx->codec->name + " failed (" + libav_error(err) +
                             ")");
  write_packets(ctx, stream);
}

VideoEncoder::VideoEncoder(const VideoConfig& config) : s_(std::make_unique<State>()) {
  route_libav_logs();
  t_last_libav_error.clear();
  s_->config = config;
  if (avformat_alloc_output_context2(&s_->fmt, nullptr, container_name(config.format), nullptr) < 0 || !s_->fmt)
    throw ConfigError(std::string("--video-format ") + container_name(config.format) + ": this FFmpeg has no such muxer");
  s_->packet = av_packet_alloc();
  s_->open_video();
  if (config.audio_channels > 0) s_->open_audio();
  s_->fmt->pb = s_->file.context();
  s_->fmt->flags |= AVFMT_FLAG_CUSTOM_IO | AVFMT_FLAG_BITEXACT;
  AVDictionary* options = nullptr;
  if (config.format == VideoFormat::mp4) {
    // Upstream's -movflags faststart: `moov` first, so a server can start decoding at once. The
    // muxer rereads what it wrote to move it, through io_open.
    s_->file.serve_reopens(s_->fmt);
    av_dict_set(&options, "movflags", "faststart", 0);
  }
  const int err = avformat_write_header(s_->fmt, &options);
  av_dict_free(&options);
  if (err < 0)
    throw ConfigError(std::string("--video-format ") + container_name(config.format) + ": cannot hold " +
                      config.codec + (s_->audio ? " with " + std::string(s_->audio->codec->name) : "") + " (" +
                      libav_error(err) + ")");
}

VideoEncoder::~VideoEncoder() = default;

int VideoEncoder::audio_sample_rate() const { return s_->audio ? s_->audio->sample_rate : 0; }

void VideoEncoder::add_frame(const RgbFrame& frame) {
  if (av_frame_make_writable(s_->yuv) < 0) throw std::bad_alloc();
  const uint8_t* src[1] = {frame.rgb.data()};
  const int stride[1] = {frame.width * 3};
  sws_scale(s_->sws, src, stride, 0, frame.height, s_->yuv->data, s_->yuv->linesize);
  s_->yuv->pts = s_->video_pts++;
  s_->send(s_->video, s_->video_stream, s_->yuv);
}

void VideoEncoder::add_audio(const float* samples, int64_t frames) {
  if (!s_->audio) return;
  const int channels = s_->audio->ch_layout.nb_channels;
  for (int64_t i = 0; i < frames; ++i) {
    if (s_->pcm_filled == 0 && av_frame_make_writable(s_->pcm) < 0) throw std::bad_alloc();
    for (int ch = 0; ch < channels; ++ch) store_sample(s_->pcm, ch, channels, s_->pcm_filled, samples[i * channels + ch]);
    if (++s_->pcm_filled == s_->pcm->nb_samples) {
      s_->pcm->pts = s_->audio_pts;
      s_->audio_pts += s_->pcm_filled;
      s_->send(s_->audio, s_->audio_stream, s_->pcm);
      s_->pcm_filled = 0;
    }
  }
}

std::string VideoEncoder::finish() {
  if (s_->audio) {
    if (s_->pcm_filled > 0) {
      const bool small_last = s_->audio->codec->capabilities &
                              (AV_CODEC_CAP_SMALL_LAST_FRAME | AV_CODEC_CAP_VARIABLE_FRAME_SIZE);
      if (!small_last) {  // pad the last frame with silence
        const int channels = s_->audio->ch_layout.nb_channels;
        for (int i = s_->pcm_filled; i < s_->pcm->nb_samples; ++i)
          for (int ch = 0; ch < channels; ++ch) store_sample(s_->pcm, ch, channels, i, 0.0f);
      } else {
        s_->pcm->nb_samples = s_->pcm_filled;
      }
      s_->pcm->pts = s_->audio_pts;
      s_->send(s_->audio, s_->audio_stream, s_->pcm);
    }
    s_->send(s_->audio, s_->audio_stream, nullptr);
  }
  s_->send(s_->video, s_->video_stream, nullptr);
  if (int err = av_write_trailer(s_->fmt); err < 0)
    throw std::runtime_error(std::string("video: finishing the ") + container_name(s_->config.format) +
                             " file failed (" + libav_error(err) + ")");
  avio_flush(s_->file.context());
  return s_->file.bytes();
}

std::string libav_versions() {
  auto version = [](const char* name, unsigned v) {
    return std::string(name) + " " + std::to_string(AV_VERSION_MAJOR(v)) + "." + std::to_string(AV_VERSION_MINOR(v)) +
           "." + std::to_string(AV_VERSION_MICRO(v));
  };
  return version("libavcodec", avcodec_version()) + ", " + version("libavformat", avformat_version());
}

}  // namespace aiperf
