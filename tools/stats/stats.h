// shuai-stats, the statistics runs of the MHT paper measured on Shuai: one experiment per run, a Markdown
// table on the output, progress on the error stream, optionally the same data as CSV and a chart as SVG.
// The experiments themselves are in experiments.h.
#pragma once

#include <cstdio>
#include <span>
#include <string>
#include <string_view>

namespace shuai::stats {

// Runs `<experiment> [options]` (the program's arguments without its name), writing the report to `out`
// and messages and progress to `error`. Exit code: 0, 1 if a check failed (searches or games that should be
// identical were not), 2 on bad options or an unreadable file (one line on `error`).
int run_stats(std::span<const std::string_view> arguments, const std::string& positions_directory,
              std::FILE* out, std::FILE* error);

}  // namespace shuai::stats
