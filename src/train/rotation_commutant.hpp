// How much of a bilinear form on sinusoidal position vectors sees the offset alone. The additive
// encoding's pairs (2i, 2i+1) = (sin w_i t, cos w_i t) (pe::encoding_table) satisfy PE(t + k) = PE(t) R_k
// (row vectors), R_k block-diagonal with the 2x2 rotations [[cos w_i k, -sin w_i k], [sin w_i k, cos w_i k]].
// A form PE(t) M PE(s)^T depends on t - s alone for every t, s exactly when M commutes with every R_k
// (then R_t M R_s^T = M R_{t-s}); for distinct frequencies the matrices that do (the commutant) are
// block-diagonal with 2x2 blocks of the form [[a, -b], [b, a]]: a d-dimensional subspace of the d^2.
//
//   commuting_fraction(M) = ||P(M)||_F^2 / ||M||_F^2,   P the orthogonal projection onto the commutant:
//   each diagonal block [[p, q], [r, s]] -> [[a, -b], [b, a]] with a = (p + s) / 2, b = (r - q) / 2,
//   every off-diagonal block -> 0. 1: the form is relative; 0: nothing of it is; a matrix of independent
//   random entries gives about 2 (d/2) / d^2 = 1/d in expectation (the reference to read it against).
//
// In the model (layer 0, head h), the part of the score q_t . k_s that PE carries between the LayerNorm
// gains is PE-part(n_t) M_h PE-part(n_s)^T with  M_h = diag(g) W_Q[:, h] W_K[:, h]^T diag(g),  g = LN1's
// gain, W_Q[:, h] the d x dh columns of head h (ln1's bias, its mean removal and its per-row 1/sigma are
// left out: they scale or shift, they do not turn). qk_form builds M_h.
#pragma once
#include <cstddef>
#include <vector>

#include "model.hpp"

namespace train {

// M is d x d row-major, d even; -1 if M is zero.
double commuting_fraction(const std::vector<double>& M, size_t d);
// The projection P(M) itself (for tests and for reading which blocks carry it).
std::vector<double> commutant_projection(const std::vector<double>& M, size_t d);
// M_h above, for layer `layer` and head h of the model.
std::vector<double> qk_form(const Model<float>& m, size_t layer, size_t head);

}  // namespace train
