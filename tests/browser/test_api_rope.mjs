// The page API of issue 12 in a real browser: PosEnc.ropeAngles (none / linear / ntk / yarn),
// PosEnc.ropeAttentionFactor, PosEnc.rope's {layout}, PosEnc.alibiSlopes and PosEnc.t5Bucket, each against
// an independent JS transcription of the published code (the YaRN reference LlamaYaRNScaledRotaryEmbedding,
// ALiBi's get_slopes, Hugging Face T5's _relative_position_bucket, LLaMA's rotate_half), and the
// RangeErrors that name the parameter.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSession } from './harness.mjs';

let session, page, errors, api;

before(async () => ({ page, errors, api } = session = await startSession('?playing=0')));
after(() => session?.close());

// A call in the page, its typed-array result as a plain array.
const call = (fn, ...args) => page.evaluate(([f, a]) => {
  const r = window.PosEnc[f](...a);
  return ArrayBuffer.isView(r) ? Array.from(r) : r;
}, [fn, args]);

// The error a call throws, as "Name: message" ('no error' if none). Arguments go in as JS source, so that
// NaN, undefined and objects arrive as written.
const thrown = (expr) => page.evaluate((e) => {
  try { (0, eval)(e); return 'no error'; } catch (x) { return x.name + ': ' + x.message; }
}, expr);

const relClose = (a, b, rel) => Math.abs(a - b) <= rel * Math.abs(b);

// ---- independent transcriptions ----

// jquesnelle/yarn, scaled_rope/LlamaYaRNScaledRotaryEmbedding.py: find_correction_dim, find_correction_range,
// linear_ramp_mask and yarn(), in doubles (the reference's pos_freqs are float32).
function yarnReference(dim, base, scale, L, betaFast = 32, betaSlow = 1) {
  const correctionDim = (r) => (dim * Math.log(L / (r * 2 * Math.PI))) / (2 * Math.log(base));
  const low = Math.max(Math.floor(correctionDim(betaFast)), 0);
  let high = Math.min(Math.ceil(correctionDim(betaSlow)), dim - 1);
  if (low === high) high += 0.001;
  const out = [];
  for (let j = 0; j < dim; j += 2) {
    const posFreq = base ** (j / dim);
    const extrapolation = 1 / posFreq, interpolation = 1 / (scale * posFreq);
    const ramp = Math.min(Math.max((j / 2 - low) / (high - low), 0), 1);
    const mask = 1 - ramp;
    out.push(interpolation * (1 - mask) + extrapolation * mask);
  }
  return { freqs: out, low, high };
}

// ofirpress/attention_with_linear_biases, get_slopes.
function getSlopes(n) {
  const powerOf2 = (m) => {
    const start = 2 ** (-(2 ** -(Math.log2(m) - 3)));
    const ratio = start;
    return Array.from({ length: m }, (_, i) => start * ratio ** i);
  };
  if (Number.isInteger(Math.log2(n))) return powerOf2(n);
  const closest = 2 ** Math.floor(Math.log2(n));
  return powerOf2(closest).concat(getSlopes(2 * closest).filter((_, i) => i % 2 === 0).slice(0, n - closest));
}

// Hugging Face T5 _relative_position_bucket, with its float32 tensor arithmetic (Math.fround): the ratio,
// its log and the products in float32, the Python float log(max_distance / max_exact) rounded to float32.
function t5Reference(relativePosition, bidirectional = true, numBuckets = 32, maxDistance = 128) {
  let buckets = numBuckets, out = 0, n;
  if (bidirectional) {
    buckets = Math.floor(buckets / 2);
    out += relativePosition > 0 ? buckets : 0;
    n = Math.abs(relativePosition);
  } else {
    n = -Math.min(relativePosition, 0);
  }
  const maxExact = Math.floor(buckets / 2);
  if (n < maxExact) return out + n;
  const f = Math.fround;
  const large = f(f(f(Math.log(f(n / maxExact))) / f(Math.log(maxDistance / maxExact))) * (buckets - maxExact));
  return out + Math.min(maxExact + Math.trunc(large), buckets - 1);
}

