// Timing one search from cleared tables.
#include "search/timed_search.h"

#include <chrono>

namespace shuai {

TimedSearch timed_search(Searcher& searcher, const Position& position, const SearchLimits& limits) {
  // Cleared tables and statistics: the search depends on nothing that ran before (the move-ordering
  // statistics are kept from one search to the next otherwise).
  searcher.table().clear();
  if (searcher.options().use_minors_table) searcher.minors_table().clear();
  searcher.clear_histories();
  const auto start = std::chrono::steady_clock::now();
  TimedSearch timed;
  timed.result = searcher.search(position, limits);
  timed.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return timed;
}

bool same_search(const SearchResult& a, const SearchResult& b) {
  return a.nodes == b.nodes && a.best_move == b.best_move && a.score == b.score && a.depth == b.depth;
}

}  // namespace shuai
