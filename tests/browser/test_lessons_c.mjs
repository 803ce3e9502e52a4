// Lessons learned / adding / rope / gotcha in a real browser: each view draws non-trivial content
// that follows the state, and PosEnc.rope agrees with an independent JS implementation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, showState, clickSpread, controlAt, shot, HAND, GHOST } from './harness.mjs';
import { colorStats, diffFraction } from './png.mjs';

const SELECTED = [30, 160, 90];
const WARNING = [178, 89, 0];
const PURPLE = [125, 80, 175];  // the word part (adding) and the additive score (rope)
const MAIN = { x: 310, y: 40, w: 960, h: 750 };  // right of the 290 px sidebar, below the tab bar

let session, page, errors, api;

before(async () => ({ page, errors, api } = session = await startSession('?playing=0')));
after(() => session?.close());

const showView = (state, name) => showState(page, { playing: false, ...state }, name);
const clickAt = (x, y) => clickSpread(page, x, y, { press: 3, release: 3 });

// Pixels that are not background grey/white: saturated colour or dark ink, as a share of rect.
function inkFraction(img, rect) {
  let ink = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      const o = (y * img.width + x) * 4;
      const r = img.data[o], g = img.data[o + 1], b = img.data[o + 2];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 40 || r + g + b < 300) ink++;
    }
  }
  return ink / (rect.w * rect.h);
}

// Vertical extent (rows) of pixels of one colour inside rect.
function rowSpread(img, rgb, rect, tol = 24) {
  let lo = Infinity, hi = -Infinity;
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      const o = (y * img.width + x) * 4;
      if (Math.abs(img.data[o] - rgb[0]) <= tol && Math.abs(img.data[o + 1] - rgb[1]) <= tol &&
          Math.abs(img.data[o + 2] - rgb[2]) <= tol) { lo = Math.min(lo, y); hi = Math.max(hi, y); }
    }
  }
  return hi - lo;
}

// RoFormer interleaved convention, written independently of the C++ core.
function jsRope(q, k, m, n, base = 10000) {
  const d = q.length;
  const turn = (x, p) => {
    const out = new Array(d);
    for (let i = 0; i < d / 2; i++) {
      const t = p / Math.pow(base, (2 * i) / d);
      out[2 * i] = x[2 * i] * Math.cos(t) - x[2 * i + 1] * Math.sin(t);
      out[2 * i + 1] = x[2 * i] * Math.sin(t) + x[2 * i + 1] * Math.cos(t);
    }
    return out;
  };
  const a = turn(q, m), b = turn(k, n);
  return a.reduce((s, v, j) => s + v * b[j], 0);
}

// Deterministic vectors with entries in [-1.5, 1.5].
function vector(seed, d) {
  const v = [];
  let x = seed;
  for (let j = 0; j < d; j++) { x = (x * 1103515245 + 12345) % 2147483648; v.push((x / 2147483648) * 3 - 1.5); }
  return v;
}

test('learned: the table and the coverage bar, marker green inside the rows and orange beyond them', async () => {
  const inside = await showView({ view: 'learned', d: 64, n: 64, pos: 10 }, 'learned');
  assert.ok(inkFraction(inside, MAIN) > 0.01, 'the view draws text and a table');
  assert.ok(colorStats(inside, HAND, MAIN).count > 300, 'the learned rows bar is outlined');
  const greenInside = colorStats(inside, SELECTED, MAIN).count;
  assert.ok(greenInside > 100, `pos inside the table is marked green (${greenInside})`);
  const outside = await showView({ pos: 100 }, 'learned-outside');
  assert.ok(colorStats(outside, WARNING, MAIN).count > greenInside / 2, 'pos 100 > n - 1 = 63 is marked orange');
  assert.ok(colorStats(outside, SELECTED, MAIN).count < greenInside / 4, 'and the green marker is gone');
});

