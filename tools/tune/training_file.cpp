// Writing and reading the lines of a training file.
#include "tools/tune/training_file.h"

#include <fmt/format.h>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <vector>

#include "engine/board/fen.h"

namespace shuai::tune {

namespace {

constexpr std::string_view kSeparator = " ; ";
constexpr std::string_view kGamePrefix = "# game ";

std::string_view score_text(double red_score) {
  return red_score >= 1 ? "1" : red_score <= 0 ? "0" : "0.5";
}

template <typename Number>
std::optional<Number> leading_number(std::string_view& text) {
  Number value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc()) return std::nullopt;
  text.remove_prefix(std::size_t(end - text.data()));
  return value;
}

}  // namespace

std::string position_line(std::string_view fen, double red_score) {
  return fmt::format("{}{}{}", fen, kSeparator, score_text(red_score));
}

std::optional<PositionLine> parse_position_line(std::string_view line) {
  const auto separator = line.rfind(kSeparator);
  if (line.starts_with('#') || separator == std::string_view::npos || separator == 0) return std::nullopt;
  const std::string_view score = line.substr(separator + kSeparator.size());
  PositionLine parsed;
  if (score == "1")
    parsed.red_score = 1;
  else if (score == "0.5")
    parsed.red_score = 0.5;
  else if (score == "0")
    parsed.red_score = 0;
  else
    return std::nullopt;
  parsed.fen = std::string(line.substr(0, separator));
  return parsed;
}

std::string game_line(int game_index, std::size_t positions, std::string_view about) {
  return fmt::format("{}{}: {} positions, {}", kGamePrefix, game_index, positions, about);
}

std::optional<GameLine> parse_game_line(std::string_view line) {
  if (!line.starts_with(kGamePrefix)) return std::nullopt;
  line.remove_prefix(kGamePrefix.size());
  GameLine parsed;
  const auto index = leading_number<int>(line);
  if (!index || *index < 0 || !line.starts_with(": ")) return std::nullopt;
  line.remove_prefix(2);
  const auto positions = leading_number<std::size_t>(line);
  if (!positions || !line.starts_with(" positions")) return std::nullopt;
  parsed.game_index = *index;
  parsed.positions = *positions;
  return parsed;
}

std::variant<TrainingFileContents, std::string> read_training_file(const std::string& path) {
  TrainingFileContents contents;
  std::error_code ignored;
  if (!std::filesystem::exists(path, ignored)) return contents;  // no file yet: nothing done
  std::ifstream file(path, std::ios::binary);
  if (!file) return fmt::format("{}: cannot be read", path);
  // The game being read: its index, the positions its "# game" line promises, its keys so far.
  std::optional<GameLine> open_game;
  std::vector<std::uint64_t> open_keys;
  std::uint64_t offset = 0;
  std::string line;
  for (int number = 1; std::getline(file, line); ++number) {
    const bool ended = !file.eof();  // a last line without its newline was cut short
    offset += line.size() + (ended ? 1 : 0);
    const auto error = [&](std::string_view what) { return fmt::format("{}:{}: {}", path, number, what); };
    if (!ended) {
      contents.cut_short = true;
      break;
    }
    if (const auto game = parse_game_line(line)) {
      if (open_game) return error("a \"# game\" line before the previous game's positions are all there");
      open_game = game;
      open_keys.clear();
    } else if (line.empty() || line.starts_with('#')) {
      // a comment
    } else if (const auto position = parse_position_line(line)) {
      if (!open_game) return error("a position outside any game (no \"# game\" line before it)");
      const FenResult fen = parse_fen(position->fen);
      if (!fen.position) return error(fen.error);
      open_keys.push_back(fen.position->key());
    } else {
      return error("neither \"<FEN> ; <result>\" nor a comment");
    }
    if (open_game && open_keys.size() == open_game->positions) {
      contents.games.insert(open_game->game_index);
      contents.keys.insert(open_keys.begin(), open_keys.end());
      contents.positions += open_keys.size();
      open_game.reset();
    }
    if (!open_game) contents.complete_bytes = offset;
  }
  if (open_game) contents.cut_short = true;
  return contents;
}

}  // namespace shuai::tune
