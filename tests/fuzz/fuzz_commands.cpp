// libFuzzer target: the protocol's command handling on arbitrary lines. The session must answer without
// crashing and end cleanly. Inputs that ask for unbounded work on purpose (batch searches, deep perft, huge
// tables, CECP's memory and cores) are skipped: they are legitimate commands, just not quick ones.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "engine/protocol/session.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::string lowered = text;
  std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  for (const char* slow : {"batch", "perft", "hash", "memory", "cores"})
    if (lowered.find(slow) != std::string::npos) return 0;
  shuai::LineWriter writer([](const std::string&) {});
  shuai::Session session(writer, 1);  // a small table keeps each run quick
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line))
    if (!session.handle(line)) return 0;
  session.finish();
  return 0;
}
