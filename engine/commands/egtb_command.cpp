// `shuai egtb generate|list|stats|verify|sample|probe|approaches`: endgame tablebases made, planned, counted,
// checked and read, and the positions that measure them in play. Generation goes endgame by endgame, each
// after the tables its captures lead to; a table whose files are present is not made again (and is read, its
// checksums checked, only when a table still to be made needs it), so a killed run resumes where it stopped.
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/board/board.h"
#include "engine/board/text.h"
#include "engine/book/pgn_reader.h"
#include "engine/command_line/arguments.h"
#include "engine/command_line/command_options.h"
#include "engine/commands/commands.h"
#include "engine/tablebase/tablebase.h"

namespace shuai::commands {
namespace {

using namespace shuai::tablebase;

struct EgtbSettings {
  std::string set = "one";
  int count = 20, longest = 9;
  std::uint64_t seed = 1;
  int plies_before = 8;
  std::vector<std::string> endgames;
  std::string folder = "tablebases";
  int threads = int(std::max(1U, std::thread::hardware_concurrency()));
};

std::vector<CommandOption> egtb_options(EgtbSettings& settings, bool with_threads) {
  std::vector<CommandOption> options = {
      {"--set", "NAME", "the endgames: one, one-sided, two-sided, all, or a list such as one,two-sided",
       &settings.set},
      {"--endgame", "NAME",
       "an endgame such as KRvKAABB, with the tables it needs (instead of --set; repeatable)",
       &settings.endgames},
      {"--folder", "DIR", "where the table files are", &settings.folder},
  };
  if (with_threads) options.push_back({"--threads", "N", "threads", &settings.threads, 1, 256});
  return options;
}

std::vector<CommandOption> sample_options(EgtbSettings& settings, bool with_threads = false) {
  std::vector<CommandOption> options = egtb_options(settings, with_threads);
  options.push_back({"--count", "N", "positions per endgame", &settings.count, 1, 1e6});
  options.push_back({"--longest", "PLIES", "the longest win to print, in plies", &settings.longest, 1, 125});
  options.push_back({"--seed", "N", "where the random draw starts", &settings.seed, 0, 1.8e19});
  return options;
}

// The options of the verbs that read names, not files.
std::vector<CommandOption> name_options(EgtbSettings& settings) {
  std::vector<CommandOption> options = egtb_options(settings, false);
  std::erase_if(options, [](const CommandOption& option) { return option.flag == "--folder"; });
  return options;
}

std::vector<CommandOption> approaches_options(EgtbSettings& settings) {
  std::vector<CommandOption> options = name_options(settings);
  options.push_back(
      {"--plies", "N", "how many plies before the game reaches the set", &settings.plies_before, 0, 1000});
  return options;
}

// The endgames asked for (a set, or sets joined by commas such as "one,two-sided", or endgames by name), each
// after those its captures lead to; nothing and a line on stderr when a name is wrong.
std::optional<std::vector<Material>> chosen_endgames(const EgtbSettings& settings, std::string_view command) {
  if (settings.endgames.empty()) {
    std::vector<Material> union_of_sets;
    for (const std::string_view name : split_at(settings.set, ',')) {
      const auto set = endgame_set(name);
      if (!set) {
        fmt::print(stderr,
                   "{}: no set '{}' (one, one-sided, two-sided or all, or a list such as one,two-sided)\n",
                   command, name);
        return std::nullopt;
      }
      union_of_sets.insert(union_of_sets.end(), set->begin(), set->end());
    }
    return with_subtables(union_of_sets);
  }
  std::vector<Material> endgames;
  for (const std::string& name : settings.endgames) {
    std::string error;
    const auto material = parse_endgame_name(name, error);
    if (!material) {
      fmt::print(stderr, "{}: {}\n", command, error);
      return std::nullopt;
    }
    endgames.push_back(*material);
  }
  return with_subtables(endgames);
}

// For each endgame of a list in generation order, the last position in the list of an endgame among
// `consumers` (all when empty) whose captures lead to it, or its own position when there is none: a table
// stays in memory only until then, since the larger sets do not fit in memory whole.
std::vector<std::size_t> last_needed_by(const std::vector<Material>& endgames,
                                        const std::vector<bool>& consumers = {}) {
  std::vector<std::size_t> last_needed(endgames.size());
  for (std::size_t i = 0; i < endgames.size(); ++i) {
    last_needed[i] = i;
    if (!consumers.empty() && !consumers[i]) continue;
    for (const Material& smaller : endgames_after_one_capture(endgames[i]))
      for (std::size_t j = 0; j < i; ++j)
        if (endgames[j] == smaller) last_needed[j] = i;
  }
  return last_needed;
}

void release_tables_done(const std::vector<Material>& endgames, const std::vector<std::size_t>& last_needed,
                         std::size_t current, TableSet& tables) {
  for (std::size_t j = 0; j <= current; ++j)
    if (last_needed[j] == current) tables.remove(endgames[j]);
}

std::string rate_text(double per_second) {
  return per_second >= 1e6 ? fmt::format("{:.2f} M", per_second / 1e6)
                           : fmt::format("{:.0f} k", per_second / 1e3);
}

int generate(const EgtbSettings& settings) {
  const auto endgames = chosen_endgames(settings, "egtb generate");
  if (!endgames) return 2;
  const std::size_t count = endgames->size();
  // Which tables the folder has, by their headers: a resumed run, or a run making one wave's endgame of a
  // shared set, reads only the present tables that a table still to be made needs (each checked whole, its
  // checksum too, as it is read), not every one below.
  std::vector<bool> present(count);
  std::vector<std::string> problems(count);  // why a table whose files are there is made again
  const auto look_at_folder = [&] {
    for (std::size_t i = 0; i < count; ++i) {
      std::string problem;
      present[i] = map_table(settings.folder, (*endgames)[i], problem) != nullptr;
      const bool red_file_there = std::filesystem::exists(std::filesystem::path(settings.folder) /
                                                          table_file_name((*endgames)[i], kRed));
      if (!present[i] && red_file_there && problems[i].empty()) problems[i] = problem;
    }
  };
  look_at_folder();
  TableSet tables;
  std::uint64_t made_entries = 0;
  double made_seconds = 0;
  int made = 0, loaded = 0, present_unread = 0;
  std::vector<bool> to_make(count), needed(count);
  std::vector<std::size_t> last_needed;
  // Works out what is needed from what is present; a needed table found damaged on reading starts this again.
  const auto plan = [&] {
    tables.clear();
    loaded = present_unread = 0;
    for (std::size_t i = 0; i < count; ++i) to_make[i] = !present[i];
    last_needed = last_needed_by(*endgames, to_make);
    for (std::size_t j = 0; j < count; ++j) needed[j] = last_needed[j] != j;
  };
  plan();
  for (std::size_t i = 0; i < count; ++i) {
    const Material& material = (*endgames)[i];
    const std::string name = endgame_name(material);
    const auto release_done = [&] { release_tables_done(*endgames, last_needed, i, tables); };
    if (present[i] && !needed[i]) {
      ++present_unread;
      continue;
    }
    if (present[i]) {
      std::string problem;
      if (auto table = load_table(settings.folder, material, problem)) {
        tables.add(std::move(table));
        ++loaded;
        release_done();
        continue;
      }
      // Damaged (its checksum, which reading alone finds): made again, and the plan with it, since the
      // tables its own captures lead to may have been passed over as not needed. The tables made so far are
      // present now.
      problems[i] = problem;
      look_at_folder();
      present[i] = false;
      plan();
      i = std::size_t(-1);  // from the first endgame again
      continue;
    }
    const std::string& problem = problems[i];
    const auto start = std::chrono::steady_clock::now();
    GenerationResult result = generate_table(material, tables, settings.threads);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!result.table) {
      fmt::print(stderr, "egtb generate: {}: {}\n", name, result.error);
      return 1;
    }
    const Verification verification = verify_table(*result.table, tables, settings.threads);
    if (verification.wrong != 0) {
      fmt::print(stderr, "egtb generate: {}: {} of {} entries inconsistent, first: {}\n", name,
                 verification.wrong, verification.checked, verification.first_wrong);
      return 1;
    }
    if (verification.unproved_for_perpetual_check != 0) {
      fmt::print(stderr,
                 "egtb generate: {}: perpetual check could decide {} draws ({} entries where a side without "
                 "attackers checks), which the analysis of one-sided endgames leaves out\n",
                 name, verification.draws_kept_only_by_checks, verification.checks_by_side_without_attackers);
      return 1;
    }
    for (const Color side : {kRed, kBlack})
      if (const auto error = write_table_file(settings.folder, *result.table, side)) {
        fmt::print(stderr, "egtb generate: {}\n", *error);
        return 1;
      }
    const std::uint64_t entries = 2 * result.table->layout.size();
    const SideStatistics red = statistics_of(*result.table, kRed);
    fmt::print(
        "{:<12} {:>10} entries {:>4} passes {:>8.2f} s {:>9} entries/s  longest win {:>3}  consistent, "
        "{}{} draws kept by chasing{}\n",
        name, entries, result.levels, seconds, rate_text(double(entries) / std::max(seconds, 1e-6)),
        std::max(red.longest_win, statistics_of(*result.table, kBlack).longest_win),
        result.decided_by_ruling != 0
            ? fmt::format("{} decided by perpetual check, ", result.decided_by_ruling)
            : std::string(),
        verification.draws_kept_only_by_checks_or_chases,
        problem.empty() ? "" : "  (made again: " + problem + ")");
    std::fflush(stdout);
    made_entries += entries;
    made_seconds += seconds;
    ++made;
    tables.add(std::move(result.table));
    release_done();
  }
  fmt::print("Tables: {} made, {} present; {} entries in {:.1f} s ({} entries/s on {} threads)\n", made,
             loaded + present_unread, made_entries, made_seconds,
             rate_text(double(made_entries) / std::max(made_seconds, 1e-6)), settings.threads);
  return 0;
}

// Calls visit(endgame, tables) for each chosen endgame in generation order, with its table and the tables its
// captures lead to loaded from the folder (each kept only while needed); false, with a line on stderr, when a
// table is missing or damaged or the names are wrong.
template <typename Visit>
bool visit_tables(const EgtbSettings& settings, std::string_view command, Visit&& visit) {
  const auto endgames = chosen_endgames(settings, command);
  if (!endgames) return false;
  const std::vector<std::size_t> last_needed = last_needed_by(*endgames);
  TableSet tables;
  for (std::size_t i = 0; i < endgames->size(); ++i) {
    std::string error;
    auto table = load_table(settings.folder, (*endgames)[i], error);
    if (!table) {
      fmt::print(stderr, "{}: {}\n", command, error);
      return false;
    }
    tables.add(std::move(table));
    visit((*endgames)[i], tables);
    release_tables_done(*endgames, last_needed, i, tables);
  }
  return true;
}

// The chosen endgames in generation order with their waves, one a line ("3 KRNvKAABB 153090000"): wave 0 for
// an endgame whose captures lead to no table, else one more than the highest wave among the tables they lead
// to. The endgames of one wave need only those of earlier waves, so they can be made at once by separate runs
// (machines, jobs of an array), each `generate --endgame NAME`, once the earlier waves are in the folder.
int list(const EgtbSettings& settings) {
  const auto endgames = chosen_endgames(settings, "egtb list");
  if (!endgames) return 2;
  std::unordered_map<std::uint64_t, int> wave_of;
  for (const Material& material : *endgames) {
    int wave = 0;
    for (const Material& smaller : endgames_after_one_capture(material))
      wave = std::max(wave, wave_of.at(material_key(smaller)) + 1);  // made before it: the order says so
    wave_of[material_key(material)] = wave;
    fmt::print("{} {} {}\n", wave, endgame_name(material), 2 * TableLayout(material).size());
  }
  return 0;
}

int stats(const EgtbSettings& settings) {
  std::string rows;
  const bool loaded =
      visit_tables(settings, "egtb stats", [&](const Material& material, const TableSet& tables) {
        for (const Color side : {kRed, kBlack}) {
          const SideStatistics s = statistics_of(*tables.find(material), side);
          rows += fmt::format("{:<12} {:<5} {:>12} {:>12} {:>12} {:>12} {:>11} {:>10}\n",
                              endgame_name(material), side == kRed ? "red" : "black", s.positions, s.wins,
                              s.draws, s.losses, s.longest_win, s.wins_by_ruling);
        }
      });
  if (!loaded) return 1;
  fmt::print("{:<12} {:<5} {:>12} {:>12} {:>12} {:>12} {:>11} {:>10}\n{}", "endgame", "side", "positions",
             "wins", "draws", "losses", "longest win", "by ruling", rows);
  return 0;
}

int verify(const EgtbSettings& settings) {
  std::uint64_t checked = 0, wrong = 0, held_by_checks = 0, held_by_chases = 0;
  std::size_t count = 0;
  const bool loaded =
      visit_tables(settings, "egtb verify", [&](const Material& material, const TableSet& tables) {
        const Verification verification = verify_table(*tables.find(material), tables, settings.threads);
        ++count;
        checked += verification.checked;
        wrong += verification.wrong;
        held_by_checks += verification.unproved_for_perpetual_check;
        held_by_chases += verification.draws_kept_only_by_checks_or_chases;
        if (verification.wrong != 0)
          fmt::print("{}: {} entries inconsistent, first: {}\n", endgame_name(material), verification.wrong,
                     verification.first_wrong);
      });
  if (!loaded) return 1;
  fmt::print(
      "Verified {} tables: {} entries, {} inconsistent; perpetual check unanalysed in {}, chasing could "
      "decide {} draws\n",
      count, checked, wrong, held_by_checks, held_by_chases);
  return wrong == 0 && held_by_checks == 0 ? 0 : 1;
}

// Random positions each chosen table gives as a win for the side to move within `longest` plies: one line
// each, the FEN and the plies. Wins that convert by a capture are printed too, so a check by mate distance
// should use endgames where the losing side has nothing but its king to lose.
int sample(const EgtbSettings& settings) {
  std::mt19937_64 random(settings.seed);
  const bool loaded =
      visit_tables(settings, "egtb sample", [&](const Material& material, const TableSet& tables) {
        const Table& table = *tables.find(material);
        Position position;
        int printed = 0;
        for (std::uint64_t tries = 0; tries < 100 * table.layout.size() && printed < settings.count;
             ++tries) {
          const Color side = Color(random() & 1);
          const std::uint64_t index = random() % table.layout.size();
          const TableValue value = table.values[side][index];
          if (!is_win(value) || distance_of(value) > settings.longest) continue;
          table.layout.set_position_of(index, side, position);
          fmt::print("{};{}\n", to_fen(position), distance_of(value));
          ++printed;
        }
      });
  return loaded ? 0 : 1;
}

int probe(const EgtbSettings& settings, const std::vector<std::string>& words) {
  if (words.size() != 1) {
    fmt::print(stderr, "egtb probe: give one FEN in quotes (try --help)\n");
    return 2;
  }
  const FenResult parsed = parse_fen(words[0]);
  if (!parsed.position) {
    fmt::print(stderr, "egtb probe: {}\n", parsed.error);
    return 2;
  }
  const Material material = stored_orientation_of(material_of(*parsed.position));
  std::string error;
  TableSet tables;
  auto table = load_table(settings.folder, material, error);
  if (!table) {
    fmt::print(stderr, "egtb probe: {}\n", error);
    return 1;
  }
  tables.add(std::move(table));
  const TableValue value = *tables.probe(*parsed.position);
  fmt::print("{}: {}\n", endgame_name(material), value_text(value));
  return 0;
}

// From games already played, the position `plies_before` plies before each game first reaches an endgame of
// the chosen set, one line each ("FEN ; game 3 of FILE reaches KRvKAABB at ply 81"): the starting points of
// matches that measure what the tables are worth in play. A game that never reaches the set, or reaches it
// too early, gives nothing; a game the reader cannot replay is named on stderr and skipped. The count of
// plies since a capture is 0 in every line printed.
int approaches(const EgtbSettings& settings, const std::vector<std::string>& pgn_paths) {
  if (pgn_paths.empty()) {
    fmt::print(stderr, "egtb approaches: give one or more PGN files (try --help)\n");
    return 2;
  }
  const auto endgames = chosen_endgames(settings, "egtb approaches");
  if (!endgames) return 2;
  std::unordered_set<std::uint64_t> chosen;
  for (const Material& material : *endgames) chosen.insert(material_key(material));
  std::uint64_t games = 0, skipped = 0, printed = 0;
  for (const std::string& path : pgn_paths) {
    std::ifstream input(path);
    if (!input) {
      fmt::print(stderr, "egtb approaches: cannot read {}\n", path);
      return 2;
    }
    PgnReader reader(input);
    PgnGame game;
    std::string problem;
    for (PgnReader::Status status; (status = reader.next(game, problem)) != PgnReader::Status::kEnd;) {
      if (status == PgnReader::Status::kSkipped) {
        fmt::print(stderr, "egtb approaches: {}: {}\n", path, problem);
        ++skipped;
        continue;
      }
      ++games;
      // The first ply at which the game stands in a chosen endgame, if it does.
      const auto in_chosen = [&](const Position& position) {
        return chosen.contains(material_key(stored_orientation_of(material_of(position))));
      };
      Position position = game.start;
      std::size_t ply = 0;
      while (!in_chosen(position) && ply < game.moves.size()) position.make_move(game.moves[ply++]);
      if (!in_chosen(position) || ply < std::size_t(settings.plies_before)) continue;
      Position before = game.start;
      for (std::size_t i = 0; i + std::size_t(settings.plies_before) < ply; ++i)
        before.make_move(game.moves[i]);
      // The count of plies since a capture starts again, as at any match's opening: the game's history does
      // not come along, and a position near the move limit would measure nothing.
      const std::string fen = to_fen(before);
      std::vector<std::string_view> fields = split_words(fen);
      fields[4] = "0";
      fmt::print("{} ; game {} of {} reaches {} at ply {}\n", join_words(fields, 0, fields.size()),
                 game.number, path, endgame_name(stored_orientation_of(material_of(position))), ply);
      ++printed;
    }
  }
  fmt::print(stderr, "egtb approaches: {} positions from {} games ({} skipped)\n", printed, games, skipped);
  return 0;
}

}  // namespace

