// The state of one search thread, which no other thread writes.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

#include "engine/board/position.h"
#include "eval/evaluator.h"
#include "eval/score.h"
#include "search/history.h"
#include "search/node.h"
#include "search/split_point.h"

namespace shuai {

// Everything one search thread owns: its board, its stacks, its ordering tables and its counters.
// Aligned to cache lines so that no two threads' objects share one.
struct alignas(64) SearchThread {
  static constexpr int kMaxSplitPoints = 8;

  Position position;
  Evaluator evaluator;
  std::array<StackFrame, kMaxPly + 2> stack{};
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> principal_variation{};
  std::array<int, kMaxPly + 1> principal_variation_length{};
  HistoryTable history{};
  // Null-move verification: no passing at plies below this one (0: passing anywhere), while a pass that
  // failed high is checked by a search of its node without it.
  int null_move_barred_below_ply = 0;
  // Written at every node: on a cache line of its own, away from what other threads read.
  alignas(64) std::atomic<std::uint64_t> nodes{
      0};  // written by its thread only; read by the reporting thread
  std::atomic<int> selective_depth{0};
  // Parallel search: split points this thread opened, and the time it spent looking for work (idle helper or
  // a master waiting on its helpers) in this search.
  std::atomic<std::uint64_t> splits{0}, idle_nanoseconds{0};
  // Parallel search's overhead by kind: split points this thread opened that failed high (a serial search
  // would not have searched their later moves); nodes of split-point moves that a cutoff made useless
  // (stopped by it, or finished after it); nodes of searches at a split point redone because another thread
  // had raised alpha meanwhile.
  std::atomic<std::uint64_t> split_cutoffs{0}, thrown_away_nodes{0}, stale_alpha_nodes{0};
  std::atomic<std::uint64_t> tablebase_hits{0};  // nodes ended by a tablebase

  // Parallel search: the split points this thread is master of (a stack), and the one it works for now.
  std::array<SplitPoint, kMaxSplitPoints> split_points;
  alignas(64) std::atomic<int> split_point_count{0};     // read by idle threads looking for work
  alignas(64) SplitPoint* active_split_point = nullptr;  // read at every node by its own thread
};

}  // namespace shuai
