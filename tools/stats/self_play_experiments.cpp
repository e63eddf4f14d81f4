// Tables 7, 8 and 9 of the paper, from fixed-depth self-play games. reset: every game is played twice from
// the same opening, by engines that clear the MHT before every move and by engines that never do (beyond
// the clear on entering the endgame); the moves must come out identical, and the accumulated search times
// are compared. occupancy: the same games, with the MHT's occupancy read after every search.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "tools/stats/experiments.h"
#include "tools/stats/measure.h"
#include "tools/stats/paper.h"
#include "tools/stats/self_play.h"

namespace shuai::stats {

namespace {

// The two engines of one MHT size, reused game after game (cleared for each new game).
struct EnginePair {
  Searcher red, black;

  EnginePair(std::size_t hash_megabytes, int entries_log2) : red(hash_megabytes), black(hash_megabytes) {
    red.minors_table().resize_entries_log2(entries_log2);
    black.minors_table().resize_entries_log2(entries_log2);
  }
  std::array<Searcher*, 2> new_game(bool reset_every_move) {
    for (Searcher* engine : {&red, &black}) {
      engine->clear();
      engine->options().reset_minors_table_every_move = reset_every_move;
    }
    return {&red, &black};
  }
};

std::vector<StatsPosition> select_openings(const Options& options) {
  Options selection = options;
  if (options.games) selection.max_positions = options.games;
  return select_positions(selection);
}

std::string self_play_setup(const Options& options, std::size_t games) {
  return fmt::format(
      "{} from openings spread over {}, {} per move, at most {} plies, one thread per engine, each engine "
      "with its own tables ({} MB transposition table)",
      plural(games, "game"), files_text(options),
      options.nodes ? fmt::format("{} nodes", options.nodes) : fmt::format("depth {}", options.depth),
      options.max_plies, options.hash_megabytes);
}

// Seconds to clear a table of this size, the median of a few clears.
double clear_seconds(int entries_log2) {
  MinorsTable table;
  table.resize_entries_log2(entries_log2);
  std::vector<double> times;
  for (int i = 0; i < 5; ++i) {
    const auto start = std::chrono::steady_clock::now();
    table.clear();
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// Compares a game's moves with the reference game from the same opening; a note if they differ.
void check_same_moves(const std::vector<Move>& reference, const std::vector<Move>& moves,
                      const std::string& what, Report& report) {
  if (reference == moves) return;
  std::size_t ply = 0;
  while (ply < reference.size() && ply < moves.size() && reference[ply] == moves[ply]) ++ply;
  report.checks_passed = false;
  report.notes.push_back(fmt::format("GAMES DIFFER: {} at ply {}", what, ply + 1));
}

}  // namespace

Report run_reset(const Options& options, Progress& progress) {
  const std::vector<StatsPosition> openings = select_openings(options);
  const SearchLimits limits = search_limits(options);
  Report report;
  report.title = "Table 7: search time with the MHT reset after every move against never";
  report.setup =
      self_play_setup(options, openings.size()) +
      "; each game played by both kinds of engine, in alternating order. Difference = (T no reset - T "
      "reset) / T reset, the paper's formula 8: positive when resetting is faster.";
  report.table.columns = {{"entries", Format::kText},
                          {"size", Format::kText},
                          {"moves", Format::kInteger},
                          {"T reset (s)", Format::kDecimal, 2},
                          {"T no reset (s)", Format::kDecimal, 2},
                          {"difference", Format::kSignedPercent},
                          {"spread (sd of games)", Format::kPercent},
                          {"one clear (ms)", Format::kDecimal, 3},
                          {"difference less clearing", Format::kSignedPercent},
                          {"paper difference", Format::kSignedPercent}};
  Plot plot;
  plot.title = "Reset after every move against never: (T no reset - T reset) / T reset (Table 7)";
  plot.x_label = "MHT entries";
  plot.y_label = "time difference";
  plot.kind = PlotKind::kBars;
  plot.percent = true;
  plot.series = {{"Shuai", {}, {}}, {"Shuai, clearing time taken out", {}, {}}, {"paper (NEUCHESS)", {}, {}}};

  std::vector<std::vector<Move>> reference_moves(openings.size());
  progress.start("reset", 2 * openings.size() * options.entries_log2.size());
  for (std::size_t k = 0; k < options.entries_log2.size(); ++k) {
    const int entries_log2 = options.entries_log2[k];
    EnginePair engines(std::size_t(options.hash_megabytes), entries_log2);
    double with_reset = 0, without_reset = 0;
    std::uint64_t moves = 0, reset_searches = 0;
    std::vector<double> game_differences;
    for (std::size_t g = 0; g < openings.size(); ++g) {
      SelfPlayGame games[2];  // [0] never reset, [1] reset every move
      for (int order = 0; order < 2; ++order) {
        const int reset = (order + int(g + k)) % 2;
        games[reset] =
            play_self_play_game(openings[g].fen, engines.new_game(reset == 1), limits, options.max_plies);
        progress.advance();
      }
      if (k == 0) reference_moves[g] = games[0].moves;
      check_same_moves(reference_moves[g], games[0].moves,
                       fmt::format("2^{} no reset, opening {}", entries_log2, g + 1), report);
      check_same_moves(reference_moves[g], games[1].moves,
                       fmt::format("2^{} reset, opening {}", entries_log2, g + 1), report);
      with_reset += games[1].total_seconds();
      without_reset += games[0].total_seconds();
      moves += games[1].moves.size();
      reset_searches += games[1].search_seconds.size();
      if (games[1].total_seconds() > 0)
        game_differences.push_back((games[0].total_seconds() - games[1].total_seconds()) /
                                   games[1].total_seconds());
    }
    // The engine that resets clears its table once per search (counted in its time); the estimate of
    // that share uses a clear timed apart.
    const double one_clear = clear_seconds(entries_log2);
    const double with_reset_searching = std::max(with_reset - double(reset_searches) * one_clear, 1e-9);
    const double difference = (without_reset - with_reset) / with_reset;
    const double difference_less_clearing = (without_reset - with_reset_searching) / with_reset_searching;
    const double paper_difference = paper::reset_difference(entries_log2);
    report.table.add_row({fmt::format("2^{}", entries_log2), memory_label(entries_log2), double(moves),
                          with_reset, without_reset, difference,
                          spread_of(game_differences).standard_deviation, 1000 * one_clear,
                          difference_less_clearing, paper_difference});
    plot.categories.push_back(fmt::format("2^{}", entries_log2));
    plot.series[0].values.push_back(difference);
    plot.series[1].values.push_back(difference_less_clearing);
    plot.series[2].values.push_back(paper_difference);
  }
  progress.finish();
  report.plot = plot;
  if (report.checks_passed)
    report.notes.push_back(
        "Checked: every game identical move for move with and without reset, at every size.");
  report.notes.push_back(
      "The resetting engine's time includes clearing its table before every search; \"difference less "
      "clearing\" takes out an estimate (searches times one clear, timed apart).");
  return report;
}

Report run_occupancy(const Options& options, Progress& progress) {
  const std::vector<StatsPosition> openings = select_openings(options);
  const SearchLimits limits = search_limits(options);
  Report report;
  report.title = "Tables 8 and 9: MHT occupancy over self-play games, with and without reset";
  report.setup =
      self_play_setup(options, openings.size()) +
      "; occupancy (entries in use / entries) read after every search of each engine. Peak: the highest "
      "occupancy of an engine in a game; move at peak: that engine's first move within 1% of it. Both "
      "averaged over engines and games.";
  report.table.columns = {{"entries", Format::kText},
                          {"size", Format::kText},
                          {"reset", Format::kText},
                          {"average occupancy", Format::kPercent, 1},
                          {"used KB (average)", Format::kInteger},
                          {"peak occupancy", Format::kPercent, 1},
                          {"used KB (peak)", Format::kInteger},
                          {"move at peak", Format::kDecimal, 1},
                          {"paper average (Table 8)", Format::kPercent, 1},
                          {"paper peak (Table 9)", Format::kPercent, 1},
                          {"paper move at peak", Format::kDecimal, 0}};
  Plot plot;
  plot.title = "MHT occupancy over self-play (Tables 8 and 9)";
  plot.x_label = "MHT entries";
  plot.y_label = "occupancy";
  plot.percent = true;
  plot.from_zero = true;
  plot.series = {{"Shuai average, reset", {}, {}},
                 {"Shuai peak, no reset", {}, {}},
                 {"paper average, reset", {}, {}},
                 {"paper peak, no reset", {}, {}}};

  std::vector<std::vector<Move>> reference_moves(openings.size());
  progress.start("occupancy", 2 * openings.size() * options.entries_log2.size());
  for (std::size_t k = 0; k < options.entries_log2.size(); ++k) {
    const int entries_log2 = options.entries_log2[k];
    const double entry_kilobytes = double(MinorsTable::kEntryBytes) / 1024;
    const double entries = std::ldexp(1.0, entries_log2);
    EnginePair engines(std::size_t(options.hash_megabytes), entries_log2);
    for (const bool reset : {true, false}) {
      double occupancy_sum = 0;
      std::uint64_t readings = 0;
      std::vector<double> peaks, peak_moves;
      for (std::size_t g = 0; g < openings.size(); ++g) {
        const std::array<Searcher*, 2> pair = engines.new_game(reset);
        std::vector<double> occupancy[2];  // per engine, by its move number
        const SelfPlayGame game =
            play_self_play_game(openings[g].fen, pair, limits, options.max_plies, [&](int engine, int) {
              occupancy[engine].push_back(pair[std::size_t(engine)]->minors_table().occupancy());
            });
        if (k == 0 && reset) reference_moves[g] = game.moves;
        check_same_moves(
            reference_moves[g], game.moves,
            fmt::format("2^{} {}, opening {}", entries_log2, reset ? "reset" : "no reset", g + 1), report);
        for (const auto& readings_of_engine : occupancy) {
          if (readings_of_engine.empty()) continue;
          const double peak = *std::max_element(readings_of_engine.begin(), readings_of_engine.end());
          std::size_t move = 0;
          while (readings_of_engine[move] < 0.99 * peak) ++move;
          peaks.push_back(peak);
          peak_moves.push_back(double(move + 1));
          for (const double reading : readings_of_engine) occupancy_sum += reading, ++readings;
        }
        progress.advance();
      }
      const double average = readings ? occupancy_sum / double(readings) : 0;
      const double peak = spread_of(peaks).mean;
      const double paper_average = reset ? paper::average_occupancy_with_reset(entries_log2) : std::nan("");
      const double paper_peak = reset ? std::nan("") : paper::peak_occupancy_without_reset(entries_log2);
      const double paper_move = reset ? std::nan("") : paper::peak_move_without_reset(entries_log2);
      report.table.add_row({fmt::format("2^{}", entries_log2), memory_label(entries_log2),
                            std::string(reset ? "every move" : "never"), average,
                            average * entries * entry_kilobytes, peak, peak * entries * entry_kilobytes,
                            spread_of(peak_moves).mean, paper_average, paper_peak, paper_move});
      if (reset) {
        plot.categories.push_back(fmt::format("2^{}", entries_log2));
        plot.series[0].values.push_back(average);
        plot.series[2].values.push_back(paper_average);
      } else {
        plot.series[1].values.push_back(peak);
        plot.series[3].values.push_back(paper_peak);
      }
    }
  }
  progress.finish();
  report.plot = plot;
  if (report.checks_passed)
    report.notes.push_back(
        "Checked: every game identical move for move with and without reset, at every size.");
  report.notes.push_back(
      "Both kinds of engine also clear the table when the game enters the endgame (majors value 6 or "
      "less), as the paper's do.");
  return report;
}

}  // namespace shuai::stats
