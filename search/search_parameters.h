// The search's constants in one table of named, range-checked parameters: margins, reductions, pruning
// limits, extensions and the time manager's shares. Declared once below (name, default, range, tuning step,
// meaning), printable and loadable as text (`setoption searchparameterfile FILE`, `shuai parameters search`),
// and fitted in games by `shuai-tune spsa`. Margins are in evaluation units (a horse is about 150-210 in the
// middle game), exchange thresholds in static-exchange units (a horse is 100).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace shuai {

struct SearchParameters {
  // Iterative deepening.
  int aspiration_min_depth;
  int aspiration_window;
  int aspiration_score_divisor;
  int aspiration_fail_high_reduction;
  int aspiration_fail_high_max_reduction;
  int aspiration_growth_percent;
  // Pruning of the node before its moves.
  int razor_max_depth;
  int razor_base;
  int razor_per_depth_squared;
  int reverse_futility_max_depth;
  int reverse_futility_per_ply;
  int reverse_futility_return_percent;
  int null_move_min_depth;
  int null_move_base_reduction;
  int null_move_depth_divisor;
  int null_move_eval_divisor;
  int null_move_eval_max;
  int null_move_cut_nodes_only;
  int null_move_verification_depth;
  int probcut_min_depth;
  int probcut_margin;
  int probcut_improving;
  int iir_min_depth;
  int iir_pv_plies;
  int iir_cut_node_plies;
  int iir_all_node_plies;
  // Extensions.
  int singular_min_depth;
  int singular_margin_sixteenths;
  int singular_fail_high_extension;
  int singular_cut_node_extension;
  int singular_double_margin;
  int singular_double_max;
  int check_extension_min_depth;
  // Pruning of moves.
  int late_move_base;
  int late_move_improving_percent;
  int late_move_percent;
  int late_move_max_depth;
  int history_pruning_max_depth;
  int history_pruning_per_ply;
  int move_futility_max_depth;
  int move_futility_base;
  int move_futility_per_ply;
  int move_futility_history_divisor;
  int quiet_exchange_per_ply_squared;
  int capture_exchange_max_depth;
  int capture_exchange_per_ply;
  int capture_futility_max_depth;
  int capture_futility_base;
  int capture_futility_per_ply;
  int check_exchange_per_ply;
  int prune_pv_nodes;
  // Late move reductions.
  int reduction_min_depth;
  int reduction_base_percent;
  int reduction_divisor_percent;
  int reduction_pv_min_moves;
  int reduction_root_min_moves;
  int reduction_not_improving;
  int reduction_cut_node;
  int reduction_pv_node;
  int reduction_table_pv;
  int reduction_killer;
  int reduction_table_capture;
  int reduction_threat_escape;
  int reduction_check;
  int reduction_captures;
  int reduction_mate_window;
  int reduction_child_cutoffs;
  int reduction_history_divisor;
  int reduction_deeper_margin;
  int reduction_research_history;
  // Histories.
  int history_bonus_per_ply;
  int history_bonus_offset;
  int history_bonus_max;
  int keep_histories;
  int history_on_table_cutoff;
  int eval_history_bonus;
  int continuation_ply4;
  int history_from_to_weight;
  int low_ply_history_plies;
  int ordering_threat_rook;
  int ordering_threat_horse_cannon;
  int ordering_capture_history_percent;
  int correction_minors_percent;
  int correction_majors_percent;
  // Quiescence.
  int quiescence_move_limit;
  int quiescence_recapture_ply;
  int quiescence_evasion_limit;
  int quiescence_checks;
  // Transposition table.
  int store_path_dependent;
  int table_cutoff_capture_plies_max;
  int table_same_key_keep_plies;
  int table_cutoff_upper_shallower;
  int table_keep_older;
  int table_store_pruned;
  // Scores.
  int fail_high_blend;
  int move_limit_damping_plies;
  // Time.
  int time_horizon_moves;
  int time_horizon_growth_percent;
  int time_increment_percent;
  int time_maximum_factor_percent;
  int time_hard_fraction_percent;
  int time_iteration_start_percent;
  int time_instability_fail_percent;
  int time_instability_change_percent;
  int time_instability_stable_percent;
  int time_instability_floor_percent;
  int time_falling_per_unit;
  int time_effort_percent;
  int time_effort_stretch_percent;
};

// One parameter: its field, default, inclusive range, the step `shuai-tune spsa` perturbs it by, and what it
// means.
struct SearchParameterSpec {
  std::string_view name;
  int SearchParameters::*field;
  int default_value, min, max;
  int tuning_step;  // 0: not tuned (a switch or a structural constant)
  std::string_view meaning;
};

// Whether the correction history corrects evaluations (and so has to learn): either table weighs in.
inline bool correction_enabled(const SearchParameters& parameters) {
  return parameters.correction_minors_percent != 0 || parameters.correction_majors_percent != 0;
}

std::span<const SearchParameterSpec> search_parameter_specs();
const SearchParameterSpec* find_search_parameter(std::string_view name);
const SearchParameters& default_search_parameters();

// One line per parameter, `name value`, with its range and meaning as a comment.
std::string search_parameters_to_text(const SearchParameters& parameters);
// Reads `name value` pairs ('#' comments); unnamed parameters keep their values. On an error (unknown name,
// not an integer, out of range, a name given twice) returns a one-line message and leaves `parameters` as it
// was.
std::optional<std::string> parse_search_parameters(std::string_view text, SearchParameters& parameters);
std::optional<std::string> load_search_parameters(const std::string& path, SearchParameters& parameters);

}  // namespace shuai
