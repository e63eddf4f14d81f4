// `shuai bench tactics`: the positions of positions/tactics.epd (Shuai's losing moves from real games, with
// the move that holds) searched at a fixed node count; prints how many the search solves.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "engine/board/board.h"
#include "engine/board/position_file.h"
#include "engine/command_line/command_options.h"
#include "engine/commands/bench.h"
#include "engine/commands/bench_positions.h"
#include "engine/commands/commands.h"

namespace shuai::commands {

namespace {

constexpr CommandText kTacticsCommand = {
    "bench tactics", "shuai bench tactics [--nodes N] [--hash MB] [--file EPD] [--verbose]",
    "Searches the positions of positions/tactics.epd (compiled in), one thread and cleared tables each,\n"
    "at a fixed node count and prints \"Tactics solved: S/T\".",
    true};

// The words of one EPD operation up to its ';' (a quoted operand is one word, without its quotes). Returns
// false at the end of the line; sets `error` if the operation has no ';' or an unclosed quote.
bool next_operation(std::string_view& rest, std::vector<std::string>& words, std::string& error) {
  words.clear();
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    const char c = rest[i];
    if (c == '"') {
      const std::size_t close = rest.find('"', i + 1);
      if (close == std::string_view::npos) {
        error = "unclosed quote";
        return false;
      }
      word.append(rest.substr(i + 1, close - i - 1));
      in_word = true;
      i = close;
    } else if (c == ';' || c == ' ' || c == '\t') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
      if (c == ';') {
        rest.remove_prefix(i + 1);
        return true;
      }
    } else {
      word.push_back(c);
      in_word = true;
    }
  }
  if (in_word || !words.empty()) error = "an operation without its ';'";
  rest = {};
  return false;
}

// The operations of one EPD line (after its FEN fields): "bm M...; am M; id "..."; c0 "..."; ...".
std::optional<TacticsPosition> parse_operations(const PositionLine& line, std::string& error) {
  TacticsPosition position;
  position.fen = line.fen.substr(0, line.fen.find(' ', line.fen.find(' ') + 1));  // board and side to move
  std::string_view rest = line.rest;
  std::vector<std::string> words;
  while (next_operation(rest, words, error)) {
    if (words.empty()) continue;
    const std::string& code = words[0];
    const std::vector<std::string> operands(words.begin() + 1, words.end());
    if (code == "bm")
      position.best_moves = operands;
    else if (code == "am")
      position.avoid_moves = operands;
    else if (code == "id" && operands.size() == 1)
      position.id = operands[0];
    else if (code == "c0" && operands.size() == 1)
      position.source = operands[0];
  }
  if (!error.empty()) return std::nullopt;
  if (position.best_moves.empty()) {
    error = "no bm";
    return std::nullopt;
  }
  return position;
}

}  // namespace

std::vector<TacticsPosition> parse_tactics(std::string_view text, std::string& error,
                                           const std::string& name) {
  std::istringstream lines{std::string(text)};
  auto read = read_positions(lines, name);
  if (auto* message = std::get_if<std::string>(&read)) {
    error = std::move(*message);
    return {};
  }
  std::vector<TacticsPosition> positions;
  for (const PositionLine& line : std::get<std::vector<PositionLine>>(read)) {
    auto position = parse_operations(line, error);
    if (!position) {
      error = fmt::format("{}:{}: {}", name, line.number, error);
      return {};
    }
    positions.push_back(std::move(*position));
  }
  return positions;
}

TacticsTotals run_tactics(std::span<const TacticsPosition> positions, const TacticsSettings& settings,
                          bool print) {
  Searcher searcher;
  searcher.table().resize(settings.hash_megabytes);
  SearchLimits limits;
  limits.nodes = settings.nodes;
  TacticsTotals totals;
  for (const TacticsPosition& position : positions) {
    auto parsed = parse_fen(position.fen);
    if (!parsed.position) throw std::invalid_argument(position.id + ": " + parsed.error);
    searcher.clear();  // every position from empty tables: the same result whatever ran before
    const auto start = std::chrono::steady_clock::now();
    const SearchResult result = searcher.search(*parsed.position, limits);
    totals.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    totals.nodes += result.nodes;
    const std::string best = move_to_iccs(result.best_move);
    const bool solved =
        std::find(position.best_moves.begin(), position.best_moves.end(), best) != position.best_moves.end();
    totals.solved += solved;
    ++totals.total;
    if (print) {
      const bool avoided = std::find(position.avoid_moves.begin(), position.avoid_moves.end(), best) ==
                           position.avoid_moves.end();
      fmt::print("{:<13} {:<7} best {} score {:>6} depth {:>2}  bm {}{}\n", position.id,
                 solved ? "solved" : (avoided ? "missed" : "played"), best, result.score, result.depth,
                 fmt::join(position.best_moves, " "), avoided ? "" : " (the game's losing move again)");
    }
  }
  return totals;
}

int run_bench_tactics(std::span<const std::string_view> arguments) {
  TacticsSettings settings;
  std::string path;
  bool verbose = false;
  const CommandOption options[] = {
      {"--nodes", "N", "nodes per position", &settings.nodes, 1, 2'000'000'000},
      {"--hash", "MB", "transposition table size", &settings.hash_megabytes, 1, 65536},
      {"--file", "EPD", "read the positions from this file instead of the compiled-in positions/tactics.epd",
       &path},
      {"--verbose", "", "one line per position", &verbose},
  };
  if (const auto done = read_command_line(kTacticsCommand, options, arguments, stdout, stderr)) return *done;
  std::string text;
  if (path.empty()) {
    text = tactics_positions_text();
  } else {
    std::ifstream file(path);
    if (!file) return fmt::print(stderr, "bench tactics: cannot read {}\n", path), 2;
    text.assign(std::istreambuf_iterator<char>(file), {});
  }
  std::string error;
  const auto positions = parse_tactics(text, error, path.empty() ? "positions/tactics.epd" : path);
  if (positions.empty()) return fmt::print(stderr, "bench tactics: {}\n", error), 2;
  TacticsTotals totals;
  try {
    totals = run_tactics(positions, settings, verbose);
  } catch (const std::invalid_argument& bad_position) {
    fmt::print(stderr, "bench tactics: {}\n", bad_position.what());
    return 2;
  }
  fmt::print("Tactics solved: {}/{} at {} nodes per position ({:.1f}%), total time {:.1f} s\n", totals.solved,
             totals.total, settings.nodes, 100.0 * totals.solved / totals.total, totals.seconds);
  return 0;
}

}  // namespace shuai::commands