// The rotation of one vector in either layout: interleaved pairs (2i, 2i+1), or LLaMA's half layout
// x * cos + rotate_half(x) * sin with cos and sin of the d/2 angles repeated twice.
function turn(x, p, base, layout) {
  const d = x.length, h = d / 2, out = new Array(d);
  if (layout === 'half') {
    for (let j = 0; j < d; j++) {
      const t = p / base ** ((2 * (j % h)) / d);
      const rotated = j < h ? -x[j + h] : x[j - h];
      out[j] = x[j] * Math.cos(t) + rotated * Math.sin(t);
    }
  } else {
    for (let i = 0; i < h; i++) {
      const t = p / base ** ((2 * i) / d);
      out[2 * i] = x[2 * i] * Math.cos(t) - x[2 * i + 1] * Math.sin(t);
      out[2 * i + 1] = x[2 * i] * Math.sin(t) + x[2 * i + 1] * Math.cos(t);
    }
  }
  return out;
}
const score = (q, k, m, n, base, layout) => {
  const a = turn(q, m, base, layout), b = turn(k, n, base, layout);
  return a.reduce((s, v, j) => s + v * b[j], 0);
};

function vector(seed, d) {
  const v = [];
  let x = seed;
  for (let j = 0; j < d; j++) { x = (x * 1103515245 + 12345) % 2147483648; v.push((x / 2147483648) * 3 - 1.5); }
  return v;
}

// ---- ropeAngles ----

test('ropeAngles without scaling: pos / base^(2i/d), base 10000 by default', async () => {
  for (const [pos, d, base] of [[0, 8, 10000], [1, 2, 10000], [37, 64, 10000], [4096, 128, 500000], [-12.5, 16, 1.5], [1e9, 8192, 1e12]]) {
    const got = await call('ropeAngles', pos, d, { base });
    assert.equal(got.length, d / 2);
    for (let i = 0; i < d / 2; i++) {
      const want = pos / base ** ((2 * i) / d);
      // pos * base^(-2i/d) in the page, pos / base^(2i/d) here: two pows and a product or a quotient,
      // a few ulps apart at most: 1e-15 relative (and exactly 0 at pos = 0).
      assert.ok(Math.abs(got[i] - want) <= 1e-15 * Math.abs(want), `pos ${pos} d ${d} base ${base} pair ${i}: ${got[i]} vs ${want}`);
    }
  }
  assert.deepEqual(await call('ropeAngles', 5, 16), await call('ropeAngles', 5, 16, { base: 10000 }));
  assert.deepEqual(await call('ropeAngles', 5, 16, {}), await call('ropeAngles', 5, 16, { scaling: { type: 'none' } }));
});

test('ropeAngles linear and ntk: w_i / s; base * s^(d/(d-2)), the last pair slowed by exactly s', async () => {
  const d = 128, pos = 1000, s = 16;
  const plain = await call('ropeAngles', pos, d);
  const linear = await call('ropeAngles', pos, d, { scaling: { type: 'linear', factor: s } });
  const ntk = await call('ropeAngles', pos, d, { scaling: { type: 'ntk', factor: s } });
  const ntkBase = 10000 * s ** (d / (d - 2));
  for (let i = 0; i < d / 2; i++) {
    assert.ok(relClose(linear[i], plain[i] / s, 1e-15), `linear pair ${i}`);
    assert.ok(relClose(ntk[i], pos / ntkBase ** ((2 * i) / d), 1e-14), `ntk pair ${i}: ${ntk[i]}`);
  }
  assert.equal(ntk[0], pos);
  assert.ok(relClose(ntk[d / 2 - 1], plain[d / 2 - 1] / s, 1e-12));
});

