// Reading /proc/stat (the machine's busy time) and /proc/<pid>/stat (each process's), and the arithmetic
// between two readings.
#include "tools/common/processor_use.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace shuai::tools {
namespace {

struct ProcessTimes {
  long parent = 0;
  double seconds = 0;  // its own time and its collected children's
};

// One /proc/<pid>/stat line. The command name, in parentheses, may hold spaces and parentheses: the fields
// are counted from the last ')'. After it come the state (field 3), the parent (4), ..., utime (14), stime
// (15), cutime (16) and cstime (17), the last four in clock ticks.
std::optional<ProcessTimes> read_process(const std::filesystem::path& stat_file, double tick_seconds) {
  std::ifstream in(stat_file);
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  const std::size_t name_end = line.rfind(')');
  if (name_end == std::string::npos) return std::nullopt;
  std::istringstream fields(line.substr(name_end + 1));
  std::string state;
  long parent = 0;
  fields >> state >> parent;
  std::string skipped;
  for (int field = 5; field < 14; ++field) fields >> skipped;
  double user = 0, system = 0, children_user = 0, children_system = 0;
  fields >> user >> system >> children_user >> children_system;
  if (!fields) return std::nullopt;
  return ProcessTimes{parent, (user + system + children_user + children_system) * tick_seconds};
}

}  // namespace

double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::optional<ProcessorUse> read_processor_use() {
  const long ticks_per_second = sysconf(_SC_CLK_TCK);
  if (ticks_per_second <= 0) return std::nullopt;
  const double tick_seconds = 1.0 / double(ticks_per_second);
  ProcessorUse use;
  use.wall_seconds = steady_seconds();

  // The first line sums every processor: user nice system idle iowait irq softirq steal ...
  std::ifstream machine("/proc/stat");
  std::string label;
  double user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
  machine >> label >> user >> nice >> system >> idle >> iowait >> irq >> softirq >> steal;
  if (!machine || label != "cpu") return std::nullopt;
  use.busy_seconds = (user + nice + system + irq + softirq + steal) * tick_seconds;

  // A process that ends moves its time into its parent's children's time once collected, so summing each
  // process's own and children's time over this process's subtree counts the ended ones too.
  std::map<long, ProcessTimes> processes;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; }))
      continue;
    if (const auto times = read_process(entry.path() / "stat", tick_seconds))
      processes[std::stol(name)] = *times;  // a process gone between listing and reading is left out
  }
  if (error) return std::nullopt;
  std::map<long, std::vector<long>> children;
  for (const auto& [pid, times] : processes) children[times.parent].push_back(pid);
  std::vector<long> subtree{long(getpid())};
  while (!subtree.empty()) {
    const long pid = subtree.back();
    subtree.pop_back();
    if (const auto found = processes.find(pid); found != processes.end())
      use.own_seconds += found->second.seconds;
    if (const auto below = children.find(pid); below != children.end())
      subtree.insert(subtree.end(), below->second.begin(), below->second.end());
  }
  return use;
}

double others_processors(const ProcessorUse& from, const ProcessorUse& to) {
  const double wall = to.wall_seconds - from.wall_seconds;
  if (wall <= 0) return 0;
  const double others = (to.busy_seconds - from.busy_seconds) - (to.own_seconds - from.own_seconds);
  return std::max(0.0, others / wall);
}

}  // namespace shuai::tools
