// The evaluator one search thread uses: minors record from the shared Minors Hash Table (or computed and
// stored on a miss), then the global evaluation on top. Keeps this thread's MHT statistics.
#pragma once

#include <cstdint>

#include "engine/board/position.h"
#include "eval/evaluation_tables.h"
#include "eval/minors_info.h"
#include "eval/minors_table.h"
#include "eval/phase.h"

namespace shuai {

struct MinorsStatistics {
  std::uint64_t probes = 0;
  std::uint64_t hits = 0;
  std::uint64_t stores = 0;
  std::uint64_t verified_hits = 0;
  std::uint64_t disagreements = 0;  // verification mode: a hit whose record differs from recomputation

  MinorsStatistics& operator+=(const MinorsStatistics& other);
  double hit_rate() const { return probes ? double(hits) / double(probes) : 0.0; }
};

// Sees every position the evaluator evaluates: the statistics tools count leaf evaluations with it (the MHT
// paper's Table 2). Called on the evaluating thread, so with several search threads it must be thread-safe.
class EvaluationObserver {
 public:
  virtual ~EvaluationObserver() = default;
  virtual void on_evaluation(const Position& position) = 0;
};

struct EvaluationSettings {
  Knowledge knowledge = Knowledge::kLarge;
  bool verify_minors_hits = false;         // recompute the minors on every hit and count disagreements
  EvaluationObserver* observer = nullptr;  // none in play: then evaluate() pays one untaken branch
  // The weights. Minors Hash Table entries hold scores made with them: clear the table when they change.
  const EvaluationTables* tables = &default_evaluation_tables();
};

class Evaluator {
 public:
  // A null or disabled table means the minors are computed at every call.
  explicit Evaluator(MinorsTable* table = nullptr) : table_(table) {}

  void set_table(MinorsTable* table) { table_ = table; }
  EvaluationSettings& settings() { return settings_; }
  const EvaluationSettings& settings() const { return settings_; }

  // From the side to move's point of view; |score| < kMaxEvaluation.
  int evaluate(const Position& position);
  // The minors record of the position, through the table when there is one.
  MinorsInfo minors(const Position& position);

  const MinorsStatistics& statistics() const { return statistics_; }
  void clear_statistics() { statistics_ = {}; }

 private:
  MinorsTable* table_;
  EvaluationSettings settings_;
  MinorsStatistics statistics_;
};

}  // namespace shuai
