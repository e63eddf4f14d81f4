// A small SVG chart writer for the tools' reports (the statistics runs, the win/draw/loss calibration):
// values by category drawn as lines with markers or as grouped bars, optionally with error bars.
#pragma once

#include <string>
#include <vector>

namespace shuai::tools {

enum class PlotKind { kLines, kBars };

struct Series {
  std::string name;
  std::vector<double> values;  // one per category; NaN where there is none
  std::vector<double> errors;  // empty, or one half-width per category (drawn as an error bar)
};

struct Plot {
  std::string title;
  std::string x_label;
  std::string y_label;
  std::vector<std::string> categories;
  std::vector<Series> series;
  PlotKind kind = PlotKind::kLines;
  bool percent = false;    // the values are fractions, labelled as percentages
  bool from_zero = false;  // the value axis includes 0 (always so for bars)
  // The values are chances: the value axis runs from 0 to 1, and error bars stop at its ends.
  bool chances = false;
};

// A complete, standalone SVG document.
std::string to_svg(const Plot& plot);

}  // namespace shuai::tools
