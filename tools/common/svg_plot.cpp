// SVG rendering of a category chart: axes with round ticks, lines or grouped bars, error bars, a legend.
#include "tools/common/svg_plot.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace shuai::tools {

namespace {

constexpr double kWidth = 860, kHeight = 440;
constexpr double kLeft = 80, kRight = 270, kTop = 48, kBottom = 70;
constexpr const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"};

std::string escape(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    switch (c) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      default:
        escaped += c;
    }
  }
  return escaped;
}

// 1, 2 or 5 times a power of ten, near range / 5.
double round_step(double range) {
  const double rough = range / 5;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  for (const double factor : {1.0, 2.0, 5.0})
    if (rough <= factor * power) return factor * power;
  return 10 * power;
}

struct Axis {
  double low = 0, high = 1, step = 0.2;
};

Axis value_axis(const Plot& plot) {
  if (plot.chances) return {0, 1, 0.2};
  double low = std::numeric_limits<double>::infinity(), high = -low;
  for (const Series& series : plot.series)
    for (std::size_t i = 0; i < series.values.size(); ++i) {
      const double value = series.values[i];
      if (!std::isfinite(value)) continue;
      const double error = i < series.errors.size() && std::isfinite(series.errors[i]) ? series.errors[i] : 0;
      low = std::min(low, value - error);
      high = std::max(high, value + error);
    }
  if (!std::isfinite(low)) low = 0, high = 1;
  if (plot.from_zero || plot.kind == PlotKind::kBars) low = std::min(low, 0.0), high = std::max(high, 0.0);
  if (high - low < 1e-12) {
    const double pad = std::max(std::abs(high) * 0.1, 1e-3);
    low -= pad, high += pad;
  }
  Axis axis;
  axis.step = round_step(high - low);
  axis.low = std::floor(low / axis.step + 1e-9) * axis.step;
  axis.high = std::ceil(high / axis.step - 1e-9) * axis.step;
  if (axis.high <= axis.low) axis.high = axis.low + axis.step;
  return axis;
}

std::string tick_label(double value, double step, bool percent) {
  const double shown = percent ? 100 * value : value, shown_step = percent ? 100 * step : step;
  const int decimals = std::clamp(int(std::ceil(-std::log10(shown_step) - 1e-9)), 0, 6);
  return fmt::format("{:.{}f}{}", std::abs(shown) < 1e-12 ? 0.0 : shown, decimals, percent ? "%" : "");
}

// A data value for a tooltip: "98.52%" or "1.234".
std::string value_label(double value, bool percent) {
  return percent ? fmt::format("{:.2f}%", 100 * value) : fmt::format("{:.4g}", value);
}

}  // namespace

std::string to_svg(const Plot& plot) {
  const Axis axis = value_axis(plot);
  const double plot_width = kWidth - kLeft - kRight, plot_height = kHeight - kTop - kBottom;
  const std::size_t slots = std::max<std::size_t>(plot.categories.size(), 1);
  const double slot = plot_width / double(slots);
  const auto y_of = [&](double value) {
    return kTop + plot_height * (axis.high - value) / (axis.high - axis.low);
  };
  const auto x_of = [&](std::size_t index) { return kLeft + slot * (double(index) + 0.5); };

  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n",
      kWidth, kHeight);
  svg += fmt::format("<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"white\"/>\n", kWidth, kHeight);
  svg += fmt::format("<text x=\"{}\" y=\"24\" font-size=\"15\" text-anchor=\"middle\">{}</text>\n",
                     kLeft + plot_width / 2, escape(plot.title));

  // Grid lines and value ticks.
  for (double tick = axis.low; tick <= axis.high + axis.step / 2; tick += axis.step) {
    const double y = y_of(tick);
    svg += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#dddddd\"/>\n",
                       kLeft, y, kLeft + plot_width, y);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", kLeft - 6, y + 4,
                       escape(tick_label(tick, axis.step, plot.percent)));
  }
  // Axes, category labels, axis titles.
  svg += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"black\"/>\n",
                     kLeft, kTop, kTop + plot_height);
  svg += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{2:.1f}\" y2=\"{1:.1f}\" stroke=\"black\"/>\n",
                     kLeft, kTop + plot_height, kLeft + plot_width);
  for (std::size_t i = 0; i < plot.categories.size(); ++i)
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n", x_of(i),
                       kTop + plot_height + 18, escape(plot.categories[i]));
  svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\">{}</text>\n",
                     kLeft + plot_width / 2, kHeight - 22, escape(plot.x_label));
  svg += fmt::format(
      "<text x=\"18\" y=\"{0:.1f}\" text-anchor=\"middle\" transform=\"rotate(-90 18 {0:.1f})\">{1}</text>\n",
      kTop + plot_height / 2, escape(plot.y_label));

  // The data.
  const std::size_t series_count = std::max<std::size_t>(plot.series.size(), 1);
  const double bar_width = slot * 0.8 / double(series_count);
  const double zero_y = y_of(std::clamp(0.0, axis.low, axis.high));
  for (std::size_t s = 0; s < plot.series.size(); ++s) {
    const Series& series = plot.series[s];
    const char* colour = kColours[s % std::size(kColours)];
    const auto x_at = [&](std::size_t i) {
      return plot.kind == PlotKind::kBars ? x_of(i) - slot * 0.4 + bar_width * (double(s) + 0.5) : x_of(i);
    };
    std::string points;
    for (std::size_t i = 0; i < series.values.size() && i < plot.categories.size(); ++i) {
      const double value = series.values[i];
      if (!std::isfinite(value)) continue;
      const double x = x_at(i), y = y_of(value);
      if (plot.kind == PlotKind::kBars) {
        svg += fmt::format(
            "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\"><title>{}: "
            "{}</title></rect>\n",
            x - bar_width / 2, std::min(y, zero_y), bar_width * 0.92, std::abs(zero_y - y), colour,
            escape(series.name), escape(value_label(value, plot.percent)));
      } else {
        points += fmt::format("{}{:.1f},{:.1f}", points.empty() ? "" : " ", x, y);
        svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3.5\" fill=\"{}\"/>\n", x, y, colour);
      }
      if (i < series.errors.size() && std::isfinite(series.errors[i]) && series.errors[i] > 0) {
        double upper = value + series.errors[i], lower = value - series.errors[i];
        if (plot.chances) upper = std::min(upper, 1.0), lower = std::max(lower, 0.0);
        const double top = y_of(upper), bottom = y_of(lower);
        svg += fmt::format(
            "<path d=\"M{0:.1f},{1:.1f} V{2:.1f} M{3:.1f},{1:.1f} H{4:.1f} M{3:.1f},{2:.1f} H{4:.1f}\" "
            "stroke=\"black\" fill=\"none\"/>\n",
            x, top, bottom, x - 4, x + 4);
      }
    }
    if (plot.kind == PlotKind::kLines && !points.empty())
      svg += fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>\n", points,
                         colour);
    // Legend entry.
    const double legend_y = kTop + 10 + 22 * double(s);
    svg += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"14\" height=\"14\" fill=\"{}\"/>\n",
                       kWidth - kRight + 20, legend_y - 11, colour);
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">{}</text>\n", kWidth - kRight + 40, legend_y,
                       escape(series.name));
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace shuai::tools
