// Move ordering in stages: hash move, winning and even captures (most valuable victim, then capture history),
// killers and the counter move, quiet moves by their histories, and last the captures that static exchange
// says lose material. Moves come out pseudo-legal, each once.
#pragma once

#include <array>

#include "engine/board/chase.h"
#include "engine/board/movegen.h"
#include "search/history.h"

namespace shuai {

// What the node knows about good moves besides the table move.
struct MoveOrdering {
  std::array<Move, 2> killers{};
  Move counter_move = kNoMove;
  const HistoryTable* history = nullptr;
  const SharedHistory* shared = nullptr;
  // Continuation rows of the moves one, two and (when the parameters say so) four plies before.
  const PieceToStatistics* earlier[3] = {nullptr, nullptr, nullptr};
  // Weight of the shared (side, origin, destination) history (0: not read).
  int from_to_weight = 0;
  // The node's ply when the low-ply history orders its quiet moves, else -1.
  int low_ply = -1;
  // Ordering bonus for a rook, or a horse or cannon, that leaves a square the opponent's cheaper pieces
  // attack for one they do not, and the same malus for stepping onto such a square (0: off).
  int threat_bonus_rook = 0;
  int threat_bonus_horse_cannon = 0;
  // Percent of the capture history added to a capture's victim-first score.
  int capture_history_percent = 25;
};

// Where the `attacker`'s cheaper pieces could take an enemy piece standing there, on this board: squares its
// pawns, advisors or elephants attack (a danger to a horse, cannon or rook), and squares its horses or
// cannons attack (a danger to a rook). A cannon attacks the squares beyond its first screen, up to and
// including the next piece.
struct CheapAttacks {
  SquareSet by_pawns_advisors_elephants;
  SquareSet by_horses_cannons;
};
CheapAttacks cheap_attacks(const Position& position, Color attacker);

// A quiet move's ordering score: its own history and its continuation histories.
int quiet_move_score(const Position& position, const MoveOrdering& ordering, Move m);

class MovePicker {
 public:
  // With quiets off (quiescence), only captures that do not lose material are produced.
  MovePicker(const Position& position, Move table_move, const MoveOrdering& ordering, bool with_quiets);
  Move next();

 private:
  enum class Stage {
    kTableMove,
    kGenerateCaptures,
    kGoodCaptures,
    kKillers,
    kGenerateQuiets,
    kQuiets,
    kBadCaptures
  };
  // Index of the best-scored remaining move in [cursor, size), swapped to the cursor.
  Move pick_best(MoveList& list, std::array<int, kMaxMoves>& scores, int& cursor);
  bool is_special(Move m) const {
    return m == table_move_ || m == ordering_.killers[0] || m == ordering_.killers[1] ||
           m == ordering_.counter_move;
  }

  const Position& position_;
  MoveOrdering ordering_;
  Move table_move_;
  bool with_quiets_;
  Stage stage_ = Stage::kTableMove;
  MoveList moves_;
  std::array<int, kMaxMoves> scores_;
  int cursor_ = 0;
  int killer_index_ = 0;
  MoveList bad_captures_;
  int bad_cursor_ = 0;
};

}  // namespace shuai
