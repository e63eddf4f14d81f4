// What the search keeps per ply (a stack frame), what a node knows about itself when it searches its moves
// (shared with helper threads at a split point), and whether a node's result may be stored.
#pragma once

#include <array>

#include "eval/score.h"
#include "search/history.h"
#include "search/search_parameters.h"
#include "search/transposition_table.h"

namespace shuai {

struct StackFrame {
  std::array<Move, 2> killers{};
  bool path_dependent = false;  // the score came through a repetition or move-limit ruling
  bool reached_by_null_move = false;
  Move move = kNoMove;  // the move made from this ply (kNoMove for a null move)
  // The continuation row of that move: how quiet replies to it have fared.
  const PieceToStatistics* continuation = nullptr;
  int static_evaluation = kNoStaticEvaluation;  // none when in check; corrected by the correction history
  int raw_evaluation = kNoStaticEvaluation;     // the same before the correction, as the table keeps it
  Move excluded_move = kNoMove;                 // the singular-extension test searches without this move
  Move best_move = kNoMove;                     // the node's best move (after a null move: the threat)
  // At the ply below a node: how many of its children searched so far failed high themselves (their
  // replies refuted our moves), so that its later moves may be reduced more.
  int cutoff_count = 0;
  // How many two-ply singular extensions the line from the root to this node took (singular_double_max).
  int double_extensions = 0;
};

struct NodeState {
  int beta = 0, depth = 0, ply = 0;
  bool pv_node = false, in_check = false;
  bool cut_node = false;  // expected to fail high
  bool table_pv = false;  // on the principal variation now, or when the table stored the node
  int static_evaluation = kNoStaticEvaluation;
  bool improving = false;  // the static evaluation rose since the side to move's last turn
  // Forward pruning of moves applies at this node (off at the root, in check, with pruning switched off, and
  // when passing lost to a mate or the window asks for a mate: then every move may matter).
  bool prune_moves = false;
  // The window asks for a mate (or a longer defence): late moves are then not reduced (unless the
  // reduction_mate_window parameter says so).
  bool mate_window = false;
  Move table_move = kNoMove;
  bool table_move_is_capture = false;
  // The table move's extension as the singular search found it: 1 singular, 2 singular by far, -1 not even
  // best, 0 untested.
  int singular_extension = 0;
  Move threat = kNoMove;  // what the opponent would play if this side passed
};

// A result that came through a repetition or move-limit ruling holds only on this path: stored anyway (1), or
// unless the ruling decided the game (2), or not (0).
inline bool may_store(const SearchParameters& parameters, bool path_dependent, int score) {
  if (!path_dependent || parameters.store_path_dependent == 1) return true;
  return parameters.store_path_dependent == 2 && !is_decisive_score(score);
}

}  // namespace shuai
