// The repetition judge: replays the repeated cycle on board copies, classifies every move (check, chase,
// idle), follows the chased pieces as they flee, and rules on the conduct of both sides.
#include "engine/board/game_rules.h"

#include <algorithm>

namespace shuai {

namespace {

// Takes a move back on a board array; `captured` is what stood on the destination.
void unplay(BoardArray& board, Move move, Piece captured) {
  board[from_square(move)] = board[to_square(move)];
  board[to_square(move)] = captured;
}

void play(BoardArray& board, Move move) {
  board[to_square(move)] = board[from_square(move)];
  board[from_square(move)] = kEmpty;
}

// One side's record over the cycle.
struct SideRecord {
  bool every_move_checked = true;
  bool every_move_chased = true;  // a chase that is not a check (a check among chases breaks a chase)
  bool chased_before = false;
  SquareSet chased_throughout;  // enemy pieces chased by every chasing move so far, where they stand now

  // Nothing later in the cycle can make this side's conduct a breach any more.
  bool free() const {
    return !every_move_checked && (!every_move_chased || (chased_before && chased_throughout.empty()));
  }

  Conduct conduct() const {
    if (every_move_checked) return Conduct::kPerpetualCheck;
    if (every_move_chased && !chased_throughout.empty()) return Conduct::kPerpetualChase;
    return Conduct::kAllowed;
  }
};

bool breaks_rule(Conduct conduct) {
  return conduct != Conduct::kAllowed;
}

// Moves history[start..] form the cycle; the last was made by the opponent of the side to move.
RepetitionVerdict judge_cycle(const Position& position, int start) {
  const auto history = position.history();
  const int size = int(history.size());
  BoardArray board = position.board();
  for (int index = size - 1; index >= start; --index)
    unplay(board, history[index].move, history[index].captured);

  SideRecord records[kColorCount];
  for (int index = start; index < size; ++index) {
    const Move move = history[index].move;
    const BoardArray before = board;
    play(board, move);
    const Color mover = color_of(board[to_square(move)]);
    SideRecord& record = records[mover];
    // The mover's pieces that the opponent has been chasing go where they went.
    records[opposite(mover)].chased_throughout.follow(from_square(move), to_square(move));

    const bool gave_check = index + 1 < size ? history[index + 1].was_in_check : position.in_check();
    if (gave_check) {
      record.every_move_chased = false;
      continue;
    }
    record.every_move_checked = false;
    if (!record.every_move_chased) continue;  // already free of any rule
    const SquareSet chased = chased_pieces(before, board, move);
    if (chased.empty()) {
      record.every_move_chased = false;
    } else if (!record.chased_before) {
      record.chased_before = true;
      record.chased_throughout = chased;
    } else {
      record.chased_throughout.intersect(chased);
    }
    if (records[kRed].free() && records[kBlack].free()) break;  // neither can break a rule any more: a draw
  }

  const Color us = position.side_to_move(), them = opposite(us);
  RepetitionVerdict verdict;
  verdict.side_to_move = records[us].conduct();
  verdict.opponent = records[them].conduct();
  const bool we_break = breaks_rule(verdict.side_to_move), they_break = breaks_rule(verdict.opponent);
  if (we_break && !they_break) {
    verdict.outcome = RuleOutcome::kLoss;
  } else if (they_break && !we_break) {
    verdict.outcome = RuleOutcome::kWin;
  } else if (we_break && verdict.side_to_move != verdict.opponent) {
    verdict.outcome =
        verdict.side_to_move == Conduct::kPerpetualCheck ? RuleOutcome::kLoss : RuleOutcome::kWin;
  } else {
    verdict.outcome = RuleOutcome::kDraw;
  }
  return verdict;
}

}  // namespace

RepetitionVerdict judge_repetition(const Position& position, int earlier_occurrences) {
  const auto history = position.history();
  const int size = int(history.size());
  const int reach = std::min(position.plies_since_capture(), size);
  int occurrences = 0;
  for (int distance = 1; distance <= reach; ++distance) {
    const int start = size - distance;
    if (history[start].move == kNoMove) return {};  // a null move is no real repetition
    if (distance < 4 || distance % 2 != 0 || history[start].key != position.key()) continue;
    if (++occurrences < earlier_occurrences) continue;
    return judge_cycle(position, start);
  }
  return {};
}

std::string_view conduct_name(Conduct conduct) {
  switch (conduct) {
    case Conduct::kAllowed:
      return "allowed";
    case Conduct::kPerpetualChase:
      return "perpetual chase";
    case Conduct::kPerpetualCheck:
      return "perpetual check";
  }
  return "?";
}

std::string repetition_ruling_text(const RepetitionVerdict& verdict, Color side_to_move) {
  if (verdict.outcome == RuleOutcome::kNone) return "none";
  const bool red_to_move = side_to_move == kRed;
  const Conduct red = red_to_move ? verdict.side_to_move : verdict.opponent;
  const Conduct black = red_to_move ? verdict.opponent : verdict.side_to_move;
  const std::string_view result = verdict.outcome == RuleOutcome::kDraw                    ? "draw"
                                  : (verdict.outcome == RuleOutcome::kLoss) == red_to_move ? "red loses"
                                                                                           : "black loses";
  return std::string(result) + " (red: " + std::string(conduct_name(red)) +
         ", black: " + std::string(conduct_name(black)) + ")";
}

RuleOutcome repetition_outcome(const Position& position, int earlier_occurrences) {
  return judge_repetition(position, earlier_occurrences).outcome;
}

MoveClass classify_last_move(const Position& position) {
  MoveClass result;
  const auto history = position.history();
  if (history.empty() || history.back().move == kNoMove) return result;
  result.check = position.in_check();
  BoardArray before = position.board();
  unplay(before, history.back().move, history.back().captured);
  result.chased = chased_pieces(before, position.board(), history.back().move);
  return result;
}

RuleOutcome rule_outcome(const Position& position, int natural_move_limit) {
  if (position.plies_since_capture() >= 4) {
    const RuleOutcome repetition = repetition_outcome(position);
    if (repetition != RuleOutcome::kNone) return repetition;
  }
  if (natural_move_limit > 0 && position.plies_since_capture() >= natural_move_limit)
    return RuleOutcome::kDraw;
  return RuleOutcome::kNone;
}

}  // namespace shuai
