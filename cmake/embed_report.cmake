# Writes OUT, a C++ source holding report.html's static parts as byte arrays: every file of
# REPORT_DIR (src/plot/report/: our page's script, styles and shell) and uPlot's script and
# styles from UPLOT_DIR (third_party/uplot/), so that `aiperf plot` needs no data files.
# Byte arrays rather than raw string literals: MSVC caps a string literal at 64 KiB, and bytes
# need no escaping whatever the files hold. Run by the build with cmake -P.
file(GLOB files ${REPORT_DIR}/*)
list(SORT files)
list(APPEND files ${UPLOT_DIR}/uPlot.iife.min.js ${UPLOT_DIR}/uPlot.min.css)
set(arrays "")
set(table "")
set(i 0)
foreach(f ${files})
  get_filename_component(name ${f} NAME)
  file(READ ${f} hex HEX)
  # Two hex digits per byte, then 20 bytes per line; a NUL ends every array (never counted) so
  # that an empty file is still a valid array.
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," hex "${hex}")
  string(REGEX REPLACE "((0x..,){20})" "\\1\n    " hex "${hex}")
  string(APPEND arrays "// ${name}\nconst unsigned char k${i}[] = {\n    ${hex}0x00};\n\n")
  string(APPEND table "      {\"${name}\", std::string_view(reinterpret_cast<const char*>(k${i}), sizeof k${i} - 1)},\n")
  math(EXPR i "${i} + 1")
endforeach()
set(body "// Generated from src/plot/report/ and third_party/uplot/ by cmake/embed_report.cmake.\n")
string(APPEND body "#include \"plot/report_assets.h\"\n\nnamespace aiperf::plot {\nnamespace {\n\n${arrays}")
string(APPEND body "}  // namespace\n\nstd::span<const ReportAsset> report_assets() {\n")
string(APPEND body "  static const ReportAsset kAssets[] = {\n${table}  };\n  return kAssets;\n}\n\n}  // namespace aiperf::plot\n")
file(WRITE ${OUT}.tmp "${body}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
