// Chinese move notation: which piece (by file, or by its place among same-type pieces on one file), which
// way, and how far or to which file.
#include "engine/board/chinese_notation.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <vector>

namespace shuai {
namespace {

constexpr std::array<std::string_view, kPieceTypeCount> kRedPieceNames = {"帅", "仕", "相", "马",
                                                                          "车", "炮", "兵"};
constexpr std::array<std::string_view, kPieceTypeCount> kBlackPieceNames = {"将", "士", "象", "马",
                                                                            "车", "炮", "卒"};
// Index n is the numeral for n (index 0 unused).
constexpr std::array<std::string_view, 10> kRedNumerals = {"",   "一", "二", "三", "四",
                                                           "五", "六", "七", "八", "九"};
constexpr std::array<std::string_view, 10> kBlackNumerals = {"",   "１", "２", "３", "４",
                                                             "５", "６", "７", "８", "９"};
// A piece's place among same-type pieces on its file, front first, for 2, 3, and 4 or 5 of them.
constexpr std::array<std::string_view, 2> kPairOrdinals = {"前", "后"};
constexpr std::array<std::string_view, 3> kTripleOrdinals = {"前", "中", "后"};
constexpr std::array<std::string_view, 5> kCountedOrdinals = {"一", "二", "三", "四", "五"};

std::string_view piece_name(Color c, PieceType t) {
  return c == kRed ? kRedPieceNames[t] : kBlackPieceNames[t];
}

std::string_view numeral(Color c, int n) {
  return c == kRed ? kRedNumerals[n] : kBlackNumerals[n];
}

// Files counted 1..9 from the side's right-hand edge.
int file_number(Color c, int file) {
  return c == kRed ? kFileCount - file : file + 1;
}

std::string_view file_numeral(Color c, Square s) {
  return numeral(c, file_number(c, file_of(s)));
}

// How far ahead of rank 0 a square is, seen from side c.
int depth_for(Color c, Square s) {
  return c == kRed ? rank_of(s) : kRankCount - 1 - rank_of(s);
}

// The mover's same-type pieces on the file of `from`, front first.
std::vector<Square> file_mates(const Position& position, Color c, PieceType t, Square from) {
  std::vector<Square> mates;
  for (const Square s : position.squares(c, t))
    if (file_of(s) == file_of(from)) mates.push_back(s);
  std::sort(mates.begin(), mates.end(),
            [c](Square a, Square b) { return depth_for(c, a) > depth_for(c, b); });
  return mates;
}

// Do two or more files each hold two or more of side c's pawns?
bool pawns_doubled_on_several_files(const Position& position, Color c) {
  std::array<int, kFileCount> per_file{};
  for (const Square s : position.squares(c, kPawn)) ++per_file[file_of(s)];
  return std::count_if(per_file.begin(), per_file.end(), [](int n) { return n >= 2; }) >= 2;
}

// The first two characters (three for a pawn on one of several doubled files): which piece moves.
std::string piece_designator(const Position& position, Color c, PieceType t, Square from) {
  std::string text;
  const auto mates = file_mates(position, c, t, from);
  if (mates.size() < 2 || t == kAdvisor || t == kElephant) {
    text.append(piece_name(c, t));
    text.append(file_numeral(c, from));
    return text;
  }
  const auto place = std::size_t(std::find(mates.begin(), mates.end(), from) - mates.begin());
  if (mates.size() == 2)
    text.append(kPairOrdinals[place]);
  else if (mates.size() == 3)
    text.append(kTripleOrdinals[place]);
  else
    text.append(kCountedOrdinals[place]);
  text.append(piece_name(c, t));
  if (t == kPawn && pawns_doubled_on_several_files(position, c)) text.append(file_numeral(c, from));
  return text;
}

}  // namespace

std::string move_to_chinese(const Position& position, Move move) {
  const Square from = from_square(move), to = to_square(move);
  const Piece piece = position.piece_on(from);
  const Color c = color_of(piece);
  const PieceType t = type_of(piece);
  std::string text = piece_designator(position, c, t, from);
  const int advance = depth_for(c, to) - depth_for(c, from);
  if (advance == 0) {
    text.append("平");
    text.append(file_numeral(c, to));
    return text;
  }
  text.append(advance > 0 ? "进" : "退");
  const bool diagonal = t == kHorse || t == kElephant || t == kAdvisor;
  text.append(diagonal ? file_numeral(c, to) : numeral(c, advance > 0 ? advance : -advance));
  return text;
}

}  // namespace shuai
