// Staged move ordering.
#include "search/move_picker.h"

#include "engine/board/geometry.h"
#include "search/static_exchange.h"

namespace shuai {

namespace {

// Most valuable victim first, then least valuable attacker.
constexpr int kOrderValue[kPieceTypeCount] = {1000, 2, 2, 4, 9, 5, 1};

// A quiet move's bonus for taking a piece out of the cheaper pieces' reach, or its malus for putting it
// there: a piece attacked by a cheaper one is lost, or exchanged down, whatever defends it.
int threat_adjustment(const MoveOrdering& ordering, const CheapAttacks& attacks, PieceType type, Move m) {
  // A rook fears every cheaper piece; a horse or cannon only the pawns, advisors and elephants.
  const bool rook = type == kRook;
  if (!rook && type != kHorse && type != kCannon) return 0;
  const auto attacked = [&](Square s) {
    return attacks.by_pawns_advisors_elephants.contains(s) || (rook && attacks.by_horses_cannons.contains(s));
  };
  const bool from_attacked = attacked(from_square(m)), to_attacked = attacked(to_square(m));
  if (from_attacked == to_attacked) return 0;
  const int bonus = rook ? ordering.threat_bonus_rook : ordering.threat_bonus_horse_cannon;
  return from_attacked ? bonus : -bonus;
}

}  // namespace

CheapAttacks cheap_attacks(const Position& position, Color attacker) {
  const auto& board = position.board();
  CheapAttacks attacks;
  SquareSet& small = attacks.by_pawns_advisors_elephants;
  SquareSet& large = attacks.by_horses_cannons;
  for (const Square pawn : position.squares(attacker, kPawn)) {
    if (board[pawn + forward(attacker)] != kOffBoard) small.insert(Square(pawn + forward(attacker)));
    if (kInHalf[attacker][pawn]) continue;  // sideways only once across the river
    if (board[pawn - 1] != kOffBoard) small.insert(Square(pawn - 1));
    if (board[pawn + 1] != kOffBoard) small.insert(Square(pawn + 1));
  }
  for (const Square advisor : position.squares(attacker, kAdvisor))
    for (const int diagonal : kDiagonalSteps)
      if (kInPalace[attacker][advisor + diagonal]) small.insert(Square(advisor + diagonal));
  for (const Square elephant : position.squares(attacker, kElephant))
    for (const int diagonal : kDiagonalSteps)
      if (board[elephant + diagonal] == kEmpty && kInHalf[attacker][elephant + 2 * diagonal])
        small.insert(Square(elephant + 2 * diagonal));
  for (const Square horse : position.squares(attacker, kHorse))
    for (const int step : kOrthogonalSteps) {
      if (board[horse + step] != kEmpty) continue;  // the leg is blocked
      const int side = step == 1 || step == -1 ? kBoardStride : 1;
      for (const int target : {horse + 2 * step + side, horse + 2 * step - side})
        if (board[target] != kOffBoard) large.insert(Square(target));
    }
  for (const Square cannon : position.squares(attacker, kCannon))
    for (const int step : kOrthogonalSteps) {
      int square = cannon + step;
      while (board[square] == kEmpty) square += step;
      if (board[square] == kOffBoard) continue;
      for (square += step; board[square] == kEmpty; square += step) large.insert(Square(square));
      if (board[square] != kOffBoard) large.insert(Square(square));
    }
  return attacks;
}

int quiet_move_score(const Position& position, const MoveOrdering& ordering, Move m) {
  const Piece piece = position.piece_on(from_square(m));
  const Square to = to_square(m);
  int score = (*ordering.history)[piece_index(piece)][to];
  if (ordering.earlier[0]) score += 2 * statistic_of(*ordering.earlier[0], piece, to);
  if (ordering.earlier[1]) score += statistic_of(*ordering.earlier[1], piece, to);
  if (ordering.earlier[2]) score += statistic_of(*ordering.earlier[2], piece, to);
  if (ordering.from_to_weight != 0)
    score += ordering.from_to_weight * ordering.shared->from_to_score(color_of(piece), m);
  if (ordering.low_ply >= 0)
    score += 4 * ordering.shared->low_ply_score(ordering.low_ply, m) / (1 + 2 * ordering.low_ply);
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
      // The victim decides; among captures of one kind of victim, those that have paid off before go first (a
      // larger share of the capture history lets them overtake a richer victim too).
      for (int i = 0; i < moves_.size; ++i) {
        const Move m = moves_[i];
        const Piece piece = position_.piece_on(from_square(m)), victim = position_.piece_on(to_square(m));
        scores_[i] = kOrderValue[type_of(victim)] * 8192 - kOrderValue[type_of(piece)] * 64;
        if (ordering_.shared)
          scores_[i] += ordering_.shared->capture_score(piece, to_square(m), victim) *
                        ordering_.capture_history_percent / 100;
      }
      cursor_ = 0;
      stage_ = Stage::kGoodCaptures;
      [[fallthrough]];
    case Stage::kGoodCaptures:
      while (cursor_ < moves_.size) {
        const Move m = pick_best(moves_, scores_, cursor_);
        if (m == table_move_) continue;
        // A capture of a piece worth at least its capturer's is answered without playing the exchange out.
        if (exchange_below(position_, m, 0)) {
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
      if (ordering_.threat_bonus_rook != 0 || ordering_.threat_bonus_horse_cannon != 0) {
        const CheapAttacks attacks = cheap_attacks(position_, opposite(position_.side_to_move()));
        for (int i = 0; i < moves_.size; ++i)
          scores_[i] += threat_adjustment(ordering_, attacks,
                                          type_of(position_.piece_on(from_square(moves_[i]))), moves_[i]);
      }
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
