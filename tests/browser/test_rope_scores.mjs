// The RoPE scores and RoPE layouts lessons in a real browser.
//
// rope_scores: the (m, n) map is computed by a fragment shader (shaders/rope_scores.frag.glsl) from m
// and n separately. Its pixels are decoded back into scores and compared with PosEnc.rope (the wasm
// core, double precision) cell by cell, and each diagonal n - m = constant is checked to be one colour
// from the pixels alone. The page runs in the dark theme, where the plot paper is dark and so off the
// map's white-red-blue scale: the map is then the largest rectangle of on-scale pixels (no page hook
// needed); the description gives its window (first position, cells per side) and its colour scale.
//
// Colour decoding inverts the map's scale (the heatmap's: src/gfx/heatmap_renderer.hpp): v >= 0 is
// white + v (red - white), v < 0 white - v (blue - white), v = score / (|q| |k|). Tolerance for a decoded
// v: TOL = 2/255. Budget: 8-bit output (<= 0.5/255 per channel, at most 0.003 in v after projection),
// the float32 sum of d/2 terms (<= d/2 * 2^-23 * 2 relative to |q||k|: 4e-6 at d = 64, 3e-5 at d = 512),
// the float32 reduced angles (< 1e-6 rad each) and the GPU's sin/cos (SwiftShader ~1e-6); the rest is
// margin. Samples are taken at cell centres, cells being at least 4 device pixels wide.
//
// rope_layouts: the three scores it prints at (m, n) for the stand-in q and k it lists (d = 8) against
// PosEnc.rope (interleaved) and a half-split rotation written here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, settle, shot } from './harness.mjs';

const TOL = 2 / 255;
const WHITE = [255, 255, 255];
const RED = [0.80, 0.09, 0.13].map((c) => 255 * c);   // kHeatPositive
const BLUE = [0.13, 0.37, 0.72].map((c) => 255 * c);  // kHeatNegative

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

// The value a pixel shows: projected onto the white->red and white->blue segments, the closer kept.
function decode([r, g, b]) {
  const fit = (end) => {
    const dir = end.map((e, i) => e - WHITE[i]);
    const rel = [r - WHITE[0], g - WHITE[1], b - WHITE[2]];
    const len2 = dir.reduce((s, x) => s + x * x, 0);
    const t = Math.min(1, Math.max(0, rel.reduce((s, x, i) => s + x * dir[i], 0) / len2));
    return { t, resid: Math.hypot(...rel.map((x, i) => x - t * dir[i])) };
  };
  const p = fit(RED), n = fit(BLUE);
  return { value: p.resid <= n.resid ? p.t : -n.t, resid: Math.min(p.resid, n.resid) };
}
const pixel = (img, x, y) => { const o = (y * img.width + x) * 4; return [img.data[o], img.data[o + 1], img.data[o + 2]]; };

// The largest block of rows whose longest run of on-scale pixels has the same ends: {x, y, w, h} in
// device pixels.
function findMap(img) {
  const runs = [];
  for (let y = 0; y < img.height; y++) {
    let best = null, start = -1;
    for (let x = 0; x <= img.width; x++) {
      const on = x < img.width && decode(pixel(img, x, y)).resid < 6;
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        if (!best || x - start > best.w) best = { x: start, w: x - start };
        start = -1;
      }
    }
    runs.push(best && best.w >= 100 ? best : null);
  }
  let found = null;
  for (let y = 0; y < runs.length; y++) {
    if (!runs[y]) continue;
    let y1 = y;
    while (y1 + 1 < runs.length && runs[y1 + 1] && runs[y1 + 1].x === runs[y].x && runs[y1 + 1].w === runs[y].w) y1++;
    const area = runs[y].w * (y1 - y + 1);
    if (!found || area > found.w * found.h) found = { x: runs[y].x, y, w: runs[y].w, h: y1 - y + 1 };
    y = y1;
  }
  return found;
}

