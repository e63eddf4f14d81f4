// The one table of engine options and the checking of a value against it (engine_options.h).
#include "engine/protocol/engine_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>

namespace shuai {

namespace {

#if defined(__EMSCRIPTEN__)
// A page's engine: wasm32 memory (the module may grow to 2 GB) and the Web Workers a browser gives.
constexpr int kMaxHashMegabytes = 1024;
#if defined(__EMSCRIPTEN_PTHREADS__)
constexpr int kMaxThreads = 16;
#else
constexpr int kMaxThreads = 1;
#endif
#else
constexpr int kMaxHashMegabytes = 65536;
constexpr int kMaxThreads = 512;
#endif

std::string lower(std::string_view text) {
  std::string result(text);
  for (char& c : result) c = char(std::tolower(static_cast<unsigned char>(c)));
  return result;
}

std::optional<std::int64_t> parse_integer(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

const std::vector<std::string_view> kLevels = {"none", "small", "medium", "large"};

PruningLevel level_of(const std::string& value) {
  return value == "none"     ? PruningLevel::kNone
         : value == "small"  ? PruningLevel::kSmall
         : value == "medium" ? PruningLevel::kMedium
                             : PruningLevel::kLarge;
}

SearchOptions& search_options(EngineCore& core) {
  return core.searcher().options();
}

// The search's level from the three options that choose it: UCI_LimitStrength's rating rules over Skill Level.
bool apply_playing_level(EngineCore& core) {
  const SessionSettings& settings = core.settings();
  search_options(core).level =
      settings.limit_strength ? level_for_elo(settings.elo) : double(settings.skill_level);
  return true;
}

}  // namespace

const std::vector<EngineOption>& engine_options() {
  using enum OptionType;
  using Value = const OptionValue&;
  // ponder, style, UCI_Variant have no action: accepted, they change nothing (pondering is driven by "go
  // ponder"; the search has no draw score a style could move, so style is not listed). The listings print the options in this order.
  // Laid out by hand, one entry to an option: clang-format would give every field a line of its own.
  // clang-format off
  static const std::string strongest_rating = std::to_string(kLevelRatings.back());
  static const std::vector<EngineOption> options = {
      {.ucci_name = "usemillisec", .type = kCheck, .default_value = "false", .in_cecp = false,
       .action = [](EngineCore& core, Value value) {
         return core.settings().milliseconds = value.flag, true;
       }},
      {.ucci_name = "batch", .type = kCheck, .default_value = "false", .in_cecp = false,
       .action = [](EngineCore& core, Value value) { return core.settings().batch = value.flag, true; }},
      {.ucci_name = "debug", .type = kCheck, .default_value = "false",
       .action = [](EngineCore& core, Value value) { return core.settings().debug = value.flag, true; }},
      {.ucci_name = "ponder", .uci_name = "Ponder", .type = kCheck, .default_value = "false",
       .in_cecp = false},
      {.ucci_name = "usebook", .uci_name = "OwnBook", .type = kCheck, .default_value = "false",
       .action = [](EngineCore& core, Value value) { return core.set_use_book(value.flag), true; }},
      {.ucci_name = "bookfiles", .uci_name = "BookFile", .type = kString, .default_value = "<empty>",
       .action = [](EngineCore& core, Value value) { return core.set_book_files(value.text), true; }},
      {.ucci_name = "useegtb", .type = kCheck, .default_value = "true", .in_cecp = false,
       .action = [](EngineCore& core, Value value) { return core.set_use_tablebases(value.flag), true; }},
      {.ucci_name = "egtbpaths", .uci_name = "EgtbPath", .type = kString, .default_value = "<empty>",
       .in_cecp = false,
       .action = [](EngineCore& core, Value value) { return core.set_tablebase_paths(value.text), true; }},
      {.ucci_name = "hashsize", .uci_name = "Hash", .type = kSpin, .default_value = "64",
       .max = kMaxHashMegabytes, .in_cecp = false,
       .action = [](EngineCore& core, Value value) {
         return core.resize_table(true, value.name, value.number);
       }},
      {.ucci_name = "threads", .uci_name = "Threads", .type = kSpin, .default_value = "1",
       .max = kMaxThreads, .in_cecp = false,
       .action = [](EngineCore& core, Value value) {
         return core.searcher().set_threads(int(value.number)), true;  // 0: one per processor
       }},
      {.ucci_name = "idle", .type = kCombo, .default_value = "none", .choices = kLevels, .in_cecp = false,
       .action = [](EngineCore& core, Value value) {
         // The share of each search thread's processor left to other programs: none, a quarter, a half,
         // three quarters.
         return core.settings().idle_percent = 25 * int(level_of(value.lowered)), true;
       }},
      {.ucci_name = "promotion", .type = kCheck, .default_value = "false", .in_cecp = false,
       .action = [](EngineCore& core, Value value) {
         if (value.flag)
           core.message("promotion of advisors and elephants is not supported: the option stays off");
         return !value.flag;
       }},
      {.ucci_name = "pruning", .uci_name = "Pruning", .type = kCombo, .default_value = "large",
       .choices = kLevels,
       .action = [](EngineCore& core, Value value) {
         return search_options(core).pruning = pruning_for_level(level_of(value.lowered)), true;
       }},
      {.ucci_name = "knowledge", .uci_name = "Knowledge", .type = kCombo, .default_value = "large",
       .choices = kLevels,
       .action = [](EngineCore& core, Value value) {
         return search_options(core).evaluation.knowledge = Knowledge(int(level_of(value.lowered))), true;
       }},
      {.ucci_name = "randomness", .type = kCombo, .default_value = "none", .choices = kLevels,
       .action = [](EngineCore& core, Value value) {
         // The book's choice: none follows the record, each level flattens it further toward uniform.
         const std::string& level = value.lowered;
         core.set_book_sharpness(level == "none"     ? 1.0
                                 : level == "small"  ? 0.75
                                 : level == "medium" ? 0.5
                                                     : 0.25);
         return true;
       }},
      {.ucci_name = "style", .type = kCombo, .default_value = "normal",
       .choices = {"solid", "normal", "risky"}, .listed = false, .in_cecp = false},
      {.ucci_name = "newgame", .uci_name = "Clear Hash", .type = kButton,
       .action = [](EngineCore& core, Value) { return core.searcher().clear(), true; }},
      {.ucci_name = "minorshashsize", .uci_name = "MinorsHash", .type = kSpin, .default_value = "5",
       .max = 32768,
       .action = [](EngineCore& core, Value value) {
         return core.resize_table(false, value.name, value.number);
       }},
      {.ucci_name = "moveoverhead", .uci_name = "Move Overhead", .type = kSpin, .default_value = "50",
       .max = 5000,
       .action = [](EngineCore& core, Value value) {
         return search_options(core).move_overhead_ms = value.number, true;
       }},
      {.ucci_name = "multipv", .uci_name = "MultiPV", .type = kSpin, .default_value = "1",
       .min = 1, .max = 128,
       .action = [](EngineCore& core, Value value) {
         return search_options(core).multi_pv = int(value.number), true;
       }},
      {.ucci_name = "skilllevel", .uci_name = "Skill Level", .type = kSpin, .default_value = "20",
       .max = kFullStrengthLevel,
       .action = [](EngineCore& core, Value value) {
         // 20 is full strength; below, a level's budget and choice among its lines (playing_level.h).
         core.settings().skill_level = int(value.number);
         return apply_playing_level(core);
       }},
      {.ucci_name = "limitstrength", .uci_name = "UCI_LimitStrength", .type = kCheck, .default_value = "false",
       .action = [](EngineCore& core, Value value) {
         core.settings().limit_strength = value.flag;
         return apply_playing_level(core);
       }},
      {.ucci_name = "elo", .uci_name = "UCI_Elo", .type = kSpin, .default_value = strongest_rating,
       .min = kLevelRatings.front(), .max = kLevelRatings.back(),
       .action = [](EngineCore& core, Value value) {
         // Kept for when the limit comes on (GUIs send options in any order), but without it play is as before.
         core.settings().elo = int(value.number);
         if (!core.settings().limit_strength)
           core.message(fmt::format("{} {} takes effect only with UCI_LimitStrength on: play is unchanged",
                                    value.name, value.number));
         return apply_playing_level(core);
       }},
      {.ucci_name = "showwdl", .uci_name = "UCI_ShowWDL", .type = kCheck, .default_value = "false",
       .in_cecp = false,
       .action = [](EngineCore& core, Value value) { return core.settings().show_wdl = value.flag, true; }},
      {.ucci_name = "nullmove", .uci_name = "NullMove", .type = kCheck, .default_value = "true",
       .action = [](EngineCore& core, Value value) {
         return search_options(core).pruning.null_move = value.flag, true;
       }},
      {.ucci_name = "latemovereductions", .uci_name = "LateMoveReductions", .type = kCheck,
       .default_value = "true",
       .action = [](EngineCore& core, Value value) {
         return search_options(core).pruning.late_move_reductions = value.flag, true;
       }},
      {.ucci_name = "futility", .uci_name = "Futility", .type = kCheck, .default_value = "true",
       .action = [](EngineCore& core, Value value) {
         return search_options(core).pruning.futility = value.flag, true;
       }},
      {.ucci_name = "razoring", .uci_name = "Razoring", .type = kCheck, .default_value = "true",
       .action = [](EngineCore& core, Value value) {
         return search_options(core).pruning.razoring = value.flag, true;
       }},
      {.ucci_name = "transactions", .uci_name = "AspirationTransactions", .type = kCheck,
       .default_value = "false",
       .action = [](EngineCore& core, Value value) {
         return search_options(core).aspiration_transactions = value.flag, true;
       }},
      {.ucci_name = "minorsverify", .uci_name = "MinorsVerify", .type = kCheck, .default_value = "false",
       .action = [](EngineCore& core, Value value) {
         return search_options(core).evaluation.verify_minors_hits = value.flag, true;
       }},
      {.ucci_name = "minorslockless", .uci_name = "MinorsLockless", .type = kCheck, .default_value = "true",
       .action = [](EngineCore& core, Value value) {
         return core.searcher().minors_table().set_lockless_encoding(value.flag), true;
       }},
      {.ucci_name = "minorsreset", .uci_name = "MinorsResetEveryMove", .type = kCheck,
       .default_value = "false",
       .action = [](EngineCore& core, Value value) {
         return search_options(core).reset_minors_table_every_move = value.flag, true;
       }},
      {.ucci_name = "naturalmovelimit", .uci_name = "NaturalMoveLimit", .type = kSpin,
       .default_value = "120", .max = 1000,
       .action = [](EngineCore& core, Value value) {
         return search_options(core).natural_move_limit = int(value.number), true;
       }},
      {.ucci_name = "drawoffers", .uci_name = "DrawOffers", .type = kCheck, .default_value = "true",
       .action = [](EngineCore& core, Value value) {
         return core.settings().offer_draws = value.flag, true;
       }},
      {.ucci_name = "resign", .uci_name = "Resign", .type = kCheck, .default_value = "false",
       .action = [](EngineCore& core, Value value) { return core.settings().resign = value.flag, true; }},
      {.ucci_name = "parameterfile", .uci_name = "ParameterFile", .type = kString, .default_value = "<empty>",
       .action = [](EngineCore& core, Value value) { return core.load_parameter_file(value.text); }},
      {.ucci_name = "searchparameterfile", .uci_name = "SearchParameterFile", .type = kString,
       .default_value = "<empty>",
       .action = [](EngineCore& core, Value value) { return core.load_search_parameter_file(value.text); }},
      {.uci_name = "UCI_Variant", .type = kCombo, .default_value = "xiangqi", .choices = {"xiangqi"},
       .bad_choice = "variant '{}' is not supported: Shuai plays xiangqi only", .in_cecp = false},
  };
  // clang-format on
  return options;
}

const EngineOption* find_option(std::string_view name) {
  const std::string wanted = lower(name);
  for (const EngineOption& option : engine_options())
    if ((!option.ucci_name.empty() && wanted == option.ucci_name) ||
        (!option.uci_name.empty() && wanted == lower(option.uci_name)))
      return &option;
  return nullptr;
}

bool set_option(EngineCore& core, std::string_view name, std::string_view text) {
  const EngineOption* option = find_option(name);
  if (!option) {
    core.message(fmt::format("unknown option '{}' ignored", name));
    return false;
  }
  OptionValue value{name, std::string(text), lower(text)};
  switch (option->type) {
    case OptionType::kCheck:
      if (value.lowered != "true" && value.lowered != "false") {
        core.message(fmt::format("option {} takes true or false, not '{}'", name, text));
        return false;
      }
      value.flag = value.lowered == "true";
      break;
    case OptionType::kSpin: {
      const auto parsed = parse_integer(value.lowered);
      if (!parsed || *parsed < option->min || *parsed > option->max) {
        core.message(fmt::format("option {} takes a whole number from {} to {}, not '{}'", name, option->min,
                                 option->max, text));
        return false;
      }
      value.number = *parsed;
      break;
    }
    case OptionType::kCombo:
      if (std::find(option->choices.begin(), option->choices.end(), value.lowered) == option->choices.end()) {
        core.message(option->bad_choice.empty() ? fmt::format("option {} does not take '{}'", name, text)
                                                : fmt::format(fmt::runtime(option->bad_choice), text));
        return false;
      }
      break;
    case OptionType::kButton:
    case OptionType::kString:
      break;
  }
  return option->action ? option->action(core, value) : true;
}

}  // namespace shuai
