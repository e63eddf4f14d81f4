// The shuai-stats program (see stats.h and `shuai-stats --help`).
#include <cstdio>
#include <string_view>
#include <vector>

#include "tools/common/data_directory.h"
#include "tools/stats/stats.h"

int main(int argc, char** argv) {
  const std::vector<std::string_view> arguments(argv + 1, argv + argc);
  return shuai::stats::run_stats(arguments, shuai::tools::positions_directory(), stdout, stderr);
}
