// The training file `shuai-tune generate` writes and `fit` reads: one position per line, "<FEN> ; <result>"
// with the game's result from Red's side (1, 0.5, 0), each game's lines after a "# game" line that says how
// many follow, so that a run can tell which games a file holds and whether its last one was cut short.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <variant>

namespace shuai::tune {

// One position's line, without its newline; `red_score` is 1, 0.5 or 0.
std::string position_line(std::string_view fen, double red_score);

struct PositionLine {
  std::string fen;
  double red_score = 0;
};
// A position line back (the FEN is not checked here); nothing when the line is not one.
std::optional<PositionLine> parse_position_line(std::string_view line);

// "# game 17: 54 positions, 1-0 checkmate", without its newline.
std::string game_line(int game_index, std::size_t positions, std::string_view about);

struct GameLine {
  int game_index = 0;
  std::size_t positions = 0;
};
std::optional<GameLine> parse_game_line(std::string_view line);

// What an existing training file holds.
struct TrainingFileContents {
  std::set<int> games;                     // indices of the complete games
  std::unordered_set<std::uint64_t> keys;  // position keys of their positions
  std::uint64_t positions = 0;             // their position lines
  // The file's length up to the end of its last complete game (and the comments after it); what follows is
  // a game cut short by a killed run.
  std::uint64_t complete_bytes = 0;
  bool cut_short = false;
};

// Reads the file at `path` (no file: empty contents). A message naming the file and line when a line is
// neither a position, a "# game" line nor a comment, when a FEN is not a legal position, or when a game has
// more positions than its "# game" line says: anything but a cut-short end is not this program's writing.
std::variant<TrainingFileContents, std::string> read_training_file(const std::string& path);

}  // namespace shuai::tune
