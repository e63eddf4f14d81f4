// `shuai rules FEN MOVE...`: replays moves (ICCS or WXF) from a position and prints each move's class under
// the Asian rules (check, chase, idle) and the repetition judge's verdict: a tool for checking rulings by
// hand.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "engine/board/board.h"
#include "engine/command_line/command_options.h"
#include "engine/commands/commands.h"

namespace shuai::commands {

namespace {

std::string describe_chased(const Position& position, const SquareSet& chased) {
  std::string text;
  for (int index = 0; index < kSquareCount; ++index) {
    const Square square = square_from_index(index);
    if (!chased.contains(square)) continue;
    const Piece piece = position.piece_on(square);
    constexpr char kLetters[kPieceTypeCount + 1] = "kaehrcp";
    if (!text.empty()) text += ' ';
    text += fmt::format("{}@{}{}", kLetters[type_of(piece)], char('a' + file_of(square)), rank_of(square));
  }
  return text;
}

}  // namespace

int run_rules_command(std::span<const std::string_view> words) {
  constexpr CommandText kRulesCommand = {
      "rules", "shuai rules FEN|startpos [MOVE ...]",
      "Replays the moves (ICCS or WXF notation) and prints each one's class under the Asian rules (check,\n"
      "chase, idle) and the repetition verdict."};
  std::vector<std::string> arguments;
  if (const auto done = read_command_line(kRulesCommand, {}, words, stdout, stderr, &arguments)) return *done;
  if (arguments.empty()) {
    fmt::print(stderr, "rules: give a FEN or startpos (try --help)\n");
    return 2;
  }
  auto parsed = parse_fen(arguments[0] == "startpos" ? kStartFen : arguments[0]);
  if (!parsed.position) {
    fmt::print(stderr, "{}\n", parsed.error);
    return 2;
  }
  Position position = *parsed.position;
  int ply = 0;
  for (const std::string_view text : std::span(arguments).subspan(1)) {
    MoveResult move = parse_legal_move(position, text);
    if (move.move == kNoMove) move = parse_wxf_move(position, text);
    if (move.move == kNoMove) {
      fmt::print(stderr, "move {} ('{}'): {}\n", ply + 1, text, move.error);
      return 2;
    }
    const std::string wxf = move_to_wxf(position, move.move);
    position.make_move(move.move);
    ++ply;
    const MoveClass move_class = classify_last_move(position);
    std::string what = move_class.check            ? std::string("check")
                       : move_class.chased.empty() ? std::string("idle")
                                                   : "chase " + describe_chased(position, move_class.chased);
    const RepetitionVerdict verdict = judge_repetition(position);
    fmt::print("{:3} {} {} {}{}\n", ply, move_to_iccs(move.move), wxf, what,
               verdict.outcome == RuleOutcome::kNone
                   ? std::string()
                   : "   repetition: " + repetition_ruling_text(verdict, position.side_to_move()));
  }
  fmt::print("verdict: {}\n", repetition_ruling_text(judge_repetition(position), position.side_to_move()));
  return 0;
}

}  // namespace shuai::commands
