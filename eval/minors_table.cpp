// Minors Hash Table: packing of the record, lockless probe and store, occupancy.
#include "eval/minors_table.h"

#include <algorithm>
#include <bit>

namespace shuai {

namespace {

// ScoreData: score (32 bits, two's complement) | Red pawn files (9) | Black pawn files (9).
// InfoData: phase 2 | advisors 2+2 | elephants 2+2 | pawns 3+3 | fatal pawns 3+3 | crossed pawns 3+3 |
//           king door 7+7 (dense square index, 127 = none) | shape 8+8 | ... | bit 63: entry in use.
constexpr int kNoDoor = 127;
constexpr std::uint64_t kInUse = 1ULL << 63;

struct Field {
  int shift;
  int bits;
};
constexpr Field kPhase{0, 2};
constexpr Field kAdvisors[2] = {{2, 2}, {4, 2}};
constexpr Field kElephants[2] = {{6, 2}, {8, 2}};
constexpr Field kPawns[2] = {{10, 3}, {13, 3}};
constexpr Field kFatalPawns[2] = {{16, 3}, {19, 3}};
constexpr Field kCrossedPawns[2] = {{22, 3}, {25, 3}};
constexpr Field kKingDoor[2] = {{28, 7}, {35, 7}};
constexpr Field kShape[2] = {{42, 8}, {50, 8}};
constexpr Field kPawnFiles[2] = {{32, 9}, {41, 9}};

constexpr std::uint64_t put(Field field, unsigned value) {
  return (std::uint64_t(value) & ((1ULL << field.bits) - 1)) << field.shift;
}
constexpr unsigned get(std::uint64_t word, Field field) {
  return unsigned((word >> field.shift) & ((1ULL << field.bits) - 1));
}

}  // namespace

std::uint64_t pack_score_data(const MinorsInfo& info) {
  std::uint64_t word = std::uint32_t(info.score);
  for (const Color c : {kRed, kBlack}) word |= put(kPawnFiles[c], info.pawn_files[c]);
  return word;
}

std::uint64_t pack_info_data(const MinorsInfo& info) {
  std::uint64_t word = kInUse | put(kPhase, unsigned(info.phase));
  for (const Color c : {kRed, kBlack}) {
    word |= put(kAdvisors[c], info.advisors[c]) | put(kElephants[c], info.elephants[c]) |
            put(kPawns[c], info.pawns[c]) | put(kFatalPawns[c], info.fatal_pawns[c]) |
            put(kCrossedPawns[c], info.crossed_pawns[c]) | put(kShape[c], info.shape[c]) |
            put(kKingDoor[c], info.king_door[c] == kNoSquare ? kNoDoor : square_index(info.king_door[c]));
  }
  return word;
}

MinorsInfo unpack_minors_info(std::uint64_t score_data, std::uint64_t info_data) {
  MinorsInfo info;
  info.score = std::int32_t(std::uint32_t(score_data));
  info.phase = Phase(get(info_data, kPhase));
  for (const Color c : {kRed, kBlack}) {
    info.pawn_files[c] = std::uint16_t(get(score_data, kPawnFiles[c]));
    info.advisors[c] = std::uint8_t(get(info_data, kAdvisors[c]));
    info.elephants[c] = std::uint8_t(get(info_data, kElephants[c]));
    info.pawns[c] = std::uint8_t(get(info_data, kPawns[c]));
    info.fatal_pawns[c] = std::uint8_t(get(info_data, kFatalPawns[c]));
    info.crossed_pawns[c] = std::uint8_t(get(info_data, kCrossedPawns[c]));
    info.shape[c] = std::uint8_t(get(info_data, kShape[c]));
    const unsigned door = get(info_data, kKingDoor[c]);
    info.king_door[c] = door == kNoDoor ? kNoSquare : square_from_index(int(door));
  }
  return info;
}

MinorsTable::MinorsTable(std::size_t megabytes) {
  resize_megabytes(megabytes);
}

void MinorsTable::resize_megabytes(std::size_t megabytes) {
  megabytes = std::min(megabytes, kMaxMegabytes);
  const std::size_t fitting = (megabytes << 20) / kEntryBytes;
  resize_entries_log2(fitting == 0 ? -1 : std::bit_width(fitting) - 1);
}

void MinorsTable::resize_entries_log2(int log2) {
  entries_.reset();  // free the old table before allocating the new one
  entry_count_ = log2 < 0 ? 0 : std::size_t(1) << log2;
  if (entry_count_) entries_ = make_table_array<Entry>(entry_count_);
}

void MinorsTable::clear() {
  for (std::size_t i = 0; i < entry_count_; ++i) {
    entries_[i].score_data.store(0, std::memory_order_relaxed);
    entries_[i].info_data.store(0, std::memory_order_relaxed);
    entries_[i].verification.store(0, std::memory_order_relaxed);
  }
}

bool MinorsTable::probe(std::uint64_t signature, Phase phase, MinorsInfo& info) const {
  const Entry& entry = entry_for(signature);
  const std::uint64_t score_data = entry.score_data.load(std::memory_order_relaxed);
  const std::uint64_t info_data = entry.info_data.load(std::memory_order_relaxed);
  const std::uint64_t verification = entry.verification.load(std::memory_order_relaxed);
  const std::uint64_t stored_signature = lockless_encoding_ ? score_data ^ info_data ^ verification
                                                            : verification;  // the first scheme: a checksum
  if (stored_signature != signature || !(info_data & kInUse) || Phase(get(info_data, kPhase)) != phase)
    return false;
  info = unpack_minors_info(score_data, info_data);
  return true;
}

std::array<std::uint64_t, 3> MinorsTable::encode(std::uint64_t signature, const MinorsInfo& info) const {
  const std::uint64_t score_data = pack_score_data(info), info_data = pack_info_data(info);
  return {score_data, info_data, lockless_encoding_ ? score_data ^ info_data ^ signature : signature};
}

void MinorsTable::store(std::uint64_t signature, const MinorsInfo& info) {
  const auto words = encode(signature, info);
  write_words(signature, words);
}

void MinorsTable::write_words(std::uint64_t signature, const std::array<std::uint64_t, 3>& words) {
  Entry& entry = entry_for(signature);
  entry.score_data.store(words[0], std::memory_order_relaxed);
  entry.info_data.store(words[1], std::memory_order_relaxed);
  entry.verification.store(words[2], std::memory_order_relaxed);
}

double MinorsTable::occupancy() const {
  if (!entry_count_) return 0;
  std::size_t used = 0;
  for (std::size_t i = 0; i < entry_count_; ++i)
    used += (entries_[i].info_data.load(std::memory_order_relaxed) & kInUse) != 0;
  return double(used) / double(entry_count_);
}

}  // namespace shuai
