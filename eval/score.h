// Score units and the special score ranges shared by evaluation and search.
#pragma once

namespace shuai {

// Centipawn-like units: a horse or a cannon is about 100.
inline constexpr int kDrawScore = 0;
inline constexpr int kMaxPly = 128;  // deepest search ply
inline constexpr int kMateScore =
    10000;  // mated now; a mate in N plies scores kMateScore - N (UCCI convention)
inline constexpr int kMateInMaxPly = kMateScore - kMaxPly;  // at or beyond: a mate score
// Winning by the repetition rules (the other side checked perpetually): decisive, but below every mate score.
inline constexpr int kRuleWinScore = kMateInMaxPly - kMaxPly;
// A position an endgame tablebase gives as won: kTablebaseWinScore less the plies to its conversion (at most
// 125), below the wins by rule and above every evaluation.
inline constexpr int kTablebaseWinScore = kRuleWinScore - 2 * kMaxPly;
inline constexpr int kInfiniteScore = kMateScore + 1;
// Static evaluations stay well inside this bound.
inline constexpr int kMaxEvaluation = 5000;

constexpr bool is_mate_score(int score) {
  return score >= kMateInMaxPly || score <= -kMateInMaxPly;
}
// A mate, a win by the repetition rules (kRuleWinScore less the plies to it) or a tablebase win: a score no
// static evaluation reaches.
constexpr bool is_decisive_score(int score) {
  return score >= kTablebaseWinScore - kMaxPly || score <= -(kTablebaseWinScore - kMaxPly);
}
constexpr int mate_in(int ply) {
  return kMateScore - ply;
}
constexpr int mated_in(int ply) {
  return -kMateScore + ply;
}

}  // namespace shuai
