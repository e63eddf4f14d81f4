// A protocol's front-end on the engine core: it parses command lines into calls on the core and prints what
// the core reports, each in its own words. One per protocol: UCCI (ucci.cpp), UCI (uci.cpp), CECP
// (cecp.cpp); the session (session.h) picks one by the first command.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "engine/protocol/engine_core.h"

namespace shuai {

class Dialect {
 public:
  virtual ~Dialect() = default;
  // One command line, split into words (at least one); false once the session has ended (quit).
  virtual bool handle(const std::vector<std::string_view>& words, std::string_view line) = 0;
  // Quit or the end of input: the worker stopped, the goodbye the protocol says.
  virtual void quit() = 0;
};

std::unique_ptr<Dialect> make_ucci_dialect(EngineCore& core);
std::unique_ptr<Dialect> make_uci_dialect(EngineCore& core);
std::unique_ptr<Dialect> make_cecp_dialect(EngineCore& core);

}  // namespace shuai
