// `shuai bench levels`: the evaluation each playing level loses per move, judged by the full-strength search.
// Every level plays its choices from the same positions; each move played is scored by a search to a fixed
// depth with only that move allowed, against the same search free to choose, and the difference is the move's
// loss. The table shows how a level's mistakes are spread, level by level (a level should lose more as it
// falls, smoothly, not a strong move now and a thrown piece then).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>

#include "engine/board/board.h"
#include "engine/command_line/command_options.h"
#include "engine/command_line/progress.h"
#include "engine/commands/bench.h"
#include "engine/commands/bench_positions.h"
#include "engine/commands/commands.h"
#include "search/timed_search.h"

namespace shuai::commands {

namespace {

constexpr CommandText kLevelsCommand = {
    "bench levels", "shuai bench levels [--depth N] [--positions N] [--choices N] [--seed N]",
    "Plays every playing level (0 to 19) from the bench and opening positions, --choices times each, and\n"
    "scores each move played by a full-strength search to --depth with only that move allowed, against the\n"
    "same search free to choose: per level, the share of moves by evaluation lost (a horse or a cannon is\n"
    "about 100) and the mean loss. One thread; the same seed gives the same table.",
    true};

// The loss buckets' lower bounds: best move (0), then 1, 20, 50, 100 (a piece) and 300 (a rook and more).
constexpr std::array kLossBuckets = {0, 1, 20, 50, 100, 300};

std::size_t bucket_of(int loss) {
  std::size_t bucket = 0;
  while (bucket + 1 < kLossBuckets.size() && loss >= kLossBuckets[bucket + 1]) ++bucket;
  return bucket;
}

}  // namespace

std::vector<LevelLosses> run_level_losses(const LevelLossSettings& settings, std::FILE* progress_stream) {
  std::vector<std::string> fens = bench_positions();
  for (const std::string& fen : opening_bench_positions()) fens.push_back(fen);
  fens.resize(std::min(fens.size(), std::size_t(std::max(settings.positions, 1))));
  Searcher judge(settings.hash_megabytes);
  Searcher player(settings.hash_megabytes);
  player.seed_level_choice(settings.seed);
  std::vector<LevelLosses> levels;
  for (int level = 0; level < kFullStrengthLevel; ++level)
    if (settings.levels.empty() ||
        std::find(settings.levels.begin(), settings.levels.end(), level) != settings.levels.end())
      levels.push_back({.level = level});
  ProgressLine progress(progress_stream);
  SearchLimits judge_limits;
  judge_limits.depth = settings.depth;
  for (std::size_t index = 0; index < fens.size(); ++index) {
    Position position = *parse_fen(fens[index]).position;
    MoveList legal;
    generate_legal(position, legal);
    if (legal.size < 2) continue;  // nothing to choose
    const TimedSearch free_choice = timed_search(judge, position, judge_limits);
    const int best = free_choice.result.score;
    std::map<Move, int> loss_of{{free_choice.result.best_move, 0}};
    for (LevelLosses& level : levels) {
      player.options().level = level.level;
      for (int choice = 0; choice < settings.choices; ++choice) {
        player.clear();  // each choice from the same state: the level's noise alone differs
        const Move played = player.search(position, SearchLimits{}).best_move;
        auto known = loss_of.find(played);
        if (known == loss_of.end()) {
          SearchLimits only_played = judge_limits;
          for (const Move m : legal)
            if (m != played) only_played.excluded_root_moves.push_back(m);
          const int score = timed_search(judge, position, only_played).result.score;
          known = loss_of.emplace(played, std::clamp(best - score, 0, kLevelScoreGap)).first;
        }
        const int loss = known->second;
        ++level.moves;
        ++level.by_bucket[bucket_of(loss)];
        level.loss_sum += loss;
      }
    }
    progress.draw(fmt::format("bench levels: {} {}/{} positions{}", progress_bar(index + 1, fens.size(), 20),
                              index + 1, fens.size(),
                              time_left_text(index + 1, fens.size(), progress.elapsed())));
  }
  progress.end();
  return levels;
}

int run_bench_levels(std::span<const std::string_view> arguments) {
  LevelLossSettings settings;
  const CommandOption options[] = {
      {"--depth", "N", "the judging search's depth", &settings.depth, 1, 30},
      {"--positions", "N", "positions played from (bench positions, then opening ones; 67 in all)",
       &settings.positions, 1, 1000},
      {"--choices", "N", "moves each level plays from each position", &settings.choices, 1, 1000},
      {"--seed", "N", "the seed of the levels' choices", &settings.seed, 0, 1e18},
  };
  if (const auto done = read_command_line(kLevelsCommand, options, arguments, stdout, stderr)) return *done;
  const std::vector<LevelLosses> levels = run_level_losses(settings, stderr);
  fmt::print("bench levels: judged by the search to depth {}, {} positions, {} choices each, seed {}\n",
             settings.depth, levels.empty() ? 0 : levels[0].moves / settings.choices, settings.choices,
             settings.seed);
  fmt::print("level    nodes lines  noise  |  best    1-19   20-49   50-99 100-299    300+ | mean loss\n");
  for (const LevelLosses& level : levels) {
    const LevelPlan plan = plan_for_level(level.level);
    std::string shares;
    for (const int count : level.by_bucket)
      shares += fmt::format(" {:6.1f}%", 100.0 * count / std::max(level.moves, 1));
    fmt::print("{:5} {:8} {:5} {:6.1f}  |{} | {:9.1f}\n", level.level, plan.nodes, plan.lines,
               plan.temperature, shares, double(level.loss_sum) / std::max(level.moves, 1));
  }
  return 0;
}

}  // namespace shuai::commands
