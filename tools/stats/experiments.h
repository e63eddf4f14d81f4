// The experiments, one per table of the MHT paper. Each runs at the scale its options ask for, reports
// progress, and returns its report; a bad positions file throws std::invalid_argument.
#pragma once

#include "engine/command_line/progress.h"
#include "tools/stats/options.h"
#include "tools/stats/report.h"

namespace shuai::stats {

// Table 2 (miur.cpp), Table 4 (hit_rate.cpp), Tables 5 and 6 (time_saved.cpp), Table 7 and Tables 8, 9
// (self_play_experiments.cpp), Section 7 (collisions.cpp).
Report run_miur(const Options& options, Progress& progress);
Report run_hit_rate(const Options& options, Progress& progress);
Report run_speedup(const Options& options, Progress& progress);
Report run_pruning(const Options& options, Progress& progress);
Report run_reset(const Options& options, Progress& progress);
Report run_occupancy(const Options& options, Progress& progress);
Report run_collisions(const Options& options, Progress& progress);

// The one the options name.
Report run_experiment(const Options& options, Progress& progress);

}  // namespace shuai::stats
