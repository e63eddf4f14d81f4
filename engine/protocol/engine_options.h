// Every engine option, declared once: its names in each protocol, type, range, default and the action
// applied when it is set. The dialects' option listings and their setoption/option commands all read it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/protocol/engine_core.h"

namespace shuai {

enum class OptionType { kCheck, kSpin, kCombo, kButton, kString };

// A value checked against its option's type, as the action receives it.
struct OptionValue {
  std::string_view name;  // as the client spelt it, for messages
  std::string text;       // as given
  std::string lowered;
  bool flag = false;        // check
  std::int64_t number = 0;  // spin
};

// engine_options.cpp names the fields of each entry, in this order as designated initializers must: the
// action, the long part, comes last. Every field but the type has a default, so an entry names only what
// it sets (and -Wmissing-field-initializers still catches a missing type).
struct EngineOption {
  std::string_view ucci_name = {};  // one lower-case word; empty: not a UCCI option
  std::string_view uci_name = {};   // as Stockfish-family GUIs show it; empty: not a UCI option
  OptionType type;
  std::string_view default_value = {};         // as listed; empty for a button
  std::int64_t min = 0, max = 0;               // a spin's range
  std::vector<std::string_view> choices = {};  // a combo's values, in the order listed
  // The refusal of a combo value not among the choices, with {} for the value; empty: the general one.
  std::string_view bad_choice = {};
  // Offered in the listings (ucci, uci, CECP's features). False: not offered, since it would change nothing,
  // but its values are still accepted, as GUIs send options without reading the list.
  bool listed = true;
  // Listed to CECP clients (under the UCI name, else the UCCI one): not the options CECP has commands for
  // or that only make sense in another protocol.
  bool in_cecp = true;
  // Applied once the value is checked; false (with a message) when it refuses. None: accepted, no effect.
  bool (*action)(EngineCore&, const OptionValue&) = nullptr;

  // The name CECP lists it under.
  std::string_view cecp_name() const { return uci_name.empty() ? ucci_name : uci_name; }
};

const std::vector<EngineOption>& engine_options();
// The option named `name` in any of its spellings, case-insensitively; null if none.
const EngineOption* find_option(std::string_view name);
// Checks `value` against the option named `name` and applies it; a message and false when either is bad.
bool set_option(EngineCore& core, std::string_view name, std::string_view value);

}  // namespace shuai
