// The one table of engine options and the checking of a value against it (engine_options.h).
#include "engine/protocol/engine_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>

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

}  // namespace

const std::vector<EngineOption>& engine_options() {
  using enum OptionType;
  using Value = const OptionValue&;
  // ponder, useegtb, egtbpaths, idle, style, UCI_Variant have no action: accepted, they change nothing (no
  // tablebases; pondering is driven by "go ponder").
  static const std::vector<EngineOption> options = {
      {"usemillisec",
       "",
       kCheck,
       "false",
       0,
       0,
       {},
       [](EngineCore& core, Value value) { return core.settings().milliseconds = value.flag, true; },
       false},
      {"batch",
       "",
       kCheck,
       "false",
       0,
       0,
       {},
       [](EngineCore& core, Value value) { return core.settings().batch = value.flag, true; },
       false},
      {"debug",
       "",
       kCheck,
       "false",
       0,
       0,
       {},
       [](EngineCore& core, Value value) { return core.settings().debug = value.flag, true; }},
      {"ponder", "Ponder", kCheck, "false", 0, 0, {}, nullptr, false},
      {"usebook",
       "OwnBook",
       kCheck,
       "false",
       0,
       0,
       {},
       [](EngineCore& core, Value value) { return core.set_use_book(value.flag), true; }},
      {"bookfiles",
       "BookFile",
       kString,
       "<empty>",
       0,
       0,
       {},
       [](EngineCore& core, Value value) { return core.set_book_files(value.text), true; }},
      {"useegtb", "", kCheck, "false", 0, 0, {}, nullptr, false},
      {"egtbpaths", "", kString, "<empty>", 0, 0, {}, nullptr, false},
      {"hashsize",
       "Hash",
       kSpin,
       "64",
       0,
       kMaxHashMegabytes,
       {},
       [](EngineCore& core, Value value) { return core.resize_table(true, value.name, value.number); },
       false},
      {"threads",
       "Threads",
       kSpin,
       "1",
       0,
       kMaxThreads,
       {},
       [](EngineCore& core, Value value) {
         return core.searcher().set_threads(int(value.number)), true;  // 0: one per processor
       },
       false},
      {"idle", "", kCombo, "none", 0, 0, kLevels, nullptr, false},
      {"promotion",
       "",
       kCheck,
       "false",
       0,
       0,
       {},
       [](EngineCore& core, Value value) {
         if (value.flag)
           core.message("promotion of advisors and elephants is not supported: the option stays off");
         return !value.flag;
       },
       false},
      {"pruning", "Pruning", kCombo, "large", 0, 0, kLevels,
       [](EngineCore& core, Value value) {
         return search_options(core).pruning = pruning_for_level(level_of(value.lowered)), true;
       }},
      {"knowledge", "Knowledge", kCombo, "large", 0, 0, kLevels,
       [](EngineCore& core, Value value) {
         return search_options(core).evaluation.knowledge = Knowledge(int(level_of(value.lowered))), true;
       }},
      {"randomness", "", kCombo, "none", 0, 0, kLevels,
       [](EngineCore& core, Value value) {
         // The book's choice: none follows the record, each level flattens it further toward uniform.
         const std::string& level = value.lowered;
         core.set_book_sharpness(level == "none"     ? 1.0
                                 : level == "small"  ? 0.75
                                 : level == "medium" ? 0.5
                                                     : 0.25);
         return true;
       }},
      {"style", "", kCombo, "normal", 0, 0, {"solid", "normal", "risky"}, nullptr, false},
      {"newgame",
       "Clear Hash",
       kButton,
       "",
       0,
       0,
       {},
       [](EngineCore& core, Value) { return core.searcher().clear(), true; }},
      {"minorshashsize",
       "MinorsHash",
       kSpin,
       "5",
       0,
       32768,
       {},
       [](EngineCore& core, Value value) { return core.resize_table(false, value.name, value.number); }},
      {"moveoverhead",
       "Move Overhead",
       kSpin,
       "50",
       0,
       5000,
       {},
       [](EngineCore& core, Value value) {
         return search_options(core).move_overhead_ms = value.number, true;
       }},
      {"multipv",
       "MultiPV",
       kSpin,
       "1",
       1,
       128,
       {},
       [](EngineCore& core, Value value) { return search_options(core).multi_pv = int(value.number), true; }},
      {"nullmove",
       "NullMove",
       kCheck,
       "true",
       0,
       0,
       {},
       [](EngineCore& core, Value value) {
         return search_options(core).pruning.null_move = value.flag, true;
       }},
      {"latemovereductions",
       "LateMoveReductions",
       kCheck,
       "true",
       0,
       0,
       {},
       [](EngineCore& core, Value value) {
         return search_options(core).pruning.late_move_reductions = value.flag, true;
       }},
      {"futility",
       "Futility",
       kCheck,
       "true",
       0,
       0,
       {},
       [](EngineCore& core, Value value) {
         return search_options(core).pruning.futility = value.flag, true;
       }},
      {"razoring",
       "Razoring",
       kCheck,
       "true",
       0,
       0,
       {},
       [](EngineCore& core, Value value) {
         return search_options(core).pruning.razoring = value.flag, true;
       }},
      {"transactions",
       "AspirationTransactions",
       kCheck,
       "false",
       0,
       0,
       {},
       [](EngineCore& core, Value value) {
         return search_options(core).aspiration_transactions = value.flag, true;
       }},
      {"minorsverify",
       "MinorsVerify",
       kCheck,
       "false",
       0,
       0,
       {},
       [](EngineCore& core, Value value) {
         return search_options(core).evaluation.verify_minors_hits = value.flag, true;
       }},
      {"minorslockless",
       "MinorsLockless",
       kCheck,
       "true",
       0,
       0,
       {},
       [](EngineCore& core, Value value) {
         return core.searcher().minors_table().set_lockless_encoding(value.flag), true;
       }},
      {"minorsreset",
       "MinorsResetEveryMove",
       kCheck,
       "false",
       0,
       0,
       {},
       [](EngineCore& core, Value value) {
         return search_options(core).reset_minors_table_every_move = value.flag, true;
       }},
      {"naturalmovelimit",
       "NaturalMoveLimit",
       kSpin,
       "120",
       0,
       1000,
       {},
       [](EngineCore& core, Value value) {
         return search_options(core).natural_move_limit = int(value.number), true;
       }},
      {"drawoffers",
       "DrawOffers",
       kCheck,
       "true",
       0,
       0,
       {},
       [](EngineCore& core, Value value) { return core.settings().offer_draws = value.flag, true; }},
      {"resign",
       "Resign",
       kCheck,
       "false",
       0,
       0,
       {},
       [](EngineCore& core, Value value) { return core.settings().resign = value.flag, true; }},
      {"parameterfile",
       "ParameterFile",
       kString,
       "<empty>",
       0,
       0,
       {},
       [](EngineCore& core, Value value) { return core.load_parameter_file(value.text); }},
      {"searchparameterfile",
       "SearchParameterFile",
       kString,
       "<empty>",
       0,
       0,
       {},
       [](EngineCore& core, Value value) { return core.load_search_parameter_file(value.text); }},
      {"",
       "UCI_Variant",
       kCombo,
       "xiangqi",
       0,
       0,
       {"xiangqi"},
       nullptr,
       false,
       "variant '{}' is not supported: Shuai plays xiangqi only"},
  };
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
