// What `aiperf plot` reads from a run directory (src/plot/): profile_export.jsonl records,
// profile_export_aiperf.json and its timeslices, and the plot settings YAML, each hostile.
// Input: one selector byte (0: records, 1: summary, 2: timeslices, 3: plot settings, 4: GPU
// telemetry samples), then the
// file. A refused file is a std::exception naming it; the charts built from an accepted one must
// build (NaN, huge and negative values included) without crashing.
#include <cstdint>
#include <string>

#include "fuzz_input.h"
#include "input_bounds.h"
#include "plot/gpu_telemetry.h"
#include "plot/multi_run_charts.h"
#include "plot/plot_settings.h"
#include "plot/run_artifacts.h"
#include "plot/single_run_charts.h"
#include "scratch_dir.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const aiperf::fuzz::ScratchDir scratch;
  aiperf::fuzz::FuzzInput in(data, size);
  const uint8_t mode = in.take_byte() % 5;
  if (!aiperf::fuzz::within_loader_bounds(in.rest())) return -1;  // -1: not added to the corpus
  namespace plot = aiperf::plot;
  try {
    if (mode == 0) {
      plot::RunArtifacts run;
      run.requests = plot::read_request_table(scratch.write("profile_export.jsonl", in.rest()));
      (void)plot::single_run_charts(run);
    } else if (mode == 1) {
      const plot::RunArtifacts run = plot::read_run(scratch.write("profile_export_aiperf.json", in.rest()).parent_path(), false);
      plot::RunPoint a{.name = "a", .series = "s", .label = plot::load_label(run.summary), .summary = run.summary};
      plot::RunPoint b = a;
      b.name = "b";
      (void)plot::multi_run_charts({a, b}, std::nullopt);
      (void)plot::mean_summary({run.summary, run.summary});
      (void)plot::telemetry_gpu_count(run.summary);
    } else if (mode == 2) {
      plot::RunArtifacts run;
      run.timeslices_json = scratch.write("profile_export_aiperf_timeslices.json", in.rest());
      (void)plot::single_run_charts(run);
    } else if (mode == 3) {
      (void)plot::read_plot_settings(scratch.write("plot_config.yaml", in.rest()));
    } else {
      (void)plot::read_gpu_utilization(scratch.write("gpu_telemetry_export.jsonl", in.rest()), 1);
    }
  } catch (const std::exception&) {
    // A refused file: what a user sees as the error message.
  }
  return 0;
}
