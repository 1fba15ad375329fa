#include "common/multipart_parser.h"

#include <gtest/gtest.h>

namespace aiperf {
namespace {

TEST(MultipartBoundaryOf, ReadsQuotedAndBareBoundaries) {
  EXPECT_EQ(multipart_boundary_of("multipart/form-data; boundary=abc123"), "abc123");
  EXPECT_EQ(multipart_boundary_of("Multipart/Form-Data;boundary=\"a b;c\""), "a b;c");
  EXPECT_EQ(multipart_boundary_of("multipart/form-data; charset=utf-8; boundary=x"), "x");
  EXPECT_FALSE(multipart_boundary_of("application/json"));
  EXPECT_FALSE(multipart_boundary_of("multipart/form-data"));
  EXPECT_FALSE(multipart_boundary_of("multipart/form-data; boundary="));
}

TEST(MultipartParser, ReadsFieldsFilesAndBinaryValues) {
  const std::string body = std::string(
                               "--XY\r\n"
                               "Content-Disposition: form-data; name=\"file\"; filename=\"audio.wav\"\r\n"
                               "Content-Type: audio/wav\r\n"
                               "\r\n") +
                           std::string("RIFF\0\r\n-\xff", 9) +
                           "\r\n--XY\r\n"
                           "content-disposition: form-data; name=model\r\n"
                           "\r\n"
                           "whisper\r\n"
                           "--XY\r\n"
                           "Content-Disposition: form-data; name=\"empty\"\r\n"
                           "\r\n"
                           "\r\n"
                           "--XY--\r\nepilogue";
  std::string error;
  auto parts = parse_multipart_form(body, "XY", &error);
  ASSERT_TRUE(parts) << error;
  ASSERT_EQ(parts->size(), 3u);
  EXPECT_EQ((*parts)[0].name, "file");
  EXPECT_EQ((*parts)[0].filename, "audio.wav");
  EXPECT_TRUE((*parts)[0].has_filename);
  EXPECT_EQ((*parts)[0].content_type, "audio/wav");
  EXPECT_EQ((*parts)[0].value, std::string_view("RIFF\0\r\n-\xff", 9));
  EXPECT_EQ((*parts)[1].name, "model");
  EXPECT_FALSE((*parts)[1].has_filename);
  EXPECT_EQ((*parts)[1].value, "whisper");
  EXPECT_EQ((*parts)[2].name, "empty");
  EXPECT_EQ((*parts)[2].value, "");
}

TEST(MultipartParser, IgnoresAPreambleAndUnescapesNames) {
  const std::string body =
      "preamble\r\n--b\r\nContent-Disposition: form-data; name=\"a%22b\"; filename=\"\"\r\n\r\nv\r\n--b--";
  auto parts = parse_multipart_form(body, "b");
  ASSERT_TRUE(parts);
  ASSERT_EQ(parts->size(), 1u);
  EXPECT_EQ((*parts)[0].name, "a\"b");
  EXPECT_TRUE((*parts)[0].has_filename);
  EXPECT_EQ((*parts)[0].filename, "");
}

TEST(MultipartParser, NoPartsIsAnEmptyForm) {
  auto parts = parse_multipart_form("--b--\r\n", "b");
  ASSERT_TRUE(parts);
  EXPECT_TRUE(parts->empty());
}

std::string error_of(std::string_view body, std::string_view boundary = "b") {
  std::string error;
  EXPECT_FALSE(parse_multipart_form(body, boundary, &error)) << body;
  return error;
}

TEST(MultipartParser, MalformedBodiesSayWhatIsWrong) {
  EXPECT_EQ(error_of("{\"json\":true}"), "no opening boundary delimiter '--b'");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nv"),
            "no closing boundary delimiter '--b--'");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n--b--"),
            "part headers not ended by a blank line");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n--b\r\n\r\n--b--"),
            "part headers not ended by a blank line");
  EXPECT_EQ(error_of("--b\r\n\r\nv\r\n--b--"), "part without a Content-Disposition header");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: attachment; name=\"x\"\r\n\r\nv\r\n--b--"),
            "Content-Disposition is not form-data: 'attachment; name=\"x\"'");
  EXPECT_EQ(error_of("--b\r\nContent-Disposition: form-data\r\n\r\nv\r\n--b--"),
            "Content-Disposition without a name: 'form-data'");
  EXPECT_EQ(error_of("--bX\r\n"), "boundary delimiter not followed by CRLF");
}

}  // namespace
}  // namespace aiperf
