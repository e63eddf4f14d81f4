// The pieces of shuai-stats that are not experiments: exact distinct counting, the unchanged rates of the
// paper's Definition 2, the Markdown, CSV and SVG writers, the position reader, and the command line (a bad
// option is one line on the error stream and exit code 2).
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <regex>
#include <string>
#include <unordered_set>
#include <vector>

#include "engine/board/board.h"
#include "tools/common/svg_plot.h"
#include "tools/stats/distinct_counter.h"
#include "tools/stats/options.h"
#include "tools/stats/positions.h"
#include "tools/stats/stats.h"
#include "tools/stats/table.h"
#include "tools/stats/unchanged_rates.h"

namespace shuai::stats {
namespace {

using tools::Plot;
using tools::PlotKind;
using tools::to_svg;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return lines;
}

// A small XML well-formedness check: every tag closes in order, attribute values are quoted, and text holds
// no raw < or bare &.
bool well_formed_xml(const std::string& text, std::string& problem) {
  std::vector<std::string> open;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '&') {
      const std::size_t semicolon = text.find(';', i);
      const std::string entity = text.substr(i, semicolon == std::string::npos ? 0 : semicolon - i + 1);
      if (entity != "&amp;" && entity != "&lt;" && entity != "&gt;" && entity != "&quot;") {
        problem = "bare & at " + std::to_string(i);
        return false;
      }
      i = semicolon + 1;
      continue;
    }
    if (text[i] != '<') {
      ++i;
      continue;
    }
    const std::size_t end = text.find('>', i);
    if (end == std::string::npos) {
      problem = "unclosed tag";
      return false;
    }
    std::string tag = text.substr(i + 1, end - i - 1);
    i = end + 1;
    if (tag.starts_with("?") || tag.starts_with("!")) continue;
    if (tag.find('<') != std::string::npos) {
      problem = "< inside a tag";
      return false;
    }
    if (std::count(tag.begin(), tag.end(), '"') % 2 != 0) {
      problem = "unbalanced quotes in <" + tag + ">";
      return false;
    }
    if (tag.starts_with("/")) {
      const std::string name = tag.substr(1);
      if (open.empty() || open.back() != name) {
        problem = "</" + name + "> closes " + (open.empty() ? std::string("nothing") : open.back());
        return false;
      }
      open.pop_back();
      continue;
    }
    const bool self_closing = tag.ends_with("/");
    const std::string name = tag.substr(0, tag.find_first_of(" /"));
    if (!self_closing) open.push_back(name);
  }
  if (!open.empty()) problem = "<" + open.back() + "> never closed";
  return open.empty();
}

// Runs the command line with both streams in temporary files; returns the exit code.
int run_command(const std::vector<std::string_view>& arguments, std::string& out, std::string& error) {
  std::FILE* out_file = std::tmpfile();
  std::FILE* error_file = std::tmpfile();
  const int code = run_stats(arguments, SHUAI_POSITIONS_DIR, out_file, error_file);
  const auto read = [](std::FILE* file) {
    std::string text;
    std::rewind(file);
    for (int c; (c = std::fgetc(file)) != EOF;) text += char(c);
    std::fclose(file);
    return text;
  };
  out = read(out_file);
  error = read(error_file);
  return code;
}

TEST_CASE("the distinct counter is exact against a standard set, zero and growth included") {
  DistinctCounter counter;
  std::unordered_set<std::uint64_t> reference;
  std::mt19937_64 random(7);
  for (int i = 0; i < 200'000; ++i) {
    // Few distinct small keys (many repeats, 0 among them) and many random ones.
    const std::uint64_t key = i % 3 == 0 ? random() % 1000 : random();
    CHECK(counter.insert(key) == reference.insert(key).second);
  }
  CHECK(counter.distinct() == reference.size());
  for (const std::uint64_t key : {0ULL, 1ULL, 999ULL, 123456789ULL})
    CHECK(counter.contains(key) == reference.contains(key));
  counter.clear();
  CHECK(counter.distinct() == 0);
  CHECK_FALSE(counter.contains(0));
}

TEST_CASE("MIUR and MAUR on a tiny case") {
  UnchangedRates rates;
  CHECK(std::isnan(rates.minors_unchanged_rate()));
  // Minors a, a, a, b; majors x, y, z, x: MI = 2, MA = 3, N = 4.
  rates.add(0xa, 0x1);
  rates.add(0xa, 0x2);
  rates.add(0xa, 0x3);
  rates.add(0xb, 0x1);
  CHECK(rates.evaluations() == 4);
  CHECK(rates.minors_states() == 2);
  CHECK(rates.majors_states() == 3);
  CHECK(rates.minors_unchanged_rate() == doctest::Approx(0.5));
  CHECK(rates.majors_unchanged_rate() == doctest::Approx(0.25));
}