test('adding: bars for the four parts and the plot; they move with pos', async () => {
  const a = await showView({ view: 'adding', d: 64, n: 64, pos: 10, k: 4 }, 'adding');
  assert.ok(inkFraction(a, MAIN) > 0.01);
  for (const [name, rgb, min] of [['position (blue)', HAND, 300], ['cross (orange)', GHOST, 200],
    ['concatenated (green)', SELECTED, 300], ['word (purple)', PURPLE, 300]]) {
    const c = colorStats(a, rgb, MAIN).count;
    assert.ok(c > min, `${name}: ${c} pixels`);
  }
  const b = await showView({ pos: 30 }, 'adding-pos30');
  assert.ok(diffFraction(a, b, MAIN) > 0.003, 'bars, numbers and the pos marker change');
});

test('rope: the RoPE score plot is a flat line, the additive one wobbles; dials drawn', async () => {
  const img = await showView({ view: 'rope', d: 64, n: 64, pos: 10, k: 4, pair: 2 }, 'rope');
  assert.ok(inkFraction(img, MAIN) > 0.01);
  // The two plots sit side by side under the caption; the left holds the RoPE curve (hand colour).
  // Below the plots' coloured titles (the first text line over each plot).
  const left = { x: 330, y: 110, w: 450, h: 200 }, right = { x: 810, y: 110, w: 455, h: 200 };
  assert.ok(colorStats(img, HAND, left).count > 300, 'RoPE curve drawn');
  assert.ok(rowSpread(img, HAND, left) <= 6, `RoPE curve is flat (${rowSpread(img, HAND, left)} rows)`);
  assert.ok(colorStats(img, PURPLE, right).count > 300, 'additive curve drawn');
  assert.ok(rowSpread(img, PURPLE, right) > 40, `additive curve wobbles (${rowSpread(img, PURPLE, right)} rows)`);
  const dials = { x: 310, y: 400, w: 960, h: 260 };
  assert.ok(colorStats(img, GHOST, dials).count > 100 && colorStats(img, HAND, dials).count > 100, 'q and k hands');
  const moved = await showView({ pos: 20 }, 'rope-pos20');
  assert.ok(diffFraction(img, moved, dials) > 0.003, 'the hands turn as pos moves');
});

test('gotcha: right pairing shows a rotation, a swapped pair shows the error', async () => {
  const ok = await showView({ view: 'gotcha', d: 16, pos: 10, k: 4, pair: 2 }, 'gotcha');
  assert.ok(inkFraction(ok, MAIN) > 0.01);
  const warnOk = colorStats(ok, WARNING, MAIN).count;
  // The choices by name (their places move with the layout).
  const press = async (label) => { const c = await controlAt(page, label); await clickAt(c.x, c.y); };
  await press('sin/cos of pair i swapped');
  const bad = await shot(page, 'gotcha-swapped');
  const warnBad = colorStats(bad, WARNING, MAIN).count;
  assert.ok(warnBad > warnOk + 300, `the error shows in orange (${warnOk} -> ${warnBad} pixels)`);
  // The concatenated layout with the interleaved pairing.
  await press('concatenated  (sin at i, cos at d/2+i)');
  await press('interleaved pairing (2i, 2i+1)');
  const other = await shot(page, 'gotcha-concat-mispaired');
  assert.ok(colorStats(other, WARNING, MAIN).count > warnOk + 300);
  // And back to the right pairing for the concatenated layout.
  await press('follows the layout');
  const back = await shot(page, 'gotcha-concat');
  assert.ok(colorStats(back, WARNING, MAIN).count < warnOk + 100, 'right pairing again: no error colour');
});

