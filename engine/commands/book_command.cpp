// `shuai book build|probe`: making an opening book from PGN files and looking up a position's book moves.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/board/board.h"
#include "engine/book/book_builder.h"
#include "engine/book/opening_book.h"
#include "engine/book/pgn_reader.h"
#include "engine/command_line/arguments.h"
#include "engine/command_line/command_options.h"
#include "engine/command_line/progress.h"
#include "engine/commands/commands.h"

namespace shuai::commands {
namespace {

constexpr CommandText kBuildCommand = {
    "shuai book", "shuai book build --out FILE [options] PGN...",
    "Makes a book from PGN files (moves in ICCS, WXF or Chinese notation): the moves of each game's first\n"
    "--max-plies plies played in at least --min-games games and scoring at least --min-score for the mover;\n"
    "games that cannot be replayed are skipped."};
constexpr CommandText kProbeCommand = {
    "shuai book", "shuai book probe FILE[;FILE...] [FEN | startpos] [moves MOVE...]",
    "The book moves of a position (default the start position), heaviest first."};
// The subcommands' synopses, for `shuai book help` (each subcommand's --help gives its options).
std::string book_usage() {
  return fmt::format("usage:\n  {}\n  {}\n", kBuildCommand.synopsis, kProbeCommand.synopsis);
}

// How many skipped games the build names before it only counts them.
constexpr int kShownProblems = 5;

int fail(const std::string& message) {
  fmt::print(stderr, "shuai book: {}\n", message);
  return 2;
}

// The build's progress line on standard error: files, games, megabytes read (the bar's units are bytes).
// Into a log it writes only its final state.
struct BuildCounts {
  std::size_t files = 0, file = 0;
  std::uint64_t games = 0, skipped = 0;
};

std::string build_progress_text(const ProgressState& state, const BuildCounts& counts) {
  constexpr int kBarWidth = 24;
  return fmt::format("{} {} {}/{} files  {} games ({} skipped)  {:.1f}/{:.1f} MB  {:.1f}s", state.label,
                     progress_bar(state.done, state.total, kBarWidth), counts.file, counts.files,
                     counts.games, counts.skipped, double(state.done) / 1e6, double(state.total) / 1e6,
                     state.elapsed);
}

int run_build(std::span<const std::string_view> arguments) {
  std::string out;
  int max_plies = BookBuilder::kDefaultMaxPlies;
  BookSelection selection;
  int min_games = int(selection.min_games);
  std::vector<std::string> inputs;
  const CommandOption options[] = {
      {"--out", "FILE", "where the book goes", &out, 0, 0, true},
      {"--min-games", "N", "keep the moves played in at least N games", &min_games, 1, 1'000'000'000},
      {"--max-plies", "N", "read each game's first N plies", &max_plies, 1, 1000},
      {"--min-score", "S", "keep the moves scoring at least S for the mover (a fraction)",
       &selection.min_score, 0, 1},
  };
  if (const auto done = read_command_line(kBuildCommand, options, arguments, stdout, stderr, &inputs))
    return *done;
  selection.min_games = std::uint32_t(min_games);
  if (inputs.empty()) return fail("build needs at least one PGN file (try 'shuai book help')");
  // A book can take long to build: a place it cannot be written is better found before than after.
  const std::filesystem::path out_folder = std::filesystem::path(out).parent_path();
  std::error_code folder_error;
  if (!out_folder.empty() && !std::filesystem::is_directory(out_folder, folder_error))
    return fail(fmt::format("{}: no such folder for the book", out_folder.string()));
  std::uintmax_t total_bytes = 0;
  for (const std::string& path : inputs) {
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    if (error) return fail(fmt::format("{}: cannot read: {}", path, error.message()));
    total_bytes += size;
  }

  BookBuilder builder(max_plies);
  BuildCounts counts{inputs.size()};
  Progress progress(stderr, LogPolicy::kFinalState,
                    [&](const ProgressState& state) { return build_progress_text(state, counts); });
  progress.start("book", total_bytes);
  std::uint64_t& games = counts.games;
  std::uint64_t& skipped = counts.skipped;
  std::uintmax_t bytes_before = 0;
  std::vector<std::string> problems;
  PgnGame game;
  for (std::size_t file = 0; file < inputs.size(); ++file) {
    std::ifstream stream(inputs[file], std::ios::binary);
    if (!stream) return fail(fmt::format("{}: cannot open", inputs[file]));
    PgnReader reader(stream);
    counts.file = file + 1;
    std::string problem;
    for (PgnReader::Status status; (status = reader.next(game, problem)) != PgnReader::Status::kEnd;) {
      ++games;
      if (status == PgnReader::Status::kGame) {
        builder.add_game(game);
      } else if (++skipped <= kShownProblems) {
        problems.push_back(fmt::format("{}: {}", inputs[file], problem));
      }
      progress.update(bytes_before + reader.bytes_read());
    }
    bytes_before += reader.bytes_read();
    progress.update(bytes_before);
  }
  progress.finish();

  const std::vector<BookRecord> records = builder.finish(selection);
  std::string error;
  if (!write_book_file(out, records, error)) return fail(error);
  std::set<std::uint64_t> positions;
  for (const BookRecord& record : records) positions.insert(record.key);
  fmt::print("games: {} read, {} used, {} skipped\n", games, games - skipped, skipped);
  for (const std::string& problem : problems) fmt::print("  skipped {}\n", problem);
  if (skipped > kShownProblems) fmt::print("  ... and {} more skipped\n", skipped - kShownProblems);
  fmt::print("positions: {} counted (first {} plies of each game), {} distinct position-move pairs\n",
             builder.positions(), max_plies, builder.entries());
  if (builder.dropped() > 0)
    fmt::print("  {} rare position-move pairs dropped to bound memory\n", builder.dropped());
  fmt::print("records: {} written to {} for {} positions (--min-games {} --min-score {})\n", records.size(),
             out, positions.size(), selection.min_games, selection.min_score);
  return 0;
}

int run_probe(std::span<const std::string_view> words) {
  std::vector<std::string> arguments;
  if (const auto done = read_command_line(kProbeCommand, {}, words, stdout, stderr, &arguments)) return *done;
  if (arguments.empty()) return fail("probe needs a book FILE (try 'shuai book help')");
  const std::string book_path(arguments[0]);
  std::string fen;
  std::size_t at = 1;
  for (; at < arguments.size() && arguments[at] != "moves"; ++at) fen += std::string(arguments[at]) + ' ';
  if (fen.empty() || fen == "startpos ") fen = kStartFen;
  FenResult parsed = parse_fen(fen);
  if (!parsed.position) return fail(parsed.error);
  Position position = *parsed.position;
  for (++at; at < arguments.size(); ++at) {
    const MoveResult move = parse_move_in_any_notation(position, arguments[at]);
    if (move.move == kNoMove) return fail(fmt::format("move '{}': {}", arguments[at], move.error));
    position.make_move(move.move);
  }
  OpeningBook book;
  std::string error;
  if (!book.load(book_path, error)) return fail(error);

  const std::vector<BookMove> moves = book.probe(position);
  if (moves.empty()) {
    fmt::print("no book moves\n");
    return 0;
  }
  double total_weight = 0;
  for (const BookMove& move : moves) total_weight += move.weight;
  for (const BookMove& move : moves) {
    const double score = 100.0 * (move.wins + move.draws / 2.0) / std::max<std::uint32_t>(move.games, 1);
    fmt::print("{}  {}  games {:>5}  +{} ={} -{}  score {:5.1f}%  weight {:>6}  share {:5.1f}%\n",
               move_to_iccs(move.move), move_to_chinese(position, move.move), move.games, move.wins,
               move.draws, move.losses, score, move.weight, 100.0 * move.weight / total_weight);
  }
  return 0;
}

}  // namespace

int run_book_command(std::span<const std::string_view> arguments) {
  if (arguments.empty() || asks_for_help(arguments)) {
    fmt::print(arguments.empty() ? stderr : stdout, "{}", book_usage());
    return arguments.empty() ? 2 : 0;
  }
  if (arguments[0] == "build") return run_build(arguments.subspan(1));
  if (arguments[0] == "probe") return run_probe(arguments.subspan(1));
  return fail(fmt::format("unknown subcommand '{}' (try 'shuai book help')", arguments[0]));
}

}  // namespace shuai::commands
