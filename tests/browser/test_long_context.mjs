// The rope_base and long_context lessons in a real browser: the pairs the view says leave the trained
// range (and the pairs it says complete a turn) agree with PosEnc.ropeAngles and with the formulas
// written out here, and the canvas marks angles never seen in training exactly when some pair meets them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, showState, waitUntil } from './harness.mjs';
import { colorStats } from './png.mjs';

const MAIN = { x: 310, y: 40, w: 960, h: 750 };  // right of the 290 px sidebar, below the tab bar
const UNSEEN = [200, 40, 50];                   // colors::threshold: angles training never showed
const BASE_A = [40, 110, 220];                  // rope_base: the shared base (colors::hand)
const BASE_B = [120, 60, 170];                  // rope_base: the second base (colors::accent)
const TAU = 2 * Math.PI;
// The view's defaults (LongContextCache): trained length and factor.
const L = 4096, S = 8;

let session, page, errors, api;
before(async () => ({ page, errors, api } = session = await startSession('?playing=0')));
after(() => session?.close());

const show = (state, name) => showState(page, { playing: false, ...state }, name);

// The frequencies of each method, written out from the papers' formulas (independent of the C++ core).
function frequencies(method, d, base) {
  const w = (i, b) => Math.pow(b, (-2 * i) / d);
  const out = [];
  const dim = (r) => (d * Math.log(L / (r * TAU))) / (2 * Math.log(base));
  const lo = Math.max(Math.floor(dim(32)), 0), hi0 = Math.min(Math.ceil(dim(1)), d - 1);
  const hi = hi0 === lo ? hi0 + 0.001 : hi0;
  for (let i = 0; i < d / 2; i++) {
    if (method === 'none') out.push(w(i, base));
    else if (method === 'linear') out.push(w(i, base) / S);
    else if (method === 'ntk') out.push(w(i, base * Math.pow(S, d / (d - 2))));
    else {
      const r = Math.min(1, Math.max(0, (i - lo) / (hi - lo)));
      out.push((1 - r) * w(i, base) + (r * w(i, base)) / S);
    }
  }
  return out;
}

// Pairs whose trained sweep [0, w L] is under a turn and whose sweep at S·L goes further.
function leaving(trained, extended) {
  const out = [];
  for (let i = 0; i < trained.length; i++) if (trained[i] < TAU && extended[i] > trained[i] * (1 + 1e-9)) out.push(i);
  return out;
}

// "46 to 63", "3, 5 to 9": the view's way of listing pair indices.
function ranges(idx) {
  const parts = [];
  for (let a = 0; a < idx.length;) {
    let b = a;
    while (b + 1 < idx.length && idx[b + 1] === idx[b] + 1) b++;
    parts.push(b === a ? `${idx[a]}` : `${idx[a]}${b === a + 1 ? ', ' : ' to '}${idx[b]}`);
    a = b + 1;
  }
  return parts.length > 6 ? parts.slice(0, 6).join(', ') + ', and more' : parts.join(', ');
}

const NAMES = { none: 'No scaling', linear: 'PI', ntk: 'NTK-aware', yarn: 'YaRN' };
const SCALING = { linear: { type: 'linear', factor: S }, ntk: { type: 'ntk', factor: S }, yarn: { type: 'yarn', factor: S, originalLength: L } };

