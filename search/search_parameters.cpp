// The search parameter table: every constant's default, range, tuning step and meaning, and its text form.
#include "search/search_parameters.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <vector>

#include <fmt/format.h>

#include "eval/parameter_file.h"
#include "search/history.h"

namespace shuai {

namespace {

using P = SearchParameters;

// clang-format off
constexpr std::array kSpecs = {
    // name, field, default, min, max, tuning step, meaning
    SearchParameterSpec{"aspiration_min_depth", &P::aspiration_min_depth, 4, 1, 64, 0,
        "iterations from this depth on start with a window around the last score"},
    SearchParameterSpec{"aspiration_window", &P::aspiration_window, 16, 5, 200, 4,
        "the first window's half-width"},
    SearchParameterSpec{"aspiration_score_divisor", &P::aspiration_score_divisor, 9675, 0, 1000000, 0,
        "the windows start wider: the first half-width, from which a failed window widens, grows by the last "
        "score squared over this (0: off), as a score far from level moves more between iterations"},
    SearchParameterSpec{"aspiration_growth_percent", &P::aspiration_growth_percent, 100, 10, 400, 15,
        "a failed window widens by this share of itself"},
    SearchParameterSpec{"aspiration_fail_high_reduction", &P::aspiration_fail_high_reduction, 0, 0, 1, 0,
        "1: each fail high of the root's window searches the next window a ply shallower (at least half the "
        "iteration's depth; a fail low restores it), as the move is likely good already (0: off)"},
    SearchParameterSpec{"aspiration_fail_high_max_reduction", &P::aspiration_fail_high_max_reduction, 0, 0, 8, 0,
        "the most plies the fail highs of one iteration may take off (0: up to half its depth), as a score that "
        "keeps climbing may be a tactic that needs the full depth to be seen to its end"},

    SearchParameterSpec{"razor_max_depth", &P::razor_max_depth, 3, 0, 16, 0,
        "razoring: the deepest node it may cut"},
    SearchParameterSpec{"razor_base", &P::razor_base, 108, 0, 1000, 15,
        "razoring: an estimate this far below alpha (plus the next term) is tested with quiescence"},
    SearchParameterSpec{"razor_per_depth_squared", &P::razor_per_depth_squared, 112, 0, 1000, 12,
        "razoring: the margin's growth with depth squared"},
    SearchParameterSpec{"reverse_futility_max_depth", &P::reverse_futility_max_depth, 7, 0, 32, 0,
        "reverse futility: the deepest node an estimate above beta may cut"},
    SearchParameterSpec{"reverse_futility_per_ply", &P::reverse_futility_per_ply, 64, 5, 500, 8,
        "reverse futility: margin per ply of depth (one ply less when improving)"},
    SearchParameterSpec{"reverse_futility_return_percent", &P::reverse_futility_return_percent, 100, 0, 100, 0,
        "reverse futility: the node returns beta plus this share of the estimate's excess over beta (100: the "
        "estimate itself), as the estimate is optimistic"},
    SearchParameterSpec{"null_move_min_depth", &P::null_move_min_depth, 2, 1, 16, 0,
        "null move: the shallowest node that tries passing"},
    SearchParameterSpec{"null_move_base_reduction", &P::null_move_base_reduction, 4, 1, 8, 0,
        "null move: plies the passing search is shallower by, at least"},
    SearchParameterSpec{"null_move_depth_divisor", &P::null_move_depth_divisor, 3, 1, 16, 0,
        "null move: one ply more per this many plies of depth"},
    SearchParameterSpec{"null_move_eval_divisor", &P::null_move_eval_divisor, 103, 10, 1000, 12,
        "null move: one ply more per this much the estimate exceeds beta"},
    SearchParameterSpec{"null_move_eval_max", &P::null_move_eval_max, 3, 0, 8, 0,
        "null move: at most this many plies for the estimate's excess"},
    SearchParameterSpec{"null_move_cut_nodes_only", &P::null_move_cut_nodes_only, 1, 0, 1, 0,
        "null move: 1 tries passing only at expected cut nodes (at an expected all-node it rarely fails high), "
        "0 at any node off the principal variation"},
    SearchParameterSpec{"null_move_verification_depth", &P::null_move_verification_depth, 0, 0, 64, 0,
        "null move: from this depth on, a pass that fails high is believed only when the node itself, searched "
        "as deep as the pass was, with no passing in the first three quarters of that depth, fails high too, "
        "as a zugzwang fools a pass (0: never verified)"},
    SearchParameterSpec{"probcut_min_depth", &P::probcut_min_depth, 5, 2, 64, 0,
        "ProbCut: the shallowest node it is tried at"},
    SearchParameterSpec{"probcut_margin", &P::probcut_margin, 62, 0, 1000, 8,
        "ProbCut: a capture must beat beta by this much in the shallow search"},
    SearchParameterSpec{"probcut_improving", &P::probcut_improving, 15, 0, 500, 4,
        "ProbCut: the margin is this much smaller when improving"},
    SearchParameterSpec{"iir_min_depth", &P::iir_min_depth, 4, 1, 64, 0,
        "internal iterative reduction: a node this deep without a table move is searched less deeply (the plies "
        "by node type below)"},
    SearchParameterSpec{"iir_pv_plies", &P::iir_pv_plies, 1, 0, 6, 0,
        "internal iterative reduction: plies taken at a principal-variation node"},
    SearchParameterSpec{"iir_cut_node_plies", &P::iir_cut_node_plies, 1, 0, 6, 0,
        "internal iterative reduction: plies taken at an expected cut node"},
    SearchParameterSpec{"iir_all_node_plies", &P::iir_all_node_plies, 0, 0, 6, 0,
        "internal iterative reduction: plies taken at an expected all-node"},

    SearchParameterSpec{"singular_min_depth", &P::singular_min_depth, 5, 2, 64, 0,
        "singular extension: the shallowest node that tests its table move"},
    SearchParameterSpec{"singular_margin_sixteenths", &P::singular_margin_sixteenths, 30, 0, 256, 3,
        "singular extension: the test's bound lies this many sixteenths per ply below the table score"},
    SearchParameterSpec{"singular_fail_high_extension", &P::singular_fail_high_extension, -1, -3, 0, 0,
        "singular extension: plies added to a table move that is not singular but whose score beats beta"},
    SearchParameterSpec{"singular_cut_node_extension", &P::singular_cut_node_extension, -1, -3, 0, 0,
        "singular extension: plies added to a table move that is not singular at an expected cut node"},
    SearchParameterSpec{"singular_double_margin", &P::singular_double_margin, 8, 0, 400, 0,
        "singular extension: a table move off the principal variation whose rivals all fail this far below the "
        "test's bound earns two plies (0: one ply only)"},
    SearchParameterSpec{"singular_double_max", &P::singular_double_max, 10, 1, 64, 0,
        "singular extension: at most this many two-ply extensions on one line, so the line stays finite"},
    SearchParameterSpec{"check_extension_min_depth", &P::check_extension_min_depth, 10, 0, 100, 0,
        "check extension: checks are searched a ply deeper from this depth on (0: everywhere, root included)"},

    SearchParameterSpec{"late_move_base", &P::late_move_base, 3, 0, 32, 0,
        "late move pruning: quiet moves kept at depth d are (late_move_base + d^2) times a share"},
    SearchParameterSpec{"late_move_improving_percent", &P::late_move_improving_percent, 85, 10, 400, 10,
        "late move pruning: the share when improving"},
    SearchParameterSpec{"late_move_percent", &P::late_move_percent, 47, 10, 400, 6,
        "late move pruning: the share when not improving"},
    SearchParameterSpec{"late_move_max_depth", &P::late_move_max_depth, 10, 0, 64, 0,
        "late move pruning: the deepest node it applies at"},
    SearchParameterSpec{"history_pruning_max_depth", &P::history_pruning_max_depth, 3, 0, 32, 0,
        "history pruning: quiet moves whose reduced depth is below this may be pruned by history"},
    SearchParameterSpec{"history_pruning_per_ply", &P::history_pruning_per_ply, 2050, 0, 20000, 250,
        "history pruning: a history below minus this per ply of depth prunes the move"},
    SearchParameterSpec{"move_futility_max_depth", &P::move_futility_max_depth, 8, 0, 32, 0,
        "futility and exchange pruning of quiet moves: the deepest reduced depth they apply at"},
    SearchParameterSpec{"move_futility_base", &P::move_futility_base, 68, 0, 1000, 8,
        "futility of quiet moves: the static evaluation plus this (and the next term) must reach alpha"},
    SearchParameterSpec{"move_futility_per_ply", &P::move_futility_per_ply, 51, 0, 500, 6,
        "futility of quiet moves: the margin's growth per ply of reduced depth"},
    SearchParameterSpec{"move_futility_history_divisor", &P::move_futility_history_divisor, 512, 0, 100000, 0,
        "futility of quiet moves: the move's history divided by this adds to the margin (0: no history term)"},
    SearchParameterSpec{"quiet_exchange_per_ply_squared", &P::quiet_exchange_per_ply_squared, 21, 0, 500, 3,
        "exchange pruning of quiet moves: a loss beyond this times the reduced depth squared prunes"},
    SearchParameterSpec{"capture_exchange_max_depth", &P::capture_exchange_max_depth, 8, 0, 64, 0,
        "exchange pruning of captures: the deepest node it applies at"},
    SearchParameterSpec{"capture_exchange_per_ply", &P::capture_exchange_per_ply, 45, 0, 500, 6,
        "exchange pruning of captures: a loss beyond this per ply of depth prunes"},
    SearchParameterSpec{"capture_futility_max_depth", &P::capture_futility_max_depth, 6, 0, 64, 0,
        "futility of captures: the deepest reduced depth it applies at (0: off)"},
    SearchParameterSpec{"capture_futility_base", &P::capture_futility_base, 74, 0, 1000, 10,
        "futility of captures: evaluation plus this, the victim and the next term must reach alpha"},
    SearchParameterSpec{"capture_futility_per_ply", &P::capture_futility_per_ply, 96, 0, 1000, 12,
        "futility of captures: the margin's growth per ply of reduced depth"},
    SearchParameterSpec{"check_exchange_per_ply", &P::check_exchange_per_ply, 64, 0, 500, 8,
        "exchange pruning of checks: a loss beyond this per ply of depth prunes (0: checks are never pruned)"},
    SearchParameterSpec{"prune_pv_nodes", &P::prune_pv_nodes, 1, 0, 1, 0,
        "pruning of moves: 1 also at principal-variation nodes (late move, history, futility, exchange), 0 not"},

    SearchParameterSpec{"reduction_min_depth", &P::reduction_min_depth, 2, 1, 16, 0,
        "late move reductions: the shallowest node that reduces"},
    SearchParameterSpec{"reduction_base_percent", &P::reduction_base_percent, 77, -200, 400, 12,
        "late move reductions: hundredths of a ply every late move is reduced by"},
    SearchParameterSpec{"reduction_divisor_percent", &P::reduction_divisor_percent, 160, 50, 1000, 12,
        "late move reductions: ln(depth) ln(move number) over this many hundredths, in plies"},
    SearchParameterSpec{"reduction_pv_min_moves", &P::reduction_pv_min_moves, 2, 1, 16, 0,
        "late move reductions: moves searched in full at a principal-variation node (1 elsewhere)"},
    SearchParameterSpec{"reduction_root_min_moves", &P::reduction_root_min_moves, 3, 0, 64, 0,
        "late move reductions: root moves searched in full before the rest are reduced as at a "
        "principal-variation node (0: root moves are never reduced)"},
    SearchParameterSpec{"reduction_not_improving", &P::reduction_not_improving, 1, 0, 3, 0,
        "late move reductions: plies more when not improving"},
    SearchParameterSpec{"reduction_cut_node", &P::reduction_cut_node, 2, 0, 4, 0,
        "late move reductions: plies more at an expected cut node"},
    SearchParameterSpec{"reduction_pv_node", &P::reduction_pv_node, 1, 0, 3, 0,
        "late move reductions: plies less at a principal-variation node"},
    SearchParameterSpec{"reduction_table_pv", &P::reduction_table_pv, 0, 0, 3, 0,
        "late move reductions: plies less at a node on the principal variation now or when the table stored it"},
    SearchParameterSpec{"reduction_killer", &P::reduction_killer, 1, 0, 3, 0,
        "late move reductions: plies less for a killer"},
    SearchParameterSpec{"reduction_table_capture", &P::reduction_table_capture, 1, 0, 3, 0,
        "late move reductions: plies more for quiet moves when the table move is a capture"},
    SearchParameterSpec{"reduction_threat_escape", &P::reduction_threat_escape, 1, 0, 3, 0,
        "late move reductions: plies less for moving the piece the null move's threat attacks"},
    SearchParameterSpec{"reduction_check", &P::reduction_check, 1, -1, 3, 0,
        "late move reductions: plies less for a check (-1: checks and evasions are not reduced at all)"},
    SearchParameterSpec{"reduction_captures", &P::reduction_captures, 1, 0, 1, 0,
        "late move reductions: 1 reduces late captures too, 0 only quiet moves"},
    SearchParameterSpec{"reduction_child_cutoffs", &P::reduction_child_cutoffs, 0, 0, 3, 0,
        "late move reductions: plies more once more than three of the node's searched children failed high "
        "(0: off)"},
    SearchParameterSpec{"reduction_mate_window", &P::reduction_mate_window, 0, 0, 1, 0,
        "late move reductions: 1 reduces late moves in a window of mate scores too, 0 searches them to full "
        "depth (a shorter mate behind a reduced move would stay below the horizon)"},
    SearchParameterSpec{"reduction_history_divisor", &P::reduction_history_divisor, 5288, 500, 100000, 600,
        "late move reductions: a ply less (more) per this much good (bad) history"},
    SearchParameterSpec{"reduction_deeper_margin", &P::reduction_deeper_margin, 0, 0, 500, 0,
        "late move reductions: a reduced move that beats alpha by this (and 2 a ply of reduction) is searched a "
        "ply deeper than planned (0: never)"},
    SearchParameterSpec{"reduction_research_history", &P::reduction_research_history, 0, 0, 1, 0,
        "late move reductions: 1 rewards (punishes) a reduced quiet move's continuation histories when its full "
        "search beats (does not beat) alpha"},

    SearchParameterSpec{"history_bonus_per_ply", &P::history_bonus_per_ply, 120, 1, 2000, 12,
        "histories: a cutoff's bonus per ply of depth"},
    SearchParameterSpec{"history_bonus_offset", &P::history_bonus_offset, 60, -2000, 2000, 0,
        "histories: taken from the bonus"},
    SearchParameterSpec{"history_bonus_max", &P::history_bonus_max, 1500, 1, 16384, 150,
        "histories: the largest bonus"},
    SearchParameterSpec{"keep_histories", &P::keep_histories, 1, 0, 1, 0,
        "histories: 1 keeps them from one search to the next (cleared with the table), 0 clears them"},
    SearchParameterSpec{"history_on_table_cutoff", &P::history_on_table_cutoff, 1, 0, 1, 0,
        "histories: 1 rewards a quiet table move whose stored score cuts the node, 0 does not"},
    SearchParameterSpec{"eval_history_bonus", &P::eval_history_bonus, 0, 0, 1000, 0,
        "histories: the opponent's quiet move gains this many sixteenths per unit its static evaluation and ours "
        "fall short of zero together (it hurt us), within 2000 (0: off)"},
    SearchParameterSpec{"continuation_ply4", &P::continuation_ply4, 1, 0, 1, 0,
        "histories: 1 also orders and learns quiet moves by the move four plies before, 0 by one and two only"},
    SearchParameterSpec{"history_from_to_weight", &P::history_from_to_weight, 1, 0, 4, 0,
        "histories: quiet moves also ordered, reduced and pruned by this many times a history of the move's "
        "origin and destination (side to move, from, to), which tells apart two pieces of a kind (0: off)"},
    SearchParameterSpec{"low_ply_history_plies", &P::low_ply_history_plies, 0, 0, kLowPlyCount, 0,
        "histories: quiet moves at the nodes this few plies from the root are also ordered by a history of "
        "their origin and destination at that ply, learnt in this search alone and weighed 4/(1 + 2 ply) (0: off)"},
    SearchParameterSpec{"ordering_threat_rook", &P::ordering_threat_rook, 12000, 0, 65536, 0,
        "ordering: a quiet rook move gains this for leaving a square an enemy pawn, advisor, elephant, horse or "
        "cannon attacks for one none attacks, and loses it for the opposite (0: off)"},
    SearchParameterSpec{"ordering_threat_horse_cannon", &P::ordering_threat_horse_cannon, 8000, 0, 65536, 0,
        "ordering: the same for a horse or cannon, against the enemy pawns, advisors and elephants (0: off)"},
    SearchParameterSpec{"ordering_capture_history_percent", &P::ordering_capture_history_percent, 25, 0, 400, 0,
        "ordering: captures are ordered by their victim (8192 a step of its rank) plus this share of their "
        "capture history (within 16384): at 25 it orders only captures of one kind of victim, above 50 it may "
        "put a capture that has paid off before a richer one"},
    SearchParameterSpec{"correction_minors_percent", &P::correction_minors_percent, 0, 0, 200, 0,
        "correction history: the static evaluation is corrected by this share of the mean error (search score "
        "less static evaluation) the search found at positions of the same minors and side to move (0: off; "
        "the two shares add up, and each table estimates the whole error)"},
    SearchParameterSpec{"correction_majors_percent", &P::correction_majors_percent, 0, 0, 200, 0,
        "correction history: the same, by the placement of the majors (rooks, horses, cannons)"},

    SearchParameterSpec{"quiescence_move_limit", &P::quiescence_move_limit, 3, 0, 64, 0,
        "quiescence: captures searched at most, besides recaptures and checks (0: no limit)"},
    SearchParameterSpec{"quiescence_recapture_ply", &P::quiescence_recapture_ply, 6, 0, 64, 0,
        "quiescence: from this many plies into quiescence on, only recaptures and checks (0: never)"},
    SearchParameterSpec{"quiescence_evasion_limit", &P::quiescence_evasion_limit, 2, 0, 64, 0,
        "quiescence: quiet evasions searched once an evasion is found that is not mated (0: all)"},
    SearchParameterSpec{"quiescence_checks", &P::quiescence_checks, 0, 0, 64, 0,
        "quiescence: quiet checks searched at its first ply, after the captures, besides those that lose the checking piece (0: none)"},

    SearchParameterSpec{"store_path_dependent", &P::store_path_dependent, 1, 0, 2, 0,
        "transposition table: scores that came through a repetition or move-limit ruling are stored (1), stored "
        "unless the ruling decided the game (2), or not (0)"},
    SearchParameterSpec{"table_cutoff_capture_plies_max", &P::table_cutoff_capture_plies_max, 108, 0, 1000, 0,
        "transposition table: no cutoff on a table score at a node this many plies or more after the last "
        "capture, where the move limit may draw what the entry, stored at a lower count, scored (0: off)"},
    SearchParameterSpec{"table_same_key_keep_plies", &P::table_same_key_keep_plies, 4, 0, 64, 0,
        "transposition table: a bound from a search more than this many plies shallower than the same position's "
        "entry of the same search does not replace it, an exact score still does (0: the newest always replaces)"},
    SearchParameterSpec{"table_cutoff_upper_shallower", &P::table_cutoff_upper_shallower, 0, 0, 1, 0,
        "transposition table: 1 lets an upper bound at or below alpha cut a node one ply deeper than its search "
        "(a move that failed low a ply shallower rarely succeeds a ply deeper), 0 cuts only with an entry as deep "
        "as the node"},
    SearchParameterSpec{"table_keep_older", &P::table_keep_older, 0, 0, 1, 0,
        "transposition table: 1 lets table_same_key_keep_plies keep the deep entries of earlier searches too, "
        "so the next move's shallow iterations do not overwrite what the last move's search found (0: only the "
        "current search's)"},
    SearchParameterSpec{"table_store_pruned", &P::table_store_pruned, 0, 0, 2, 0,
        "transposition table: 1 stores a reverse futility cutoff's score as a lower bound at the node's depth, "
        "2 a null-move cutoff's too, so the next search finds an entry where this one pruned (0: neither)"},

    SearchParameterSpec{"fail_high_blend", &P::fail_high_blend, 0, 0, 1, 0,
        "scores: 1 returns a fail high off the principal variation as (score x depth + beta) / (depth + 1), "
        "tempering a lucky score before it is stored and backed up (0: the score itself)"},
    SearchParameterSpec{"move_limit_damping_plies", &P::move_limit_damping_plies, 240, 0, 1000, 0,
        "scores: the static evaluation is scaled by (this - plies since the last capture) / this, so that a lead "
        "the move limit will soon draw is worth less and a side ahead captures in time (0: off)"},

    SearchParameterSpec{"time_horizon_moves", &P::time_horizon_moves, 22, 5, 200, 2,
        "time: without moves to go, each move is planned as one of this many (at the game's first move)"},
    SearchParameterSpec{"time_horizon_growth_percent", &P::time_horizon_growth_percent, 0, 0, 200, 5,
        "time: the horizon grows by this many hundredths of a move per move of the game (at most 60)"},
    SearchParameterSpec{"time_increment_percent", &P::time_increment_percent, 75, 0, 100, 5,
        "time: the share of the increment added to each move's plan"},
    SearchParameterSpec{"time_maximum_factor_percent", &P::time_maximum_factor_percent, 400, 100, 1000, 30,
        "time: the hard limit as a multiple of the plan"},
    SearchParameterSpec{"time_hard_fraction_percent", &P::time_hard_fraction_percent, 40, 5, 90, 0,
        "time: the hard limit never exceeds this share of the clock"},
    SearchParameterSpec{"time_iteration_start_percent", &P::time_iteration_start_percent, 60, 10, 200, 5,
        "time: a new iteration starts only before this share of the (stretched) plan"},
    SearchParameterSpec{"time_instability_fail_percent", &P::time_instability_fail_percent, 150, 100, 400, 10,
        "time: a failing root stretches the plan by this factor (up to four times)"},
    SearchParameterSpec{"time_instability_change_percent", &P::time_instability_change_percent, 130, 100, 400,
        10, "time: a new best move stretches the plan by this factor"},
    SearchParameterSpec{"time_instability_stable_percent", &P::time_instability_stable_percent, 80, 20, 100, 5,
        "time: a best move that stays shrinks the stretch by this factor (never below the floor)"},
    SearchParameterSpec{"time_instability_floor_percent", &P::time_instability_floor_percent, 100, 40, 100, 5,
        "time: the least stretch a best move that stays can shrink the plan to (100: never below the plan)"},
    SearchParameterSpec{"time_falling_per_unit", &P::time_falling_per_unit, 2, 0, 20, 0,
        "time: the plan grows by this many percent per unit the score fell since the last move's search, and "
        "shrinks as much per unit it rose, within 60% and 160% (0: off)"},
    SearchParameterSpec{"time_effort_percent", &P::time_effort_percent, 0, 0, 100, 0,
        "time: from depth 10, a best move that took at least this share of the search's nodes stretches the "
        "plan by time_effort_stretch_percent (0: off)"},
    SearchParameterSpec{"time_effort_stretch_percent", &P::time_effort_stretch_percent, 70, 20, 100, 5,
        "time: the plan's stretch for a best move that took most of the nodes (time_effort_percent)"},
};
// clang-format on

SearchParameters make_defaults() {
  SearchParameters parameters{};
  for (const SearchParameterSpec& spec : kSpecs) parameters.*spec.field = spec.default_value;
  return parameters;
}

}  // namespace

std::span<const SearchParameterSpec> search_parameter_specs() {
  return kSpecs;
}

const SearchParameterSpec* find_search_parameter(std::string_view name) {
  for (const SearchParameterSpec& spec : kSpecs)
    if (spec.name == name) return &spec;
  return nullptr;
}

const SearchParameters& default_search_parameters() {
  static const SearchParameters defaults = make_defaults();
  return defaults;
}

std::string search_parameters_to_text(const SearchParameters& parameters) {
  std::string out =
      "# Shuai search parameters (search/search_parameters.h); name value  # [min, max] meaning\n";
  for (const SearchParameterSpec& spec : kSpecs)
    out += fmt::format("{} {}  # [{}, {}] {}\n", spec.name, parameters.*spec.field, spec.min, spec.max,
                       spec.meaning);
  return out;
}

std::optional<std::string> parse_search_parameters(std::string_view text, SearchParameters& parameters) {
  const std::vector<std::string_view> tokens = parameter_file_tokens(text);
  SearchParameters result = parameters;
  std::vector<const SearchParameterSpec*> seen;
  for (std::size_t i = 0; i < tokens.size(); i += 2) {
    const std::string_view name = tokens[i];
    const SearchParameterSpec* spec = find_search_parameter(name);
    if (!spec) return fmt::format("search parameter file: unknown parameter '{}'", name);
    if (std::find(seen.begin(), seen.end(), spec) != seen.end())
      return fmt::format("search parameter file: {} is given twice", name);
    seen.push_back(spec);
    if (i + 1 >= tokens.size()) return fmt::format("search parameter file: {} has no value", name);
    const std::string_view token = tokens[i + 1];
    int value = 0;
    const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (error != std::errc() || end != token.data() + token.size())
      return fmt::format("search parameter file: '{}' for {} is not an integer", token, name);
    if (value < spec->min || value > spec->max)
      return fmt::format("search parameter file: {} takes {} to {}, not {}", name, spec->min, spec->max,
                         value);
    result.*spec->field = value;
  }
  parameters = result;
  return std::nullopt;
}

std::optional<std::string> load_search_parameters(const std::string& path, SearchParameters& parameters) {
  const auto text = read_parameter_file(path);
  if (!text) return fmt::format("search parameter file: cannot read '{}'", path);
  return parse_search_parameters(*text, parameters);
}

}  // namespace shuai
