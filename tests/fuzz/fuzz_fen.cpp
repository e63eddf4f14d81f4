// libFuzzer target: the FEN reader on arbitrary text. Whatever it accepts must write back to a FEN it reads
// the same way, and must generate moves without failing.
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/board/board.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto parsed = shuai::parse_fen(text);
  if (!parsed.position) return 0;
  const std::string written = shuai::to_fen(*parsed.position);
  const auto again = shuai::parse_fen(written);
  if (!again.position || shuai::to_fen(*again.position) != written ||
      again.position->key() != parsed.position->key())
    __builtin_trap();
  shuai::MoveList moves;
  shuai::generate_legal(*parsed.position, moves);
  for (const shuai::Move m : moves) {
    parsed.position->make_move(m);
    parsed.position->unmake_move();
  }
  if (shuai::to_fen(*parsed.position) != written) __builtin_trap();
  return 0;
}
