// Learned positions versus the sinusoid formula (Vaswani et al. 2017, Table 3, row E).
//
// A learned positional embedding is a table with one trainable d-vector per position it supports:
//
//   parameters = n_positions * d,         and no vector at all for a position >= n_positions.
//
// The sinusoid formula has 0 trainable parameters and gives a vector for every position.
// The paper's reported numbers (English-German, newstest2013 dev set) are kept here as data.
#pragma once

namespace pe {

struct PaperResult {
  const char* encoding;
  double perplexity;  // per word piece, dev set
  double bleu;        // dev set
};

// Table 3: the base model (sinusoids) and row (E) (learned positional embedding).
constexpr PaperResult kPaperBaseSinusoid{"sinusoidal (base model)", 4.92, 25.8};
constexpr PaperResult kPaperLearned{"learned, row (E)", 4.92, 25.7};

// n_positions * d as a double (exact up to 2^53, far beyond any n and d the app allows).
double learned_parameter_count(int n_positions, int d);
// True when pos lies within the rows of a learned table of n_positions rows: 0 <= pos <= n_positions - 1.
bool learned_table_covers(double pos, int n_positions);
// True when the table has a row for pos itself: pos is covered and a whole number (rows sit at
// whole positions only; a position such as 2.94 falls between rows 2 and 3).
bool learned_table_has_row(double pos, int n_positions);

}  // namespace pe