int run_egtb_command(std::span<const std::string_view> words) {
  const std::string_view verb = words.empty() ? std::string_view() : words[0];
  EgtbSettings settings;
  const bool generating = verb == "generate", checking = verb == "verify";
  std::vector<CommandOption> options = verb == "sample"       ? sample_options(settings)
                                       : verb == "approaches" ? approaches_options(settings)
                                       : verb == "list"       ? name_options(settings)
                                                        : egtb_options(settings, generating || checking);
  const CommandText text = {
      verb == "probe"        ? "egtb probe"
      : verb == "list"       ? "egtb list"
      : verb == "stats"      ? "egtb stats"
      : verb == "sample"     ? "egtb sample"
      : verb == "approaches" ? "egtb approaches"
      : checking             ? "egtb verify"
                             : "egtb generate",
      "shuai egtb generate|list|stats|verify|sample [options] | shuai egtb probe [--folder DIR] FEN | shuai "
      "egtb\n"
      "approaches [--set NAME] [--plies N] GAMES.pgn...",
      "Endgame tablebases (docs/tablebases.md). generate: solves the endgames by retrograde analysis, each\n"
      "after the tables its captures lead to, checks each table against its children and writes it (files\n"
      "already present are kept, so a stopped run resumes). list: the endgames in that order, with\n"
      "their waves and entries (a wave's endgames can be made at once by separate runs, once the earlier\n"
      "waves are made). stats: positions, wins, draws, losses and the longest win per endgame and side to\n"
      "move. verify: the consistency pass over the files. sample: random won positions with their plies to\n"
      "conversion ('FEN;plies'). probe: a position's value. approaches: from played games, the position N\n"
      "plies before each first reaches the set."};
  if (verb != "generate" && verb != "list" && verb != "stats" && verb != "verify" && verb != "probe" &&
      verb != "sample" && verb != "approaches") {
    if (!words.empty() && asks_for_help(words.first(1))) {
      // Without a verb: every verb's options (--threads for generate and verify, the last three for sample).
      fmt::print("{}", command_usage(text, sample_options(settings, true)));
      return 0;
    }
    fmt::print(
        stderr,
        "egtb: give generate, list, stats, verify, sample, probe or approaches (try 'shuai egtb --help')\n");
    return 2;
  }
  std::vector<std::string> positional;
  if (const auto done = read_command_line(text, options, words.subspan(1), stdout, stderr,
                                          verb == "probe" || verb == "approaches" ? &positional : nullptr))
    return *done;
  if (verb == "generate") return generate(settings);
  if (verb == "list") return list(settings);
  if (verb == "stats") return stats(settings);
  if (verb == "verify") return verify(settings);
  if (verb == "sample") return sample(settings);
  if (verb == "approaches") return approaches(settings, positional);
  return probe(settings, positional);
}

}  // namespace shuai::commands
