// Definition 2 of the MHT paper over a stream of leaf evaluations: N evaluations, MI distinct minors states,
// MA distinct majors states, MIUR = 1 - MI/N, MAUR = 1 - MA/N. Exact: the distinct states are kept.
#pragma once

#include <cstdint>

#include "tools/stats/distinct_counter.h"

namespace shuai::stats {

class UnchangedRates {
 public:
  void add(std::uint64_t minors_signature, std::uint64_t majors_signature) {
    ++evaluations_;
    minors_.insert(minors_signature);
    majors_.insert(majors_signature);
  }

  std::uint64_t evaluations() const { return evaluations_; }                   // N
  std::uint64_t minors_states() const { return minors_.distinct(); }           // MI
  std::uint64_t majors_states() const { return majors_.distinct(); }           // MA
  double minors_unchanged_rate() const { return rate_left(minors_states()); }  // MIUR (NaN when N = 0)
  double majors_unchanged_rate() const { return rate_left(majors_states()); }  // MAUR

 private:
  double rate_left(std::uint64_t distinct) const;

  DistinctCounter minors_, majors_;
  std::uint64_t evaluations_ = 0;
};

}  // namespace shuai::stats
