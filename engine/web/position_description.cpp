// The page's questions to the rules, answered in JSON (position_description.h).
#include "engine/web/position_description.h"

#include <fmt/format.h>

#include <vector>

#include "engine/board/board.h"
#include "engine/board/text.h"
#include "engine/game/referee.h"

namespace shuai::web {

namespace {

// A JSON string literal: quotes, backslashes and control characters escaped; UTF-8 passes through.
std::string quoted(std::string_view text) {
  std::string result = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      result += '\\';
      result += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      result += fmt::format("\\u{:04x}", static_cast<unsigned char>(c));
    } else {
      result += c;
    }
  }
  return result + '"';
}

std::string failure(std::string_view error) {
  return fmt::format("{{\"ok\":false,\"error\":{}}}", quoted(error));
}

std::string_view kind_of(const MoveClass& move_class) {
  return move_class.check ? "check" : move_class.chased.empty() ? "idle" : "chase";
}

// Why the game ended, in the words a player reads: the repetition judge's own ruling (kept in the verdict)
// where it ruled.
std::string ending_text(const Verdict& verdict, const Position& position) {
  switch (verdict.termination) {
    case Termination::kCheckmate:
      return position.side_to_move() == kRed ? "Black mates" : "Red mates";
    case Termination::kStalemate:
      return fmt::format("{} has no legal move and loses", position.side_to_move() == kRed ? "Red" : "Black");
    case Termination::kNaturalMoveLimit:
      return "60 moves by each side without a capture: a draw";
    case Termination::kRepetition:
    case Termination::kPerpetualCheck:
    case Termination::kPerpetualChase:
      return repetition_ruling_text(verdict.repetition, position.side_to_move());
    default:
      return std::string(termination_name(verdict.termination));
  }
}

}  // namespace

std::string describe_position(std::string_view request) {
  const std::vector<std::string_view> words = split_words(request);
  if (words.empty()) return failure("give a FEN or startpos, then 'moves' and the moves");
  std::size_t moves_at = words.size();
  for (std::size_t i = 0; i < words.size(); ++i)
    if (words[i] == "moves") moves_at = i;
  const std::string fen = words[0] == "startpos" ? std::string(kStartFen) : join_words(words, 0, moves_at);
  Referee referee;
  std::string error;
  if (!referee.set_position(fen, error)) return failure(error);

  std::string moves;
  for (std::size_t i = moves_at + 1; i < words.size(); ++i) {
    const std::size_t number = i - moves_at;
    if (referee.judge())
      return failure(fmt::format("move {} ('{}'): the game is already over", number, words[i]));
    Position before = referee.position();
    const MoveResult move = parse_legal_move(before, words[i]);
    if (move.move == kNoMove) return failure(fmt::format("move {} ('{}'): {}", number, words[i], move.error));
    const std::string chinese = move_to_chinese(before, move.move);
    const std::string wxf = move_to_wxf(before, move.move);
    referee.play(move.move);
    if (!moves.empty()) moves += ',';
    moves += fmt::format("{{\"iccs\":{},\"chinese\":{},\"wxf\":{},\"kind\":\"{}\"}}",
                         quoted(move_to_iccs(move.move)), quoted(chinese), quoted(wxf),
                         kind_of(classify_last_move(referee.position())));
  }

  Position now = referee.position();
  MoveList legal;
  generate_legal(now, legal);
  std::string legal_moves;
  for (const Move move : legal) {
    if (!legal_moves.empty()) legal_moves += ',';
    legal_moves += quoted(move_to_iccs(move));
  }
  std::string over = "null";
  if (const std::optional<Verdict> verdict = referee.judge())
    over = fmt::format("{{\"result\":\"{}\",\"reason\":\"{}\",\"text\":{}}}", result_text(verdict->result),
                       termination_name(verdict->termination), quoted(ending_text(*verdict, now)));
  return fmt::format(
      "{{\"ok\":true,\"start\":{},\"fen\":{},\"side\":\"{}\",\"check\":{},\"legal\":[{}],\"moves\":[{}],"
      "\"over\":{}}}",
      quoted(referee.start_fen()), quoted(to_fen(now)), now.side_to_move() == kRed ? "red" : "black",
      now.in_check(), legal_moves, moves, over);
}

}  // namespace shuai::web
