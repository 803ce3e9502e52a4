// The "waves", "periods", "ranges" and "similarity" lessons (the article's Figures 2-5) in a real
// browser: each view draws its plot in the expected colours, clicks on the plots select a pair or an
// offset through the validated path, and PosEnc.dimensionRanges matches a plain JS brute force and
// the article's counts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, showState, clickSpread } from './harness.mjs';
import { colorStats, diffFraction, drawnFraction } from './png.mjs';

const MAIN = { x: 320, y: 100, w: 940, h: 680 };  // right of the 290 px sidebar, below the tab bar
const SELECTED = [30, 160, 90];                     // colors::selected
const BLUE = [31, 119, 180], ORANGE = [235, 120, 20], PURPLE = [148, 103, 189], RED = [214, 39, 40];
const BROWN = [140, 86, 75];
const TEAL = [20, 150, 130];                        // the similarity view's curve for the current pos
const SMALL = [120, 60, 170], MEDIUM = [200, 120, 20];  // the ranges view's threshold lines

let session, page, errors, api;

before(async () => ({ page, errors, api } = session = await startSession('?playing=0')));
after(() => session?.close());

const show = (state, name) => showState(page, state, name);
const click = (x, y) => clickSpread(page, x, y);
const content = (img) => drawnFraction(img, MAIN);

function hasColors(img, named, min) {
  for (const [name, rgb] of Object.entries(named)) {
    const c = colorStats(img, rgb, MAIN, 14).count;
    assert.ok(c >= min, `${name}: ${c} pixels (want >= ${min})`);
  }
}

// The ranges over positions 0..n-1 in plain JS: every position, Math.sin / Math.cos.
function jsRanges(n, d, base = 10000) {
  const out = [];
  for (let j = 0; j < d; j++) {
    const w = Math.pow(base, -(2 * (j >> 1)) / d);
    let lo = Infinity, hi = -Infinity;
    for (let p = 0; p < n; p++) {
      const v = j % 2 === 0 ? Math.sin(w * p) : Math.cos(w * p);
      lo = Math.min(lo, v); hi = Math.max(hi, v);
    }
    out.push(hi - lo);
  }
  return out;
}

test('PosEnc.dimensionRanges equals a JS brute force; article: 194 and 264 of 512 for n = 64', async () => {
  const got = await page.evaluate(() => Array.from(window.PosEnc.dimensionRanges(64, 512)));
  const want = jsRanges(64, 512);
  assert.equal(got.length, 512);
  got.forEach((x, j) => assert.ok(Math.abs(x - want[j]) <= 1e-12, `dim ${j}: ${x} vs ${want[j]}`));
  assert.equal(got.filter((x) => x < 0.1).length, 194);
  assert.equal(got.filter((x) => x < 0.5).length, 264);
  // Hand-worked d = 2, n = 2: |sin 1 - 0| and |cos 1 - 1|; base given explicitly.
  const small = await page.evaluate(() => Array.from(window.PosEnc.dimensionRanges(2, 2, 10000)));
  assert.ok(Math.abs(small[0] - Math.sin(1)) < 1e-15 && Math.abs(small[1] - (1 - Math.cos(1))) < 1e-15, String(small));
  // Another base and a longer window.
  const other = await page.evaluate(() => Array.from(window.PosEnc.dimensionRanges(1000, 64, 500)));
  jsRanges(1000, 64, 500).forEach((x, j) => assert.ok(Math.abs(other[j] - x) <= 1e-12, `base 500, dim ${j}`));
});

test('PosEnc.dimensionRanges rejects bad arguments with a reason and stays fast at the largest size', async () => {
  const msg = (expr) => page.evaluate((e) => { try { eval(e); return 'no error'; } catch (x) { return x.message; } }, expr);
  assert.match(await msg('PosEnc.dimensionRanges(0, 512)'), /^n must be an integer/);
  assert.match(await msg('PosEnc.dimensionRanges(100001, 512)'), /^n must be/);
  assert.match(await msg('PosEnc.dimensionRanges(6.5, 512)'), /^n must be/);
  assert.match(await msg('PosEnc.dimensionRanges(64, 3)'), /^d must be an even integer/);
  assert.match(await msg('PosEnc.dimensionRanges(64, 8, 1)'), /^base must be/);
  assert.match(await msg('PosEnc.dimensionRanges("64", 8)'), /n must be a number/);
  const { ms, len, picked } = await page.evaluate(() => {
    const t = performance.now();
    const r = window.PosEnc.dimensionRanges(100000, 8192);
    return { ms: performance.now() - t, len: r.length, picked: [0, 1, 4000, 4001, 8190, 8191].map((j) => r[j]) };
  });
  assert.equal(len, 8192);
  // The same dimensions scanned in JS over all 100,000 positions.
  const one = (j) => {
    const w = Math.pow(10000, -(2 * (j >> 1)) / 8192);
    let lo = Infinity, hi = -Infinity;
    for (let p = 0; p < 100000; p++) {
      const v = j % 2 === 0 ? Math.sin(w * p) : Math.cos(w * p);
      lo = Math.min(lo, v); hi = Math.max(hi, v);
    }
    return hi - lo;
  };
  [0, 1, 4000, 4001, 8190, 8191].forEach((j, i) => assert.ok(Math.abs(picked[i] - one(j)) <= 1e-12, `dim ${j}: ${picked[i]} vs ${one(j)}`));
  assert.ok(ms < 4000, `took ${ms} ms`);
});

