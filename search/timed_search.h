// One measured search for the benchmarks and the statistics runs: tables cleared first, wall time taken.
#pragma once

#include "search/search.h"

namespace shuai {

struct TimedSearch {
  SearchResult result;
  double seconds = 0;
};
// Clears the transposition table (and the MHT when the search uses it), then searches: every measured
// search starts from the same state.
TimedSearch timed_search(Searcher& searcher, const Position& position, const SearchLimits& limits);

// Same search, whatever the MHT or the thread count did to its speed: node count, move, score and depth.
bool same_search(const SearchResult& a, const SearchResult& b);

}  // namespace shuai
