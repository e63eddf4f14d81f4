// Public header of the board library: position, move generation, FEN, ICCS and Chinese and WXF notation,
// perft, and the game rules (repetition judge).
#pragma once

#include "engine/board/chinese_notation.h"
#include "engine/board/fen.h"
#include "engine/board/game_rules.h"
#include "engine/board/movegen.h"
#include "engine/board/notation.h"
#include "engine/board/perft.h"
#include "engine/board/position.h"
#include "engine/board/types.h"
#include "engine/board/wxf_notation.h"
