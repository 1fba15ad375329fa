// --public-dataset mmstar, mmvu, vision_arena, llava_onevision (workloads-and-endpoints.md §4):
// each row one single-turn chat request of its text and its first image (mmvu: video), the way
// vLLM's benchmark datasets build them. Images are re-encoded as JPEG data URLs
// (dataset_media_value.cpp); max_tokens comes from --osl.
#include <algorithm>
#include <cstdint>

#include "dataset/dataset_media_value.h"
#include "dataset/public/hf_rows.h"
#include "dataset/loaders/input_file_dataset.h"
#include "dataset/public/public_dataset.h"
#include "dataset/row_entry.h"

namespace aiperf {
namespace {

using json = nlohmann::json;

struct VisionRow {
  std::string text;
  const json* image = nullptr;  // the cell, or null for none
  const json* video = nullptr;
};

class RowReader {
 public:
  RowReader(const std::string& dataset, const json& row, const RowPlace& place)
      : dataset_(dataset), row_(row), place_(place) {}

  [[noreturn]] void fail(const std::string& what) const {
    throw ConfigError("--public-dataset " + dataset_ + ": " + place_.where + ": " + what);
  }
  const json* cell(const char* column) const {
    auto it = row_.find(column);
    return it == row_.end() || it->is_null() ? nullptr : &*it;
  }
  const std::string& text(const char* column) const {
    const json* c = cell(column);
    if (!c || !c->is_string()) fail(std::string("'") + column + "' must be a string");
    return c->get_ref<const std::string&>();
  }

 private:
  const std::string& dataset_;
  const json& row_;
  const RowPlace& place_;
};

// A message's text: a string, or the texts of a content-part list.
std::string message_text(const json& content, const RowReader& r, const char* column) {
  if (content.is_string()) return content.get<std::string>();
  std::string out;
  if (content.is_array())
    for (const json& part : content) {
      if (part.is_string()) out += (out.empty() ? "" : "\n") + part.get<std::string>();
      else if (part.is_object() && part.value("type", "") == "text" && part.contains("text") && part["text"].is_string())
        out += (out.empty() ? "" : "\n") + part["text"].get<std::string>();
    }
  else
    r.fail(std::string("the first user message of '") + column + "' has no text content");
  return out;
}

// The first message object of a (possibly nested) list whose role / from is user or human;
// without any role, the first message.
const json* first_user_message(const json& list) {
  const json* first = nullptr;
  const json* user = nullptr;
  auto visit = [&](auto&& self, const json& v) -> void {
    if (user) return;
    if (v.is_array()) {
      for (const json& x : v) self(self, x);
    } else if (v.is_object()) {
      if (!first) first = &v;
      const std::string role = v.contains("role") && v["role"].is_string() ? v["role"].get<std::string>()
                               : v.contains("from") && v["from"].is_string() ? v["from"].get<std::string>() : "";
      if (role == "user" || role == "human") user = &v;
    }
  };
  visit(visit, list);
  if (user) return user;
  return first && !first->contains("role") && !first->contains("from") ? first : nullptr;
}

std::string first_user_text(const RowReader& r, const char* column, const char* field) {
  const json* list = r.cell(column);
  if (!list || !list->is_array()) r.fail(std::string("'") + column + "' must be a list of messages");
  const json* m = first_user_message(*list);
  if (!m || !m->contains(field)) r.fail(std::string("'") + column + "' has no user message with '" + field + "'");
  return message_text((*m)[field], r, column);
}

// vLLM's MMVU prompt: the question, then "A.<choice> B.<choice> ...".
std::string with_choices(std::string question, const json* choices) {
  if (!choices || !choices->is_object()) return question;
  std::string listed;
  for (const auto& [letter, choice] : choices->items())
    if (choice.is_string()) listed += (listed.empty() ? "" : " ") + letter + "." + choice.get<std::string>();
  return listed.empty() ? question : question + " " + listed;
}

std::string without_image_tokens(std::string text) {
  for (size_t at; (at = text.find("<image>")) != std::string::npos;) text.erase(at, 7);
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

VisionRow vision_row(const std::string& dataset, const RowReader& r) {
  VisionRow v;
  if (dataset == "mmstar") {
    v.text = r.text("question");
    v.image = r.cell("image");
  } else if (dataset == "mmvu") {
    v.text = with_choices(r.text("question"), r.cell("choices"));
    v.video = r.cell("video");
  } else if (dataset == "vision_arena") {
    v.text = first_user_text(r, "conversation", "content");
    if (const json* images = r.cell("images"); images && images->is_array() && !images->empty() && !(*images)[0].is_null())
      v.image = &(*images)[0];
    else if (images && !images->is_array())
      r.fail("'images' must be a list of images");
  } else {  // llava_onevision
    v.text = without_image_tokens(first_user_text(r, "conversations", "value"));
    v.image = r.cell("image");
  }
  return v;
}

std::vector<std::string> columns_of(const std::string& dataset) {
  if (dataset == "mmstar") return {"question", "image"};
  if (dataset == "mmvu") return {"question", "choices", "video"};
  if (dataset == "vision_arena") return {"conversation", "images"};
  return {"conversations", "image"};
}

}  // namespace

Dataset load_vision_files(const std::vector<std::filesystem::path>& files, const DatasetBuildSettings& config,
                          size_t& without_media) {
  const std::string name = config.public_dataset.value_or("");
  // A streaming HF loader stops after --num-dataset-entries rows: so do we, before decoding more.
  const size_t cap = config.num_dataset_entries_given ? size_t(config.num_dataset_entries) : SIZE_MAX;
  Dataset out;
  FallbackOutputLength osl(config);
  for (const std::filesystem::path& file : files) {
    if (out.entries.size() >= cap) break;
    for_each_hf_row({file}, columns_of(name), name, [&](const json& row, const std::string& where) {
      if (out.entries.size() >= cap) return;
      const RowPlace place{file, where};
      const VisionRow v = vision_row(name, RowReader(name, row, place));
      TurnMedia media;
      if (v.image) media.images.push_back(image_cell_url(*v.image, place, name));
      if (v.video) media.videos.push_back(video_cell_url(*v.video, place, name));
      DatasetEntry& e = add_row_entry(out, config, osl, v.text);
      if (media.images.empty() && media.videos.empty()) ++without_media;
      else e.parts.edit().turn_media.push_back(std::move(media));
    });
  }
  return out;
}

}  // namespace aiperf
