// Positions of our own for the tables that want more than positions/ holds (the paper's Table 2 used 1000
// positions per majors bucket; phases-public.tsv has 35): fixed-depth self-play games from the openings,
// sampled every few plies into the five majors buckets, written as a TSV that --positions reads.
#pragma once

#include <string>
#include <vector>

#include "engine/command_line/progress.h"
#include "tools/stats/options.h"

namespace shuai::stats {

struct SampledPosition {
  int bucket = 0;
  int majors_value = 0;
  std::string fen;
  std::string source;  // "shuai-selfplay:<opening number>:ply<N>"
};

// Plays one game per opening (--games of them, spread over the file, visited out of file order so that an
// early stop leaves no family out) at --depth, keeps the positions after
// plies 12, 19, 26, ... that are new, until --per-bucket positions fill every bucket or the games run out.
// Deterministic: the same options give the same file.
std::vector<SampledPosition> sample_positions(const Options& options, Progress& progress);

// Columns bucket, majors_value, fen, source, with a header row; ordered by bucket.
std::string positions_tsv(const std::vector<SampledPosition>& positions);

}  // namespace shuai::stats
