// Choosing a training game's start from its seed.
#include "tools/tune/game_start.h"

#include <random>
#include <stdexcept>

#include "engine/board/movegen.h"
#include "engine/board/notation.h"

namespace shuai::tune {

namespace {

constexpr int kMaxDraws = 1000;

// SplitMix64's finaliser: every input bit reaches every output bit.
std::uint64_t mix(std::uint64_t value) {
  value += 0x9e3779b97f4a7c15ull;
  value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ull;
  value = (value ^ (value >> 27)) * 0x94d049bb133111ebull;
  return value ^ (value >> 31);
}

}  // namespace

std::uint64_t game_seed(std::uint64_t run_seed, int game_index) {
  return mix(mix(run_seed) ^ std::uint64_t(game_index));
}

Referee game_start(const std::vector<std::string>& opening_fens, std::uint64_t seed, int random_plies) {
  if (opening_fens.empty()) throw std::runtime_error("no openings to start from");
  std::mt19937_64 random(seed);
  for (int draw = 0; draw < kMaxDraws; ++draw) {
    const std::size_t opening =
        std::uniform_int_distribution<std::size_t>(0, opening_fens.size() - 1)(random);
    Referee referee;
    std::string error;
    if (!referee.set_position(opening_fens[opening], error))
      throw std::runtime_error(opening_fens[opening] + ": " + error);
    bool over = bool(referee.judge());
    for (int ply = 0; ply < random_plies && !over; ++ply) {
      Position position = referee.position();
      MoveList legal;
      generate_legal(position, legal);
      const int choice = std::uniform_int_distribution<int>(0, legal.size - 1)(random);
      referee.play(legal[choice]);
      over = bool(referee.judge());
    }
    if (!over) return referee;
  }
  throw std::runtime_error("no opening leads to a start where the game is not over");
}

}  // namespace shuai::tune
