// Builds the precompiled header the libraries share (CMakeLists.txt, AIPERF_PCH); no code of its own.
