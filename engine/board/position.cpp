// Position bookkeeping: piece lists, incremental keys and material, make/unmake, king attack detection.
#include "engine/board/position.h"

#include <cassert>

#include "engine/board/attacks.h"
#include "engine/board/geometry.h"
#include "engine/board/zobrist.h"

namespace shuai {

namespace {

// All-ones for the minors, so the minors signature follows exactly the minors' moves (branch-free).
constexpr std::array<std::uint64_t, kPieceIndexCount> make_minor_masks() {
  std::array<std::uint64_t, kPieceIndexCount> masks{};
  for (int index = 0; index < kPieceIndexCount; ++index)
    masks[index] = is_minor(PieceType(index % kPieceTypeCount)) ? ~0ULL : 0ULL;
  return masks;
}
constexpr auto kMinorMask = make_minor_masks();

}  // namespace

Position::Position() {
  clear();
}

namespace {
constexpr std::array<Piece, kMailboxSize> kEmptyBoard = [] {
  std::array<Piece, kMailboxSize> board{};
  board.fill(kOffBoard);
  for (int index = 0; index < kSquareCount; ++index) board[square_from_index(index)] = kEmpty;
  return board;
}();
}  // namespace

void Position::clear() {
  board_ = kEmptyBoard;
  piece_counts_.fill(0);
  side_to_move_ = side_at_setup_ = kRed;
  in_check_ = false;
  key_ = minors_signature_ = 0;
  material_.fill(0);
  majors_value_ = 0;
  plies_since_capture_ = 0;
  fullmove_number_ = 1;
  history_.clear();
  history_.reserve(1024);
}

void Position::put_piece(Piece piece, Square square) {
  assert(board_[square] == kEmpty && piece_counts_[piece_index(piece)] < 5);
  add_piece(piece, square);
  refresh_in_check();
}

void Position::set_up(std::span<const Piece> pieces, std::span<const Square> squares, Color side) {
  assert(pieces.size() == squares.size());
  clear();
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    assert(board_[squares[i]] == kEmpty && piece_counts_[piece_index(pieces[i])] < 5);
    add_piece(pieces[i], squares[i]);
  }
  set_side_to_move(side);  // looks at the check, once
}

void Position::refresh_in_check() {
  in_check_ = count(kRed, kKing) == 1 && count(kBlack, kKing) == 1 && is_king_attacked(side_to_move_);
}

void Position::set_side_to_move(Color c) {
  if (c != side_to_move_) key_ ^= kZobrist.black_to_move;
  side_to_move_ = side_at_setup_ = c;
  refresh_in_check();
}

void Position::set_counters(int plies_since_capture, int fullmove_number) {
  plies_since_capture_ = plies_since_capture;
  fullmove_number_ = fullmove_number;
}

void Position::add_piece(Piece piece, Square square) {
  const int index = piece_index(piece);
  const std::uint8_t slot = piece_counts_[index]++;
  piece_squares_[index][slot] = square;
  list_slot_[square] = slot;
  board_[square] = piece;
  const std::uint64_t delta = zobrist_key(piece, square);
  key_ ^= delta;
  minors_signature_ ^= delta & kMinorMask[index];
  material_[color_of(piece)] += kMaterialValue[type_of(piece)];
  majors_value_ += kMajorsValue[type_of(piece)];
}

void Position::remove_piece(Square square) {
  const Piece piece = board_[square];
  const int index = piece_index(piece);
  const std::uint8_t last = --piece_counts_[index];
  const Square moved = piece_squares_[index][last];
  piece_squares_[index][list_slot_[square]] = moved;
  list_slot_[moved] = list_slot_[square];
  board_[square] = kEmpty;
  const std::uint64_t delta = zobrist_key(piece, square);
  key_ ^= delta;
  minors_signature_ ^= delta & kMinorMask[index];
  material_[color_of(piece)] -= kMaterialValue[type_of(piece)];
  majors_value_ -= kMajorsValue[type_of(piece)];
}

void Position::relocate_piece(Square from, Square to) {
  const Piece piece = board_[from];
  const int index = piece_index(piece);
  const std::uint8_t slot = list_slot_[from];
  piece_squares_[index][slot] = to;
  list_slot_[to] = slot;
  board_[to] = piece;
  board_[from] = kEmpty;
  const std::uint64_t delta = zobrist_key(piece, from) ^ zobrist_key(piece, to);
  key_ ^= delta;
  minors_signature_ ^= delta & kMinorMask[index];
}

std::uint64_t Position::key_after(Move m) const {
  const Square from = from_square(m), to = to_square(m);
  const Piece moving = board_[from], captured = board_[to];
  std::uint64_t key = key_ ^ kZobrist.black_to_move ^ zobrist_key(moving, from) ^ zobrist_key(moving, to);
  if (captured != kEmpty) key ^= zobrist_key(captured, to);
  return key;
}