test('long_context: the pairs said to leave the trained range are the ones PosEnc.ropeAngles and the formulas give', async () => {
  for (const [d, base] of [[128, 10000], [128, 500000], [64, 10000], [16, 10000], [8, 1e6]]) {
    await show({ view: 'long_context', d, base, pair: 0 }, `long_context-d${d}-b${base}`);
    const text = await api('describe');
    const trained = await api('ropeAngles', L, d, { base });
    for (const method of ['none', 'linear', 'ntk', 'yarn']) {
      const opts = method === 'none' ? { base } : { base, scaling: SCALING[method] };
      const extended = Array.from(await api('ropeAngles', S * L, d, opts));
      // The page API and the formulas agree ...
      const f = frequencies(method, d, base);
      for (let i = 0; i < d / 2; i++)
        assert.ok(Math.abs(extended[i] - f[i] * S * L) <= 1e-9 * f[i] * S * L, `${method} pair ${i}: ${extended[i]} vs ${f[i] * S * L}`);
      // ... and the view says what they give.
      const out = leaving(Array.from(trained), extended);
      const said = out.length === 0 ? `${NAMES[method]}: no pair leaves.`
        : `${NAMES[method]}: ${out.length === 1 ? '1 pair leaves' : out.length + ' pairs leave'} (pairs ${ranges(out)}).`;
      assert.ok(text.includes(said), `d ${d} base ${base}: expected "${said}" in\n${text}`);
      if (method === 'linear') assert.equal(out.length, 0, 'PI never leaves the trained range');
    }
    // The pairs that never went round in training.
    const short = Array.from(trained).filter((a) => a < TAU).length;
    if (short > 0 && short < d / 2) assert.ok(text.includes(`Pairs ${d / 2 - short} to ${d / 2 - 1} (${short} of ${d / 2}) never went round`), text);
    // YaRN's temperature from the page API.
    const t = await api('ropeAttentionFactor', S);
    assert.ok(text.includes(`0.1 ln s + 1 = ${t.toFixed(4)}`), text);
    assert.ok(text.includes(`every attention logit by ${(t * t).toFixed(4)}`), text);
  }
  assert.deepEqual(errors, []);
});

test('long_context: red marks on the dials exactly when some pair meets angles training never showed', async () => {
  // d = 128: 18 pairs leave without scaling, 17 under NTK-aware.
  const some = await show({ view: 'long_context', d: 128, base: 10000, pair: 0 }, 'long_context-red');
  // The dials' matrix, above the chart (whose key shows the red ring of "leaves the trained range").
  const MATRIX = { x: MAIN.x, y: 180, w: MAIN.w, h: 400 };
  const red = colorStats(some, UNSEEN, MATRIX, 20).count;
  assert.ok(red > 300, `angles never seen are drawn red (${red} px)`);
  // d = 2: the one pair turns 4096 / 2π = 652 times within L, so it has met every angle: no red at all.
  const none = await show({ d: 2 }, 'long_context-d2');
  assert.ok(colorStats(none, UNSEEN, MATRIX, 20).count < 10, 'no red where no pair leaves');
  const text = await api('describe');
  assert.ok(text.includes('NTK-aware scaling needs d ≥ 4'), text);
  assert.ok(!/NaN|Infinity/.test(text));
  assert.deepEqual(errors, []);
});

test('rope_base: the pairs said to complete a turn are those whose period is at most n − 1', async () => {
  for (const [d, n, base] of [[128, 8192, 10000], [64, 4096, 10000], [256, 100000, 1e6], [16, 64, 10000]]) {
    await show({ view: 'rope_base', d, n, base, pair: 0 }, `rope_base-d${d}-n${n}`);
    const text = await api('describe');
    for (const b of [base, 500000]) {
      let full = 0;
      for (let i = 0; i < d / 2; i++) if (await api('period', i, d, b) <= n - 1) full = i + 1;
      const label = `base ${b.toLocaleString('en-US')}: `;
      const said = full === d / 2 ? `${label}every pair completes a full turn`
        : full === 0 ? `${label}no pair completes a full turn`
          : `${label}pairs 0 to ${full - 1} complete a full turn by position ${(n - 1).toLocaleString('en-US')}; pairs ${full} to ${d / 2 - 1}`;
      assert.ok(text.includes(said), `expected "${said}" in\n${text}`);
    }
  }
  // Both bases are drawn: their dials and curves in their own colours.
  const img = await show({ view: 'rope_base', d: 128, n: 8192, base: 10000 }, 'rope_base-colours');
  assert.ok(colorStats(img, BASE_A, MAIN, 20).count > 400, 'the shared base is drawn in blue');
  assert.ok(colorStats(img, BASE_B, MAIN, 20).count > 400, 'the second base is drawn in purple');
  // At 360 x 640 the view still draws (no error, describe unchanged).
  await page.setViewportSize({ width: 360, height: 640 });
  assert.ok(await waitUntil(page, () => window.innerWidth === 360));
  assert.ok((await api('describe')).includes('pairs 0 to 49 complete a full turn'));
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.deepEqual(errors, []);
});
