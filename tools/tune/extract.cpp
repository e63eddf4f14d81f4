// The extract run: PGN games replayed, each position past the first plies turned into its quiet leaf and
// written with the game's result, a position met before skipped.
#include "tools/tune/extract.h"

#include <fmt/format.h>

#include <fstream>
#include <unordered_set>

#include "engine/book/pgn_reader.h"
#include "engine/command_line/command_options.h"
#include "engine/game/referee.h"
#include "search/search.h"
#include "tools/tune/training_file.h"
#include "tools/tune/training_game.h"

namespace shuai::tune {

namespace {

constexpr std::size_t kShownProblems = 5;

constexpr std::string_view kDescription =
    R"(Writes training positions for the evaluation tuner from games already played, in PGN (shuai-match's, or
any the opening-book reader replays: ICCS, WXF or Chinese moves, a FEN tag for another start), so that the
matches played to test the engine, at real time controls and so at deeper searches than generate's fixed
node counts, become data. The file is written anew, in generate's format: a "# game <index>: <count>
positions, <result> <ending>" line, then one "<FEN> ; <result>" line per position, the game's result from
Red's side (1, 0.5 or 0). Indices count the games over all the files, in order.

Positions: every position of a game after its first --skip-plies plies (not the one after the last move: no
one searched it), except where the side to move is in check; what is written is its quiet leaf, as generate
writes it. A position already written (the same position key) is skipped: it keeps its first label. Games the reader cannot replay are skipped and named;
games a player lost by time, an illegal move or a crash (their Termination tag) are skipped too, as their
result says nothing about the positions.)";

constexpr CommandText kExtractCommand = {"shuai-tune extract",
                                         "shuai-tune extract --out FILE [options] PGN...", kDescription};

std::vector<CommandOption> option_table(ExtractOptions& options) {
  return {
      {"--out", "FILE", "the training file, written anew", &options.out_path, 0, 0, true},
      {"--skip-plies", "N", "plies after each game's start not recorded", &options.skipped_plies, 0, 1000},
  };
}

// The book reader's outcome as the referee's result.
GameResult result_of(GameOutcome outcome) {
  switch (outcome) {
    case GameOutcome::kRedWins:
      return GameResult::kRedWins;
    case GameOutcome::kBlackWins:
      return GameResult::kBlackWins;
    case GameOutcome::kDraw:
      break;
  }
  return GameResult::kDraw;
}

}  // namespace

bool ended_off_the_board(const PgnGame& game) {
  const std::string_view termination = game.tag("Termination");
  for (const Termination off_board :
       {Termination::kIllegalMove, Termination::kTimeForfeit, Termination::kCrash})
    if (termination == termination_name(off_board)) return true;
  return false;
}

bool extract(const ExtractOptions& options, ExtractSummary& summary, std::string& error) {
  // Every input is checked before the output is touched, so a mistyped name costs nothing.
  for (const std::string& path : options.pgn_paths)
    if (!std::ifstream(path, std::ios::binary)) {
      error = path + ": cannot open";
      return false;
    }
  std::ofstream out(options.out_path, std::ios::binary | std::ios::trunc);
  if (!out) {
    error = options.out_path + ": cannot be written";
    return false;
  }
  out << fmt::format(
      "# shuai-tune extract --skip-plies {} from {} PGN file(s): \"<FEN> ; <result>\" lines, the game's "
      "result from Red's side (1, 0.5, 0)\n",
      options.skipped_plies, options.pgn_paths.size());
  Searcher leaf_finder(0);  // one quiescence search at a time: the smallest table
  std::unordered_set<std::uint64_t> written;
  int game_index = 0;
  PgnGame game;
  for (const std::string& path : options.pgn_paths) {
    std::ifstream stream(path, std::ios::binary);
    if (!stream) {
      error = path + ": cannot open";
      return false;
    }
    PgnReader reader(stream);
    std::string problem;
    for (PgnReader::Status status; (status = reader.next(game, problem)) != PgnReader::Status::kEnd;) {
      if (status == PgnReader::Status::kSkipped || ended_off_the_board(game)) {
        ++summary.games_skipped;
        if (summary.problems.size() < kShownProblems)
          summary.problems.push_back(status == PgnReader::Status::kSkipped
                                         ? fmt::format("{}: {}", path, problem)
                                         : fmt::format("{}: game {} (line {}): ended by {}", path,
                                                       game.number, game.line, game.tag("Termination")));
        continue;
      }
      ++summary.games_read;
      const GameResult result = result_of(game.outcome);
      const double red_score = score_for(result, kRed);
      (result == GameResult::kRedWins     ? summary.red_wins
       : result == GameResult::kBlackWins ? summary.black_wins
                                          : summary.draws) += 1;
      std::string lines;
      std::size_t count = 0;
      Position position = game.start;
      for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
        if (int(ply) >= options.skipped_plies) {
          if (const auto leaf = training_position(leaf_finder, position)) {
            if (written.insert(leaf->key).second) {
              lines += position_line(leaf->fen, red_score) + "\n";
              ++count;
            } else {
              ++summary.duplicates_skipped;
            }
          }
        }
        position.make_move(game.moves[ply]);
      }
      const std::string_view termination = game.tag("Termination");
      out << game_line(game_index++, count,
                       fmt::format("{} {}", result_text(result), termination.empty() ? "pgn" : termination))
          << "\n"
          << lines;
      summary.positions_written += count;
    }
  }
  out.flush();
  if (!out) {
    error = options.out_path + ": write failed";
    return false;
  }
  return true;
}

int run_extract(std::span<const std::string_view> arguments, const std::string&, std::FILE* out,
                std::FILE* error) {
  ExtractOptions options;
  if (const auto code = read_command_line(kExtractCommand, option_table(options), arguments, out, error,
                                          &options.pgn_paths))
    return *code;
  if (options.pgn_paths.empty()) {
    fmt::print(error, "shuai-tune extract: no PGN file given\n");
    return 2;
  }
  ExtractSummary summary;
  std::string problem;
  if (!extract(options, summary, problem)) {
    fmt::print(error, "shuai-tune extract: {}\n", problem);
    return 2;
  }
  fmt::print(out,
             "extract: {} games read ({} skipped), {} positions written, {} duplicates skipped, Red wins {}, "
             "draws {}, Black wins {}\n",
             summary.games_read, summary.games_skipped, summary.positions_written, summary.duplicates_skipped,
             summary.red_wins, summary.draws, summary.black_wins);
  for (const std::string& line : summary.problems) fmt::print(out, "  skipped {}\n", line);
  if (summary.games_skipped > summary.problems.size())
    fmt::print(out, "  ... and {} more skipped\n", summary.games_skipped - summary.problems.size());
  return 0;
}

}  // namespace shuai::tune