void Position::make_move(Move m) {
  const Square from = from_square(m), to = to_square(m);
  const Piece captured = board_[to];
  history_.push_back({key_, plies_since_capture_, m, captured, in_check_});
  if (captured != kEmpty) {
    remove_piece(to);
    plies_since_capture_ = 0;
  } else {
    ++plies_since_capture_;
  }
  relocate_piece(from, to);
  side_to_move_ = opposite(side_to_move_);
  key_ ^= kZobrist.black_to_move;
  // The opponent's king was not attacked before the move (a legal position): only what the move changed can
  // attack it now.
  in_check_ = is_attacked_after_move_on(board_, king_square(side_to_move_), side_to_move_, from, to);
}

void Position::unmake_move() {
  assert(!history_.empty());
  const UndoRecord& record = history_.back();
  const Square from = from_square(record.move), to = to_square(record.move);
  relocate_piece(to, from);
  if (record.captured != kEmpty) add_piece(record.captured, to);
  plies_since_capture_ = record.plies_since_capture;
  side_to_move_ = opposite(side_to_move_);
  key_ ^= kZobrist.black_to_move;
  in_check_ = record.was_in_check;
  history_.pop_back();
}

void Position::make_null_move() {
  assert(!in_check_);
  history_.push_back({key_, plies_since_capture_, kNoMove, kEmpty, false});
  ++plies_since_capture_;
  side_to_move_ = opposite(side_to_move_);
  key_ ^= kZobrist.black_to_move;
  in_check_ = false;  // passing cannot give check: nothing moved
}

void Position::unmake_null_move() {
  assert(!history_.empty() && history_.back().move == kNoMove);
  plies_since_capture_ = history_.back().plies_since_capture;
  side_to_move_ = opposite(side_to_move_);
  key_ ^= kZobrist.black_to_move;
  in_check_ = false;
  history_.pop_back();
}

namespace {

// `test(mover's colour, from, to)` asked of the board with the move made on the board alone (no lists, keys
// or counters), which is then put back.
template <class Test>
bool with_move_on_board(BoardArray& board, Move m, Test test) {
  const Square from = from_square(m), to = to_square(m);
  const Piece moved = board[from], captured = board[to];
  board[to] = moved;
  board[from] = kEmpty;
  const bool answer = test(color_of(moved), from, to);
  board[from] = moved;
  board[to] = captured;
  return answer;
}

}  // namespace

bool Position::leaves_king_attacked(Move m) {
  return with_move_on_board(board_, m, [&](Color us, Square, Square to) {
    return is_attacked_as_king(type_of(board_[to]) == kKing ? to : king_square(us), us);
  });
}

bool Position::exposes_king(Move m) {
  return with_move_on_board(board_, m, [&](Color us, Square from, Square to) {
    return is_attacked_after_move_on(board_, king_square(us), us, from, to);
  });
}

bool Position::gives_check(Move m) {
  return with_move_on_board(board_, m, [&](Color us, Square from, Square to) {
    const Color them = opposite(us);
    return is_attacked_after_move_on(board_, king_square(them), them, from, to);
  });
}

bool Position::is_attacked_as_king(Square king, Color c) const {
  return is_attacked_as_king_on(board_, king, c);
}

std::uint64_t Position::compute_key() const {
  std::uint64_t key = side_to_move_ == kBlack ? kZobrist.black_to_move : 0;
  for (int index = 0; index < kSquareCount; ++index) {
    const Square square = square_from_index(index);
    if (board_[square] != kEmpty) key ^= zobrist_key(board_[square], square);
  }
  return key;
}

std::uint64_t Position::compute_minors_signature() const {
  std::uint64_t signature = 0;
  for (int index = 0; index < kSquareCount; ++index) {
    const Square square = square_from_index(index);
    const Piece piece = board_[square];
    if (piece != kEmpty && is_minor(type_of(piece))) signature ^= zobrist_key(piece, square);
  }
  return signature;
}

std::uint64_t Position::majors_signature() const {
  // The key is the XOR over every piece plus the side to move; the minors signature is the minors' share.
  return key_ ^ minors_signature_ ^ (side_to_move_ == kBlack ? kZobrist.black_to_move : 0);
}

std::uint64_t Position::compute_majors_signature() const {
  std::uint64_t signature = 0;
  for (const Color c : {kRed, kBlack})
    for (const PieceType t : {kRook, kHorse, kCannon})
      for (const Square square : squares(c, t)) signature ^= zobrist_key(make_piece(c, t), square);
  return signature;
}

}  // namespace shuai
