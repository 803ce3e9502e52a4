// The encoding table by the shift-is-a-rotation identity: a fast path for whole tables.
//
// For pair i with s_p = sin(w_i p), c_p = cos(w_i p), one step of the rotation from rotation.hpp
// (k = 1, theta = w_i) gives the next row from this one with four multiplications and two additions:
//
//   s_{p+1} = s_p cos w_i + c_p sin w_i
//   c_{p+1} = c_p cos w_i - s_p sin w_i
//
// Each step adds a few units of rounding (about 2^-53 relative), so the error grows with the number of
// steps since the last exact value. Every `reanchor` rows the pair is set again from sin/cos directly,
// which bounds the worst error by about reanchor * 4 * 2^-53 (2.8e-14 for the default 64; the tests
// check < 1e-13 against the direct formula). Rows are positions 0..n-1, row-major, interleaved.
#pragma once
#include <span>

namespace pe {

constexpr int kDefaultReanchor = 64;

// out holds n*d values. Arguments are assumed valid (params.hpp); reanchor >= 1.
void encoding_table_recurrence(int n, int d, double base, std::span<double> out, int reanchor = kDefaultReanchor);
// The same for positions first..first+n-1 (a slice of a longer table, e.g. filled in chunks); the
// anchors fall on the same rows as in the whole table, so slices join into the identical table.
void encoding_table_recurrence(long first, int n, int d, double base, std::span<double> out,
                               int reanchor = kDefaultReanchor);

}  // namespace pe