test('ropeAngles yarn: the reference code, with its ramp from low 20 to high 46 at d 128, L 4096, s 16', async () => {
  // The worked case of tests/test_rope_scaling.cpp, here through the page and the JS transcription.
  const ref = yarnReference(128, 10000, 16, 4096);
  assert.equal(ref.low, 20);
  assert.equal(ref.high, 46);
  const got = await call('ropeAngles', 1, 128, { scaling: { type: 'yarn', factor: 16, originalLength: 4096 } });
  assert.ok(relClose(got[30], 0.0085268438, 1e-8), `pair 30: ${got[30]}`);
  let compared = 0;
  for (const d of [2, 4, 64, 128, 1024])
    for (const base of [10000, 500000, 1e6])
      for (const s of [1, 2, 8, 40])
        for (const L of [16, 2048, 4096, 131072])
          for (const [betaFast, betaSlow] of [[32, 1], [16, 2], [64, 0.5]]) {
            const ref = yarnReference(d, base, s, L, betaFast, betaSlow);
            // Where the reference's range is not inverted (src/core/rope_scaling.hpp): clamping low and
            // high at both ends, as issue 12 asks, then changes nothing.
            if (ref.low > d - 1 || ref.high < 0) continue;
            compared++;
            const pos = 12345.5;
            const angles = await call('ropeAngles', pos, d, { base, scaling: { type: 'yarn', factor: s, originalLength: L, betaFast, betaSlow } });
            for (let i = 0; i < d / 2; i++)
              assert.ok(relClose(angles[i], pos * ref.freqs[i], 1e-14),
                `d ${d} base ${base} s ${s} L ${L} betas ${betaFast}/${betaSlow} pair ${i}: ${angles[i]} vs ${pos * ref.freqs[i]}`);
          }
  assert.ok(compared > 600, `compared ${compared} settings`);
  // betaFast 32 and betaSlow 1 are the defaults.
  assert.deepEqual(await call('ropeAngles', 7, 64, { scaling: { type: 'yarn', factor: 4, originalLength: 2048 } }),
    await call('ropeAngles', 7, 64, { scaling: { type: 'yarn', factor: 4, originalLength: 2048, betaFast: 32, betaSlow: 1 } }));
  // Where the reference's range would be inverted (base 1.5: every pair turns hundreds of times within L),
  // both ends are clamped and every pair keeps its trained frequency.
  assert.deepEqual(await call('ropeAngles', 3, 128, { base: 1.5, scaling: { type: 'yarn', factor: 16, originalLength: 4096 } }),
    await call('ropeAngles', 3, 128, { base: 1.5 }));
});

test('ropeAttentionFactor: 0.1 ln s + 1', async () => {
  for (const s of [1, 1.5, 2, 4, 16, 32, 1e6]) {
    const got = await call('ropeAttentionFactor', s);
    assert.ok(Math.abs(got - (s <= 1 ? 1 : 0.1 * Math.log(s) + 1)) <= 1e-15, `s ${s}: ${got}`);
  }
  assert.ok(Math.abs((await call('ropeAttentionFactor', 16)) - 1.2772588722239782) < 1e-15);
});

// ---- rope's layouts ----

test('rope {layout}: interleaved by default, half as rotate_half, equal after the permutation', async () => {
  for (const [d, base] of [[8, 10000], [64, 10000], [128, 500000]]) {
    const q = vector(3 * d + 1, d), k = vector(5 * d + 2, d);
    const perm = [...Array(d / 2).keys()].map((i) => 2 * i).concat([...Array(d / 2).keys()].map((i) => 2 * i + 1));
    const pq = perm.map((j) => q[j]), pk = perm.map((j) => k[j]);
    let worstUnpermuted = 0;
    for (const [m, n] of [[0, 0], [3, 10], [100, 7], [4096, 4000], [1e5, 123]]) {
      const inter = await call('rope', q, k, m, n, base);
      assert.equal(await call('rope', q, k, m, n, base, { layout: 'interleaved' }), inter);
      // Against the transcriptions: same arithmetic in another order, |angles| <= 1e5: 1e-9.
      assert.ok(Math.abs(inter - score(q, k, m, n, base, 'interleaved')) < 1e-9, `interleaved d ${d} m ${m} n ${n}`);
      const half = await call('rope', pq, pk, m, n, base, { layout: 'half' });
      assert.ok(Math.abs(half - score(pq, pk, m, n, base, 'half')) < 1e-9, `half d ${d} m ${m} n ${n}`);
      assert.ok(Math.abs(half - inter) < 1e-9, `permuted half = interleaved, d ${d} m ${m} n ${n}: ${half} vs ${inter}`);
      worstUnpermuted = Math.max(worstUnpermuted, Math.abs((await call('rope', q, k, m, n, base, { layout: 'half' })) - inter));
    }
    // The same vectors without the permutation pair other dimensions: other scores, no error.
    assert.ok(worstUnpermuted > 0.1, `d ${d}: unpermuted half differs by ${worstUnpermuted}`);
  }
  // The default base with options.
  const q = vector(1, 16), k = vector(2, 16);
  assert.equal(await call('rope', q, k, 5, 9, undefined, { layout: 'half' }), await call('rope', q, k, 5, 9, 10000, { layout: 'half' }));
});

