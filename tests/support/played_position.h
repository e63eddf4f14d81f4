// A position reached by playing moves (ICCS) from a FEN, for the tests: an illegal move fails the test.
#pragma once

#include <doctest/doctest.h>

#include <initializer_list>
#include <string_view>

#include "engine/board/board.h"

namespace shuai::test {

template <typename Moves>
Position play_moves(std::string_view fen, const Moves& moves) {
  Position position = *parse_fen(fen).position;
  for (const auto& text : moves) {
    const MoveResult move = parse_legal_move(position, text);
    REQUIRE_MESSAGE(move.move != kNoMove, move.error);
    position.make_move(move.move);
  }
  return position;
}

inline Position play_moves(std::string_view fen, std::initializer_list<std::string_view> moves) {
  return play_moves<std::initializer_list<std::string_view>>(fen, moves);
}

}  // namespace shuai::test
