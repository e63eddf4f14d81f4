// The quiet leaf of a position: where the search's quiescence ends, for the evaluation tuner's training data.
#include "search/search.h"

#include <utility>

namespace shuai {

Position Searcher::quiet_leaf(const Position& position) {
  // No limits: nothing from an earlier search may stop this one.
  limits_ = SearchLimits{};
  iteration_depth_ = 0;
  ponder_clock_pending_ = false;
  stop_.store(false, std::memory_order_relaxed);
  pondering_.store(false, std::memory_order_relaxed);
  prepare_minors_table(position);
  // The shared ordering statistics are left as the last search left them: clearing them costs more than a
  // quiescence search, and this search does not write them (a Searcher that only finds leaves keeps them
  // empty).

  SearchThread& thread = pool_.main_thread();
  thread.position = position;
  thread.position.reserve_history(2 * kMaxPly);
  thread.evaluator.set_table(options_.use_minors_table ? &minors_table_ : nullptr);
  thread.evaluator.settings() = options_.evaluation;
  thread.history = {};
  thread.stack.fill({});
  thread.active_split_point = nullptr;
  // The leaf is where the captures end: the quiet checks the game's search follows at quiescence's first ply
  // would end the line in check, which the tuner's static evaluation cannot judge.
  const int quiet_checks = std::exchange(options_.parameters.quiescence_checks, 0);
  quiescence(thread, -kInfiniteScore, kInfiniteScore, 0);
  options_.parameters.quiescence_checks = quiet_checks;

  // The line is replayed on the caller's board, so the leaf keeps the game's history behind it.
  Position leaf = position;
  for (int i = 0; i < thread.principal_variation_length[0]; ++i)
    leaf.make_move(thread.principal_variation[0][i]);
  return leaf;
}

}  // namespace shuai