test('PosEnc.rope matches an independent JS implementation', async () => {
  assert.ok(Math.abs((await api('rope', [1, 0], [1, 0], 1, 3)) - Math.cos(2)) < 1e-15, 'hand-worked: cos 2');
  for (const d of [2, 8, 64, 512])
    for (const base of [10000, 500]) {
      const q = vector(d, d), k = vector(d + 1, d);
      for (const [m, n] of [[0, 0], [3, 10], [100, 37], [2.5, -4]]) {
        const got = await api('rope', q, k, m, n, base);
        const want = jsRope(q, k, m, n, base);
        // Same arithmetic in a different order: rounding of ~1e-13 for d <= 512 and |angles| < 1e3.
        assert.ok(Math.abs(got - want) < 1e-10, `d ${d} base ${base} m ${m} n ${n}: ${got} vs ${want}`);
      }
    }
  // The default base is 10000, and typed arrays work too.
  const q = vector(7, 16), k = vector(8, 16);
  assert.equal(await api('rope', q, k, 5, 9), await api('rope', q, k, 5, 9, 10000));
  const typed = await page.evaluate(([a, b]) => window.PosEnc.rope(new Float32Array(a), Float64Array.from(b), 5, 9), [q, k]);
  const rounded = jsRope(Array.from(new Float32Array(q)), k, 5, 9);
  assert.ok(Math.abs(typed - rounded) < 1e-10);
});

test('PosEnc.rope: the score for a fixed n - m is the same for every m (1e-9)', async () => {
  const q = vector(3, 64), k = vector(4, 64);
  for (const offset of [0, 1, 5, -7, 37.5]) {
    const first = await api('rope', q, k, 0, offset);
    for (const m of [1, 10, 123.25, 1000, 5000]) {
      const s = await api('rope', q, k, m, m + offset);
      assert.ok(Math.abs(s - first) < 1e-9, `offset ${offset}, m ${m}: ${s} vs ${first}`);
    }
  }
  // A different offset gives a different score, so the check above can fail.
  assert.ok(Math.abs((await api('rope', q, k, 0, 1)) - (await api('rope', q, k, 0, 5))) > 1e-3);
});

test('PosEnc.rope: bad arguments throw errors that name the problem', async () => {
  const err = (expr) => page.evaluate((e) => {
    try { eval(e); return 'no error'; } catch (x) { return x.name + ': ' + x.message; }
  }, expr);
  assert.match(await err('PosEnc.rope([1, 2, 3], [1, 2, 3], 0, 1)'), /^RangeError: q must have an even length from 2 to 8192 \(got 3\)/);
  assert.match(await err('PosEnc.rope([], [], 0, 1)'), /^RangeError: q must have an even length/);
  assert.match(await err('PosEnc.rope(new Array(8194).fill(0), new Array(8194).fill(0), 0, 1)'), /^RangeError: q must have an even length .*8194/);
  assert.match(await err('PosEnc.rope([1, 2], [1, 2, 3, 4], 0, 1)'), /^RangeError: k must have the same length as q/);
  assert.match(await err('PosEnc.rope([1, NaN], [1, 2], 0, 1)'), /^RangeError: q\[1\] must be finite/);
  assert.match(await err('PosEnc.rope([1, 2], [Infinity, 2], 0, 1)'), /^RangeError: k\[0\] must be finite/);
  assert.match(await err('PosEnc.rope([1, 2], [1, 2], NaN, 1)'), /^RangeError: m must be a finite number/);
  assert.match(await err('PosEnc.rope([1, 2], [1, 2], 0, 2e9)'), /^RangeError: n must be a finite number/);
  assert.match(await err('PosEnc.rope([1, 2], [1, 2], 0, 1, 1)'), /^RangeError: base must be/);
  assert.match(await err('PosEnc.rope("12", [1, 2], 0, 1)'), /^TypeError: q must be an array or typed array/);
  assert.match(await err('PosEnc.rope([1, 2], null, 0, 1)'), /^TypeError: k must be an array or typed array/);
  assert.match(await err('PosEnc.rope(["1", 2], [1, 2], 0, 1)'), /^TypeError: q\[0\] must be a number/);
  assert.match(await err('PosEnc.rope([1, 2], [1, 2], "0", 1)'), /^TypeError: m must be a number/);
  assert.match(await err('PosEnc.rope(new BigInt64Array(2), [1, 2], 0, 1)'), /^TypeError: q must be an array/);
  // The page still works after the errors.
  assert.ok(Number.isFinite(await api('rope', [1, 2], [3, 4], 0, 1)));
});

test('no console errors', () => assert.deepEqual(errors, []));
