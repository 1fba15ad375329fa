#include "media/jpeg_error_escape.h"

namespace aiperf {

void jpeg_error_escape(j_common_ptr info) {
  auto* err = reinterpret_cast<JpegErrorEscape*>(info->err);
  (*info->err->format_message)(info, err->message);
  std::longjmp(err->escape, 1);
}

}  // namespace aiperf
