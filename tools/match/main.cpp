// shuai-match: plays engines against each other over UCCI or UCI, refereed by Shuai's own rules.
#include <fmt/format.h>

#include <string>
#include <string_view>
#include <vector>

#include "tools/arguments.h"
#include "tools/common/child_process.h"
#include "tools/match/match.h"

namespace {

constexpr std::string_view kUsage = R"(usage: shuai-match --engine SPEC --engine SPEC [...] [options]

  --engine name=N,cmd=C,proto=ucci|uci[,dir=D][,ranks=0|1][,tc=BASE+INC][,option=value...]
                       an engine (two, or more for a round robin); option=value pairs are sent with setoption;
                       ranks=1 numbers ranks 1-10 (Fairy-Stockfish; detected from its name when not given);
                       tc= gives this engine a clock of its own (time odds) instead of the match's limits
  --tc BASE+INC        clock in seconds, e.g. 10+0.1        (or --depth N, or --nodes N)
  --games N            games per pairing (default 2)
  --concurrency N      games played at once (default 1)
  --openings FILE      FEN/EPD lines; each opening is played twice with colours swapped
  --pgn FILE           append the games to FILE
  --sprt elo0=0,elo1=5,alpha=0.05,beta=0.05   stop when the test decides (two engines); 'off': no test
  --maxplies N         adjudicate a draw after N plies (default: none)
  --seed N             shuffle the openings with this seed
  --timemargin MS      a move may overrun the clock by MS before the flag falls (default 0)
  --movetimeout MS     with --depth or --nodes: the longest wait for a move (default 60000)
)";

int fail(const std::string& message) {
  fmt::print(stderr, "shuai-match: {}\n", message);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using shuai::tools::parse_int;
  namespace match = shuai::match;
  const std::vector<std::string> arguments(argv + 1, argv + argc);
  match::MatchSettings settings;
  std::string openings_path, error;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& flag = arguments[i];
    if (flag == "--help" || flag == "-h") {
      fmt::print("{}", kUsage);
      return 0;
    }
    if (i + 1 >= arguments.size()) return fail(fmt::format("{} needs a value (try --help)", flag));
    const std::string& value = arguments[++i];
    const auto number = [&](int low, int high, int& out) {
      const auto parsed = parse_int(value, low, high);
      if (parsed) out = *parsed;
      return parsed.has_value();
    };
    int integer = 0;
    if (flag == "--engine") {
      match::EngineConfig config;
      if (!match::parse_engine_config(value, config, error)) return fail(error);
      settings.engines.push_back(config);
    } else if (flag == "--tc") {
      if (!match::parse_time_control(value, settings.game.limits.base_ms, settings.game.limits.increment_ms))
        return fail(fmt::format("--tc wants BASE+INC in seconds, e.g. 10+0.1, not '{}'", value));
      settings.time_control_text = value;
    } else if (flag == "--depth") {
      if (!number(1, 100, settings.game.limits.depth)) return fail("--depth wants 1..100");
      settings.time_control_text = "depth " + value;
    } else if (flag == "--nodes") {
      if (!number(1, 2'000'000'000, integer)) return fail("--nodes wants 1..2000000000");
      settings.game.limits.nodes = integer;
      settings.time_control_text = "nodes " + value;
    } else if (flag == "--games") {
      if (!number(1, 1'000'000, settings.games)) return fail("--games wants 1..1000000");
    } else if (flag == "--concurrency") {
      if (!number(1, 64, settings.concurrency)) return fail("--concurrency wants 1..64");
    } else if (flag == "--openings") {
      openings_path = value;
    } else if (flag == "--pgn") {
      settings.pgn_path = value;
    } else if (flag == "--sprt") {
      if (value == "off")
        settings.sprt = {};  // e.g. after a script's default --sprt: a fixed number of games
      else if (!match::parse_sprt(value, settings.sprt, error))
        return fail(error);
    } else if (flag == "--maxplies") {
      if (!number(1, 100'000, settings.game.rules.max_plies)) return fail("--maxplies wants 1..100000");
    } else if (flag == "--seed") {
      if (!number(0, 2'000'000'000, integer)) return fail("--seed wants 0..2000000000");
      settings.seed = std::uint64_t(integer);
    } else if (flag == "--timemargin") {
      if (!number(0, 60'000, integer)) return fail("--timemargin wants 0..60000 milliseconds");
      settings.game.time_margin_ms = integer;
    } else if (flag == "--movetimeout") {
      if (!number(100, 86'400'000, integer)) return fail("--movetimeout wants 100..86400000 milliseconds");
      settings.game.move_timeout_ms = integer;
    } else {
      return fail(fmt::format("unknown option '{}' (try --help)", flag));
    }
  }
  if (settings.engines.size() < 2) return fail("give at least two --engine (try --help)");
  const auto& limits = settings.game.limits;
  if ((limits.base_ms > 0) + (limits.depth > 0) + (limits.nodes > 0) != 1)
    return fail("give exactly one of --tc, --depth, --nodes");
  if (settings.sprt.enabled && settings.engines.size() != 2) return fail("--sprt needs exactly two engines");
  if (!openings_path.empty() && !match::read_openings(openings_path, settings.openings, error))
    return fail(error);

  shuai::tools::install_child_cleanup();
  fmt::print("shuai-match: {} engines, {} games per pairing, {}, concurrency {}, {} openings\n",
             settings.engines.size(), settings.games, settings.time_control_text, settings.concurrency,
             settings.openings.empty() ? std::string("start position only")
                                       : std::to_string(settings.openings.size()));
  const match::MatchResult result = match::run_match(settings);
  fmt::print("\n{}", match::match_report(settings, result));
  return 0;
}
