// The lockless stress test of the shared tables: threads store and probe random records in a tiny table at
// full speed, and every accepted record is checked to be one that some writer really wrote whole.
#pragma once

#include <chrono>
#include <cstdint>
#include <string_view>

namespace shuai::commands {

enum class StressedTable { kTransposition, kMinors };

// "transposition table" or "minors hash table".
std::string_view stressed_table_name(StressedTable table);

struct LocklessStressSettings {
  StressedTable table = StressedTable::kTransposition;
  int threads = 2;
  std::chrono::milliseconds duration{1000};
  bool lockless_encoding = true;  // off: the plain encodings, which racing writers can tear
};

struct LocklessStressCounts {
  std::uint64_t stores = 0;
  std::uint64_t probes = 0;
  std::uint64_t accepted = 0;  // probes the table answered with a record
  std::uint64_t torn = 0;      // accepted records that no writer wrote whole

  LocklessStressCounts& operator+=(const LocklessStressCounts& other);
};

// Runs `threads` threads for `duration`, each alternately storing a record under one of a few keys and
// probing one of them, in the smallest table (the transposition table's single bucket of four entries, or a
// Minors Hash Table of two entries), and returns the summed counts. A record's contents are a function of
// its key and a random nonce it carries, so a mixture of two records, or a record under another key, shows.
LocklessStressCounts run_lockless_stress(const LocklessStressSettings& settings);

}  // namespace shuai::commands
