// The clock-hand view and the PosEnc API in a real browser: numbers against independent JS
// computations, and pixels that show hands where the state says they are.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, settle, shot, waitUntil, HAND, GHOST } from './harness.mjs';
import { colorStats, diffFraction } from './png.mjs';

let session, page, errors, api;
const MAIN = { x: 320, y: 120, w: 950, h: 670 };  // right of the 290 px sidebar, below the captions
// The dials alone: the grid's and the panel's, above the panel's worked numbers (whose "shortest turn"
// line is drawn in the ghost's orange).
// The selected pair's large dial in its panel (d = 2 at 1280x800), clear of the panel's words and of
// the numbers under the grid's dials, which are drawn in the hands' colours too.
const DIALS = { x: 870, y: 170, w: 200, h: 190 };

before(async () => ({ page, errors, api } = session = await startSession('?playing=0')));
after(() => session?.close());

test('PosEnc.getState has the documented fields', async () => {
  const s = await api('getState');
  for (const key of ['view', 'd', 'base', 'pos', 'k', 'playing']) assert.ok(key in s, key);
  assert.equal(s.view, 'clock');
  assert.equal(s.playing, false);  // from the URL
});

test('PosEnc.encoding matches Math.sin/Math.cos (primer: d = 4, pos = 1)', async () => {
  const v = await page.evaluate(() => Array.from(window.PosEnc.encoding(1, 4)));
  const expected = [Math.sin(1), Math.cos(1), Math.sin(0.01), Math.cos(0.01)];
  v.forEach((x, i) => assert.ok(Math.abs(x - expected[i]) < 1e-15, `dim ${i}: ${x}`));
  assert.equal(v[0].toFixed(4), '0.8415');
  assert.equal(v[3].toFixed(4), '1.0000');  // 0.99995 rounds up
});

test('PosEnc.dot equals sum cos(w_i k) and 139.05 for d = 512, k = 37', async () => {
  let closed = 0;
  for (let i = 0; i < 256; i++) closed += Math.cos(37 / Math.pow(10000, (2 * i) / 512));
  for (const pos of [0, 100, 300]) {
    const dot = await api('dot', pos, 37, 512);
    assert.ok(Math.abs(dot - closed) < 1e-9, `pos ${pos}: ${dot} vs ${closed}`);
    assert.equal(dot.toFixed(2), '139.05');
  }
});

test('PosEnc.period: 2*pi for pair 0 and about 60,611 for the last pair of d = 512', async () => {
  assert.ok(Math.abs((await api('period', 0, 512)) - 2 * Math.PI) < 1e-12);
  assert.equal(Math.round(await api('period', 255, 512)), 60611);
  assert.ok(Math.abs((await api('period', 1, 4, 100)) - 2 * Math.PI * 10) < 1e-12);  // base given
});

test('PosEnc.table equals Math.sin/Math.cos row by row, across its chunk boundaries', async () => {
  // d = 512 fills a 2 MB chunk with 512 rows, so 1,300 rows take three chunks (the last one partial).
  const n = 1300, d = 512;
  const rows = [0, 1, 511, 512, 513, 1023, 1024, 1299];
  const got = await page.evaluate(([n, d, rows]) => {
    const t = window.PosEnc.table(n, d);
    return { length: t.length, rows: rows.map((p) => Array.from(t.subarray(p * d, (p + 1) * d))) };
  }, [n, d, rows]);
  assert.equal(got.length, n * d);
  rows.forEach((p, r) => {
    for (let j = 0; j < d; j++) {
      const w = 1 / Math.pow(10000, (2 * Math.floor(j / 2)) / d);
      const exact = j % 2 ? Math.cos(w * p) : Math.sin(w * p);
      // The recurrence's documented bound: 1e-13 + |w p| 2^-52 (README), here at most about 3e-13.
      assert.ok(Math.abs(got.rows[r][j] - exact) <= 1e-13 + Math.abs(w * p) * 2 ** -52 + 1e-15, `row ${p} dim ${j}`);
    }
  });
  const msg = (expr) => page.evaluate((e) => { try { eval(e); return 'no error'; } catch (x) { return x.message; } }, expr);
  assert.match(await msg('PosEnc.table(0, 8)'), /^n must be an integer/);
  assert.match(await msg('PosEnc.table(4, 7)'), /^d must be an even integer/);
  assert.match(await msg('PosEnc.table(1 << 24, 8192)'), /^n \* d must be at most/);
});

