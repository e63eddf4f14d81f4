// The lockless stress test of the transposition table and the Minors Hash Table, and `shuai bench lockless`,
// which runs it on both tables with the lockless encoding off (torn entries get through) and on (none does).
#include "engine/commands/lockless_stress.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <thread>
#include <vector>

#include "engine/command_line/command_options.h"
#include "engine/commands/commands.h"
#include "eval/minors_table.h"
#include "search/transposition_table.h"

namespace shuai::commands {

namespace {

// More keys than either tiny table has entries, so that the keys keep evicting each other's records.
constexpr int kKeyCount = 8;
constexpr std::uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ULL;
// Every Minors Hash Table record is stored and probed in one phase, so the phase check rejects nothing.
constexpr Phase kStressPhase = Phase::kMiddlegame;

// SplitMix64's output function: every bit of the result depends on every bit of the argument.
constexpr std::uint64_t mix(std::uint64_t value) {
  value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
  value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
  return value ^ (value >> 31);
}

// SplitMix64: each thread's own random numbers.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() { return mix(state_ += kGoldenGamma); }

 private:
  std::uint64_t state_;
};

enum class ProbeOutcome { kMiss, kWhole, kTorn };

// The transposition table's single bucket (four entries). A record's move is its nonce (never kNoMove, so
// that store() keeps it) and its score, depth, bound and principal-variation mark are a hash of the key and
// the nonce.
class TranspositionStress {
 public:
  explicit TranspositionStress(bool lockless_encoding) : table_(0) {
    table_.set_lockless_encoding(lockless_encoding);
    for (int i = 0; i < kKeyCount; ++i) keys_[i] = mix(kGoldenGamma * std::uint64_t(i + 1));
  }

  void store(int key_index, std::uint64_t random) {
    const Move nonce = Move(1 + random % 0xffff);
    const TableEntry record = record_for(keys_[key_index], nonce);
    table_.store(keys_[key_index], record.move, record.score, record.depth, record.bound, kNoStaticEvaluation,
                 record.was_pv);
  }

  ProbeOutcome probe(int key_index) const {
    const std::optional<TableEntry> entry = table_.probe(keys_[key_index]);
    if (!entry) return ProbeOutcome::kMiss;
    const TableEntry record = record_for(keys_[key_index], entry->move);
    const bool whole = entry->score == record.score && entry->depth == record.depth &&
                       entry->bound == record.bound && entry->was_pv == record.was_pv;
    return whole ? ProbeOutcome::kWhole : ProbeOutcome::kTorn;
  }

 private:
  static TableEntry record_for(std::uint64_t key, Move nonce) {
    const std::uint64_t hash = mix(key + mix(nonce));
    return TableEntry{nonce,
                      int(std::int16_t(hash & 0xffff)),
                      int((hash >> 16) % (TranspositionTable::kMaxStoredDepth + 1)),
                      Bound(1 + (hash >> 24) % 3),
                      kNoStaticEvaluation,
                      ((hash >> 32) & 1) != 0};
  }

  TranspositionTable table_;
  std::uint64_t keys_[kKeyCount] = {};
};

// A Minors Hash Table of two entries, four signatures on each. A record's score is its nonce and every other
// field is a hash of the signature and the nonce, so that both data words and the check word carry them.
class MinorsStress {
 public:
  explicit MinorsStress(bool lockless_encoding) : table_(0) {
    table_.resize_entries_log2(1);
    table_.set_lockless_encoding(lockless_encoding);
    for (int i = 0; i < kKeyCount; ++i)
      signatures_[i] = (mix(kGoldenGamma * std::uint64_t(i + 101)) & ~1ULL) | std::uint64_t(i & 1);
  }

  void store(int key_index, std::uint64_t random) {
    table_.store(signatures_[key_index], record_for(signatures_[key_index], std::int32_t(random)));
  }

  ProbeOutcome probe(int key_index) const {
    MinorsInfo read;
    if (!table_.probe(signatures_[key_index], kStressPhase, read)) return ProbeOutcome::kMiss;
    return read == record_for(signatures_[key_index], read.score) ? ProbeOutcome::kWhole
                                                                  : ProbeOutcome::kTorn;
  }

 private:
  static MinorsInfo record_for(std::uint64_t signature, std::int32_t nonce) {
    std::uint64_t fields = mix(signature + mix(std::uint32_t(nonce)));
    const std::uint64_t doors = mix(fields);
    const auto take = [&fields](int bits) {
      const unsigned value = unsigned(fields & ((1ULL << bits) - 1));
      fields >>= bits;
      return value;
    };
    MinorsInfo info;
    info.score = nonce;
    info.phase = kStressPhase;
    for (const Color c : {kRed, kBlack}) {  // 30 bits a side
      info.advisors[c] = std::uint8_t(take(2));
      info.elephants[c] = std::uint8_t(take(2));
      info.pawns[c] = std::uint8_t(take(3));
      info.crossed_pawns[c] = std::uint8_t(take(3));
      info.fatal_pawns[c] = std::uint8_t(take(3));
      info.pawn_files[c] = std::uint16_t(take(9));
      info.shape[c] = std::uint8_t(take(8));
      const int door = int((doors >> (16 * c)) % (kSquareCount + 1));
      info.king_door[c] = door == kSquareCount ? kNoSquare : square_from_index(door);
      // The shelter word too carries the nonce, so that a tear there is seen.
      std::uint64_t shelter_bits = mix(doors + std::uint64_t(c) + 1);
      const auto take_shelter = [&shelter_bits](int bits) {
        const unsigned value = unsigned(shelter_bits & ((1ULL << bits) - 1));
        shelter_bits >>= bits;
        return value;
      };
      KingShelter& shelter = info.shelter[c];
      shelter.guarded = std::uint16_t(take_shelter(9));
      shelter.flights = std::uint16_t(take_shelter(9));
      shelter.free_legs = std::uint8_t(take_shelter(4));
      shelter.file_minors = std::uint16_t(take_shelter(10));
      shelter.rank_minors = std::uint16_t(take_shelter(9));
      shelter.pinnable = std::uint8_t(take_shelter(2));
      shelter.pawn_hits = std::uint16_t(take_shelter(9));
      shelter.pawn_checks = std::uint8_t(take_shelter(2));
    }
    return info;
  }

