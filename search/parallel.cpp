// The parallel search (Dynamic Tree Splitting in the manner of Hyatt's DTS): split points, helping at them,
// and joining with what the helpers learnt. The threads themselves are the pool's (thread_pool.h).
#include <algorithm>
#include <chrono>
#include <thread>

#include "search/search.h"

namespace shuai {

namespace {

// History rows are indexed by mailbox square; only this span holds board squares.
constexpr std::size_t kFirstBoardSquare = make_square(0, 0);
constexpr std::size_t kBoardSquaresEnd = make_square(kFileCount - 1, kRankCount - 1) + 1;

// Adds what a thread learnt working at a split point (its history now, against the copy it started from).
void add_history_gain(SplitPoint& split_point, const HistoryTable& now) {
  for (std::size_t piece = 0; piece < now.size(); ++piece)
    for (std::size_t square = kFirstBoardSquare; square < kBoardSquaresEnd; ++square)
      split_point.history_gain[piece][square] += now[piece][square] - split_point.history[piece][square];
}

// What the master knows after a join: its history at the split and what every thread learnt there.
void take_history_gain(SearchThread& master, const SplitPoint& split_point) {
  for (std::size_t piece = 0; piece < master.history.size(); ++piece)
    for (std::size_t square = kFirstBoardSquare; square < kBoardSquaresEnd; ++square)
      master.history[piece][square] =
          std::clamp(split_point.history[piece][square] + split_point.history_gain[piece][square],
                     -kHistoryMax, kHistoryMax);
}

}  // namespace

void take_principal_variation(SearchThread& master, const SplitPoint& split_point) {
  if (split_point.principal_variation_length < 0) return;
  const auto ply = std::size_t(split_point.node.ply);
  std::copy_n(split_point.principal_variation.begin(), split_point.principal_variation_length,
              master.principal_variation[ply].begin());
  master.principal_variation_length[ply] = split_point.principal_variation_length;
}

bool Searcher::may_split(const SearchThread& thread, int depth, bool pv_node, int moves_searched) const {
  return pool_.size() > 1 && depth >= options_.min_split_depth && (pv_node || moves_searched >= 2) &&
         idle_helpers_.load(std::memory_order_relaxed) > 0 &&
         thread.split_point_count.load(std::memory_order_relaxed) < SearchThread::kMaxSplitPoints;
}

SplitPoint& Searcher::split(SearchThread& thread, const NodeState& node, int alpha, int best, Move best_move,
                            int moves_searched, std::span<const Move> moves) {
  const int index = thread.split_point_count.load(std::memory_order_relaxed);
  SplitPoint& split_point = thread.split_points[std::size_t(index)];
  {
    std::lock_guard lock(split_point.mutex);
    split_point.parent.store(thread.active_split_point, std::memory_order_relaxed);
    split_point.cutoff.store(false, std::memory_order_relaxed);
    split_point.master = &thread;
    split_point.position = thread.position;
    split_point.history = thread.history;
    for (auto& row : split_point.history_gain)
      std::fill(row.begin() + kFirstBoardSquare, row.begin() + kBoardSquaresEnd, 0);
    split_point.stack = thread.stack;
    split_point.null_move_barred_below_ply = thread.null_move_barred_below_ply;
    split_point.node = node;
    split_point.moves.size = 0;
    for (const Move m : moves) split_point.moves.push(m);
    split_point.next_move = 0;
    split_point.exhausted.store(split_point.moves.size == 0, std::memory_order_relaxed);
    split_point.moves_searched = moves_searched;
    split_point.alpha.store(alpha, std::memory_order_relaxed);
    split_point.best = best;
    split_point.best_move = best_move;
    split_point.failed_high = split_point.refutation_path_dependent = false;
    split_point.any_child_path_dependent = false;
    split_point.principal_variation_length = -1;
    split_point.helpers = 0;
  }
  thread.split_point_count.store(index + 1, std::memory_order_release);
  thread.splits.fetch_add(1, std::memory_order_relaxed);
  split_point.joinable.store(true, std::memory_order_release);

  SplitPoint* const outer = thread.active_split_point;
  thread.active_split_point = &split_point;
  work_at(thread, split_point);
  {
    std::lock_guard lock(split_point.mutex);
    split_point.joinable.store(false, std::memory_order_relaxed);
    add_history_gain(split_point, thread.history);
  }
  // Helpful master: while helpers are still busy below, help them instead of waiting idle. Meanwhile it
  // counts as idle, so a helper below may split for it.
  idle_helpers_.fetch_add(1, std::memory_order_relaxed);
  auto waiting_since = std::chrono::steady_clock::now();
  while (true) {
    {
      std::lock_guard lock(split_point.mutex);
      if (split_point.helpers == 0) break;
    }
    if (help_or_wait(thread, &split_point, waiting_since))
      thread.position = split_point.position;  // back to this node's board
  }
  idle_helpers_.fetch_sub(1, std::memory_order_relaxed);
  thread.active_split_point = outer;
  take_history_gain(thread, split_point);
  if (split_point.failed_high) thread.split_cutoffs.fetch_add(1, std::memory_order_relaxed);
  // Closed: the slot is free for this thread's next split, which cannot come before the caller has read the
  // results (and an aborted caller does not read them).
  thread.split_point_count.store(index, std::memory_order_release);
  return split_point;
}

void Searcher::work_at(SearchThread& thread, SplitPoint& split_point) {
  const NodeState& node = split_point.node;  // written before the split point opened; read-only since
  const int ply = node.ply;
  while (!aborted(thread)) {
    Move m = kNoMove;
    int searched_before = 0, alpha_before = 0;
    {
      std::lock_guard lock(split_point.mutex);
      if (split_point.next_move >= split_point.moves.size) break;
      m = split_point.moves[split_point.next_move++];
      if (split_point.next_move >= split_point.moves.size)
        split_point.exhausted.store(true, std::memory_order_relaxed);
      searched_before = split_point.moves_searched;
      alpha_before = split_point.alpha.load(std::memory_order_relaxed);
    }
    MoveFacts facts;
    if (!enter_move(thread, node, m, searched_before, alpha_before, facts)) continue;
    int alpha = 0, moves_searched = 0;
    {
      std::lock_guard lock(split_point.mutex);
      moves_searched = ++split_point.moves_searched;
      alpha = split_point.alpha.load(std::memory_order_relaxed);
    }
    // The root's moves are announced by the thread that talks to the interface, as a serial search does, with
    // their place in the root move list (which stays as it is while the root's split point is open).
    if (ply == 0 && on_root_move_ && pool_.is_main_thread(thread)) {
      const auto place = std::find(root_moves_.begin(), root_moves_.end(), m) - root_moves_.begin();
      on_root_move_(m, int(place) + 1, node.depth);
    }
    const std::uint64_t nodes_before = thread.nodes.load(std::memory_order_relaxed);
    const std::uint64_t thrown_away_before = thread.thrown_away_nodes.load(std::memory_order_relaxed);
    const int score = search_move(thread, node, m, facts, alpha, moves_searched, &split_point.alpha);
    thread.position.unmake_move();
    // A cutoff here or above made this move's search useless: its nodes, but for those a split point below
    // has counted already, are the parallel search's loss (a serial search would not have searched it).
    const auto throw_away = [&] {
      thread.thrown_away_nodes.store(
          thrown_away_before + (thread.nodes.load(std::memory_order_relaxed) - nodes_before),
          std::memory_order_relaxed);
    };
    if (aborted(thread)) {
      if (!stop_.load(std::memory_order_relaxed)) throw_away();
      break;
    }
    const bool child_path_dependent = thread.stack[ply + 1].path_dependent;
    std::lock_guard lock(split_point.mutex);
    if (split_point.failed_high) {
      throw_away();
      break;
    }
    split_point.any_child_path_dependent |= child_path_dependent;
    if (score <= split_point.best) continue;
    split_point.best = score;
    if (score <= split_point.alpha.load(std::memory_order_relaxed)) continue;
    split_point.best_move = m;
    if (node.pv_node) {
      const int child_length = thread.principal_variation_length[ply + 1];
      split_point.principal_variation[0] = m;
      std::copy_n(thread.principal_variation[ply + 1].begin(), child_length,
                  split_point.principal_variation.begin() + 1);
      split_point.principal_variation_length = child_length + 1;
    }
    if (score >= node.beta) {
      split_point.failed_high = true;
      split_point.refutation_path_dependent = child_path_dependent;
      split_point.cutoff.store(true, std::memory_order_relaxed);
      break;
    }
    split_point.alpha.store(score, std::memory_order_relaxed);
  }
}

bool Searcher::help(SearchThread& thread, const SplitPoint* below) {
  for (const auto& owner : pool_.threads()) {
    const int count = owner->split_point_count.load(std::memory_order_acquire);
    for (int index = 0; index < count && index < SearchThread::kMaxSplitPoints; ++index) {
      SplitPoint& split_point = owner->split_points[std::size_t(index)];
      // Checked without the lock first, so that idle threads polling do not take the cache line of a lock the
      // threads working there need.
      if (!split_point.joinable.load(std::memory_order_acquire) ||
          split_point.exhausted.load(std::memory_order_relaxed) ||
          split_point.cutoff.load(std::memory_order_relaxed))
        continue;
      {
        std::lock_guard lock(split_point.mutex);
        if (!split_point.joinable.load(std::memory_order_relaxed) ||
            split_point.cutoff.load(std::memory_order_relaxed) ||
            split_point.next_move >= split_point.moves.size)
          continue;
        // An open split point's ancestors stay open, so its chain can be walked while it is locked.
        // Below `below` if asked, and not under a split point that has already failed high (its master is
        // about to close this one).
        bool is_below = below == nullptr, doomed = false;
        for (const SplitPoint* up = split_point.parent.load(std::memory_order_relaxed); up;
             up = up->parent.load(std::memory_order_relaxed)) {
          is_below |= up == below;
          doomed |= up->cutoff.load(std::memory_order_relaxed);
        }
        if (!is_below || doomed) continue;
        ++split_point.helpers;
        idle_helpers_.fetch_sub(1, std::memory_order_relaxed);
      }
      thread.position = split_point.position;
      thread.history = split_point.history;
      thread.stack = split_point.stack;
      const int own_barred_below_ply = thread.null_move_barred_below_ply;  // a master helping below its split
      thread.null_move_barred_below_ply = split_point.null_move_barred_below_ply;
      SplitPoint* const outer = thread.active_split_point;
      thread.active_split_point = &split_point;
      work_at(thread, split_point);
      thread.active_split_point = outer;
      thread.null_move_barred_below_ply = own_barred_below_ply;
      {
        std::lock_guard lock(split_point.mutex);
        --split_point.helpers;
        idle_helpers_.fetch_add(1, std::memory_order_relaxed);
      }
      return true;
    }
  }
  return false;
}

bool Searcher::help_or_wait(SearchThread& thread, const SplitPoint* below,
                            std::chrono::steady_clock::time_point& idle_since) {
  if (help(thread, below)) {
    idle_since = std::chrono::steady_clock::now();
    return true;
  }
  std::this_thread::yield();
  const auto now = std::chrono::steady_clock::now();
  thread.idle_nanoseconds.fetch_add(
      std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(now - idle_since).count()),
      std::memory_order_relaxed);
  idle_since = now;
  return false;
}

void Searcher::help_while_searching(SearchThread& thread) {
  idle_helpers_.fetch_add(1, std::memory_order_relaxed);
  auto idle_since = std::chrono::steady_clock::now();
  while (pool_.searching()) help_or_wait(thread, nullptr, idle_since);
  idle_helpers_.fetch_sub(1, std::memory_order_relaxed);
}

}  // namespace shuai
