// Command-line tools built on the engine's libraries: perft and benchmarks.
#pragma once

#include <span>
#include <string_view>

namespace shuai::tools {

// `shuai perft DEPTH [FEN]`: one line per legal root move, then "Nodes searched: N". Returns an exit code.
int run_perft_command(std::span<const std::string_view> arguments);

// `shuai bench perft`: perft speed on a fixed set, fast generator against the full-test reference.
int run_bench_perft(std::span<const std::string_view> arguments);

}  // namespace shuai::tools
