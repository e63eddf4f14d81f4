// A split point of the parallel search: a node whose remaining moves several threads search together, and
// the small locks the parallel search needs.
#pragma once

#include <array>
#include <atomic>
#include <thread>

#include "engine/board/movegen.h"
#include "engine/board/position.h"
#include "eval/score.h"
#include "search/history.h"
#include "search/node.h"

namespace shuai {

struct SearchThread;

// Busy-waiting without giving up the processor: a thread that yields or sleeps during a search may be put
// back on its waker's processor and then the two share one core.
inline void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  std::this_thread::yield();
#endif
}

// A split point's lock: held for a few instructions at a time, so waiting spins instead of sleeping (a
// sleeping waiter costs a system call and a wake-up, far more than the work the lock guards).
class SpinLock {
 public:
  void lock() {
    while (locked_.exchange(true, std::memory_order_acquire))
      while (locked_.load(std::memory_order_relaxed)) spin_pause();
  }
  void unlock() { locked_.store(false, std::memory_order_release); }

 private:
  std::atomic<bool> locked_{false};
};

// A node whose remaining moves several threads search together (Dynamic Tree Splitting in the manner of
// Hyatt's DTS and of young-brothers-wait: a node splits only after its first move is searched). The master
// thread fills it in; helpers copy its position and take moves from its list. Fields marked "guarded" are
// read and written under `mutex`; the rest are written by the master before the split point opens.
struct alignas(64) SplitPoint {
  // Read at every node by the threads below it, and by idle threads looking for work; written rarely. A cache
  // line apart from the lock, which the threads working here write at every move.
  std::atomic<SplitPoint*> parent{nullptr};  // the split point the master was working for, if any
  std::atomic<bool> cutoff{false};           // a move failed high: every thread below stops
  std::atomic<bool> joinable{false};         // open to helpers
  std::atomic<bool> exhausted{false};        // every move handed out: nothing for a newcomer
  alignas(64) SpinLock mutex;
  SearchThread* master = nullptr;
  Position position;  // the node
  NodeState node;
  MoveList moves;  // the remaining moves, in the order the master's move picker gave them
  // The master's move-ordering statistics, so a helper orders its moves as well as the master would: its
  // history, and its stack (killers from the split node's ply down; the earlier moves, their continuation
  // rows and static evaluations above it). The continuation and capture histories are shared by all threads.
  HistoryTable history{};
  std::array<StackFrame, kMaxPly + 2> stack{};
  int null_move_barred_below_ply = 0;  // the master's, so that a helper inside a verification search keeps it
  // guarded: what the threads working here added to `history`, summed, so that the master continues after
  // the join with what a single thread would have learnt from these moves.
  HistoryTable history_gain{};
  // guarded:
  int next_move = 0;
  int moves_searched = 0;
  std::atomic<int> alpha{0};  // written under the lock; read without it by threads deciding on a re-search
  int best = 0;
  Move best_move = kNoMove;
  bool failed_high = false, refutation_path_dependent = false, any_child_path_dependent = false;
  std::array<Move, kMaxPly + 1> principal_variation{};
  int principal_variation_length = -1;  // -1: no move of the split raised alpha
  int helpers = 0;
};

// The line a closed split point's best move leads to becomes the master's at that ply (if a move raised
// alpha there).
void take_principal_variation(SearchThread& master, const SplitPoint& split_point);

}  // namespace shuai
