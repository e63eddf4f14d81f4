// The figures of the MHT paper (Wang, Li and Xu; NEUCHESS on 2009 hardware), printed beside ours. MHT sizes
// are by entry count: the paper's entries are three 64-bit words like ours, so 24 MB is 2^20 entries.
#pragma once

#include <cmath>
#include <cstdint>
#include <string_view>

namespace shuai::stats::paper {

// Table 2, by majors bucket (11-16, 9-10, 7-8, 4-6, 0-3).
inline constexpr std::uint64_t kMinorsStates[5] = {533'855, 632'869, 1'720'133, 1'553'888, 214'442};
inline constexpr std::uint64_t kMajorsStates[5] = {23'236'341, 6'112'267, 3'793'245, 1'392'894, 92'086};
inline constexpr std::uint64_t kLeafEvaluations[5] = {36'592'662, 11'467'666, 9'852'583, 5'902'084, 719'429};
inline constexpr double kMiur[5] = {0.985, 0.945, 0.825, 0.737, 0.702};
inline constexpr double kMaur[5] = {0.365, 0.467, 0.615, 0.764, 0.872};

// The figures by MHT size are NaN at sizes the paper did not measure: the tables print "—" there and the
// charts leave a gap.
namespace detail {
template <std::size_t N>
inline double by_size(const double (&figures)[N], int first_log2, int log2) {
  if (log2 < first_log2 || log2 >= first_log2 + int(N)) return std::nan("");
  return figures[log2 - first_log2];
}
inline constexpr double kHitRate[] = {0.9834, 0.9870, 0.9896, 0.9908, 0.9914, 0.9918};           // 2^20..
inline constexpr double kTimeSaved[] = {0.1459, 0.1531, 0.1609, 0.1630, 0.1645, 0.1652, 0.1609,  // 2^17..
                                        0.1588, 0.1524};
inline constexpr double kResetDifference[] = {0.0018, 0.0003, 0.0012, 0.0011, 0.0030, 0.0042};      // 2^20..
inline constexpr double kAverageOccupancyWithReset[] = {0.655, 0.469, 0.297, 0.169, 0.092, 0.048};  // 2^20..
inline constexpr double kPeakOccupancyWithoutReset[] = {0.999, 0.998, 0.996, 0.944, 0.759, 0.511};  // 2^20..
inline constexpr double kPeakMoveWithoutReset[] = {18, 52, 69, 76, 76, 76};                         // 2^20..
}  // namespace detail

// Table 4: probe hit rate on opening positions (2^20..2^25 entries).
inline double hit_rate(int log2) {
  return detail::by_size(detail::kHitRate, 20, log2);
}
// Table 5: time saved (2^17..2^25 entries); without the MHT the average time was 1398 s.
inline double time_saved(int log2) {
  return detail::by_size(detail::kTimeSaved, 17, log2);
}
// Table 7: (T_no_reset - T_reset) / T_reset over self-play games (24 MB .. 768 MB).
inline double reset_difference(int log2) {
  return detail::by_size(detail::kResetDifference, 20, log2);
}
// Table 8: average occupancy, reset after every move. Table 9: peak occupancy without reset, and the move at
// which it is reached.
inline double average_occupancy_with_reset(int log2) {
  return detail::by_size(detail::kAverageOccupancyWithReset, 20, log2);
}
inline double peak_occupancy_without_reset(int log2) {
  return detail::by_size(detail::kPeakOccupancyWithoutReset, 20, log2);
}
inline double peak_move_without_reset(int log2) {
  return detail::by_size(detail::kPeakMoveWithoutReset, 20, log2);
}

// Table 6: MHT improvement by the forward pruning enabled.
struct PruningFigure {
  std::string_view setting;
  double time_saved;
};
inline constexpr PruningFigure kPruning[] = {{"none", 0.1552},
                                             {"late move reductions", 0.1399},
                                             {"razoring and futility", 0.1360},
                                             {"null move", 0.1291},
                                             {"all", 0.1287}};

// Section 7: MHT collisions met per search in parallel search without the lockless encoding (about 8 on
// average, 26 at worst, over searches of about 15 million nodes); none with it.
inline constexpr double kCollisionsPerSearchWithoutLockless = 8;
inline constexpr double kCollisionsPerSearchWithLockless = 0;

}  // namespace shuai::stats::paper
