// Expands the parameter table into the evaluators' lookup tables.
#include "eval/evaluation_tables.h"

#include <string_view>

namespace shuai {

namespace {

// A piece's material and its half-board of bonuses in one phase.
template <class Weight>
struct PieceWeights {
  Weight material;
  const HalfBoard<Weight>* squares;
};

}  // namespace

EvaluationTables make_evaluation_tables(const EvaluationParameters& parameters) {
  EvaluationTables tables;
  tables.parameters = parameters;
  const EvaluationParameters& p = parameters;
  static_assert(kMinorsPhaseCount == 2 && kTaperEnds == 2);
  for (int stage = 0; stage < 2; ++stage) {
    // In PieceType order: king, advisor, elephant, horse, rook, cannon, pawn.
    const PieceWeights<int> weights[kPieceTypeCount] = {
        {0, &p.king_squares[stage]},
        {p.minors_material[stage][0], &p.advisor_squares[stage]},
        {p.minors_material[stage][1], &p.elephant_squares[stage]},
        {p.majors_material[stage][0], &p.horse_squares[stage]},
        {p.majors_material[stage][1], &p.rook_squares[stage]},
        {p.majors_material[stage][2], &p.cannon_squares[stage]},
        {p.minors_material[stage][2], &p.pawn_squares[stage]},
    };
    for (const Color c : {kRed, kBlack})
      for (int type = 0; type < kPieceTypeCount; ++type)
        for (int rank = 0; rank < kRankCount; ++rank)
          for (int file = 0; file < kFileCount; ++file) {
            const Square square = make_square(file, rank);
            const int value = weights[type].material +
                              (*weights[type].squares)[half_board_rank(c, square)][half_board_file(square)];
            tables.piece_square[std::size_t(stage)][std::size_t(piece_index(make_piece(c, PieceType(type))))]
                               [square] = std::int16_t(value);
          }
  }
  visit_parameters(parameters, [&tables](std::string_view name, const auto& member, bool) {
    if (name.starts_with("danger_") && name != "danger_divisor" && name != "danger_endgame_divisor")
      for_each_element(member, [&tables](int value) { tables.king_danger |= value != 0; });
    if (name.starts_with("shape_"))
      for_each_element(member, [&tables](int value) { tables.king_danger |= value != 0; });
  });
  return tables;
}

const EvaluationTables& default_evaluation_tables() {
  static const EvaluationTables tables = make_evaluation_tables(default_parameters());
  return tables;
}

}  // namespace shuai
