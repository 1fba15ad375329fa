#include "dataset/dataset_build_settings.h"

namespace aiperf {

DatasetBuildSettings::DatasetBuildSettings(const ProfileConfig& c)
    : DatasetSettings(c),
      model_names(c.model_names),
      model_selection(c.model_selection),
      endpoint_type(c.endpoint_type),
      extra_inputs(c.extra_inputs),
      streaming(c.streaming),
      use_legacy_max_tokens(c.use_legacy_max_tokens),
      per_chunk_usage(c.per_chunk_usage),
      conversation_num(c.conversation_num),
      request_count(c.request_count),
      fixed_schedule(c.fixed_schedule),
      dataset_size_(c.dataset_size()) {}

}  // namespace aiperf
