// shuai-match: plays engines against each other over UCCI, UCI or CECP, refereed by Shuai's own rules.
#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/command_line/command_options.h"
#include "tools/common/child_process.h"
#include "tools/match_runner/match.h"

namespace {

constexpr shuai::CommandText kMatchCommand = {
    "shuai-match", "shuai-match --engine SPEC --engine SPEC [...] [options]",
    R"(Plays engines against each other over UCCI, UCI or CECP (XBoard), refereed by Shuai's own rules. An
engine's SPEC is name=N,cmd=C,proto=ucci|uci|cecp[,dir=D][,ranks=0|1][,tc=BASE+INC][,option=value...]:
option=value pairs are sent with setoption (CECP: option NAME=VALUE); ranks=1 numbers ranks 1-10 (Fairy-Stockfish; detected from its name when not given);
tc= gives this engine a clock of its own (time odds) instead of the match's limits. Give exactly one of
--tc, --depth and --nodes.)"};

int fail(const std::string& message) {
  fmt::print(stderr, "shuai-match: {}\n", message);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  namespace match = shuai::match;
  using shuai::ValueReader;
  const std::vector<std::string_view> arguments(argv + 1, argv + argc);
  match::MatchSettings settings;
  match::Limits& limits = settings.game.limits;
  std::string openings_path, time_control, error;
  std::int64_t seed = -1;
  const shuai::CommandOption options[] = {
      {"--engine", "SPEC", "an engine (two, or more for a round robin)",
       ValueReader([&](std::string_view value) -> std::optional<std::string> {
         match::EngineConfig config;
         if (!match::parse_engine_config(std::string(value), config, error))
           return fmt::format("an engine SPEC ({})", error);
         settings.engines.push_back(config);
         return std::nullopt;
       })},
      {"--tc", "BASE+INC", "clock in seconds, e.g. 10+0.1",
       ValueReader([&](std::string_view value) -> std::optional<std::string> {
         time_control = value;
         if (!match::parse_time_control(time_control, limits.base_ms, limits.increment_ms))
           return "BASE+INC in seconds, e.g. 10+0.1";
         return std::nullopt;
       })},
      {"--depth", "N", "a fixed depth per move instead of a clock", &limits.depth, 1, 100},
      {"--nodes", "N", "a fixed node count per move instead of a clock", &limits.nodes, 1, 2'000'000'000},
      {"--games", "N", "games per pairing", &settings.games, 1, 1'000'000},
      {"--first-game", "N",
       "start at this game of the schedule (even, from 0): the earlier ones are left to another run, so a "
       "measure can be split across runs or machines",
       &settings.first_game, 0, 1'000'000},
      {"--concurrency", "N", "games played at once", &settings.concurrency, 1, 64},
      {"--openings", "FILE", "FEN/EPD lines; each opening is played twice with colours swapped",
       &openings_path},
      {"--pgn", "FILE", "append the games to FILE", &settings.pgn_path},
      {"--sprt", "TEST",
       "elo0=0,elo1=5,alpha=0.05,beta=0.05: stop when the test decides (two engines); off: no test",
       ValueReader([&](std::string_view value) -> std::optional<std::string> {
         if (value == "off") {
           settings.sprt = {};
           return std::nullopt;
         }
         if (!match::parse_sprt(std::string(value), settings.sprt, error))
           return fmt::format("elo0=..,elo1=..,alpha=..,beta=.. or off ({})", error);
         return std::nullopt;
       })},
      {"--maxplies", "N", "adjudicate a draw after N plies (default: none)", &settings.game.rules.max_plies,
       1, 100'000},
      {"--seed", "N", "shuffle the openings with this seed", &seed, 0, 2'000'000'000},
      {"--timemargin", "MS", "a move may overrun the clock by MS before the flag falls",
       &settings.game.time_margin_ms, 0, 60'000},
      {"--movetimeout", "MS", "with --depth or --nodes: the longest wait for a move",
       &settings.game.move_timeout_ms, 100, 86'400'000},
  };
  if (const auto done = shuai::read_command_line(kMatchCommand, options, arguments, stdout, stderr))
    return *done;
  if (seed >= 0) settings.seed = std::uint64_t(seed);
  if (settings.engines.size() < 2) return fail("give at least two --engine (try --help)");
  if ((limits.base_ms > 0) + (limits.depth > 0) + (limits.nodes > 0) != 1)
    return fail("give exactly one of --tc, --depth, --nodes");
  for (const auto& engine : settings.engines)
    if (engine.protocol == match::Protocol::kCecp && limits.nodes > 0 && engine.clock_base_ms == 0)
      return fail(fmt::format("{} speaks CECP, which has no node limit: give it a clock (tc=)", engine.name));
  settings.time_control_text = limits.base_ms > 0 ? time_control
                               : limits.depth > 0 ? fmt::format("depth {}", limits.depth)
                                                  : fmt::format("nodes {}", limits.nodes);
  if (settings.first_game % 2 != 0 || settings.first_game >= settings.games)
    return fail("--first-game takes an even game number below --games (a pair's two games stay together)");
  if (settings.sprt.enabled && settings.engines.size() != 2) return fail("--sprt needs exactly two engines");
  if (!openings_path.empty() && !match::read_openings(openings_path, settings.openings, error))
    return fail(error);

  shuai::tools::install_child_cleanup();
  fmt::print("shuai-match: {} engines, {} games per pairing, {}, concurrency {}, {} openings\n",
             settings.engines.size(),
             settings.first_game > 0
                 ? fmt::format("{} (from game {})", settings.games - settings.first_game, settings.first_game)
                 : std::to_string(settings.games),
             settings.time_control_text, settings.concurrency,
             settings.openings.empty() ? std::string("start position only")
                                       : std::to_string(settings.openings.size()));
  const match::MatchResult result = match::run_match(settings);
  fmt::print("\n{}", match::match_report(settings, result));
  return 0;
}
