// What an experiment hands back: a titled table with its setup line, an optional chart, notes, and whether
// its checks (identical searches, identical games) passed. stats.cpp writes it as Markdown, CSV and SVG.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tools/common/svg_plot.h"
#include "tools/stats/table.h"

namespace shuai::stats {

// The charts are the tools' shared kind (tools/common/svg_plot.h).
using tools::Plot;
using tools::PlotKind;
using tools::Series;
using tools::to_svg;

struct Report {
  std::string title;  // e.g. "Table 2: MIUR and MAUR on leaf evaluations"
  std::string setup;  // one sentence: positions, depth, sizes, threads, repetitions
  Table table;
  std::optional<Plot> plot;
  std::vector<std::string> notes;  // one line each: checks, remarks
  bool checks_passed = true;       // false: a check failed (the notes say which); the exit code is 1
};

// Title, setup, table and notes as one Markdown section.
std::string report_markdown(const Report& report);

}  // namespace shuai::stats
