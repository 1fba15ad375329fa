# Writes OUT, a C++ source holding every DIR/*.yaml as a string (the `aiperf config init`
# templates, so that the binary needs no data files). Run by the build with cmake -P.
file(GLOB files ${DIR}/*.yaml)
list(SORT files)
set(body "// Generated from templates/*.yaml by cmake/embed_templates.cmake.\n#include \"app/config_templates.h\"\n\nnamespace aiperf {\n\nstd::span<const BundledTemplate> bundled_templates() {\n  static const BundledTemplate kTemplates[] = {\n")
foreach(f ${files})
  get_filename_component(name ${f} NAME_WE)
  file(READ ${f} text)
  string(APPEND body "      {\"${name}\", R\"aiperf_yaml(${text})aiperf_yaml\"},\n")
endforeach()
string(APPEND body "  };\n  return kTemplates;\n}\n\n}  // namespace aiperf\n")
file(WRITE ${OUT}.tmp "${body}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
