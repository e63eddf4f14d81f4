// Where the tools find the reference data of positions/ (openings, positions by phase, bench files): beside
// the installed programs, found from the program's own path, or else in the source tree the build was made
// from. So an installed or copied tool runs from any directory without the checkout.
#pragma once

#include <string>

namespace shuai::tools {

// The installed data folder when the running program sits where `cmake --install` put it (its folder, then
// the relative path from the programs' folder to the data folder, holds openings.fen); else the source
// tree's positions/.
std::string positions_directory();

// Writes `text` to `path`, replacing what was there: false when the file cannot be written. The tools' data
// files, tables and plots are written with it.
bool write_text_file(const std::string& path, const std::string& text);

}  // namespace shuai::tools
