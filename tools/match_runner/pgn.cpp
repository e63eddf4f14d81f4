// Writing a refereed game as PGN text.
#include "tools/match_runner/pgn.h"

#include <fmt/format.h>

#include <cctype>

#include "engine/board/fen.h"

namespace shuai::match {
namespace {

// "h2e2" -> "H2-E2", the ICCS spelling of Xiangqi PGN files.
std::string pgn_move(const std::string& iccs) {
  if (iccs.size() != 4) return iccs;
  return fmt::format("{}{}-{}{}", char(std::toupper(static_cast<unsigned char>(iccs[0]))), iccs[1],
                     char(std::toupper(static_cast<unsigned char>(iccs[2]))), iccs[3]);
}

std::string escape(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return escaped;
}

std::string ending_sentence(const GameRecord& game) {
  const auto& verdict = game.verdict;
  if (verdict.result == GameResult::kDraw)
    return fmt::format("Draw by {}", termination_name(verdict.termination));
  const std::string_view winner = verdict.result == GameResult::kRedWins ? "Red" : "Black";
  return fmt::format("{} wins: {}", winner,
                     game.detail.empty() ? termination_name(verdict.termination) : game.detail);
}

}  // namespace

std::string to_pgn(const GameRecord& game, const PgnTags& tags) {
  const std::string result(result_text(game.verdict.result));
  std::string text;
  const auto tag = [&](std::string_view name, const std::string& value) {
    text += fmt::format("[{} \"{}\"]\n", name, escape(value));
  };
  tag("Game", "Chinese Chess");
  tag("Event", tags.event);
  tag("Site", tags.site);
  tag("Date", tags.date);
  tag("Round", std::to_string(tags.round));
  tag("Red", game.red);
  tag("Black", game.black);
  tag("Result", result);
  tag("FEN", game.start_fen);
  tag("Format", "ICCS");
  if (!tags.time_control.empty()) tag("TimeControl", tags.time_control);
  tag("Termination", std::string(termination_name(game.verdict.termination)));
  tag("PlyCount", std::to_string(game.moves.size()));
  text += '\n';

  const auto parsed = parse_fen(game.start_fen);
  bool red_to_move = !parsed.position || parsed.position->side_to_move() == kRed;
  int move_number = parsed.position ? parsed.position->fullmove_number() : 1;
  std::string line;
  const auto put = [&](const std::string& token) {
    if (!line.empty() && line.size() + 1 + token.size() > 79) {
      text += line + '\n';
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += token;
  };
  bool first = true;
  for (const PlayedMove& move : game.moves) {
    if (red_to_move)
      put(fmt::format("{}.", move_number));
    else if (first)
      put(fmt::format("{}...", move_number));
    first = false;
    put(pgn_move(move.iccs));
    std::string comment = move.chinese;
    if (move.from_opening) {
      comment += " opening";
    } else {
      if (!move.score.empty()) comment += fmt::format(" {}/{}", move.score, move.depth);
      comment += fmt::format(" {:.3f}s", double(move.elapsed_ms) / 1000);
    }
    put(fmt::format("{{{}}}", comment));
    if (!red_to_move) ++move_number;
    red_to_move = !red_to_move;
  }
  put(fmt::format("{{{}}}", ending_sentence(game)));
  put(result);
  text += line + "\n\n";
  return text;
}

}  // namespace shuai::match
