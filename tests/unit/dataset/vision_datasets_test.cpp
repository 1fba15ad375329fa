// --public-dataset mmstar, mmvu, vision_arena, llava_onevision (workloads-and-endpoints.md §4)
// from JSON / JSONL rows in the HF hub-cache layout: images as base64, data URLs, {bytes, path}
// objects and file paths, all re-encoded as JPEG data URLs of the source's size.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "common/base64.h"
#include "media/image_decoder.h"
#include "media/jpeg_encoder.h"
#include "media/png_encoder.h"
#include "public_dataset_fixture.h"

namespace aiperf {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

using VisionDatasetTest = PublicDatasetFixture;

std::string png(uint32_t w, uint32_t h) { return encode_png_rgb(w, h, std::vector<uint8_t>(size_t(w) * h * 3, 200)); }
std::string jpeg(uint32_t w, uint32_t h) { return encode_jpeg_rgb(w, h, std::vector<uint8_t>(size_t(w) * h * 3, 90)); }

// The size of the JPEG a data URL carries.
std::pair<uint32_t, uint32_t> jpeg_url_size(const std::string& url) {
  EXPECT_TRUE(url.starts_with("data:image/jpeg;base64,")) << url.substr(0, 40);
  const std::string bytes = base64_decode(url.substr(url.find(',') + 1)).value_or("");
  EXPECT_TRUE(bytes.starts_with("\xFF\xD8\xFF"));
  const RgbImage img = decode_image(bytes, "test");
  return {img.width, img.height};
}

TEST_F(VisionDatasetTest, MmstarQuestionAndImage) {
  const fs::path snap = repo_snapshot("Lin-Chen/MMStar");
  // No file names the split: MMStar's one file is its "val" split.
  write(snap / "mmstar.jsonl",
        "{\"question\": \"What colour?\", \"image\": \"" + base64_encode(png(30, 20)) + "\"}\n" +
            "{\"question\": \"How many?\", \"image\": {\"bytes\": \"data:image/jpeg;base64," + base64_encode(jpeg(8, 16)) +
            "\", \"path\": null}}\n" + "{\"question\": \"Third\", \"image\": {\"bytes\": null, \"path\": \"img/c.png\"}}\n");
  write(snap / "img/c.png", png(5, 7));
  ProfileConfig c = config("mmstar");
  c.osl_mean = 9;
  Dataset d = load(c);
  ASSERT_EQ(d.entries.size(), 3u);
  EXPECT_EQ(d.entries[0].prompt.str(), "What colour?");
  EXPECT_EQ(d.entries[0].max_tokens, 9);
  ASSERT_EQ(d.entries[0].parts->turn_media.size(), 1u);
  ASSERT_EQ(d.entries[0].parts->turn_media[0].images.size(), 1u);
  EXPECT_EQ(jpeg_url_size(d.entries[0].parts->turn_media[0].images[0]), std::make_pair(30u, 20u));
  EXPECT_EQ(jpeg_url_size(d.entries[1].parts->turn_media[0].images[0]), std::make_pair(8u, 16u));
  EXPECT_EQ(jpeg_url_size(d.entries[2].parts->turn_media[0].images[0]), std::make_pair(5u, 7u));
  EXPECT_THAT(notes_.str(), HasSubstr("mmstar: 3 prompts"));

  c.num_dataset_entries = 1;
  c.num_dataset_entries_given = true;
  EXPECT_EQ(load(c).entries.size(), 1u);
}

TEST_F(VisionDatasetTest, BadImageNamesFileAndLine) {
  const fs::path f = repo_snapshot("Lin-Chen/MMStar") / "mmstar.jsonl";
  write(f, "{\"question\": \"ok\", \"image\": \"" + base64_encode(png(2, 2)) + "\"}\n" +
               "{\"question\": \"bad\", \"image\": \"" + base64_encode("GIF89a not really") + "\"}\n");
  EXPECT_EQ(error(config("mmstar")), "--public-dataset mmstar: " + f.string() +
                                         ", line 2: not a JPEG or PNG image (aiperf-cpp decodes only these two)");
  write(f, "{\"question\": \"x\", \"image\": \"missing/file.png\"}\n");
  EXPECT_THAT(error(config("mmstar")), HasSubstr(f.string() + ", line 1: image file 'missing/file.png' not found"));
  write(f, "{\"question\": 3}\n");
  EXPECT_THAT(error(config("mmstar")), HasSubstr(", line 1: 'question' must be a string"));
}

TEST_F(VisionDatasetTest, VisionArenaFirstUserMessageAndFirstImage) {
  const fs::path snap = repo_snapshot("lmarena-ai/VisionArena-Chat");
  const std::string img = "\"" + base64_encode(jpeg(12, 6)) + "\"";
  write(snap / "data/train-00000-of-00001.json",
        "[{\"conversation\": [[{\"role\": \"user\", \"content\": \"Describe it\"}, {\"role\": \"assistant\", "
        "\"content\": \"A cat\"}]], \"images\": [" + img + ", " + img + "]},"
        " {\"conversation\": [{\"role\": \"user\", \"content\": [{\"type\": \"text\", \"text\": \"Parts\"}]}], "
        "\"images\": []}]");
  Dataset d = load(config("vision_arena"));
  ASSERT_EQ(d.entries.size(), 2u);
  EXPECT_EQ(d.entries[0].prompt.str(), "Describe it");
  ASSERT_EQ(d.entries[0].parts->turn_media.at(0).images.size(), 1u);  // the first image only
  EXPECT_EQ(jpeg_url_size(d.entries[0].parts->turn_media[0].images[0]), std::make_pair(12u, 6u));
  EXPECT_EQ(d.entries[1].prompt.str(), "Parts");
  EXPECT_TRUE(d.entries[1].parts->turn_media.empty());
  EXPECT_THAT(notes_.str(), HasSubstr("1 rows without an image or video, sent as text only"));
}

TEST_F(VisionDatasetTest, LlavaOneVisionStripsImageTokens) {
  const fs::path snap = repo_snapshot("lmms-lab/LLaVA-OneVision-Data");
  write(snap / "sharegpt4o/train-00000-of-00001.jsonl",
        "{\"conversations\": [{\"from\": \"human\", \"value\": \"<image>\\nWhat is shown?\"}, {\"from\": \"gpt\", "
        "\"value\": \"x\"}], \"image\": \"https://example.com/a.png\"}\n");
  write(snap / "other/train-00000-of-00001.jsonl", "{\"conversations\": [], \"image\": null}\n");
  Dataset d = load(config("llava_onevision"));
  ASSERT_EQ(d.entries.size(), 1u);
  EXPECT_EQ(d.entries[0].prompt.str(), "What is shown?");
  EXPECT_EQ(d.entries[0].parts->turn_media.at(0).images.at(0), "https://example.com/a.png");  // a URL is passed through
}

TEST_F(VisionDatasetTest, MmvuChoicesAndVideo) {
  const fs::path snap = repo_snapshot("yale-nlp/MMVU");
  write(snap / "validation.json",
        R"([{"question": "Which art style?", "choices": {"A": "Baroque", "B": "Cubism"},
             "video": "https://huggingface.co/datasets/yale-nlp/MMVU/resolve/main/videos/Art/1.mp4"},
            {"question": "Open question", "choices": {}, "video": {"bytes": "AAAAGGZ0eXA=", "path": "clip.webm"}}])");
  Dataset d = load(config("mmvu"));
  ASSERT_EQ(d.entries.size(), 2u);
  EXPECT_EQ(d.entries[0].prompt.str(), "Which art style? A.Baroque B.Cubism");
  EXPECT_EQ(d.entries[0].parts->turn_media.at(0).videos.at(0),
            "https://huggingface.co/datasets/yale-nlp/MMVU/resolve/main/videos/Art/1.mp4");
  EXPECT_EQ(d.entries[1].prompt.str(), "Open question");
  EXPECT_EQ(d.entries[1].parts->turn_media.at(0).videos.at(0), "data:video/webm;base64,AAAAGGZ0eXA=");
}

TEST_F(VisionDatasetTest, NeedsAChatEndpointAndTheCache) {
  ProfileConfig c = config("mmstar");
  EXPECT_THAT(error(c), HasSubstr("the HuggingFace dataset Lin-Chen/MMStar is not in the cache"));
  c.endpoint_type = EndpointType::completions;
  write(repo_snapshot("Lin-Chen/MMStar") / "mmstar.jsonl", "{\"question\": \"q\", \"image\": null}\n");
  EXPECT_THAT(error(c), HasSubstr("--public-dataset mmstar needs --endpoint-type chat"));
}

}  // namespace
}  // namespace aiperf
