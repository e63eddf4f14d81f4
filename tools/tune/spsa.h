// `shuai-tune spsa`: fits the search's parameters (search/search_parameters.h) in games, by simultaneous
// perturbation stochastic approximation as the Stockfish family tunes its search. Each iteration plays game
// pairs (colours swapped, one opening each) between the engine with every tuned parameter moved up or down by
// its step, at random, and the engine with the opposite moves; the result moves each parameter toward the
// side that scored. The whole run is a state file, saved after every iteration, so a killed run is resumed by
// the same command, and an iteration's pairs can be shared out to many machines (`play --shard I/N`, then
// `update`).
#pragma once

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "search/search_parameters.h"

namespace shuai::tune {

struct SpsaParameter {
  std::string name;         // a search parameter
  double value = 0;         // where the run has brought it
  double step_end = 1;      // c at the last iteration: the perturbation, in the parameter's units
  double rate_end = 0.002;  // r at the last iteration: the learning rate, a / c^2 (the Stockfish family's R)
};

struct SpsaState {
  std::string engine;         // the engine program (UCCI) both sides run
  std::string openings_path;  // FEN / openings.fen lines
  std::string time_control;   // "1+0.01", seconds; empty when `nodes` limits the moves instead
  std::int64_t nodes = 0;     // per move, when no time control
  int hash_megabytes = 16;
  int pairs_per_iteration = 4;          // game pairs between the two candidates of one iteration
  int iterations = 200;                 // planned: the gain schedules run over this many
  int iteration = 0;                    // iterations done
  std::uint64_t seed = 1;               // with the iteration, fixes its perturbation and openings
  double alpha = 0.602, gamma = 0.101;  // the gain schedules' exponents (Spall)
  int wins = 0, draws = 0, losses = 0;  // over all iterations, from the "plus" candidate's side
  std::vector<SpsaParameter> parameters;
};

std::string spsa_state_to_text(const SpsaState& state);
// A one-line message on a malformed state (unknown key, bad number, unknown parameter).
std::variant<SpsaState, std::string> parse_spsa_state(std::string_view text);

// The perturbation of `iteration`: +1 or -1 for each tuned parameter, the same on every machine.
std::vector<int> spsa_signs(const SpsaState& state, int iteration);
// The schedules: the perturbation c_k and the gain a_k of a parameter at `iteration` (counted from 0).
double spsa_step(const SpsaState& state, const SpsaParameter& parameter, int iteration);
double spsa_gain(const SpsaState& state, const SpsaParameter& parameter, int iteration);
// The parameters the state has reached, rounded and within their ranges, over the engine's defaults.
SearchParameters spsa_current(const SpsaState& state);
// The two candidates of the current iteration: value + c_k * sign and value - c_k * sign.
std::pair<SearchParameters, SearchParameters> spsa_candidates(const SpsaState& state);
// Ends the current iteration with its games' result from the plus candidate's side: each parameter moves by
// a_k (wins - losses) / (c_k sign), within its range, and the iteration count advances.
void spsa_update(SpsaState& state, int wins, int draws, int losses);

// The subcommands init, play, update, run and show (see `shuai-tune spsa --help`).
int run_spsa(std::span<const std::string_view> arguments, const std::string& positions_directory,
             std::FILE* out, std::FILE* err);

}  // namespace shuai::tune
