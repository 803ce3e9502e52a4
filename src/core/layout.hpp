// Two layouts of the same encoding, and why the pairing must follow the layout.
//
//   interleaved  (the paper):       dim 2i = sin(w_i pos),  dim 2i+1  = cos(w_i pos)
//   concatenated (all sines first): dim i  = sin(w_i pos),  dim d/2+i = cos(w_i pos)
//
// A pairing says which two dimensions are turned together by w_i k (pair i: (sin_dim, cos_dim),
// turned as in rotation.hpp). A shift by k is a rotation exactly when pair i names the two dims
// that hold sin and cos of w_i in the layout at hand:
//
//   max_j | (R_k PE(pos))_j - PE(pos + k)_j | = 0   (up to rounding)
//
// Any other pairing (the other layout's, or two dims exchanged) puts two unrelated numbers on one
// "hand": the pair is no longer on the unit circle, and turning it does not give PE(pos + k).
// Arguments are assumed valid (see params.hpp); spans hold d values, pairings d/2 entries.
#pragma once
#include <span>
#include <vector>

namespace pe {

enum class Layout { interleaved, concatenated };

struct DimPair {
  int sin_dim;  // turned as the sin component (first row of the rotation)
  int cos_dim;  // turned as the cos component
};

// Where layout L keeps sin and cos of pair i.
DimPair layout_dims(Layout L, int pair, int d);
// The pairing that follows layout L.
std::vector<DimPair> pairing_for(Layout L, int d);
// The pairing with dims a and b exchanged wherever they appear (a mistake to study).
std::vector<DimPair> swap_dims(std::span<const DimPair> pairing, int a, int b);

// perm[j] = index in layout `from` of the value that layout `to` stores at index j.
std::vector<int> layout_permutation(Layout from, Layout to, int d);
// out[j] = v[perm[j]]; out may not alias v.
void convert_layout(std::span<const double> v, Layout from, Layout to, std::span<double> out);

double layout_value(double pos, int dim, int d, double base, Layout L);
void encoding_in_layout(double pos, int d, double base, Layout L, std::span<double> out);

// out = v with pair i of `pairing`, (v[sin_dim], v[cos_dim]), turned by w_i k; out may not alias v.
void shift_by_pairing(std::span<const double> v, double k, int d, double base, std::span<const DimPair> pairing,
                      std::span<double> out);
// max_j |shift_by_pairing(PE_L(pos), k)_j - PE_L(pos + k)_j| for the encoding in layout L.
double shift_error(double pos, double k, int d, double base, Layout L, std::span<const DimPair> pairing);

}  // namespace pe
