#include "endpoints/multipart_form.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "common/base64.h"

namespace aiperf {
namespace {

using ojson = nlohmann::ordered_json;

TEST(MultipartForm, EncodesTextAndFilePartsByteForByte) {
  const std::vector<FormPart> parts = {
      {"model", "whisper-1", "", ""},
      {"file", std::string("RIFF\0\x01\xff", 7), "audio.wav", "audio/wav"},
  };
  const std::string expected = std::string(
                                   "--B0\r\n"
                                   "Content-Disposition: form-data; name=\"model\"\r\n"
                                   "\r\n"
                                   "whisper-1\r\n"
                                   "--B0\r\n"
                                   "Content-Disposition: form-data; name=\"file\"; filename=\"audio.wav\"\r\n"
                                   "Content-Type: audio/wav\r\n"
                                   "\r\n") +
                               std::string("RIFF\0\x01\xff", 7) + "\r\n--B0--\r\n";
  EXPECT_EQ(encode_multipart_form(parts, "B0"), expected);
}

TEST(MultipartForm, EmptyFormIsTheClosingDelimiterOnly) {
  EXPECT_EQ(encode_multipart_form({}, "xyz"), "--xyz--\r\n");
}

TEST(MultipartForm, QuotesAndLineBreaksInNamesArePercentEncoded) {
  const std::vector<FormPart> parts = {{"a\"b\r\nc", "v", "f\".txt", ""}};
  EXPECT_EQ(encode_multipart_form(parts, "b"),
            "--b\r\nContent-Disposition: form-data; name=\"a%22b%0D%0Ac\"; filename=\"f%22.txt\"\r\n\r\nv\r\n--b--\r\n");
}

std::vector<FormPart> fields_of(const std::string& key, const ojson& value) {
  std::vector<FormPart> parts;
  append_form_fields(parts, key, value);
  return parts;
}

TEST(MultipartFormFields, ScalarsNullsAndBooleans) {
  EXPECT_TRUE(fields_of("k", nullptr).empty());
  EXPECT_EQ(fields_of("k", true), (std::vector<FormPart>{{"k", "true", "", ""}}));
  EXPECT_EQ(fields_of("k", false), (std::vector<FormPart>{{"k", "false", "", ""}}));
  EXPECT_EQ(fields_of("k", 3), (std::vector<FormPart>{{"k", "3", "", ""}}));
  EXPECT_EQ(fields_of("k", 0.25), (std::vector<FormPart>{{"k", "0.25", "", ""}}));
  EXPECT_EQ(fields_of("k", "text with \"quotes\""), (std::vector<FormPart>{{"k", "text with \"quotes\"", "", ""}}));
}

TEST(MultipartFormFields, ListsRepeatTheKeyAsGiven) {
  EXPECT_EQ(fields_of("timestamp_granularities[]", ojson::array({"word", "segment"})),
            (std::vector<FormPart>{{"timestamp_granularities[]", "word", "", ""},
                                   {"timestamp_granularities[]", "segment", "", ""}}));
  EXPECT_EQ(fields_of("k", ojson::array({1, nullptr, true, ojson::array({2})})),
            (std::vector<FormPart>{{"k", "1", "", ""}, {"k", "true", "", ""}, {"k", "[2]", "", ""}}));
}

TEST(MultipartFormFields, NestedObjectsAreCompactJson) {
  EXPECT_EQ(fields_of("opts", ojson{{"a", 1}, {"b", ojson::array({"x"})}}),
            (std::vector<FormPart>{{"opts", R"({"a":1,"b":["x"]})", "", ""}}));
}

TEST(MultipartFormFields, FileDescriptorBecomesAFilePart) {
  EXPECT_EQ(fields_of("mask", ojson{{"b64_data", base64_encode("PNGDATA")}, {"filename", "m.png"},
                                    {"content_type", "image/png"}}),
            (std::vector<FormPart>{{"mask", "PNGDATA", "m.png", "image/png"}}));
  EXPECT_EQ(fields_of("blob", ojson{{"b64_data", base64_encode("x")}}),
            (std::vector<FormPart>{{"blob", "x", "blob", "application/octet-stream"}}));
  EXPECT_THROW(fields_of("blob", ojson{{"b64_data", "!!!"}}), std::invalid_argument);
}

TEST(MediaDecoding, DataUrlGivesMimeAndExtension) {
  const DecodedMedia m = decode_media("data:image/png;base64," + base64_encode("\x89PNG"));
  EXPECT_EQ(m.bytes, "\x89PNG");
  EXPECT_EQ(m.mime, "image/png");
  EXPECT_EQ(m.extension, "png");
  EXPECT_EQ(decode_media("data:image/svg+xml;base64,").extension, "svg");
  EXPECT_THROW(decode_media("data:image/png,notbase64"), std::invalid_argument);
}

TEST(MediaDecoding, AudioFormatPrefix) {
  const DecodedMedia wav = decode_media("wav," + base64_encode("RIFFxxxxWAVE"));
  EXPECT_EQ(wav.bytes, "RIFFxxxxWAVE");
  EXPECT_EQ(wav.mime, "audio/wav");
  EXPECT_EQ(wav.extension, "wav");
  EXPECT_EQ(decode_media("mp3,AAAA").mime, "audio/mpeg");
  EXPECT_EQ(decode_media("mpga,AAAA").mime, "audio/mpeg");
  EXPECT_EQ(decode_media("m4a,AAAA").mime, "audio/mp4");
  EXPECT_EQ(decode_media("flac,AAAA").mime, "audio/flac");
  EXPECT_EQ(decode_media("ogg,AAAA").mime, "audio/ogg");
  EXPECT_EQ(decode_media("webm,AAAA").mime, "audio/webm");
  EXPECT_THROW(decode_media("wav,@@@@"), std::invalid_argument);
}

TEST(MediaDecoding, BareBase64IsSniffedByItsMagic) {
  struct Case {
    std::string bytes, mime, extension;
  };
  for (const Case& c : {Case{"\x89PNG\r\n\x1a\n", "image/png", "png"}, Case{"\xff\xd8\xff\xe0", "image/jpeg", "jpeg"},
                        Case{"GIF89a", "image/gif", "gif"}, Case{"GIF87a", "image/gif", "gif"},
                        Case{"RIFF\x10\0\0\0WEBP", "image/webp", "webp"}, Case{"BM\x36\0", "image/bmp", "bmp"},
                        Case{"plain bytes", "application/octet-stream", "bin"}}) {
    const DecodedMedia m = decode_media(base64_encode(c.bytes));
    EXPECT_EQ(m.bytes, c.bytes) << c.mime;
    EXPECT_EQ(m.mime, c.mime);
    EXPECT_EQ(m.extension, c.extension);
  }
  EXPECT_THROW(decode_media("iVBORw0KGgo*"), std::invalid_argument);
}

TEST(FormBodyAsJson, FieldsRepeatedFieldsAndFileDescriptors) {
  const std::vector<FormPart> parts = {{"file", "RIFF", "audio.wav", "audio/wav"},
                                       {"model", "m", "", ""},
                                       {"g[]", "word", "", ""},
                                       {"g[]", "segment", "", ""}};
  const auto json = form_body_as_json(encode_multipart_form(parts, "bb"), "bb");
  ASSERT_TRUE(json);
  EXPECT_EQ(json->dump(),
            R"({"file":{"b64_data":"UklGRg==","filename":"audio.wav","content_type":"audio/wav"},"model":"m",)"
            R"("g[]":["word","segment"]})");
  EXPECT_FALSE(form_body_as_json(R"({"model":"m"})", "bb"));
}

TEST(Base64Decode, RoundTripsAndRejectsGarbage) {
  for (const std::string& s : std::vector<std::string>{"", "a", "ab", "abc", "abcd", std::string("\0\xff\x10", 3)})
    EXPECT_EQ(base64_decode(base64_encode(s)), s);
  EXPECT_EQ(base64_decode("YWJj\nZA"), "abcd");  // unpadded, line-wrapped
  EXPECT_FALSE(base64_decode("YWJ$"));
  EXPECT_FALSE(base64_decode("Y"));
  EXPECT_FALSE(base64_decode("YQ==YQ=="));
  EXPECT_FALSE(base64_decode("YQ==="));
}

}  // namespace
}  // namespace aiperf