TEST_CASE("Markdown tables: one line per row, aligned columns, formatted numbers, missing values") {
  Table table;
  table.columns = {{"bucket", Format::kText},
                   {"N", Format::kInteger},
                   {"MIUR", Format::kPercent, 1},
                   {"diff", Format::kSignedPercent, 2},
                   {"time", Format::kDecimal, 3}};
  table.add_row({std::string("11-16"), 36592662.0, 0.985, 0.0018, 1.23456});
  table.add_row({std::string("a|b"), -1234.0, std::monostate{}, -0.5, std::nan("")});
  const auto lines = lines_of(to_markdown(table));
  REQUIRE(lines.size() == 4);
  CHECK(lines[0] == "| bucket | N | MIUR | diff | time |");
  CHECK(lines[1] == "|---|---:|---:|---:|---:|");
  CHECK(lines[2] == "| 11-16 | 36,592,662 | 98.5% | +0.18% | 1.235 |");
  CHECK(lines[3] == "| a\\|b | -1,234 | — | -50.00% | — |");
}

TEST_CASE("CSV: header, plain numbers, fractions for percentages, quoting") {
  Table table;
  table.columns = {{"name, with comma", Format::kText}, {"N", Format::kInteger}, {"rate", Format::kPercent}};
  table.add_row({std::string("say \"hi\""), 36592662.0, 0.985});
  table.add_row({std::string("plain"), std::monostate{}, 0.5});
  const auto lines = lines_of(to_csv(table));
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "\"name, with comma\",N,rate");
  CHECK(lines[1] == "\"say \"\"hi\"\"\",36592662,0.985");
  CHECK(lines[2] == "plain,,0.5");
}

