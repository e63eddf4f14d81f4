// Move generation for every piece, the legality filter, and move validation.
#include "engine/board/movegen.h"

#include <cstdlib>

#include "engine/board/attacks.h"
#include "engine/board/geometry.h"

namespace shuai {

namespace {

enum class Kind { kCaptures, kQuiets, kAll };

// A horse's four legs (orthogonal neighbours) and the two destinations each leg opens.
struct HorseStep {
  int leg;
  int targets[2];
};
constexpr HorseStep kHorseSteps[4] = {
    {-kBoardStride, {-2 * kBoardStride - 1, -2 * kBoardStride + 1}},
    {kBoardStride, {2 * kBoardStride - 1, 2 * kBoardStride + 1}},
    {-1, {-kBoardStride - 2, kBoardStride - 2}},
    {1, {-kBoardStride + 2, kBoardStride + 2}},
};

template <Kind kind>
class Generator {
 public:
  Generator(const Position& position, MoveList& list)
      : position_(position),
        list_(list),
        us_(position.side_to_move()),
        own_or_off_(Piece(side_tag(us_) | kOffBoard)),
        enemy_(side_tag(opposite(us_))) {}

  void run() {
    for (Square from : position_.squares(us_, kRook)) rook(from);
    for (Square from : position_.squares(us_, kCannon)) cannon(from);
    for (Square from : position_.squares(us_, kHorse)) horse(from);
    for (Square from : position_.squares(us_, kPawn)) pawn(from);
    for (Square from : position_.squares(us_, kElephant)) elephant(from);
    for (Square from : position_.squares(us_, kAdvisor)) advisor(from);
    king(position_.king_square(us_));
  }

 private:
  // Adds the move if its target suits the kind: empty for quiets, an enemy piece for captures.
  void step(Square from, int to) {
    const Piece target = position_.piece_on(Square(to));
    if constexpr (kind == Kind::kAll) {
      if (!(target & own_or_off_)) list_.push(make_move(from, Square(to)));
    } else if constexpr (kind == Kind::kCaptures) {
      if (target & enemy_) list_.push(make_move(from, Square(to)));
    } else {
      if (target == kEmpty) list_.push(make_move(from, Square(to)));
    }
  }

  void rook(Square from) {
    for (const int direction : kOrthogonalSteps) {
      int to = from + direction;
      while (position_.piece_on(Square(to)) == kEmpty) {
        if constexpr (kind != Kind::kCaptures) list_.push(make_move(from, Square(to)));
        to += direction;
      }
      if constexpr (kind != Kind::kQuiets)
        if (position_.piece_on(Square(to)) & enemy_) list_.push(make_move(from, Square(to)));
    }
  }

  void cannon(Square from) {
    for (const int direction : kOrthogonalSteps) {
      int to = from + direction;
      while (position_.piece_on(Square(to)) == kEmpty) {
        if constexpr (kind != Kind::kCaptures) list_.push(make_move(from, Square(to)));
        to += direction;
      }
      if constexpr (kind != Kind::kQuiets) {
        if (position_.piece_on(Square(to)) == kOffBoard) continue;
        to += direction;  // jump the screen
        while (position_.piece_on(Square(to)) == kEmpty) to += direction;
        if (position_.piece_on(Square(to)) & enemy_) list_.push(make_move(from, Square(to)));
      }
    }
  }

  void horse(Square from) {
    for (const HorseStep& horse_step : kHorseSteps) {
      if (position_.piece_on(Square(from + horse_step.leg)) != kEmpty) continue;
      step(from, from + horse_step.targets[0]);
      step(from, from + horse_step.targets[1]);
    }
  }

  void pawn(Square from) {
    step(from, from + forward(us_));
    if (!kInHalf[us_][from]) {
      step(from, from - 1);
      step(from, from + 1);
    }
  }

  void elephant(Square from) {
    for (const int diagonal : kDiagonalSteps) {
      const int to = from + 2 * diagonal;
      if (kInHalf[us_][to] && position_.piece_on(Square(from + diagonal)) == kEmpty) step(from, to);
    }
  }

  void advisor(Square from) {
    for (const int diagonal : kDiagonalSteps)
      if (kInPalace[us_][from + diagonal]) step(from, from + diagonal);
  }

  void king(Square from) {
    for (const int direction : kOrthogonalSteps)
      if (kInPalace[us_][from + direction]) step(from, from + direction);
  }

  const Position& position_;
  MoveList& list_;
  const Color us_;
  const Piece own_or_off_;
  const Piece enemy_;
};

}  // namespace

bool MoveList::contains(Move m) const {
  for (const Move candidate : *this)
    if (candidate == m) return true;
  return false;
}

void generate_captures(const Position& position, MoveList& list) {
  Generator<Kind::kCaptures>(position, list).run();
}
void generate_quiets(const Position& position, MoveList& list) {
  Generator<Kind::kQuiets>(position, list).run();
}
void generate_pseudo_legal(const Position& position, MoveList& list) {
  Generator<Kind::kAll>(position, list).run();
}

namespace {

// The legality filter with the side's king square and check status worked out once for a whole list. Out of
// check, a move by another piece exposes the king only if it changes the lines or horse legs around it.
bool keeps_king_safe(Position& position, Move m, Square king, bool in_check) {
  const Square from = from_square(m), to = to_square(m);
  if (in_check || from == king) return !position.leaves_king_attacked(m);
  return !may_change_king_lines(from, to, king) || !position.exposes_king(m);
}

}  // namespace

void generate_legal(Position& position, MoveList& list) {
  list.size = 0;
  generate_pseudo_legal(position, list);
  const bool in_check = position.in_check();
  const Square king = position.king_square(position.side_to_move());
  int kept = 0;
  for (const Move m : list)
    if (keeps_king_safe(position, m, king, in_check)) list.moves[kept++] = m;
  list.size = kept;
}

bool keeps_king_safe(Position& position, Move m) {
  return keeps_king_safe(position, m, position.king_square(position.side_to_move()), position.in_check());
}

void generate_legal_by_full_test(Position& position, MoveList& list) {
  list.size = 0;
  generate_pseudo_legal(position, list);
  int kept = 0;
  for (const Move m : list)
    if (!position.leaves_king_attacked(m)) list.moves[kept++] = m;
  list.size = kept;
}

bool is_pseudo_legal(const Position& position, Move m) {
  const Square from = from_square(m), to = to_square(m);
  if (!kOnBoard[from] || !kOnBoard[to]) return false;
  const Piece piece = position.piece_on(from);
  return is_piece(piece) && color_of(piece) == position.side_to_move() &&
         follows_piece_rules(position.board(), from, to);
}

bool is_legal(Position& position, Move m) {
  return is_pseudo_legal(position, m) && !position.leaves_king_attacked(m);
}

bool may_give_check(Move m, Square enemy_king) {
  const int to_file = std::abs(file_of(to_square(m)) - file_of(enemy_king));
  const int to_rank = std::abs(rank_of(to_square(m)) - rank_of(enemy_king));
  const int from_file = std::abs(file_of(from_square(m)) - file_of(enemy_king));
  const int from_rank = std::abs(rank_of(from_square(m)) - rank_of(enemy_king));
  return to_file == 0 || to_rank == 0 || to_file * to_rank == 2 || from_file == 0 || from_rank == 0 ||
         (from_file == 1 && from_rank == 1);
}

}  // namespace shuai
