#include "telemetry/gpu_fields.h"

#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "common/trim.h"

namespace aiperf {

const std::vector<GpuField>& default_gpu_fields() {
  // DCGM reports energy in mJ and framebuffer memory in MiB; upstream publishes MJ and GB. It
  // scales the power-violation time by 1e-3 although DCGM's help says the field is already µs;
  // we keep its numbers so that results compare (docs/telemetry.md).
  static const std::vector<GpuField> fields = {
      {"nvidia_power_usage", "NVIDIA GPU Power Usage", "W", "DCGM_FI_DEV_POWER_USAGE", 1, false},
      {"nvidia_energy_consumption", "NVIDIA Energy Consumption", "MJ", "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", 1e-9,
       true},
      {"nvidia_gpu_utilization", "NVIDIA GPU Utilization", "%", "DCGM_FI_DEV_GPU_UTIL", 1, false},
      {"nvidia_memory_used", "NVIDIA GPU Memory Used", "GB", "DCGM_FI_DEV_FB_USED", 1.048576e-3, false},
      {"nvidia_temperature", "NVIDIA GPU Temperature", "°C", "DCGM_FI_DEV_GPU_TEMP", 1, false},
      {"nvidia_memory_utilization", "NVIDIA Memory Utilization", "%", "DCGM_FI_DEV_MEM_COPY_UTIL", 1, false},
      {"nvidia_sm_utilization", "NVIDIA SM Utilization", "%", "DCGM_FI_PROF_SM_ACTIVE", 100, false},
      {"nvidia_decoder_utilization", "NVIDIA Decoder Utilization", "%", "DCGM_FI_DEV_DEC_UTIL", 1, false},
      {"nvidia_encoder_utilization", "NVIDIA Encoder Utilization", "%", "DCGM_FI_DEV_ENC_UTIL", 1, false},
      {"nvidia_jpg_utilization", "NVIDIA JPEG Utilization", "%", "", 1, false},
      {"nvidia_xid_errors", "NVIDIA XID Errors", "count", "DCGM_FI_DEV_XID_ERRORS", 1, true},
      {"nvidia_power_violation", "NVIDIA Power Violation", "µs", "DCGM_FI_DEV_POWER_VIOLATION", 1e-3, true},
  };
  return fields;
}

namespace {

std::string gpu_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// "(in MiB)" in a help text: the unit we publish and the factor to it. MiB become MB (×1.048576)
// so that the label never names a unit the number is not in.
struct GpuUnit {
  std::string unit;
  double scale = 1;
};
GpuUnit gpu_unit_of(std::string_view source_unit) {
  if (source_unit == "MiB") return {"MB", 1.048576};
  if (source_unit == "C") return {"°C", 1};
  if (source_unit == "us") return {"µs", 1};
  return {std::string(source_unit), 1};
}

// "SM clock frequency (in MHz)." → label "SM Clock Frequency", unit MHz.
void gpu_describe_from_help(std::string_view help, GpuField& field) {
  std::string text(help);
  if (size_t open = text.find("(in "); open != std::string::npos) {
    if (size_t close = text.find(')', open); close != std::string::npos) {
      GpuUnit u = gpu_unit_of(trim_whitespace(std::string_view(text).substr(open + 4, close - open - 4)));
      field.unit = u.unit;
      field.scale = u.scale;
      text.erase(open, close - open + 1);
    }
  }
  std::string_view rest = trim_whitespace(text);
  while (!rest.empty() && rest.back() == '.') rest.remove_suffix(1);
  std::string label;
  bool word_start = true;
  for (char c : trim_whitespace(rest)) {
    label += word_start ? char(std::toupper(static_cast<unsigned char>(c))) : c;
    word_start = c == ' ';
  }
  field.label = label;
}

}  // namespace

std::vector<GpuField> parse_gpu_field_csv(std::string_view text, const std::string& source) {
  std::vector<GpuField> fields;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string_view row = trim_whitespace(line);
    if (row.empty() || row.front() == '#') continue;
    auto fail = [&](const std::string& what) {
      throw std::invalid_argument(source + ":" + std::to_string(number) + ": " + what);
    };
    const size_t c1 = row.find(',');
    const size_t c2 = c1 == std::string_view::npos ? c1 : row.find(',', c1 + 1);
    if (c2 == std::string_view::npos) fail("expected 'DCGM_FI_<FIELD>, <gauge|counter>, <help>'");
    const std::string_view dcgm = trim_whitespace(row.substr(0, c1));
    const std::string type = gpu_lower(trim_whitespace(row.substr(c1 + 1, c2 - c1 - 1)));
    const std::string_view help = trim_whitespace(row.substr(c2 + 1));
    if (!dcgm.starts_with("DCGM_FI_")) fail("'" + std::string(dcgm) + "' is not a DCGM field (DCGM_FI_...)");
    if (type == "label") continue;  // dcgm-exporter adds these as labels of every series
    if (type != "gauge" && type != "counter") fail("type '" + type + "': expected gauge, counter or label");
    GpuField field;
    field.dcgm_name = std::string(dcgm);
    const std::string_view stem = dcgm.starts_with("DCGM_FI_DEV_") ? dcgm.substr(12) : dcgm.substr(8);
    field.name = "nvidia_" + gpu_lower(stem);
    field.counter = type == "counter";
    gpu_describe_from_help(help, field);
    if (field.label.empty()) field.label = field.name;
    bool seen = false;
    for (const GpuField& f : fields) seen = seen || f.dcgm_name == field.dcgm_name;
    if (!seen) fields.push_back(std::move(field));
  }
  return fields;
}

std::vector<GpuField> load_gpu_field_csv(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::invalid_argument(path.string() + ": cannot read the GPU field file");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_gpu_field_csv(text.str(), path.string());
}

std::vector<GpuField> gpu_fields_with(const std::vector<GpuField>& custom) {
  std::vector<GpuField> fields = default_gpu_fields();
  for (const GpuField& extra : custom) {
    bool known = false;
    for (const GpuField& f : fields) known = known || f.dcgm_name == extra.dcgm_name || f.name == extra.name;
    if (!known) fields.push_back(extra);
  }
  return fields;
}

}  // namespace aiperf
