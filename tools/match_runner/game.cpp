// The game loop: ask the side to move, charge its clock, check the move, let the referee judge.
#include "tools/match_runner/game.h"

#include <fmt/format.h>

#include "engine/board/chinese_notation.h"

namespace shuai::match {
namespace {

std::string_view side_name(Color side) {
  return side == kRed ? "Red" : "Black";
}

}  // namespace

GameRecord play_game(EnginePlayer& red, EnginePlayer& black, const std::string& start_fen,
                     const GameSettings& settings) {
  return play_game(red, black, Opening{start_fen, {}}, settings);
}

GameRecord play_game(EnginePlayer& red, EnginePlayer& black, const Opening& opening,
                     const GameSettings& settings) {
  const std::string& start_fen = opening.start_fen;
  GameRecord record;
  record.red = red.config().name;
  record.black = black.config().name;
  Referee referee;
  referee.set_rules(settings.rules);
  std::string error;
  if (!referee.set_position(start_fen, error)) {
    record.start_fen = start_fen;
    record.verdict = {GameResult::kDraw, Termination::kMaxPlies};
    record.detail = "bad opening: " + error;
    return record;
  }
  record.start_fen = referee.start_fen();
  for (const std::string& iccs : opening.moves) {
    const Move move = referee.legal_move(iccs);
    if (move == kNoMove) {
      record.verdict = {GameResult::kDraw, Termination::kMaxPlies};
      record.detail = fmt::format("bad opening: move '{}' is not legal", iccs);
      return record;
    }
    PlayedMove played{iccs, move_to_chinese(referee.position(), move), "", 0, 0, true};
    referee.play(move);
    record.moves.push_back(std::move(played));
  }

  // A player that cannot be readied loses the game before it starts: counted as a crash.
  EnginePlayer* players[kColorCount] = {&red, &black};
  for (const Color side : {kRed, kBlack}) {
    if (!players[side]->prepare_game(error)) {
      record.verdict = {loss_for(side), Termination::kCrash};
      record.detail = fmt::format("{} could not start: {}", side_name(side), error);
      return record;
    }
  }

  // Each side's limits: the match's, or the engine's own clock (time odds).
  Limits limits[kColorCount] = {settings.limits, settings.limits};
  for (const Color side : {kRed, kBlack}) {
    const EngineConfig& config = players[side]->config();
    if (config.clock_base_ms > 0) limits[side] = {config.clock_base_ms, config.clock_increment_ms, 0, 0};
  }
  std::int64_t clock_ms[kColorCount] = {limits[kRed].base_ms, limits[kBlack].base_ms};
  while (true) {
    if (const auto verdict = referee.judge()) {
      record.verdict = *verdict;
      record.detail = fmt::format("{} by {}", verdict->result == GameResult::kDraw ? "draw" : "decided",
                                  termination_name(verdict->termination));
      return record;
    }
    const Color side = referee.side_to_move();
    const bool timed = limits[side].base_ms > 0;
    const Clocks clocks{clock_ms[side], clock_ms[opposite(side)], side == kRed, limits[side].increment_ms,
                        limits[opposite(side)].increment_ms};
    const std::int64_t allowed_ms =
        timed ? clock_ms[side] + settings.time_margin_ms + 1 : settings.move_timeout_ms;
    const auto deadline = Clock::now() + std::chrono::milliseconds(allowed_ms);
    const Reply reply =
        players[side]->think(referee.start_fen(), referee.moves(), limits[side], clocks, deadline);

    const bool flagged = reply.kind == Reply::Kind::kTimeout ||
                         (timed && reply.elapsed_ms > clock_ms[side] + settings.time_margin_ms);
    if (flagged) {
      record.verdict = referee.forfeit(Termination::kTimeForfeit);
      record.detail = timed ? fmt::format("{} lost on time ({} ms used, {} ms left)", side_name(side),
                                          reply.elapsed_ms, clock_ms[side])
                            : fmt::format("{} did not reply within {} ms", side_name(side), allowed_ms);
      return record;
    }
    if (reply.kind == Reply::Kind::kCrash) {
      record.verdict = referee.forfeit(Termination::kCrash);
      record.detail = fmt::format("{} crashed or closed its output", side_name(side));
      return record;
    }
    if (reply.kind == Reply::Kind::kResign) {
      record.verdict = referee.forfeit(Termination::kResignation);
      record.detail = fmt::format("{} resigned", side_name(side));
      return record;
    }
    if (timed) clock_ms[side] += limits[side].increment_ms - reply.elapsed_ms;

    PlayedMove played{reply.move, "", reply.score, reply.depth, reply.elapsed_ms};
    const Move move = reply.kind == Reply::Kind::kMove ? referee.legal_move(reply.move) : kNoMove;
    if (move == kNoMove) {
      record.verdict = referee.forfeit(Termination::kIllegalMove);
      record.detail = reply.kind == Reply::Kind::kNoMove
                          ? fmt::format("{} gave no move in a position with legal moves", side_name(side))
                          : fmt::format("{}'s move '{}' is illegal", side_name(side), reply.move);
      return record;
    }
    played.chinese = move_to_chinese(referee.position(), move);
    referee.play(reply.move);
    record.moves.push_back(std::move(played));
  }
}

}  // namespace shuai::match
