// Who uses the processors while games run: the machine's busy time and this program's own (itself and every
// process below it, the engines included), read from Linux's /proc. Games on a clock are fair only while
// nothing else runs: another program's share is taken from the engines unevenly (a side that thinks on two
// threads loses more of it than a side on one), so a tool that plays them reports when that happened.
#pragma once

#include <optional>

namespace shuai::tools {

struct ProcessorUse {
  double wall_seconds = 0;  // a steady clock's reading
  double busy_seconds = 0;  // every processor's time not idle since boot, summed (time stolen by a host too)
  double own_seconds = 0;   // processor time of this process and its descendants, those ended included
};

// The steady clock's reading in seconds, as ProcessorUse::wall_seconds holds it: cheap, unlike a reading.
double steady_seconds();

// The reading now; nothing when /proc cannot be read.
std::optional<ProcessorUse> read_processor_use();

// How many processors' worth of time other programs took between two readings (0.3: 30% of one), never less
// than 0.
double others_processors(const ProcessorUse& from, const ProcessorUse& to);

}  // namespace shuai::tools