TEST_CASE("SVG charts are well-formed XML for lines, bars, error bars, missing values and odd text") {
  Plot lines;
  lines.title = "Hit rate <by> size & more";
  lines.x_label = "entries";
  lines.y_label = "rate";
  lines.percent = true;
  lines.categories = {"2^17", "2^18", "2^19"};
  lines.series = {{"Shuai", {0.95, 0.96, 0.97}, {0.01, 0.0, std::nan("")}},
                  {"paper \"NEUCHESS\"", {std::nan(""), 0.98, 0.99}, {}}};
  Plot bars = lines;
  bars.kind = PlotKind::kBars;
  bars.series[0].values = {-0.02, 0.1, 0.15};
  Plot empty;
  Plot flat = lines;
  flat.series = {{"flat", {0.5, 0.5, 0.5}, {}}};
  for (const Plot& plot : {lines, bars, empty, flat}) {
    const std::string svg = to_svg(plot);
    std::string problem;
    CHECK_MESSAGE(well_formed_xml(svg, problem), problem);
    CHECK(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    CHECK(svg.ends_with("</svg>\n"));
    CHECK(svg.find("nan") == std::string::npos);
    CHECK(svg.find("inf") == std::string::npos);
  }
  CHECK(to_svg(lines).find("Hit rate &lt;by&gt; size &amp; more") != std::string::npos);
  CHECK(to_svg(bars).find("<rect") != std::string::npos);
  CHECK(to_svg(lines).find("<polyline") != std::string::npos);
  // A chart of chances runs from 0% to 100%, whatever its error bars reach.
  Plot shares = lines;
  shares.chances = true;
  shares.series[0].errors = {0.2, 0.3, 0.96};
  const std::string shares_svg = to_svg(shares);
  std::vector<int> ticks;  // the value axis's labels, in percent
  const std::regex tick(R"(text-anchor="end">(-?[0-9]+)%<)");
  for (auto at = std::sregex_iterator(shares_svg.begin(), shares_svg.end(), tick);
       at != std::sregex_iterator(); ++at)
    ticks.push_back(std::stoi((*at)[1].str()));
  REQUIRE_FALSE(ticks.empty());
  CHECK(*std::min_element(ticks.begin(), ticks.end()) == 0);
  CHECK(*std::max_element(ticks.begin(), ticks.end()) == 100);
}

TEST_CASE("position files: the phases TSV by bucket, the openings with comments, a bad FEN by line") {
  const auto phases = load_positions(std::string(SHUAI_POSITIONS_DIR) + "/phases-public.tsv");
  REQUIRE(std::holds_alternative<std::vector<StatsPosition>>(phases));
  const auto& positions = std::get<std::vector<StatsPosition>>(phases);
  CHECK(positions.size() == 175);
  int per_bucket[kBucketCount] = {};
  for (const StatsPosition& position : positions) ++per_bucket[position.bucket];
  for (int bucket = 0; bucket < kBucketCount; ++bucket) CHECK(per_bucket[bucket] == 35);
  CHECK(bucket_of(16) == 0);
  CHECK(bucket_of(11) == 0);
  CHECK(bucket_of(10) == 1);
  CHECK(bucket_of(7) == 2);
  CHECK(bucket_of(6) == 3);
  CHECK(bucket_of(3) == 4);
  CHECK(bucket_of(0) == 4);

  // Ours, with a comment header: 65 a bucket, 100 with the public ones.
  const auto own = load_positions(std::string(SHUAI_POSITIONS_DIR) + "/phases-selfplay.tsv");
  REQUIRE(std::holds_alternative<std::vector<StatsPosition>>(own));
  int own_per_bucket[kBucketCount] = {};
  for (const StatsPosition& position : std::get<std::vector<StatsPosition>>(own))
    ++own_per_bucket[position.bucket];
  for (int bucket = 0; bucket < kBucketCount; ++bucket) CHECK(own_per_bucket[bucket] == 65);

  const auto openings = load_positions(std::string(SHUAI_POSITIONS_DIR) + "/openings.fen");
  REQUIRE(std::holds_alternative<std::vector<StatsPosition>>(openings));
  CHECK(std::get<std::vector<StatsPosition>>(openings).size() == 134);

  const std::string path =
      (std::filesystem::temp_directory_path() / fmt::format("shuai_stats_test_{}.fen", getpid())).string();
  std::FILE* file = std::fopen(path.c_str(), "w");
  std::fputs("# a comment\n\n", file);
  std::fputs(std::string(kStartFen).c_str(), file);
  std::fputs("\n4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\n", file);  // kings facing: not a legal position
  std::fclose(file);
  const auto bad = load_positions(path);
  std::remove(path.c_str());
  REQUIRE(std::holds_alternative<std::string>(bad));
  CHECK(std::get<std::string>(bad).find(":4:") != std::string::npos);
}

TEST_CASE("bad options: one line on the error stream and exit code 2") {
  const std::vector<std::vector<std::string_view>> bad_command_lines = {
      {},
      {"tables"},
      {"miur", "--depth"},
      {"miur", "--depth", "0"},
      {"miur", "--depth", "eight"},
      {"miur", "--games", "3"},
      {"hitrate", "--entries", "17-"},
      {"hitrate", "--entries", "3-40"},
      {"speedup", "--repetitions", "-1"},
      {"reset", "--frobnicate"},
      {"collisions", "--svg", "out.svg"},
      {"positions", "--csv", "out.csv"},
      {"positions", "--per-bucket", "0"},
      {"miur", "--positions", "/no/such/file.fen"},
      {"miur", "--positions", SHUAI_POSITIONS_DIR "/README-no-such.tsv"},
  };
  for (const auto& arguments : bad_command_lines) {
    std::string out, error;
    const int code = run_command(arguments, out, error);
    INFO(error);
    CHECK(code == 2);
    CHECK(out.empty());
    CHECK(lines_of(error).size() == 1);
    CHECK(error.starts_with("shuai-stats: "));
  }
  std::string out, error;
  CHECK(run_command({"--help"}, out, error) == 0);
  CHECK(out.find("usage: shuai-stats") != std::string::npos);
}

TEST_CASE("options: defaults per experiment, sizes as ranges and lists, nodes instead of depth") {
  const auto parsed = parse_options(
      std::vector<std::string_view>{"speedup", "--entries", "10,17-19", "--nodes", "5000", "--quiet"},
      SHUAI_POSITIONS_DIR);
  REQUIRE(std::holds_alternative<Options>(parsed));
  const Options& options = std::get<Options>(parsed);
  CHECK(options.experiment == Experiment::kSpeedup);
  CHECK(options.entries_log2 == std::vector<int>{10, 17, 18, 19});
  CHECK(sizes_text(options.entries_log2) == "10,17-19");
  CHECK(options.nodes == 5000);
  CHECK(options.quiet);
  CHECK(options.repetitions == default_options(Experiment::kSpeedup, SHUAI_POSITIONS_DIR).repetitions);
  REQUIRE(options.positions_paths.size() == 1);
  CHECK(options.positions_paths[0].ends_with("openings.fen"));

  // The first --positions replaces the default file, the next ones add to it.
  const auto two_files =
      parse_options(std::vector<std::string_view>{"miur", "--positions", "a.tsv", "--positions", "b.fen"},
                    SHUAI_POSITIONS_DIR);
  REQUIRE(std::holds_alternative<Options>(two_files));
  CHECK(std::get<Options>(two_files).positions_paths == std::vector<std::string>{"a.tsv", "b.fen"});
}

}  // namespace
}  // namespace shuai::stats