test('bad arguments throw a reason naming the parameter', async () => {
  const msg = (expr) => page.evaluate((e) => { try { eval(e); return 'no error'; } catch (x) { return x.message; } }, expr);
  assert.match(await msg('PosEnc.encoding(1, 3)'), /^d must be an even integer/);
  assert.match(await msg('PosEnc.encoding(1, 8, 1)'), /^base must be/);
  assert.match(await msg('PosEnc.dot(NaN, 1, 8)'), /^pos must be/);
  assert.match(await msg('PosEnc.period(4, 8)'), /^pair must be/);
  assert.match(await msg('PosEnc.encoding("1", 8)'), /pos must be a number/);
});

test('setState applies valid fields and rejects invalid ones with reasons', async () => {
  const r = await api('setState', { d: 3, k: 37, view: 'nowhere', pos: 'abc', bogus: 1 });
  assert.equal(r.k, 37);
  assert.equal(r.d, 32);
  assert.deepEqual(r.rejected.map((x) => x.key).sort(), ['bogus', 'd', 'pos', 'view']);
  for (const x of r.rejected) assert.ok(x.reason.length > 5);
  const nested = await api('setState', { d: { evil: true } });
  assert.equal(nested.rejected[0].key, 'd');
  const s = await api('getState');
  assert.equal(s.k, 37);
  assert.equal(s.d, 32);
});

test('on("change") reports state changes', async () => {
  const seen = await page.evaluate(async () => {
    const got = [];
    const off = window.PosEnc.on('change', (s) => got.push(s.k));
    window.PosEnc.setState({ k: 12 });
    // Wait (at most 20 s) for the event rather than a fixed time.
    for (const end = performance.now() + 20000; !got.includes(12) && performance.now() < end;) await new Promise((r) => setTimeout(r, 20));
    off();
    return got;
  });
  assert.ok(seen.includes(12), JSON.stringify(seen));
});

test('the dials show the hand at pos and the ghost at pos + k (pixels)', async () => {
  // d = 2: one pair, read on its large dial in the panel. k = pi puts the ghost opposite the hand.
  await api('setState', { d: 2, pos: 0, k: Math.PI, pair: 0 });
  await settle(page);
  let img = await shot(page, 'clock-d2-pos0');
  let hand = colorStats(img, HAND, DIALS), ghost = colorStats(img, GHOST, DIALS);
  assert.ok(hand.count > 100 && ghost.count > 100, `hand ${hand.count}, ghost ${ghost.count} pixels`);  // two hands of one dial
  assert.ok(ghost.cy - hand.cy > 40, `pos 0: hand points up, ghost down (${hand.cy} vs ${ghost.cy})`);

  await api('setState', { pos: Math.PI / 2 });  // a quarter turn: the hand points to three o'clock
  await settle(page);
  img = await shot(page, 'clock-d2-pos-quarter');
  hand = colorStats(img, HAND, DIALS); ghost = colorStats(img, GHOST, DIALS);
  assert.ok(hand.cx - ghost.cx > 40, `pos pi/2: hand right, ghost left (${hand.cx} vs ${ghost.cx})`);
  assert.ok(Math.abs(hand.cy - ghost.cy) < 20, `pos pi/2: level (${hand.cy} vs ${ghost.cy})`);
});

test('a different position draws different hands; k = 0 hides the ghost under the hand', async () => {
  await api('setState', { d: 32, pos: 0, k: 0 });
  await settle(page);
  const a = await shot(page, 'clock-d32-pos0-k0');
  const ghostAtZero = colorStats(a, GHOST, MAIN).count;
  await api('setState', { pos: 10 });
  await settle(page);
  const b = await shot(page, 'clock-d32-pos10-k0');
  const dials = { x: 320, y: 150, w: 540, h: 640 };
  assert.ok(diffFraction(a, b, dials) > 0.005, 'hands moved');
  await api('setState', { k: 3 });
  await settle(page);
  const c = await shot(page, 'clock-d32-pos10-k3');
  assert.ok(colorStats(c, GHOST, MAIN).count > ghostAtZero + 300, 'ghost hands appear once k turns them away');
});

test('playing animates the position', async () => {
  await api('setState', { d: 32, pos: 0, k: 4, speed: 2, playing: true });
  await waitUntil(page, () => window.PosEnc.getState().pos > 0.2);
  const s = await api('getState');
  assert.ok(s.pos > 0.2, `pos advanced to ${s.pos}`);
  await api('setState', { playing: false });
  await shot(page, 'clock-default');
});

test('no console errors', () => assert.deepEqual(errors, []));
