// Minors Hash Table: packing of the record, lockless probe and store, occupancy.
#include "eval/minors_table.h"

#include <algorithm>
#include <bit>

namespace shuai {

namespace {

// ScoreData: score (32 bits, two's complement) | Red pawn files (9) | Black pawn files (9).
// InfoData: phase 2 | advisors 2+2 | elephants 2+2 | pawns 3+3 | fatal pawns 3+3 | crossed pawns 3+3 |
//           king door 7+7 (dense square index, 127 = none) | shape 8+8 | ... | bit 63: entry in use.
// ShelterData, one word per side: guarded 9 | flights 9 | free legs 4 | file minors 10 | rank minors 9 |
//           pinnable 2 | pawn hits 9 | pawn checks 2 (54 bits).
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
constexpr Field kGuarded{0, 9}, kFlights{9, 9}, kFreeLegs{18, 4}, kFileMinors{22, 10}, kRankMinors{32, 9},
    kPinnable{41, 2}, kPawnHits{43, 9}, kPawnChecks{52, 2};

constexpr std::uint64_t put(Field field, unsigned value) {
  return (std::uint64_t(value) & ((1ULL << field.bits) - 1)) << field.shift;
}
constexpr unsigned get(std::uint64_t word, Field field) {
  return unsigned((word >> field.shift) & ((1ULL << field.bits) - 1));
}

std::uint64_t pack_score_data(const MinorsInfo& info) {
  std::uint64_t word = std::uint32_t(info.score);
  for (const Color c : {kRed, kBlack}) word |= put(kPawnFiles[c], info.pawn_files[c]);
  return word;
}

std::uint64_t pack_shelter(const KingShelter& shelter) {
  return put(kGuarded, shelter.guarded) | put(kFlights, shelter.flights) | put(kFreeLegs, shelter.free_legs) |
         put(kFileMinors, shelter.file_minors) | put(kRankMinors, shelter.rank_minors) |
         put(kPinnable, shelter.pinnable) | put(kPawnHits, shelter.pawn_hits) |
         put(kPawnChecks, shelter.pawn_checks);
}

KingShelter unpack_shelter(std::uint64_t word) {
  KingShelter shelter;
  shelter.guarded = std::uint16_t(get(word, kGuarded));
  shelter.flights = std::uint16_t(get(word, kFlights));
  shelter.free_legs = std::uint8_t(get(word, kFreeLegs));
  shelter.file_minors = std::uint16_t(get(word, kFileMinors));
  shelter.rank_minors = std::uint16_t(get(word, kRankMinors));
  shelter.pinnable = std::uint8_t(get(word, kPinnable));
  shelter.pawn_hits = std::uint16_t(get(word, kPawnHits));
  shelter.pawn_checks = std::uint8_t(get(word, kPawnChecks));
  return shelter;
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

}  // namespace

MinorsData pack_minors_info(const MinorsInfo& info) {
  return {pack_score_data(info), pack_info_data(info), pack_shelter(info.shelter[kRed]),
          pack_shelter(info.shelter[kBlack])};
}

MinorsInfo unpack_minors_info(const MinorsData& data) {
  const std::uint64_t score_data = data[0], info_data = data[1];
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
    info.shelter[c] = unpack_shelter(data[2 + c]);
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
  for (std::size_t i = 0; i < entry_count_; ++i)
    for (auto& word : entries_[i].words) word.store(0, std::memory_order_relaxed);
}

bool MinorsTable::probe(std::uint64_t signature, Phase phase, MinorsInfo& info) const {
  const Entry& entry = entry_for(signature);
  MinorsData data;
  std::uint64_t folded = 0;
  for (int i = 0; i < kDataWords; ++i) {
    data[i] = entry.words[i].load(std::memory_order_relaxed);
    folded ^= data[i];
  }
  const std::uint64_t verification = entry.words[kDataWords].load(std::memory_order_relaxed);
  const std::uint64_t stored_signature =
      lockless_encoding_ ? folded ^ verification : verification;  // the first scheme: a checksum
  const std::uint64_t info_data = data[1];
  if (stored_signature != signature || !(info_data & kInUse) || Phase(get(info_data, kPhase)) != phase)
    return false;
  info = unpack_minors_info(data);
  return true;
}

MinorsTable::Words MinorsTable::encode(std::uint64_t signature, const MinorsInfo& info) const {
  const MinorsData data = pack_minors_info(info);
  Words words{};
  std::uint64_t folded = signature;
  for (int i = 0; i < kDataWords; ++i) {
    words[i] = data[i];
    folded ^= data[i];
  }
  words[kDataWords] = lockless_encoding_ ? folded : signature;
  return words;
}

void MinorsTable::store(std::uint64_t signature, const MinorsInfo& info) {
  write_words(signature, encode(signature, info));
}

void MinorsTable::write_words(std::uint64_t signature, const Words& words) {
  Entry& entry = entry_for(signature);
  for (int i = 0; i < kEntryWords; ++i) entry.words[i].store(words[i], std::memory_order_relaxed);
}

double MinorsTable::occupancy() const {
  if (!entry_count_) return 0;
  std::size_t used = 0;
  for (std::size_t i = 0; i < entry_count_; ++i)
    used += (entries_[i].words[1].load(std::memory_order_relaxed) & kInUse) != 0;
  return double(used) / double(entry_count_);
}

}  // namespace shuai
