// The positions `shuai bench` searches (positions/bench.fen, compiled in).
#pragma once

#include <string>
#include <vector>

namespace shuai::tools {

extern const char* const kBenchPositionsText;

// The FENs of positions/bench.fen, comments and blank lines dropped.
std::vector<std::string> bench_positions();

}  // namespace shuai::tools
