// Sampling self-play positions by majors bucket.
#include "tools/stats/sample_positions.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "engine/board/fen.h"
#include "tools/stats/distinct_counter.h"
#include "tools/stats/measure.h"
#include "tools/stats/self_play.h"

namespace shuai::stats {

namespace {

// Past the openings' moves, far enough apart that neighbouring samples differ, and odd so that both sides
// get to move in the samples.
constexpr int kFirstSampledPly = 12;
constexpr int kSampleInterval = 7;

// A step through n openings that visits each once and jumps about the file (which is grouped by opening
// family), so that stopping early still samples every family: near n / golden ratio, coprime with n.
std::size_t visiting_stride(std::size_t n) {
  std::size_t stride = std::max<std::size_t>(1, std::size_t(double(n) * 0.618));
  while (std::gcd(stride, n) != 1) --stride;
  return stride;
}

}  // namespace

std::vector<SampledPosition> sample_positions(const Options& options, Progress& progress) {
  Options selection = options;
  if (options.games) selection.max_positions = options.games;
  const std::vector<StatsPosition> openings = select_positions(selection);
  const SearchLimits limits = search_limits(options);
  Searcher red(std::size_t(options.hash_megabytes)), black(std::size_t(options.hash_megabytes));
  for (Searcher* engine : {&red, &black})
    engine->minors_table().resize_entries_log2(options.entries_log2.front());

  std::vector<SampledPosition> sampled;
  std::size_t per_bucket[kBucketCount] = {};
  DistinctCounter seen;
  const auto full = [&] {
    return std::all_of(std::begin(per_bucket), std::end(per_bucket),
                       [&](std::size_t count) { return count >= std::size_t(options.per_bucket); });
  };
  const std::size_t stride = visiting_stride(openings.size());
  progress.start("positions", openings.size());
  for (std::size_t step = 0; step < openings.size() && !full(); ++step) {
    const std::size_t g = step * stride % openings.size();
    red.clear();
    black.clear();
    const SelfPlayGame game = play_self_play_game(openings[g].fen, {&red, &black}, limits, options.max_plies);
    Position position = openings[g].position;
    for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
      position.make_move(game.moves[ply]);
      const int played = int(ply) + 1;
      if (played < kFirstSampledPly || (played - kFirstSampledPly) % kSampleInterval != 0) continue;
      const int bucket = bucket_of(position.majors_value());
      if (per_bucket[bucket] >= std::size_t(options.per_bucket) || !seen.insert(position.key())) continue;
      ++per_bucket[bucket];
      sampled.push_back({bucket, position.majors_value(), to_fen(position),
                         fmt::format("shuai-selfplay:{}:ply{}", g + 1, played)});
    }
    progress.advance();
  }
  progress.finish();
  std::stable_sort(sampled.begin(), sampled.end(),
                   [](const SampledPosition& a, const SampledPosition& b) { return a.bucket < b.bucket; });
  return sampled;
}

std::string positions_tsv(const std::vector<SampledPosition>& positions) {
  std::string text = "bucket\tmajors_value\tfen\tsource\n";
  for (const SampledPosition& position : positions)
    text += fmt::format("{}\t{}\t{}\t{}\n", bucket_name(position.bucket), position.majors_value, position.fen,
                        position.source);
  return text;
}

}  // namespace shuai::stats
