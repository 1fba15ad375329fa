#pragma once
// multipart/form-data bodies of the form endpoints (workloads-and-endpoints.md §6.5): one
// builder per endpoint type lists its parts; build_form_body picks it and encodes the parts
// under the run's boundary. request_builder.cpp sends every turn of a multipart run here.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/profile_config.h"
#include "dataset/dataset.h"
#include "endpoints/multipart_form.h"

namespace aiperf {

// The encoded body of turn `turn` (0-based). Throws ConfigError when the turn lacks what the
// endpoint must upload (e.g. audio_transcription without audio), naming the conversation.
std::string build_form_body(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn);

// Per endpoint type: the parts of one turn's form, in the order they are sent.
std::vector<FormPart> audio_transcription_form_parts(const EndpointSettings& config, const DatasetEntry& entry,
                                                     uint32_t turn);
std::vector<FormPart> video_generation_form_parts(const EndpointSettings& config, const DatasetEntry& entry,
                                                  uint32_t turn);

std::vector<FormPart> image_edit_form_parts(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn);

// Helpers for the builders above.
// The model turn `turn` is sent to: the turn's own, else the conversation's, else the first --model.
const std::string& form_turn_model(const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn);
// Appends `fields` (the endpoint's own text fields, in order) with --extra-inputs and then the
// turn's extra body merged over them (a later value replaces an earlier one in its slot, as
// in JSON bodies, §7.1). Keys in `reserved` (the endpoint's file parts) are dropped from the
// extras with one warning per key per run.
void append_fields_with_extras(std::vector<FormPart>& parts, nlohmann::ordered_json fields,
                               const EndpointSettings& config, const DatasetEntry& entry, uint32_t turn,
                               std::initializer_list<std::string_view> reserved);

}  // namespace aiperf
