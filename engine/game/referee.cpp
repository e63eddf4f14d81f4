// Adjudication by the rules: no legal move loses; repetitions are ruled by the Asian rules' judge (perpetual
// check or chase loses, other repetitions draw); the natural move limit draws.
#include "engine/game/referee.h"

#include "engine/board/fen.h"
#include "engine/board/game_rules.h"
#include "engine/board/movegen.h"
#include "engine/board/notation.h"

namespace shuai {

std::string_view termination_name(Termination termination) {
  switch (termination) {
    case Termination::kCheckmate:
      return "checkmate";
    case Termination::kStalemate:
      return "stalemate";
    case Termination::kPerpetualCheck:
      return "perpetual check";
    case Termination::kPerpetualChase:
      return "perpetual chase";
    case Termination::kRepetition:
      return "repetition";
    case Termination::kNaturalMoveLimit:
      return "60-move rule";
    case Termination::kResignation:
      return "resignation";
    case Termination::kMaxPlies:
      return "max plies";
    case Termination::kIllegalMove:
      return "illegal move";
    case Termination::kTimeForfeit:
      return "time forfeit";
    case Termination::kCrash:
      return "crash";
  }
  return "unknown";
}

std::string_view result_text(GameResult result) {
  switch (result) {
    case GameResult::kRedWins:
      return "1-0";
    case GameResult::kBlackWins:
      return "0-1";
    case GameResult::kDraw:
      return "1/2-1/2";
  }
  return "*";
}

GameResult loss_for(Color loser) {
  return loser == kRed ? GameResult::kBlackWins : GameResult::kRedWins;
}

double score_for(GameResult result, Color side) {
  if (result == GameResult::kDraw) return 0.5;
  return (result == GameResult::kRedWins) == (side == kRed) ? 1.0 : 0.0;
}

bool Referee::set_position(std::string_view fen, std::string& error) {
  auto parsed = parse_fen(fen);
  if (!parsed.position) {
    error = parsed.error;
    return false;
  }
  position_ = *parsed.position;
  start_fen_ = to_fen(position_);
  moves_.clear();
  return true;
}

Move Referee::legal_move(std::string_view iccs) {
  return parse_legal_move(position_, iccs).move;
}

bool Referee::play(std::string_view iccs) {
  const Move move = legal_move(iccs);
  if (move == kNoMove) return false;
  play(move);
  return true;
}

void Referee::play(Move legal) {
  position_.make_move(legal);
  moves_.push_back(move_to_iccs(legal));
}

std::optional<Verdict> Referee::judge() {
  const Color mover = position_.side_to_move();
  MoveList legal;
  generate_legal(position_, legal);
  if (legal.size == 0)
    return Verdict{loss_for(mover), position_.in_check() ? Termination::kCheckmate : Termination::kStalemate};
  const RepetitionVerdict repetition = judge_repetition(position_, rules_.repetitions);
  if (repetition.outcome == RuleOutcome::kDraw)
    return Verdict{GameResult::kDraw, Termination::kRepetition, repetition};
  if (repetition.outcome != RuleOutcome::kNone) {
    const bool mover_loses = repetition.outcome == RuleOutcome::kLoss;
    const Conduct loser = mover_loses ? repetition.side_to_move : repetition.opponent;
    return Verdict{
        loss_for(mover_loses ? mover : opposite(mover)),
        loser == Conduct::kPerpetualCheck ? Termination::kPerpetualCheck : Termination::kPerpetualChase,
        repetition};
  }
  if (rules_.natural_move_limit > 0 && position_.plies_since_capture() >= rules_.natural_move_limit)
    return Verdict{GameResult::kDraw, Termination::kNaturalMoveLimit};
  if (rules_.max_plies > 0 && int(moves_.size()) >= rules_.max_plies)
    return Verdict{GameResult::kDraw, Termination::kMaxPlies};
  return std::nullopt;
}

Verdict Referee::forfeit(Termination termination) const {
  return Verdict{loss_for(position_.side_to_move()), termination};
}

}  // namespace shuai