test('waves: five dimensions as waves, the selected one in green; a click moves pos', async () => {
  const img = await show({ view: 'waves', d: 512, n: 64, pos: 10, pair: 0 }, 'waves');
  assert.ok(content(img) > 0.05, `content ${content(img)}`);
  // Colours follow the list 0, 32, 128, 256, 500; pair 0 is dimension 0, drawn green instead of blue.
  hasColors(img, { selected: SELECTED, dim32: ORANGE, dim128: PURPLE, dim256: RED, dim500: BROWN }, 150);
  assert.ok(colorStats(img, BLUE, MAIN, 14).count < 200, 'dimension 0 is drawn only in green');  // a blue curve would be thousands
  const other = await show({ pair: 64 }, 'waves-pair64');  // dimension 128 becomes the green one, 0 turns blue
  hasColors(other, { selected: SELECTED, dim0: BLUE, dim32: ORANGE, dim256: RED }, 150);
  assert.ok(diffFraction(img, other, MAIN) > 0.003, 'selecting another pair redraws the curves');
  await click(620, 420);
  const s = await api('getState');
  assert.ok(s.pos !== 10 && Number.isInteger(s.pos) && s.pos >= 0 && s.pos <= 63, `pos ${s.pos}`);
});

test('periods: a straight rising line on the log axis, the window line at N, a click selects a pair', async () => {
  const img = await show({ view: 'periods', d: 512, n: 64, pair: 100 }, 'periods');
  assert.ok(content(img) > 0.03, `content ${content(img)}`);
  hasColors(img, { fast: BLUE, window: RED, selected: SELECTED }, 100);
  // The fast part (periods below N) sits at the lower left of the plot, the selected pair 100 to its right.
  const fast = colorStats(img, BLUE, MAIN, 14), sel = colorStats(img, SELECTED, { x: 400, y: 180, w: 860, h: 460 }, 14);
  assert.ok(sel.cx > fast.cx && sel.cy < fast.cy, `selected (${sel.cx}, ${sel.cy}) vs fast (${fast.cx}, ${fast.cy})`);
  await click(1000, 400);
  const s = await api('getState');
  assert.ok(s.pair > 100 && s.pair < 256, `pair ${s.pair}`);
});

test('ranges: sin and cos dimensions, two threshold lines; N changes the picture', async () => {
  const img = await show({ view: 'ranges', d: 512, n: 64, pair: 100 }, 'ranges');
  assert.ok(content(img) > 0.03, `content ${content(img)}`);
  hasColors(img, { sin: BLUE, cos: RED, small: SMALL, medium: MEDIUM, selected: SELECTED }, 100);
  const longer = await show({ n: 2000 }, 'ranges-n2000');
  assert.ok(diffFraction(img, longer, MAIN) > 0.005, 'a longer window moves the drop');
  await click(500, 420);
  const s = await api('getState');
  assert.ok(s.pair !== 100 && s.pair >= 0 && s.pair < 256, `pair ${s.pair}`);
  // The largest sizes: the view computes once and keeps drawing.
  const t = Date.now();
  await show({ d: 8192, n: 100000 }, 'ranges-d8192-n100000');
  assert.ok(Date.now() - t < 8000, `took ${Date.now() - t} ms`);
  await api('setState', { d: 512, n: 64 });
});

test('similarity: every start on one curve, 139.05 at k = 37; a click sets a whole k', async () => {
  const img = await show({ view: 'similarity', d: 512, k: 37, pos: 10 }, 'similarity');
  assert.ok(content(img) > 0.03, `content ${content(img)}`);
  hasColors(img, { pos0: BLUE, pos100: ORANGE, pos300: PURPLE, pos: TEAL }, 60);
  for (const pos of [0, 100, 300, 10]) assert.equal((await api('dot', pos, 37, 512)).toFixed(2), '139.05');
  await click(700, 450);
  const s = await api('getState');
  assert.ok(Number.isInteger(s.k) && s.k > 37 && s.k <= 100, `k ${s.k}`);
  // A wide k range at a large width stays responsive.
  const t = Date.now();
  await show({ d: 4096, k: 37 }, 'similarity-d4096');
  assert.ok(Date.now() - t < 8000, `took ${Date.now() - t} ms`);
  await api('setState', { d: 512 });
});

test('no console errors', () => assert.deepEqual(errors, []));