// ---- ALiBi ----

test('alibiSlopes: get_slopes of the ALiBi code, 1/2 ... 1/256 for 8 heads', async () => {
  assert.deepEqual(await call('alibiSlopes', 8), [1 / 2, 1 / 4, 1 / 8, 1 / 16, 1 / 32, 1 / 64, 1 / 128, 1 / 256]);
  const twelve = await call('alibiSlopes', 12);
  assert.deepEqual(twelve.slice(0, 8), [1 / 2, 1 / 4, 1 / 8, 1 / 16, 1 / 32, 1 / 64, 1 / 128, 1 / 256]);
  for (const [j, e] of [[8, -0.5], [9, -1.5], [10, -2.5], [11, -3.5]]) assert.ok(relClose(twelve[j], 2 ** e, 1e-15), `head ${j}`);
  for (const heads of [1, 2, 3, 5, 6, 12, 16, 20, 24, 64, 96, 100, 1000, 1024]) {
    const got = await call('alibiSlopes', heads);
    const want = getSlopes(heads);
    assert.equal(got.length, heads);
    // get_slopes multiplies start by ratio^i, which carries i times the rounding of ratio (up to 1023 *
    // 2^-53 = 1.1e-13); the page takes 2^(-8(h+1)/P) directly. Allowed: 2e-13 relative.
    for (let h = 0; h < heads; h++) assert.ok(relClose(got[h], want[h], 2e-13), `heads ${heads} head ${h}: ${got[h]} vs ${want[h]}`);
  }
});

// ---- T5 ----

test('t5Bucket: the Hugging Face code for every offset in -3000..3000, defaults true, 32, 128', async () => {
  const settings = [undefined, { bidirectional: false }, { numBuckets: 64, maxDistance: 256 },
    { bidirectional: false, numBuckets: 128, maxDistance: 2048 }, { numBuckets: 16, maxDistance: 50 },
    { bidirectional: false, numBuckets: 2, maxDistance: 2 }];
  for (const options of settings) {
    const got = await page.evaluate((o) => {
      const out = [];
      for (let r = -3000; r <= 3000; r++) out.push(window.PosEnc.t5Bucket(r, o));
      return out;
    }, options);
    const o = options || {};
    for (let r = -3000; r <= 3000; r++) {
      const want = t5Reference(r, o.bidirectional ?? true, o.numBuckets ?? 32, o.maxDistance ?? 128);
      assert.equal(got[r + 3000], want, `${JSON.stringify(options)} r ${r}`);
    }
  }
  // Hand-worked, both sides of the boundary (tests/test_t5_bucket.cpp).
  const hand = { '-7': 7, '-8': 8, '-9': 8, '7': 23, '8': 24, '9': 24, '15': 25, '16': 26, '127': 31, '128': 31, '1000': 31 };
  for (const [r, b] of Object.entries(hand)) assert.equal(await call('t5Bucket', Number(r)), b, `r ${r}`);
  assert.equal(await call('t5Bucket', -16, { bidirectional: false }), 16);
  assert.equal(await call('t5Bucket', -15, { bidirectional: false }), 15);
  assert.equal(await call('t5Bucket', 9, { bidirectional: false }), 0);
  assert.equal(await call('t5Bucket', -1e9), 15);
});

// ---- errors ----

