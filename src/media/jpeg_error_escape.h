#pragma once
// libjpeg's default error handler calls exit(), and C++ exceptions must not cross its C frames:
// the usual setjmp/longjmp escape, with no C++ object alive between the two. Shared by the
// encoder (jpeg_encoder.cpp) and the decoder (image_decoder.cpp):
//   JpegErrorEscape err;
//   info.err = jpeg_std_error(&err.base);
//   err.base.error_exit = jpeg_error_escape;
//   if (setjmp(err.escape)) { /* destroy info; err.message says why */ }
#include <csetjmp>
#include <cstdio>  // jpeglib.h needs FILE declared first
#include <jpeglib.h>

namespace aiperf {

struct JpegErrorEscape {
  jpeg_error_mgr base;
  std::jmp_buf escape;
  char message[JMSG_LENGTH_MAX];
};

// error_exit for a jpeg_error_mgr that is the `base` of a JpegErrorEscape: formats the message
// into it and longjmps to `escape`.
[[noreturn]] void jpeg_error_escape(j_common_ptr info);

}  // namespace aiperf
