// The positions the benchmarks search, compiled in from positions/.
#pragma once

#include <string>
#include <vector>

namespace shuai::commands {

// positions/bench.fen: the search benchmark's 31 positions, every phase.
std::vector<std::string> bench_positions();
// positions/mht-bench.fen: 36 opening-phase positions for the Minors Hash Table benchmarks.
std::vector<std::string> opening_bench_positions();
// positions/tactics.epd, whole: the tactics check's EPD lines (see bench.h, parse_tactics).
std::string tactics_positions_text();

}  // namespace shuai::commands
