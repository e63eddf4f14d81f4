// Reading a move written in Chinese notation in any of its usual spellings: simplified or traditional
// characters (車 馬 砲 帥 將 俥 傌 進 後), Red's or Black's piece names, Chinese, full-width or ASCII
// numerals.
#pragma once

#include <string>
#include <string_view>

#include "engine/board/notation.h"
#include "engine/board/position.h"

namespace shuai {

// One spelling for every way of writing a move: traditional characters simplified, both sides' piece names
// turned to Red's (帅 仕 相 马 车 炮 兵), every numeral (一, １, 1) to an ASCII digit, white space (ASCII and
// the ideographic space) dropped. Other characters are kept, so a text that is no move stays no move.
std::string normalize_chinese_move(std::string_view text);

// The legal move of the side to move whose Chinese notation (move_to_chinese) has the same normal form as
// `text`. Fails when none or more than one match.
MoveResult parse_chinese_move(Position& position, std::string_view text);

}  // namespace shuai
