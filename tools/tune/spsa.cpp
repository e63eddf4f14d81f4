// The search tuner: SPSA's schedules and update, its state file, and its subcommands.
#include "tools/tune/spsa.h"

#include <fmt/format.h>

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <random>
#include <sstream>

#include "engine/command_line/arguments.h"
#include "engine/command_line/command_options.h"
#include "eval/parameter_file.h"
#include "tools/common/child_process.h"
#include "tools/match_runner/match.h"

namespace shuai::tune {

namespace {

// A word stream over the state's text, comments dropped.
class Words {
 public:
  explicit Words(std::string_view text) : tokens_(parameter_file_tokens(text)) {}
  bool done() const { return next_ >= tokens_.size(); }
  std::optional<std::string_view> take() {
    if (done()) return std::nullopt;
    return tokens_[next_++];
  }

 private:
  std::vector<std::string_view> tokens_;
  std::size_t next_ = 0;
};

template <typename Number>
std::optional<Number> read_number(Words& words, Number low, Number high) {
  const auto word = words.take();
  if (!word) return std::nullopt;
  return parse_number<Number>(*word, low, high);
}

// Keys of the state file and where they go.
struct StateField {
  std::string_view key;
  std::variant<std::string SpsaState::*, std::int64_t SpsaState::*, int SpsaState::*,
               std::uint64_t SpsaState::*, double SpsaState::*>
      member;
};

constexpr StateField kStateFields[] = {
    {"engine", &SpsaState::engine},
    {"openings", &SpsaState::openings_path},
    {"tc", &SpsaState::time_control},
    {"nodes", &SpsaState::nodes},
    {"hash", &SpsaState::hash_megabytes},
    {"pairs_per_iteration", &SpsaState::pairs_per_iteration},
    {"iterations", &SpsaState::iterations},
    {"iteration", &SpsaState::iteration},
    {"seed", &SpsaState::seed},
    {"alpha", &SpsaState::alpha},
    {"gamma", &SpsaState::gamma},
    {"wins", &SpsaState::wins},
    {"draws", &SpsaState::draws},
    {"losses", &SpsaState::losses},
};

const SearchParameterSpec& spec_of(const SpsaParameter& parameter) {
  return *find_search_parameter(parameter.name);
}

int rounded_in_range(const SpsaParameter& parameter, double value) {
  const SearchParameterSpec& spec = spec_of(parameter);
  return std::clamp(int(std::lround(value)), spec.min, spec.max);
}

// The stability constant A of the gain schedule: a tenth of the planned iterations, as is usual.
double stability(const SpsaState& state) {
  return 0.1 * state.iterations;
}

// Reads the state; on failure says why on `err` and gives the exit code.
std::optional<int> read_state_file(const std::string& path, SpsaState& state, std::FILE* err) {
  const auto text = read_parameter_file(path);
  if (!text) return fmt::print(err, "spsa: cannot read the state file '{}'\n", path), 2;
  auto parsed = parse_spsa_state(*text);
  if (const auto* error = std::get_if<std::string>(&parsed))
    return fmt::print(err, "spsa: {}: {}\n", path, *error), 2;
  state = std::get<SpsaState>(std::move(parsed));
  return std::nullopt;
}

// Written whole to a side file and renamed over the old one, so a killed run never leaves half a state.
bool write_file_atomically(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".writing";
  {
    std::ofstream file(temporary, std::ios::trunc);
    if (!file || !(file << text) || !file.flush()) return false;
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  return !error;
}

// The pairs of the current iteration that shard `index` of `count` plays.
std::vector<int> pairs_of_shard(const SpsaState& state, int index, int count) {
  std::vector<int> pairs;
  for (int pair = 0; pair < state.pairs_per_iteration; ++pair)
    if (pair % count == index - 1) pairs.push_back(pair);
  return pairs;
}

struct GameCount {
  int wins = 0, draws = 0, losses = 0;
  bool faults = false;  // a crash, time loss or illegal move (reported; the games still count)
};

// The tuned parameters alone as a parameter file: the engine keeps its own values for the rest, whatever
// this program was built with.
std::string tuned_parameters_text(const SpsaState& state, const SearchParameters& parameters) {
  std::string text;
  for (const SpsaParameter& parameter : state.parameters)
    text += fmt::format("{} {}\n", parameter.name, parameters.*spec_of(parameter).field);
  return text;
}

// Plays the given pairs of the current iteration, the candidates' parameter files in a folder of their own.
std::variant<GameCount, std::string> play_pairs(const SpsaState& state, const std::vector<int>& pairs,
                                                int concurrency) {
  match::MatchSettings settings;
  std::string error;
  std::vector<match::Opening> openings;
  if (!match::read_openings(state.openings_path, openings, error)) return "spsa: " + error;
  for (const int pair : pairs) {
    std::mt19937_64 random(state.seed * 0x9E3779B97F4A7C15ULL + std::uint64_t(state.iteration) * 1000003 +
                           std::uint64_t(pair) + 1);
    settings.openings.push_back(openings[std::size_t(random() % openings.size())]);
  }
  if (state.nodes > 0) {
    settings.game.limits.nodes = state.nodes;
    settings.time_control_text = fmt::format("nodes {}", state.nodes);
  } else if (!match::parse_time_control(state.time_control, settings.game.limits.base_ms,
                                        settings.game.limits.increment_ms)) {
    return fmt::format("spsa: the state's tc '{}' is not a clock such as 1+0.01", state.time_control);
  } else {
    settings.time_control_text = state.time_control;
  }
  char folder_template[] = "/tmp/shuai-spsa-XXXXXX";
  if (!mkdtemp(folder_template)) return std::string("spsa: cannot make a temporary folder");
  const std::string folder = folder_template;
  const auto [plus, minus] = spsa_candidates(state);
  const std::string plus_path = folder + "/plus.txt", minus_path = folder + "/minus.txt";
  std::ofstream(plus_path) << tuned_parameters_text(state, plus);
  std::ofstream(minus_path) << tuned_parameters_text(state, minus);
  for (const auto& [name, path] : {std::pair{"Plus", plus_path}, std::pair{"Minus", minus_path}}) {
    match::EngineConfig engine;
    engine.name = name;
    engine.command = state.engine;
    engine.protocol = match::Protocol::kUcci;
    engine.options = {{"hashsize", std::to_string(state.hash_megabytes)}, {"searchparameterfile", path}};
    settings.engines.push_back(engine);
  }
  settings.games = 2 * int(pairs.size());
  settings.concurrency = std::max(1, concurrency);
  settings.progress = false;
  tools::install_child_cleanup();
  const match::MatchResult result = match::run_match(settings);
  std::filesystem::remove_all(folder);
  GameCount count;
  const match::Tally& tally = result.pairings.at(0).tally;
  count.wins = tally.wins;
  count.draws = tally.draws;
  count.losses = tally.losses;
  for (const match::Faults& faults : result.faults)
    count.faults |= faults.time_losses + faults.illegal_moves + faults.crashes > 0;
  return count;
}

std::string result_line(const SpsaState& state, int shard, int shards, const GameCount& count) {
  return fmt::format("iteration {} shard {}/{} wins {} draws {} losses {}\n", state.iteration, shard, shards,
                     count.wins, count.draws, count.losses);
}

// One line per iteration beside the state (FILE.log): the result and every tuned value after the update.
void append_log(const std::string& state_path, const SpsaState& state, const GameCount& count) {
  std::ofstream log(state_path + ".log", std::ios::app);
  log << fmt::format("{} {} {} {}", state.iteration, count.wins, count.draws, count.losses);
  for (const SpsaParameter& parameter : state.parameters)
    log << fmt::format(" {}={:.2f}", parameter.name, parameter.value);
  log << '\n';
}

std::string progress_line(const SpsaState& state) {
  std::string line = fmt::format("iteration {}/{}: games W {} D {} L {} (plus side)", state.iteration,
                                 state.iterations, state.wins, state.draws, state.losses);
  for (const SpsaParameter& parameter : state.parameters)
    line += fmt::format(" {} {:.1f}", parameter.name, parameter.value);
  return line;
}

// ---- the subcommands

constexpr std::string_view kSpsaUsage =
    R"(usage: shuai-tune spsa <init|run|play|update|show> --state FILE [options]

Fits search parameters in games by SPSA. Each iteration plays game pairs (one opening, colours swapped)
between two candidates: every tuned parameter moved by +c or -c at random, and the opposite. Each parameter
then moves by a * (wins - losses) / (+-c) toward the side that scored; c and a shrink over the planned
iterations (c_k = c_end (N/k)^gamma, a_k = r_end c_end^2 ((A+N)/(A+k))^alpha, A = N/10). The state file is
rewritten after every iteration, so the same command resumes a killed run.

  init     a new state file (the parameters, the engine, the games' control, the schedule)
  run      plays and updates iteration after iteration on this machine until the planned number is done
  play     plays one shard of the current iteration's pairs and writes their result to a file
  update   ends the current iteration from the result files of all its shards
  show     the parameters the state has reached, as a search parameter file

Many machines: every machine plays its shard of an iteration, then one updates; e.g. with GNU parallel over
ssh and a shared folder, or a Slurm job array (the README shows both).
Each subcommand's --help lists its options.)";

int run_init(std::span<const std::string_view> arguments, const std::string& positions_directory,
             std::FILE* out, std::FILE* err) {
  std::string state_path, names = "tunable", start_path;
  SpsaState state;
  state.engine = (std::filesystem::canonical("/proc/self/exe").parent_path() / "shuai").string();
  state.openings_path = positions_directory + "/openings.fen";
  state.time_control = "1+0.01";
  double rate_end = 0.002;
  bool force = false;
  const CommandOption options[] = {
      {"--state", "FILE", "the state file to create", &state_path, 0, 0, true},
      {"--parameters", "LIST",
       "search parameters to tune, comma-separated, or 'tunable' (every one with a step)", &names},
      {"--start", "FILE", "a search parameter file to start from instead of the built-in values",
       &start_path},
      {"--engine", "PATH", "the engine program both candidates run", &state.engine},
      {"--openings", "FILE", "the openings", &state.openings_path},
      {"--tc", "BASE+INC", "each side's clock in seconds", &state.time_control},
      {"--nodes", "N", "nodes per move instead of a clock (0: the clock)", &state.nodes, 0, 1e12},
      {"--hash", "MB", "each engine's transposition table", &state.hash_megabytes, 1, 65536},
      {"--pairs", "N", "game pairs per iteration", &state.pairs_per_iteration, 1, 100000},
      {"--iterations", "N", "iterations planned", &state.iterations, 1, 10000000},
      {"--seed", "S", "fixes the perturbations and the openings", &state.seed, 0, 9e18},
      {"--rate", "R", "r_end, the learning rate at the last iteration", &rate_end, 1e-6, 1},
      {"--force", "", "overwrite an existing state file", &force},
  };
  if (const auto done = read_command_line({"spsa init", "shuai-tune spsa init --state FILE [options]",
                                           "Creates the state of a new tuning run."},
                                          options, arguments, out, err))
    return *done;
  if (std::filesystem::exists(state_path) && !force)
    return fmt::print(err, "spsa init: '{}' exists: resume it with 'spsa run', or pass --force\n",
                      state_path),
           2;
  SearchParameters start = default_search_parameters();
  if (!start_path.empty())
    if (const auto error = load_search_parameters(start_path, start))
      return fmt::print(err, "spsa init: {}\n", *error), 2;
  std::vector<std::string_view> wanted;
  for (std::size_t begin = 0; begin <= names.size();) {
    const std::size_t comma = std::min(names.find(',', begin), names.size());
    if (comma > begin) wanted.push_back(std::string_view(names).substr(begin, comma - begin));
    begin = comma + 1;
  }
  for (const SearchParameterSpec& spec : search_parameter_specs()) {
    const bool listed = std::find(wanted.begin(), wanted.end(), spec.name) != wanted.end();
    if (!listed && !(names == "tunable" && spec.tuning_step > 0)) continue;
    if (spec.tuning_step == 0 && listed)
      return fmt::print(err, "spsa init: {} is a switch or a structural constant, not tuned\n", spec.name), 2;
    state.parameters.push_back(
        {std::string(spec.name), double(start.*spec.field), double(spec.tuning_step), rate_end});
  }
  for (const std::string_view name : wanted)
    if (name != "tunable" && !find_search_parameter(name))
      return fmt::print(err, "spsa init: unknown search parameter '{}'\n", name), 2;
  if (state.parameters.empty()) return fmt::print(err, "spsa init: no parameter to tune\n"), 2;
  if (state.nodes == 0) {
    std::int64_t base = 0, increment = 0;
    if (!match::parse_time_control(state.time_control, base, increment))
      return fmt::print(err, "spsa init: --tc takes BASE+INC in seconds, e.g. 1+0.01, not '{}'\n",
                        state.time_control),
             2;
  }
  if (!write_file_atomically(state_path, spsa_state_to_text(state)))
    return fmt::print(err, "spsa init: cannot write '{}'\n", state_path), 2;
  fmt::print(out, "spsa: {} parameters, {} iterations of {} pairs: {}\n", state.parameters.size(),
             state.iterations, state.pairs_per_iteration, state_path);
  return 0;
}

int run_play(std::span<const std::string_view> arguments, std::FILE* out, std::FILE* err) {
  std::string state_path, out_path;
  int index = 1, count = 1;
  int concurrency = int(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
  const CommandOption options[] = {
      {"--state", "FILE", "the run's state file", &state_path, 0, 0, true},
      {"--out", "FILE", "where this shard's result goes", &out_path, 0, 0, true},
      {"--shard", "I/N", "play the pairs p with p % N == I-1 (default 1/1)",
       shard_reader(index, count, 100000)},
      {"--concurrency", "N", "games at once", &concurrency, 1, 1024},
  };
  if (const auto done =
          read_command_line({"spsa play", "shuai-tune spsa play --state FILE --out FILE [--shard I/N]",
                             "Plays one shard of the current iteration's game pairs."},
                            options, arguments, out, err))
    return *done;
  SpsaState state;
  if (const auto error = read_state_file(state_path, state, err)) return *error;
  if (state.iteration >= state.iterations) return fmt::print(err, "spsa play: the run is complete\n"), 2;
  auto played = play_pairs(state, pairs_of_shard(state, index, count), concurrency);
  if (const auto* error = std::get_if<std::string>(&played)) return fmt::print(err, "{}\n", *error), 1;
  const GameCount& games = std::get<GameCount>(played);
  if (!write_file_atomically(out_path, result_line(state, index, count, games)))
    return fmt::print(err, "spsa play: cannot write '{}'\n", out_path), 2;
  fmt::print(out, "{}", result_line(state, index, count, games));
  return 0;
}

int run_update(std::span<const std::string_view> arguments, std::FILE* out, std::FILE* err) {
  std::string state_path;
  const CommandOption options[] = {{"--state", "FILE", "the run's state file", &state_path, 0, 0, true}};
  std::vector<std::string> result_paths;
  if (const auto done = read_command_line({"spsa update", "shuai-tune spsa update --state FILE RESULT...",
                                           "Ends the current iteration with the results of all its shards."},
                                          options, arguments, out, err, &result_paths))
    return *done;
  SpsaState state;
  if (const auto error = read_state_file(state_path, state, err)) return *error;
  GameCount total;
  std::vector<int> shards_seen;
  int shard_count = 0;
  for (const std::string& path : result_paths) {
    const auto text = read_parameter_file(path);
    int iteration = -1, shard = 0, shards = 0;
    GameCount count;
    if (!text || std::sscanf(text->c_str(), "iteration %d shard %d/%d wins %d draws %d losses %d", &iteration,
                             &shard, &shards, &count.wins, &count.draws, &count.losses) != 6)
      return fmt::print(err, "spsa update: '{}' is not a result file of 'spsa play'\n", path), 2;
    if (iteration != state.iteration)
      return fmt::print(err, "spsa update: '{}' is of iteration {}, the state is at {}\n", path, iteration,
                        state.iteration),
             2;
    if ((shard_count && shards != shard_count) ||
        std::find(shards_seen.begin(), shards_seen.end(), shard) != shards_seen.end())
      return fmt::print(err, "spsa update: '{}' repeats or mismatches the shards of the others\n", path), 2;
    shard_count = shards;
    shards_seen.push_back(shard);
    total.wins += count.wins, total.draws += count.draws, total.losses += count.losses;
  }
  if (shard_count == 0 || int(shards_seen.size()) != shard_count)
    return fmt::print(err, "spsa update: {} of {} shards' results given\n", shards_seen.size(), shard_count),
           2;
  spsa_update(state, total.wins, total.draws, total.losses);
  if (!write_file_atomically(state_path, spsa_state_to_text(state)))
    return fmt::print(err, "spsa update: cannot write '{}'\n", state_path), 2;
  append_log(state_path, state, total);
  fmt::print(out, "{}\n", progress_line(state));
  return 0;
}

int run_local(std::span<const std::string_view> arguments, std::FILE* out, std::FILE* err) {
  std::string state_path;
  int concurrency = int(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
  int iterations_now = 0;
  const CommandOption options[] = {
      {"--state", "FILE", "the run's state file", &state_path, 0, 0, true},
      {"--concurrency", "N", "games at once", &concurrency, 1, 1024},
      {"--for", "N", "stop after N iterations of this run (0: when the planned number is done)",
       &iterations_now, 0, 10000000},
  };
  if (const auto done =
          read_command_line({"spsa run", "shuai-tune spsa run --state FILE [--concurrency N] [--for N]",
                             "Plays and updates the iterations on this machine; resumable."},
                            options, arguments, out, err))
    return *done;
  SpsaState state;
  if (const auto error = read_state_file(state_path, state, err)) return *error;
  for (int done = 0; state.iteration < state.iterations && (iterations_now == 0 || done < iterations_now);
       ++done) {
    std::vector<int> pairs(std::size_t(state.pairs_per_iteration));
    for (int pair = 0; pair < state.pairs_per_iteration; ++pair) pairs[std::size_t(pair)] = pair;
    auto played = play_pairs(state, pairs, concurrency);
    if (const auto* error = std::get_if<std::string>(&played)) return fmt::print(err, "{}\n", *error), 1;
    const GameCount& games = std::get<GameCount>(played);
    if (games.faults)
      fmt::print(err, "spsa run: iteration {} had a crash, time loss or illegal move\n", state.iteration);
    spsa_update(state, games.wins, games.draws, games.losses);
    if (!write_file_atomically(state_path, spsa_state_to_text(state)))
      return fmt::print(err, "spsa run: cannot write '{}'\n", state_path), 2;
    append_log(state_path, state, games);
    fmt::print(out, "{}\n", progress_line(state));
    std::fflush(out);
  }
  return 0;
}

int run_show(std::span<const std::string_view> arguments, std::FILE* out, std::FILE* err) {
  std::string state_path;
  const CommandOption options[] = {{"--state", "FILE", "the run's state file", &state_path, 0, 0, true}};
  if (const auto done = read_command_line({"spsa show", "shuai-tune spsa show --state FILE",
                                           "Prints the reached parameters as a search parameter file."},
                                          options, arguments, out, err))
    return *done;
  SpsaState state;
  if (const auto error = read_state_file(state_path, state, err)) return *error;
  const SearchParameters reached = spsa_current(state);
  fmt::print(out, "# reached by {} after {} of {} iterations (games W {} D {} L {} from the plus side)\n",
             state_path, state.iteration, state.iterations, state.wins, state.draws, state.losses);
  for (const SpsaParameter& parameter : state.parameters)
    fmt::print(out, "{} {}  # {:.2f}\n", parameter.name, reached.*spec_of(parameter).field, parameter.value);
  return 0;
}

}  // namespace

std::string spsa_state_to_text(const SpsaState& state) {
  std::string text =
      "# shuai-tune spsa state (rewritten after every iteration; see shuai-tune spsa --help)\n";
  for (const StateField& field : kStateFields)
    std::visit(
        [&](auto member) {
          // An empty text is left out (it reads back as empty).
          if constexpr (std::is_same_v<std::remove_cvref_t<decltype(state.*member)>, std::string>)
            if ((state.*member).empty()) return;
          text += fmt::format("{} {}\n", field.key, state.*member);
        },
        field.member);
  text += "# parameter NAME VALUE C_END R_END\n";
  for (const SpsaParameter& parameter : state.parameters)
    text += fmt::format("parameter {} {} {} {}\n", parameter.name, parameter.value, parameter.step_end,
                        parameter.rate_end);
  return text;
}

std::variant<SpsaState, std::string> parse_spsa_state(std::string_view text) {
  SpsaState state;
  Words words(text);
  while (const auto key = words.take()) {
    if (*key == "parameter") {
      SpsaParameter parameter;
      const auto name = words.take();
      if (!name || !find_search_parameter(*name))
        return fmt::format("unknown search parameter '{}'", name.value_or(""));
      parameter.name = std::string(*name);
      const auto value = read_number<double>(words, -1e9, 1e9);
      const auto step = read_number<double>(words, 1e-9, 1e9);
      const auto rate = read_number<double>(words, 1e-12, 1e3);
      if (!value || !step || !rate)
        return fmt::format("parameter {} needs VALUE C_END R_END", parameter.name);
      parameter.value = *value, parameter.step_end = *step, parameter.rate_end = *rate;
      state.parameters.push_back(parameter);
      continue;
    }
    const auto field = std::find_if(std::begin(kStateFields), std::end(kStateFields),
                                    [&](const StateField& each) { return each.key == *key; });
    if (field == std::end(kStateFields)) return fmt::format("unknown key '{}'", *key);
    std::optional<std::string> error;
    std::visit(
        [&](auto member) {
          using Value = std::remove_cvref_t<decltype(state.*member)>;
          if constexpr (std::is_same_v<Value, std::string>) {
            const auto word = words.take();
            if (!word)
              error = fmt::format("{} needs a value", *key);
            else
              state.*member = std::string(*word);
          } else {
            const auto number = read_number<Value>(words, std::numeric_limits<Value>::lowest(),
                                                   std::numeric_limits<Value>::max());
            if (!number)
              error = fmt::format("{} needs a number", *key);
            else
              state.*member = *number;
          }
        },
        field->member);
    if (error) return *error;
  }
  if (state.parameters.empty()) return std::string("no parameter to tune");
  if (state.pairs_per_iteration < 1 || state.iterations < 1 || state.iteration < 0)
    return std::string("pairs_per_iteration and iterations must be at least 1");
  return state;
}

std::vector<int> spsa_signs(const SpsaState& state, int iteration) {
  std::mt19937_64 random(state.seed ^ (0xD1B54A32D192ED03ULL * std::uint64_t(iteration + 1)));
  std::vector<int> signs;
  for (std::size_t i = 0; i < state.parameters.size(); ++i) signs.push_back((random() >> 17) & 1 ? 1 : -1);
  return signs;
}

double spsa_step(const SpsaState& state, const SpsaParameter& parameter, int iteration) {
  return parameter.step_end * std::pow(double(state.iterations) / double(iteration + 1), state.gamma);
}

double spsa_gain(const SpsaState& state, const SpsaParameter& parameter, int iteration) {
  const double a_end = parameter.rate_end * parameter.step_end * parameter.step_end;
  const double a = stability(state);
  return a_end * std::pow((a + state.iterations) / (a + iteration + 1), state.alpha);
}

SearchParameters spsa_current(const SpsaState& state) {
  SearchParameters parameters = default_search_parameters();
  for (const SpsaParameter& parameter : state.parameters)
    parameters.*spec_of(parameter).field = rounded_in_range(parameter, parameter.value);
  return parameters;
}

std::pair<SearchParameters, SearchParameters> spsa_candidates(const SpsaState& state) {
  SearchParameters plus = default_search_parameters(), minus = plus;
  const std::vector<int> signs = spsa_signs(state, state.iteration);
  for (std::size_t i = 0; i < state.parameters.size(); ++i) {
    const SpsaParameter& parameter = state.parameters[i];
    const double shift = spsa_step(state, parameter, state.iteration) * signs[i];
    plus.*spec_of(parameter).field = rounded_in_range(parameter, parameter.value + shift);
    minus.*spec_of(parameter).field = rounded_in_range(parameter, parameter.value - shift);
  }
  return {plus, minus};
}

void spsa_update(SpsaState& state, int wins, int draws, int losses) {
  const std::vector<int> signs = spsa_signs(state, state.iteration);
  for (std::size_t i = 0; i < state.parameters.size(); ++i) {
    SpsaParameter& parameter = state.parameters[i];
    const SearchParameterSpec& spec = spec_of(parameter);
    const double step = spsa_step(state, parameter, state.iteration);
    const double gain = spsa_gain(state, parameter, state.iteration);
    parameter.value = std::clamp(parameter.value + gain * (wins - losses) / (step * signs[i]),
                                 double(spec.min), double(spec.max));
  }
  state.wins += wins, state.draws += draws, state.losses += losses;
  ++state.iteration;
}

int run_spsa(std::span<const std::string_view> arguments, const std::string& positions_directory,
             std::FILE* out, std::FILE* err) {
  if (arguments.empty() || asks_for_help(arguments)) {
    fmt::print(arguments.empty() ? err : out, "{}\n", kSpsaUsage);
    return arguments.empty() ? 2 : 0;
  }
  const std::string_view command = arguments[0];
  const auto rest = arguments.subspan(1);
  if (command == "init") return run_init(rest, positions_directory, out, err);
  if (command == "play") return run_play(rest, out, err);
  if (command == "update") return run_update(rest, out, err);
  if (command == "run") return run_local(rest, out, err);
  if (command == "show") return run_show(rest, out, err);
  fmt::print(err, "spsa: unknown subcommand '{}' (init, run, play, update, show)\n", command);
  return 2;
}

}  // namespace shuai::tune
