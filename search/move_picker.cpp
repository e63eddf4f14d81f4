// Staged move ordering.
#include "search/move_picker.h"

#include "search/static_exchange.h"

namespace shuai {

namespace {

// Most valuable victim first, then least valuable attacker.
constexpr int kOrderValue[kPieceTypeCount] = {1000, 2, 2, 4, 9, 5, 1};

}  // namespace

int quiet_move_score(const Position& position, const MoveOrdering& ordering, Move m) {
  const Piece piece = position.piece_on(from_square(m));
  const Square to = to_square(m);
  int score = (*ordering.history)[piece_index(piece)][to];
  if (ordering.earlier[0]) score += 2 * statistic_of(*ordering.earlier[0], piece, to);
  if (ordering.earlier[1]) score += statistic_of(*ordering.earlier[1], piece, to);
  if (ordering.earlier[2]) score += statistic_of(*ordering.earlier[2], piece, to);
  return score;
}

MovePicker::MovePicker(const Position& position, Move table_move, const MoveOrdering& ordering,
                       bool with_quiets)
    : position_(position),
      ordering_(ordering),
      table_move_(table_move != kNoMove && is_pseudo_legal(position, table_move) ? table_move : kNoMove),
      with_quiets_(with_quiets) {
  if (!with_quiets_ && table_move_ != kNoMove && position.piece_on(to_square(table_move_)) == kEmpty)
    table_move_ = kNoMove;  // quiescence searches captures only
}

Move MovePicker::pick_best(MoveList& list, std::array<int, kMaxMoves>& scores, int& cursor) {
  // The first of the highest scores, found without a branch per move (the comparisons are unpredictable).
  int best = cursor, best_score = scores[cursor];
  for (int i = cursor + 1; i < list.size; ++i) {
    const bool better = scores[i] > best_score;
    best = better ? i : best;
    best_score = better ? scores[i] : best_score;
  }
  std::swap(list.moves[cursor], list.moves[best]);
  std::swap(scores[cursor], scores[best]);
  return list.moves[cursor++];
}

Move MovePicker::next() {
  switch (stage_) {
    case Stage::kTableMove:
      stage_ = Stage::kGenerateCaptures;
      if (table_move_ != kNoMove) return table_move_;
      [[fallthrough]];
    case Stage::kGenerateCaptures:
      moves_.size = 0;
      generate_captures(position_, moves_);
      // The victim decides; among captures of one kind of victim, those that have paid off before go first.
      for (int i = 0; i < moves_.size; ++i) {
        const Move m = moves_[i];
        const Piece piece = position_.piece_on(from_square(m)), victim = position_.piece_on(to_square(m));
        scores_[i] = kOrderValue[type_of(victim)] * 8192 - kOrderValue[type_of(piece)] * 64;
        if (ordering_.shared) scores_[i] += ordering_.shared->capture_score(piece, to_square(m), victim) / 4;
      }
      cursor_ = 0;
      stage_ = Stage::kGoodCaptures;
      [[fallthrough]];
    case Stage::kGoodCaptures:
      while (cursor_ < moves_.size) {
        const Move m = pick_best(moves_, scores_, cursor_);
        if (m == table_move_) continue;
        const PieceType attacker = type_of(position_.piece_on(from_square(m)));
        const PieceType victim = type_of(position_.piece_on(to_square(m)));
        // Only a capture by a more valuable piece can lose material.
        if (kOrderValue[attacker] > kOrderValue[victim] && static_exchange(position_, m) < 0) {
          bad_captures_.push(m);
          continue;
        }
        return m;
      }
      if (!with_quiets_) return kNoMove;  // quiescence: losing captures are not worth a look
      stage_ = Stage::kKillers;
      [[fallthrough]];
    case Stage::kKillers:
      // The two killers, then the counter move unless it is one of them.
      while (killer_index_ < 3) {
        const int index = killer_index_++;
        const Move killer = index < 2 ? ordering_.killers[index] : ordering_.counter_move;
        if (index == 2 && (killer == ordering_.killers[0] || killer == ordering_.killers[1])) continue;
        if (killer != kNoMove && killer != table_move_ && position_.piece_on(to_square(killer)) == kEmpty &&
            is_pseudo_legal(position_, killer))
          return killer;
      }
      stage_ = Stage::kGenerateQuiets;
      [[fallthrough]];
    case Stage::kGenerateQuiets:
      moves_.size = 0;
      generate_quiets(position_, moves_);
      for (int i = 0; i < moves_.size; ++i) scores_[i] = quiet_move_score(position_, ordering_, moves_[i]);
      cursor_ = 0;
      stage_ = Stage::kQuiets;
      [[fallthrough]];
    case Stage::kQuiets:
      while (cursor_ < moves_.size) {
        const Move m = pick_best(moves_, scores_, cursor_);
        if (!is_special(m)) return m;
      }
      stage_ = Stage::kBadCaptures;
      [[fallthrough]];
    case Stage::kBadCaptures:
      if (bad_cursor_ < bad_captures_.size) return bad_captures_[bad_cursor_++];
      return kNoMove;
  }
  return kNoMove;
}

}  // namespace shuai