// What the description says about the map.
function mapFacts(text) {
  const win = /query positions m = (-?[\d,]+) to (-?[\d,]+) down/.exec(text);
  const cells = /\((\d+) × \1 cells\)/.exec(text);
  const scale = /Red \+([\d.]+), white 0/.exec(text);
  assert.ok(win && cells && scale, `the description names the map's window and scale: ${text}`);
  return { first: Number(win[1].replace(/,/g, '')), last: Number(win[2].replace(/,/g, '')), cells: Number(cells[1]), scale: Number(scale[1]) };
}

// Opens the view, finds the map and decodes every cell's centre; returns cells[row][col] of values.
async function readMap(query, name, { ratio = 1 } = {}) {
  const { page, context, errors } = await openPage(browser, server.url + query, { deviceScaleFactor: ratio });
  await page.mouse.move(5, 795);
  await settle(page, 8);
  const text = await page.evaluate(() => window.PosEnc.describe());
  const facts = mapFacts(text);
  const state = await page.evaluate(() => window.PosEnc.getState());
  const img = await shot(page, name);
  const rect = findMap(img);
  assert.ok(rect, 'the map was found');
  assert.ok(Math.abs(rect.w - rect.h) <= 2, `the map is square (${rect.w} x ${rect.h} device pixels)`);
  const cellPx = rect.w / facts.cells;
  assert.ok(cellPx >= 4, `cells of ${cellPx.toFixed(1)} device pixels`);
  assert.equal(facts.last - facts.first + 1, facts.cells);
  const values = [];
  let resid = 0;
  for (let row = 0; row < facts.cells; row++) {
    const line = [];
    for (let col = 0; col < facts.cells; col++) {
      const px = Math.floor(rect.x + (col + 0.5) * rect.w / facts.cells), py = Math.floor(rect.y + (row + 0.5) * rect.h / facts.cells);
      const got = decode(pixel(img, px, py));
      resid = Math.max(resid, got.resid);
      line.push(got.value);
    }
    values.push(line);
  }
  assert.ok(resid < 6, `every cell centre is on the colour scale (off by ${resid.toFixed(2)} of 255)`);
  return { page, context, errors, text, facts, state, values };
}

// Every decoded cell against PosEnc.rope(q, k, m, n) for q = k = all ones; returns the worst |error| in v.
async function compareWithCore(page, facts, values, d, base) {
  const truth = await page.evaluate(([first, cells, dd, b]) => {
    const ones = new Array(dd).fill(1);
    const out = [];
    for (let r = 0; r < cells; r++) {
      const line = [];
      for (let c = 0; c < cells; c++) line.push(window.PosEnc.rope(ones, ones, first + r, first + c, b));
      out.push(line);
    }
    return out;
  }, [facts.first, facts.cells, d, base]);
  let worst = 0, at = null;
  for (let r = 0; r < facts.cells; r++)
    for (let c = 0; c < facts.cells; c++) {
      const e = Math.abs(values[r][c] - truth[r][c] / facts.scale);
      if (e > worst) { worst = e; at = { m: facts.first + r, n: facts.first + c, got: values[r][c] * facts.scale, want: truth[r][c] }; }
    }
  return { worst, at };
}

// Along each diagonal n - m = const, the spread of the decoded values (max - min); and across the map.
function diagonals(values) {
  const cells = values.length;
  let worst = 0, lo = Infinity, hi = -Infinity;
  for (let off = -(cells - 1); off <= cells - 1; off++) {
    let a = Infinity, b = -Infinity;
    for (let r = Math.max(0, -off); r < cells && r + off < cells; r++) {
      const v = values[r][r + off];
      a = Math.min(a, v); b = Math.max(b, v);
    }
    worst = Math.max(worst, b - a);
    lo = Math.min(lo, a); hi = Math.max(hi, b);
  }
  return { worst, range: hi - lo };
}

