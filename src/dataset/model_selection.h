#pragma once
// Several --model names (cli-and-load.md §3.1, workloads-and-endpoints.md §7.1): every turn is
// given one when the dataset is built, by --model-selection-strategy.
#include "config/profile_config.h"
#include "dataset/dataset.h"

namespace aiperf {

// round_robin: the n-th turn of the dataset (conversations in order, their turns in order) gets
// model n mod N; random: a uniform pick from the seeded stream "composer.turn.model_selection".
// Turns whose model the dataset fixed (a trace's per-turn model, a verbatim body) keep it.
// One model name: nothing to do.
void assign_turn_models(const DatasetBuildSettings& config, Dataset& dataset);

}  // namespace aiperf
