// The statistics runs' positions, read by the tools' position-file reader, and their majors buckets.
#include "tools/stats/positions.h"

#include <utility>

#include "engine/board/position_file.h"

namespace shuai::stats {

int bucket_of(int majors_value) {
  if (majors_value >= 11) return 0;
  if (majors_value >= 9) return 1;
  if (majors_value >= 7) return 2;
  if (majors_value >= 4) return 3;
  return 4;
}

std::string bucket_name(int bucket) {
  static constexpr const char* kNames[kBucketCount] = {"11-16", "9-10", "7-8", "4-6", "0-3"};
  return bucket >= 0 && bucket < kBucketCount ? kNames[bucket] : "?";
}

std::variant<std::vector<StatsPosition>, std::string> load_positions(const std::string& path) {
  auto read = read_position_file(path);
  if (auto* error = std::get_if<std::string>(&read)) return std::move(*error);
  std::vector<StatsPosition> positions;
  for (PositionLine& line : std::get<std::vector<PositionLine>>(read))
    positions.push_back({std::move(line.fen), line.position, bucket_of(line.position.majors_value())});
  return positions;
}

}  // namespace shuai::stats