test('invalid arguments throw a RangeError naming the parameter', async () => {
  const cases = [
    // ropeAngles
    ['PosEnc.ropeAngles(NaN, 64)', /^RangeError: pos must be a finite number from -1e9 to 1e9 \(got NaN\)/],
    ['PosEnc.ropeAngles(2e9, 64)', /^RangeError: pos must be a finite number/],
    ['PosEnc.ropeAngles("5", 64)', /^RangeError: pos must be a number \(got a string\)/],
    ['PosEnc.ropeAngles()', /^RangeError: pos must be a number \(got undefined\)/],
    ['PosEnc.ropeAngles(0, 63)', /^RangeError: d must be an even integer from 2 to 8192 \(got 63\)/],
    ['PosEnc.ropeAngles(0, null)', /^RangeError: d must be a number \(got null\)/],
    ['PosEnc.ropeAngles(0, 64, 10000)', /^RangeError: options must be an object such as \{base, scaling\} \(got a number\)/],
    ['PosEnc.ropeAngles(0, 64, {base: 1})', /^RangeError: base must be a number greater than 1/],
    ['PosEnc.ropeAngles(0, 64, {base: "1e4"})', /^RangeError: base must be a number \(got a string\)/],
    ['PosEnc.ropeAngles(0, 64, {bse: 500000})', /^RangeError: 'bse' is not an option of PosEnc.ropeAngles/],
    ['PosEnc.ropeAngles(0, 64, {scaling: "yarn"})', /^RangeError: scaling must be an object .* \(got a string\)/],
    ['PosEnc.ropeAngles(0, 64, {scaling: null})', /^RangeError: scaling must be an object .* \(got null\)/],
    ['PosEnc.ropeAngles(0, 64, {scaling: {factor: 2}})', /^RangeError: scaling.type must be 'none', 'linear', 'ntk' or 'yarn' \(got undefined\)/],
    ['PosEnc.ropeAngles(0, 64, {scaling: {type: "dynamic", factor: 2}})', /^RangeError: scaling.type must be 'none', 'linear', 'ntk' or 'yarn' \(got 'dynamic'\)/],
    ['PosEnc.ropeAngles(0, 64, {scaling: {type: "linear"}})', /^RangeError: scaling.factor must be a number \(got undefined\)/],
    ['PosEnc.ropeAngles(0, 64, {scaling: {type: "linear", factor: 0.5}})', /^RangeError: scaling.factor must be a number from 1 to 1e6 \(got 0.5\)/],
    ['PosEnc.ropeAngles(0, 64, {scaling: {type: "ntk", factor: NaN}})', /^RangeError: scaling.factor must be a number from 1 to 1e6 \(got NaN\)/],
    ['PosEnc.ropeAngles(0, 64, {scaling: {type: "ntk", factor: "2"}})', /^RangeError: scaling.factor must be a number \(got a string\)/],
    ['PosEnc.ropeAngles(0, 2, {scaling: {type: "ntk", factor: 2}})', /^RangeError: d must be at least 4 for ntk scaling/],
    ['PosEnc.ropeAngles(0, 64, {scaling: {type: "yarn", factor: 2}})', /^RangeError: scaling.originalLength must be a number \(got undefined\)/],
    ['PosEnc.ropeAngles(0, 64, {scaling: {type: "yarn", factor: 2, originalLength: 0}})', /^RangeError: scaling.originalLength must be a number from 1 to 1e9 \(got 0\)/],
    ['PosEnc.ropeAngles(0, 64, {scaling: {type: "yarn", factor: 2, originalLength: 4096, betaFast: 1}})', /^RangeError: scaling.betaFast must be larger than scaling.betaSlow/],
    ['PosEnc.ropeAngles(0, 64, {scaling: {type: "yarn", factor: 2, originalLength: 4096, betaSlow: -1}})', /^RangeError: scaling.betaSlow must be a number > 0/],
    ['PosEnc.ropeAngles(0, 64, {scaling: {type: "linear", factor: 2, originalLength: 4096}})', /^RangeError: 'scaling.originalLength' is not an option of PosEnc.ropeAngles/],
    ['PosEnc.ropeAngles(0, 64, {scaling: {type: "yarn", factor: 2, originalLength: {n: 1}}})', /^RangeError: scaling.originalLength must be a number \(got an object\)/],
    // ropeAttentionFactor
    ['PosEnc.ropeAttentionFactor(0.5)', /^RangeError: factor must be a number from 1 to 1e6 \(got 0.5\)/],
    ['PosEnc.ropeAttentionFactor(NaN)', /^RangeError: factor must be a number from 1 to 1e6 \(got NaN\)/],
    ['PosEnc.ropeAttentionFactor("2")', /^RangeError: factor must be a number \(got a string\)/],
    ['PosEnc.ropeAttentionFactor([2])', /^RangeError: factor must be a number \(got an array\)/],
    // alibiSlopes
    ['PosEnc.alibiSlopes(0)', /^RangeError: heads must be an integer from 1 to 1024 \(got 0\)/],
    ['PosEnc.alibiSlopes(1025)', /^RangeError: heads must be an integer from 1 to 1024 \(got 1025\)/],
    ['PosEnc.alibiSlopes(2.5)', /^RangeError: heads must be an integer from 1 to 1024 \(got 2.5\)/],
    ['PosEnc.alibiSlopes(Infinity)', /^RangeError: heads must be an integer from 1 to 1024 \(got Infinity\)/],
    ['PosEnc.alibiSlopes(8n)', /^RangeError: heads must be a number \(got a bigint\)/],
    // t5Bucket
    ['PosEnc.t5Bucket(1.5)', /^RangeError: relativePosition must be an integer from -1e9 to 1e9 \(got 1.5\)/],
    ['PosEnc.t5Bucket(NaN)', /^RangeError: relativePosition must be an integer/],
    ['PosEnc.t5Bucket(-2e9)', /^RangeError: relativePosition must be an integer/],
    ['PosEnc.t5Bucket("3")', /^RangeError: relativePosition must be a number \(got a string\)/],
    ['PosEnc.t5Bucket(3, {numBuckets: 31})', /^RangeError: numBuckets must be an even integer from 4 to 1024 when bidirectional \(got 31\)/],
    ['PosEnc.t5Bucket(3, {numBuckets: 2})', /^RangeError: numBuckets must be an even integer from 4/],
    ['PosEnc.t5Bucket(3, {bidirectional: false, numBuckets: 0})', /^RangeError: numBuckets must be an even integer from 2 to 1024 when causal \(got 0\)/],
    ['PosEnc.t5Bucket(3, {maxDistance: 8})', /^RangeError: maxDistance must be an integer greater than the 8 exact buckets and at most 1e9 \(got 8\)/],
    ['PosEnc.t5Bucket(3, {maxDistance: 100.5})', /^RangeError: maxDistance must be an integer/],
    ['PosEnc.t5Bucket(3, {bidirectional: "yes"})', /^RangeError: bidirectional must be true or false \(got a string\)/],
    ['PosEnc.t5Bucket(3, {bidirectional: 1})', /^RangeError: bidirectional must be true or false \(got a number\)/],
    ['PosEnc.t5Bucket(3, {buckets: 32})', /^RangeError: 'buckets' is not an option of PosEnc.t5Bucket/],
    ['PosEnc.t5Bucket(3, "causal")', /^RangeError: options must be an object .* \(got a string\)/],
    // rope's layout
    ['PosEnc.rope([1, 2], [3, 4], 0, 1, 10000, {layout: "neox"})', /^RangeError: layout must be 'interleaved' or 'half' \(got 'neox'\)/],
    ['PosEnc.rope([1, 2], [3, 4], 0, 1, 10000, {layout: 1})', /^RangeError: layout must be 'interleaved' or 'half' \(got a number\)/],
    ['PosEnc.rope([1, 2], [3, 4], 0, 1, 10000, "half")', /^RangeError: options must be an object such as \{layout: 'half'\} \(got a string\)/],
    ['PosEnc.rope([1, 2], [3, 4], 0, 1, 10000, {lay: "half"})', /^RangeError: 'lay' is not an option of PosEnc.rope/],
  ];
  for (const [expr, want] of cases) assert.match(await thrown(expr), want, expr);
  // A string value is echoed at most 40 printable characters long.
  const long = await thrown('PosEnc.ropeAngles(0, 64, {scaling: {type: "x".repeat(1000) + "\\u0000<b>", factor: 2}})');
  assert.match(long, /^RangeError: scaling.type must be .* \(got 'x{40}\.\.\.'\)$/);
  // The page still answers after the errors.
  assert.equal(await call('t5Bucket', -7), 7);
  assert.equal((await call('ropeAngles', 1, 4)).length, 2);
});

test('no console errors', () => assert.deepEqual(errors, []));