  MinorsTable table_;
  std::uint64_t signatures_[kKeyCount] = {};
};

// One thread's loop: store a record under a random key, probe a random key, check what the probe accepted.
template <typename Stress>
LocklessStressCounts hammer(Stress& stress, int thread_index, const std::atomic<bool>& stop) {
  Random random(mix(std::uint64_t(thread_index + 1) * kGoldenGamma));
  LocklessStressCounts counts;
  while (!stop.load(std::memory_order_relaxed)) {
    const std::uint64_t number = random.next();
    stress.store(int(number % kKeyCount), number >> 8);
    ++counts.stores;
    const ProbeOutcome outcome = stress.probe(int((number >> 4) % kKeyCount));
    ++counts.probes;
    counts.accepted += outcome != ProbeOutcome::kMiss;
    counts.torn += outcome == ProbeOutcome::kTorn;
  }
  return counts;
}

template <typename Stress>
LocklessStressCounts run_threads(Stress& stress, const LocklessStressSettings& settings) {
  std::atomic<bool> stop{false};
  std::vector<LocklessStressCounts> counts(std::size_t(std::max(settings.threads, 1)));
  std::vector<std::thread> workers;
  const auto join_all = [&] {
    stop.store(true, std::memory_order_relaxed);
    for (std::thread& worker : workers) worker.join();
  };
  try {
    for (std::size_t i = 0; i < counts.size(); ++i)
      workers.emplace_back([&, i] { counts[i] = hammer(stress, int(i), stop); });
  } catch (...) {
    join_all();  // a thread that could not start: stop the others before giving up
    throw;
  }
  std::this_thread::sleep_for(settings.duration);
  join_all();
  LocklessStressCounts total;
  for (const LocklessStressCounts& thread_counts : counts) total += thread_counts;
  return total;
}

constexpr CommandText kLocklessCommand = {
    "bench lockless", "shuai bench lockless [--seconds S] [--threads N]",
    "Racing threads store and probe in a tiny transposition table and Minors Hash Table, lockless\n"
    "encoding off and on: torn entries must get through without it and none with it.",
    true};

}  // namespace

std::string_view stressed_table_name(StressedTable table) {
  return table == StressedTable::kTransposition ? "transposition table" : "minors hash table";
}

LocklessStressCounts& LocklessStressCounts::operator+=(const LocklessStressCounts& other) {
  stores += other.stores;
  probes += other.probes;
  accepted += other.accepted;
  torn += other.torn;
  return *this;
}

LocklessStressCounts run_lockless_stress(const LocklessStressSettings& settings) {
  if (settings.table == StressedTable::kTransposition) {
    TranspositionStress stress(settings.lockless_encoding);
    return run_threads(stress, settings);
  }
  MinorsStress stress(settings.lockless_encoding);
  return run_threads(stress, settings);
}

int run_bench_lockless(std::span<const std::string_view> arguments) {
  LocklessStressSettings settings;
  int seconds = int(std::chrono::duration_cast<std::chrono::seconds>(settings.duration).count());
  const CommandOption options[] = {
      {"--seconds", "S", "each run's length", &seconds, 1, 3600},
      {"--threads", "N", "racing threads", &settings.threads, 1, 256},
  };
  if (const auto done = read_command_line(kLocklessCommand, options, arguments, stdout, stderr)) return *done;
  settings.duration = std::chrono::seconds(seconds);
  fmt::print(
      "bench lockless: {} threads store and probe for {} s per run in a transposition table of one "
      "bucket ({} entries) and a Minors Hash Table of 2 entries\n",
      settings.threads, std::chrono::duration<double>(settings.duration).count(),
      TranspositionTable::kEntriesPerBucket);
  std::uint64_t torn_without[2] = {}, torn_with = 0;
  for (const StressedTable table : {StressedTable::kTransposition, StressedTable::kMinors}) {
    for (const bool encoding : {false, true}) {
      settings.table = table;
      settings.lockless_encoding = encoding;
      const LocklessStressCounts counts = run_lockless_stress(settings);
      fmt::print("{:<19}  encoding {:<3}  threads {}  stores {}  probes {}  accepted {}  torn {}\n",
                 stressed_table_name(table), encoding ? "on" : "off", settings.threads, counts.stores,
                 counts.probes, counts.accepted, counts.torn);
      (encoding ? torn_with : torn_without[int(table)]) += counts.torn;
    }
  }
  if (torn_with > 0) {
    fmt::print("verdict: FAIL - the lockless encoding let {} torn entries through\n", torn_with);
    return 1;
  }
  if (torn_without[0] > 0 && torn_without[1] > 0) {
    fmt::print(
        "verdict: pass - without the lockless encoding torn entries got through ({} in the transposition "
        "table, {} in the minors hash table); with it none did\n",
        torn_without[0], torn_without[1]);
  } else {
    fmt::print(
        "verdict: inconclusive - with the lockless encoding no torn entry got through, but without it "
        "none was seen in {} either: try more seconds or threads\n",
        torn_without[0] == 0 && torn_without[1] == 0 ? "both tables"
        : torn_without[0] == 0                       ? "the transposition table"
                                                     : "the minors hash table");
  }
  return 0;
}

}  // namespace shuai::commands
