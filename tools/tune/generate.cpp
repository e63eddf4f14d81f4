// The generate run: which games to play, worker threads that play them, and the writer that appends each
// finished game to the file without positions already written.
#include "tools/tune/generate.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <unordered_set>
#include <vector>

#include "engine/board/position_file.h"
#include "engine/command_line/progress.h"
#include "search/search.h"
#include "tools/common/work_queue.h"
#include "tools/tune/game_start.h"
#include "tools/tune/training_file.h"
#include "tools/tune/training_game.h"

namespace shuai::tune {

namespace {

std::vector<std::string> load_openings(const std::string& path) {
  auto read = read_position_file(path);
  if (const auto* error = std::get_if<std::string>(&read)) throw GenerateInputError(*error);
  std::vector<std::string> fens;
  for (shuai::PositionLine& line : std::get<std::vector<shuai::PositionLine>>(read))
    fens.push_back(std::move(line.fen));
  return fens;
}

// The progress line: games done of the run's total, positions written, games per minute and the time left.
// Into a log it writes only its final state.
std::string progress_text(const ProgressState& state, std::uint64_t positions_written) {
  constexpr int kBarWidth = 24;
  std::string rate;
  if (state.done > 0 && state.elapsed > 0)
    rate = fmt::format("  {:.1f} games/min{}", 60.0 * double(state.done) / state.elapsed,
                       time_left_text(state.done, state.total, state.elapsed));
  return fmt::format("{} {} {}/{} games  {} positions  {}{}", state.label,
                     progress_bar(state.done, state.total, kBarWidth), state.done, state.total,
                     positions_written, clock_text(state.elapsed), rate);
}

// The file's first line when it is new: what the lines are and how they were made.
std::string header_line(const GenerateOptions& options) {
  return fmt::format(
      "# shuai-tune generate --nodes {} --seed {} --random-plies {} --max-plies {} --openings {}: "
      "\"<FEN> ; <result>\" lines, the game's result from Red's side (1, 0.5, 0)",
      options.nodes, options.seed, options.random_plies, options.max_plies, options.openings_path);
}

// Appends finished games to the file, each with the positions not written before; shared by the workers.
class GameWriter {
 public:
  GameWriter(const GenerateOptions& options, const TrainingFileContents& contents, GenerateSummary& summary,
             Progress& progress)
      : path_(options.out_path), keys_(contents.keys), summary_(summary), progress_(progress) {
    const bool is_new = contents.complete_bytes == 0;
    file_ = std::fopen(path_.c_str(), "ab");
    if (!file_) throw GenerateInputError(path_ + ": cannot be written");
    if (is_new) write(header_line(options) + "\n");
  }
  ~GameWriter() { std::fclose(file_); }
  GameWriter(const GameWriter&) = delete;
  GameWriter& operator=(const GameWriter&) = delete;

  void add(int game_index, const TrainingGame& game) {
    std::lock_guard lock(mutex_);
    std::string lines;
    std::size_t written = 0;
    const double red_score = game.red_score();
    for (const TrainingPosition& position : game.positions) {
      if (!keys_.insert(position.key).second) {
        ++summary_.duplicates_skipped;
        continue;
      }
      lines += position_line(position.fen, red_score) + "\n";
      ++written;
    }
    const std::string about =
        fmt::format("{} {}", result_text(game.verdict.result), termination_name(game.verdict.termination));
    // One write per game, so a killed run cuts at most the last game short.
    write(game_line(game_index, written, about) + "\n" + lines);
    ++summary_.games_played;
    summary_.positions_written += written;
    switch (game.verdict.result) {
      case GameResult::kRedWins:
        ++summary_.red_wins;
        break;
      case GameResult::kBlackWins:
        ++summary_.black_wins;
        break;
      case GameResult::kDraw:
        ++summary_.draws;
        break;
    }
    progress_.update(std::uint64_t(summary_.games_played));
  }

 private:
  void write(const std::string& text) {
    if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() || std::fflush(file_) != 0)
      throw std::runtime_error(path_ + ": write failed");
  }

