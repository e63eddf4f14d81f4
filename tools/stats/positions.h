// The positions a statistics run searches, read from a file, and the paper's five majors buckets.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "engine/board/position.h"

namespace shuai::stats {

// The MHT paper's phases by majors material value (rook 2, horse 1, cannon 1, both sides): 11-16, 9-10,
// 7-8, 4-6, 0-3. Index 0 is the opening bucket.
inline constexpr int kBucketCount = 5;
int bucket_of(int majors_value);
std::string bucket_name(int bucket);

struct StatsPosition {
  std::string fen;
  Position position;
  int bucket = 0;  // of the position's own majors value
};

// Reads one of the project's position files (see engine/board/position_file.h). An error message (file and
// line) when the file cannot be read or a FEN is not a legal position.
std::variant<std::vector<StatsPosition>, std::string> load_positions(const std::string& path);

}  // namespace shuai::stats
