// Chinese move notation (中文纵线格式, "炮二平五", "马８进７", "前车进一") for game records such as the match
// runner's PGN.
#pragma once

#include <string>

#include "engine/board/position.h"

namespace shuai {

// The move in the traditional four-character notation, UTF-8. `position` is the position before the move and
// `move` is legal in it. The common modern convention:
// - Pieces: Red 帅 仕 相 马 车 炮 兵, Black 将 士 象 马 车 炮 卒.
// - Files are counted from the mover's right: Red writes 一..九 (file i is 一, file a is 九), Black writes
// the
//   full-width digits １..９ (file a is １, file i is ９).
// - Then 进 (forward), 退 (back) or 平 (sideways), and a number in the mover's numerals: for 平 the
// destination
//   file; for 进/退 the ranks moved by a straight mover (king, rook, cannon, pawn) or the destination file
//   of a diagonal one (horse, elephant, advisor).
// - Two rooks, horses or cannons of one side on one file: 前/后 (front/rear, seen from the mover) replace the
//   file, as in 前车进一, 后炮平五.
// - Advisors and elephants always keep their file (仕四进五, 相三退五): two of them on one file cannot move
//   in the same direction, so 进/退 already tells them apart.
// - Pawns on one file: 前/后 for two, 前/中/后 for three, 一二三四五 from the front for four or five (the
// same
//   ordinal characters for Black, as in 二卒平４). When two or more files each hold two or more of the
//   mover's pawns, the file follows the pawn's name: 前兵九平八 (five characters).
std::string move_to_chinese(const Position& position, Move move);

}  // namespace shuai