const cases = [
  { name: 'rope-scores-d64', query: '?view=rope_scores&playing=0&theme=dark&d=64&k=1000', d: 64, base: 10000, first: 0 },
  { name: 'rope-scores-pos1e6', query: '?view=rope_scores&playing=0&theme=dark&d=64&k=1000&pos=1000000', d: 64, base: 10000, first: 1000000 },
  { name: 'rope-scores-neg1e9-d512', query: '?view=rope_scores&playing=0&theme=dark&d=512&base=500000&k=1000&pos=-999999999.5',
    d: 512, base: 500000, first: -1000000000 },
  { name: 'rope-scores-ratio2', query: '?view=rope_scores&playing=0&theme=dark&d=32&k=1000', d: 32, base: 10000, first: 0, ratio: 2 },
];

const decoded = {};
for (const c of cases) {
  test(`map pixels decode to PosEnc.rope within 2/255 of |q||k| and are constant along diagonals: ${c.name}`, async () => {
    const { page, context, errors, facts, values } = await readMap(c.query, c.name, { ratio: c.ratio || 1 });
    try {
      assert.equal(facts.first, c.first);
      assert.equal(facts.scale, c.d, '|q| |k| = d for all-ones vectors');
      const { worst, at } = await compareWithCore(page, facts, values, c.d, c.base);
      console.log(`${c.name}: ${facts.cells}x${facts.cells} cells, worst |decoded - core| = ${worst.toFixed(4)} of |q||k| (tolerance ${TOL.toFixed(4)})`);
      assert.ok(worst <= TOL, `worst ${worst} at ${JSON.stringify(at)}`);
      const diag = diagonals(values);
      assert.ok(diag.worst <= 2 * TOL, `each diagonal is one colour (largest spread ${diag.worst.toFixed(4)})`);
      assert.ok(diag.range > 0.3, `the diagonals differ from each other (range ${diag.range.toFixed(3)})`);
      decoded[c.name] = values;
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('the map at pos = 10^6 is the map at pos = 0, cell by cell', () => {
  const a = decoded['rope-scores-d64'], b = decoded['rope-scores-pos1e6'];
  assert.ok(a && b, 'both maps were read');
  let worst = 0;
  for (let r = 0; r < a.length; r++) for (let c = 0; c < a.length; c++) worst = Math.max(worst, Math.abs(a[r][c] - b[r][c]));
  assert.ok(worst <= 2 * TOL, `largest difference ${worst.toFixed(4)}`);
});

test('the score at k in the description is PosEnc.rope at (pos, pos + k); a click on the map sets k = n - m', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?view=rope_scores&playing=0&theme=dark&d=64&k=1000&pos=5');
  try {
    await page.mouse.move(5, 795);
    await settle(page, 8);
    const read = async () => {
      const t = await page.evaluate(() => window.PosEnc.describe());
      const m = /At n − m = k = (-?[\d,.]+) \(query at m = ([\d,.-]+), key at n = ([\d,.-]+)\): the score is (-?[\d.]+);/.exec(t);
      assert.ok(m, t);
      return m.slice(1).map((x) => Number(x.replace(/,/g, '')));
    };
    let [k, m, n, score] = await read();
    assert.deepEqual([k, m, n], [1000, 5, 1005]);
    const ones = new Array(64).fill(1);
    let want = await page.evaluate(([o, a, b]) => window.PosEnc.rope(o, o, a, b), [ones, m, n]);
    assert.ok(Math.abs(score - want) < 1e-4, `${score} against ${want}`);
    // Click the cell in row 10, column 3 of the map (found as above): k becomes 3 - 10 = -7.
    const img = await shot(page, 'rope-scores-click-before');
    const rect = findMap(img);
    const facts = mapFacts(await page.evaluate(() => window.PosEnc.describe()));
    const cell = rect.w / facts.cells;
    const x = rect.x + 3.5 * cell, y = rect.y + 10.5 * cell;
    await page.mouse.move(x, y);
    await settle(page, 2);
    await page.mouse.down();
    await settle(page, 2);
    await page.mouse.up();
    await page.mouse.move(5, 795);
    await settle(page, 4);
    assert.equal((await page.evaluate(() => window.PosEnc.getState())).k, -7);
    [k, m, n, score] = await read();
    want = await page.evaluate(([o, a, b]) => window.PosEnc.rope(o, o, a, b), [ones, m, n]);
    assert.deepEqual([k, m, n], [-7, 5, -2]);
    assert.ok(Math.abs(score - want) < 1e-4, `${score} against ${want}`);
    await shot(page, 'rope-scores-click-after');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// RoPE turned in the half-split layout, written here: pair i = (x[i], x[i + d/2]) turned by p w_i.
function turnHalf(x, p, base) {
  const d = x.length, h = d / 2, out = x.slice();
  for (let i = 0; i < h; i++) {
    const t = p * Math.pow(base, -2 * i / d), c = Math.cos(t), s = Math.sin(t);
    out[i] = x[i] * c - x[i + h] * s;
    out[i + h] = x[i] * s + x[i + h] * c;
  }
  return out;
}
const dot = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);

test('rope_layouts: the scores it prints for its stand-in q and k, against PosEnc.rope and a half-split turn', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?view=rope_layouts&playing=0&d=8&pos=3&k=5');
  try {
    await page.mouse.move(5, 795);
    await settle(page, 6);
    await shot(page, 'rope-layouts-d8');
    const t = await page.evaluate(() => window.PosEnc.describe());
    const list = (name) => {
      const m = new RegExp(`${name} = \\(([-\\d., ]+)\\)`).exec(t);
      assert.ok(m, `${name} listed: ${t}`);
      return m[1].split(', ').map(Number);
    };
    const q = list('q'), k = list('k');
    assert.equal(q.length, 8);
    const m = /as made (-?[\d.]+); run wrongly (-?[\d.]+) \(off by ([\d.]+)\); after P (-?[\d.]+)\./.exec(t);
    assert.ok(m, t);
    const [right, wrong, off, fixed] = m.slice(1).map(Number);
    // q and k are printed to 6 decimals: the scores built from them agree to about 1e-5.
    const core = await page.evaluate(([a, b]) => window.PosEnc.rope(a, b, 3, 8, 10000), [q, k]);
    assert.ok(Math.abs(right - core) < 2e-4, `as made ${right} against PosEnc.rope ${core}`);
    const here = dot(turnHalf(q, 3, 10000), turnHalf(k, 8, 10000));
    assert.ok(Math.abs(wrong - here) < 2e-4, `run wrongly ${wrong} against the half-split turn ${here}`);
    assert.ok(Math.abs(off - Math.abs(wrong - right)) < 2e-4);
    assert.ok(off > 0.01, 'the bug shows for these vectors');
    // P: half-split slot i takes interleaved dims 2i, slot i + 4 takes 2i + 1.
    const P = [0, 2, 4, 6, 1, 3, 5, 7];
    const pq = P.map((j) => q[j]), pk = P.map((j) => k[j]);
    const fixedHere = dot(turnHalf(pq, 3, 10000), turnHalf(pk, 8, 10000));
    assert.ok(Math.abs(fixed - fixedHere) < 2e-4 && Math.abs(fixed - right) < 2e-4, `after P ${fixed}, here ${fixedHere}, as made ${right}`);
    assert.ok(t.includes('P: slot j takes dimension (0, 2, 4, 6, 1, 3, 5, 7).'));
    // The page API's own half-split layout, where it has one, agrees with the turn written here.
    const api = await page.evaluate(([a, b]) => {
      try { return window.PosEnc.rope(a, b, 3, 8, 10000, { layout: 'half' }); } catch (e) { return null; }
    }, [q, k]);
    if (api !== null) assert.ok(Math.abs(api - here) < 1e-9, `PosEnc.rope half ${api} against ${here}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