  std::string path_;
  std::FILE* file_ = nullptr;
  std::mutex mutex_;  // guards everything below, and the file
  std::unordered_set<std::uint64_t> keys_;
  GenerateSummary& summary_;
  Progress& progress_;
};

}  // namespace

GenerateSummary generate(const GenerateOptions& options, std::FILE* messages) {
  const auto started = std::chrono::steady_clock::now();
  const std::vector<std::string> openings = load_openings(options.openings_path);
  auto read = read_training_file(options.out_path);
  if (const auto* error = std::get_if<std::string>(&read)) throw GenerateInputError(*error);
  const TrainingFileContents& contents = std::get<TrainingFileContents>(read);
  if (contents.cut_short) {
    std::error_code error;
    std::filesystem::resize_file(options.out_path, contents.complete_bytes, error);
    if (error) throw GenerateInputError(options.out_path + ": cannot cut off its unfinished last game");
    if (messages)
      fmt::print(messages, "shuai-tune: {}: an unfinished last game was cut off; it is played again\n",
                 options.out_path);
  }

  GenerateSummary summary;
  std::vector<int> pending;  // this shard's games not yet in the file
  for (int game = options.shard_index - 1; game < options.games; game += options.shard_count) {
    if (contents.games.contains(game))
      ++summary.games_already_done;
    else
      pending.push_back(game);
  }

  Progress progress(messages, LogPolicy::kFinalState, [&](const ProgressState& state) {
    return progress_text(state, summary.positions_written);
  });
  progress.start("generate", pending.size());
  GameWriter writer(options, contents, summary, progress);
  TrainingGameSettings settings;
  settings.nodes = options.nodes;
  settings.max_plies = options.max_plies;

  tools::WorkQueue queue(pending.size());
  const auto play_games = [&](int) {
    Searcher player(std::size_t(options.hash_megabytes));
    Searcher leaf_finder(0);  // one quiescence search at a time: the smallest table
    while (const auto task = queue.next()) {
      const int index = pending[*task];
      const Referee start = game_start(openings, game_seed(options.seed, index), options.random_plies);
      writer.add(index, play_training_game(start, settings, player, leaf_finder));
    }
  };
  try {
    tools::run_workers(int(std::min<std::size_t>(std::size_t(options.threads), pending.size())), play_games,
                       &queue);
  } catch (const std::exception& error) {
    throw std::runtime_error(error.what());  // a failed game is not a bad input (exit code 1, not 2)
  }
  progress.finish();
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return summary;
}

std::string summary_line(const GenerateSummary& summary) {
  return fmt::format(
      "generate: {} games played ({} already in the file), {} positions written, {} duplicates skipped, "
      "Red wins {}, draws {}, Black wins {}, {:.1f} s",
      summary.games_played, summary.games_already_done, summary.positions_written, summary.duplicates_skipped,
      summary.red_wins, summary.draws, summary.black_wins, summary.seconds);
}

int run_generate(std::span<const std::string_view> arguments, const std::string& positions_directory,
                 std::FILE* out, std::FILE* error) {
  const auto parsed = parse_generate_options(arguments, positions_directory);
  if (const auto* message = std::get_if<std::string>(&parsed)) {
    fmt::print(error, "{}\n", *message);
    return 2;
  }
  const GenerateOptions& options = std::get<GenerateOptions>(parsed);
  if (options.help) {
    fmt::print(out, "{}", generate_usage_text(positions_directory));
    return 0;
  }
  try {
    const GenerateSummary summary = generate(options, error);
    fmt::print(out, "{}\n", summary_line(summary));
    std::fflush(out);
    return 0;
  } catch (const GenerateInputError& input_error) {
    fmt::print(error, "shuai-tune generate: {}\n", input_error.what());
    return 2;
  } catch (const std::exception& failure) {
    fmt::print(error, "shuai-tune generate: {}\n", failure.what());
    return 1;
  }
}

}  // namespace shuai::tune
