// The heatmap view in a real browser: the GPU's pixels, decoded back to values, against the core's
// double encoding (PosEnc.encoding) and Math.sin/cos, at the article's Figure 1 window, at large
// positions, zoomed out to 100,000 x 4096, and at device pixel ratio 2; plus pan/zoom/click.
//
// Colour decoding inverts the shader's map (src/gfx/heatmap_renderer.hpp): value v >= 0 is
// white + v (red - white), v < 0 is white - v (blue - white), linear per channel. Tolerance for a
// decoded value: TOL = 2/255 (0.0078). Budget: 8-bit output rounding (<= 0.5/255 per channel, at most
// 0.003 in v after the projection below), the GPU's own sin/cos (SwiftShader: ~1e-6), the shader's
// float32 angle (<= 6e-7 rad); the rest is margin. Samples whose pixel centre lies within 12% of a
// cell edge are skipped so that the pixel-to-cell mapping (float32 in the shader, double here)
// cannot disagree.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSession, openPage, settle, shot } from './harness.mjs';
import { colorStats } from './png.mjs';

const TOL = 2 / 255;
const WHITE = [1, 1, 1].map((c) => 255 * c);
const RED = [0.80, 0.09, 0.13].map((c) => 255 * c);   // kHeatPositive
const BLUE = [0.13, 0.37, 0.72].map((c) => 255 * c);  // kHeatNegative
const SELECTED = [30, 160, 90];                        // colors::selected (the pair outline)

let session, server, browser, page, errors;

before(async () => {
  ({ server, browser, page, errors } = session = await startSession('?view=heatmap&playing=0&d=512&n=64'));
  await settle(page, 6);
});
after(() => session?.close());

// The value a pixel shows: project it onto the white->red and white->blue segments, keep the closer.
function decode([r, g, b]) {
  const fit = (end) => {
    const dir = end.map((e, i) => e - WHITE[i]);
    const rel = [r - WHITE[0], g - WHITE[1], b - WHITE[2]];
    const len2 = dir.reduce((s, x) => s + x * x, 0);
    const t = Math.min(1, Math.max(0, rel.reduce((s, x, i) => s + x * dir[i], 0) / len2));
    const resid = Math.hypot(...rel.map((x, i) => x - t * dir[i]));
    return { t, resid };
  };
  const p = fit(RED), n = fit(BLUE);
  return { value: p.resid <= n.resid ? p.t : -n.t, resid: Math.min(p.resid, n.resid) };
}

const rectOf = (p) => p.evaluate(() => window.PosEnc._heatmapRect());
// Moves the pointer off the map first, so no tooltip covers it.
const setWindow = async (p, w) => {
  await p.mouse.move(5, 5);
  await p.evaluate((x) => window.PosEnc._heatmapWindow(x), w);
  await settle(p, 6);
};
const named = async (p, name) => Object.assign(await shot(p, name), { name });
const pixel = (img, x, y) => { const o = (y * img.width + x) * 4; return [img.data[o], img.data[o + 1], img.data[o + 2]]; };

// Which cell a device pixel shows, as the fragment shader maps it; null near a cell edge.
function cellAt(rect, px, py, ratio, margin = 0.12) {
  const fx = ((px + 0.5) / ratio - rect.x) / rect.w, fy = ((py + 0.5) / ratio - rect.y) / rect.h;
  if (fx <= 0 || fx >= 1 || fy <= 0 || fy >= 1) return null;
  const p0 = Math.floor(rect.pos0), d0 = Math.floor(rect.dim0);
  const rowf = (rect.pos0 - p0) + fy * rect.positions, colf = (rect.dim0 - d0) + fx * rect.dims;
  const edge = (v) => { const f = v - Math.floor(v); return Math.min(f, 1 - f); };
  // Cells narrower than a pixel: the edge margin is in cells, so scale it to stay within a pixel's worth.
  const cellsPerPx = (span, size) => span / (size * ratio);
  if (edge(rowf) < Math.min(margin, 0.5 * cellsPerPx(rect.positions, rect.h) + 0.004)) return null;
  if (edge(colf) < Math.min(margin, 0.5 * cellsPerPx(rect.dims, rect.w) + 0.004)) return null;
  return { pos: p0 + Math.floor(rowf), dim: d0 + Math.floor(colf) };
}

// Samples a grid of pixels, decodes them, and compares with PosEnc.encoding. Returns statistics.
// Pixels near the selected pair's outline (drawn over the map, at least 4 px wide plus a halo) are skipped.
async function compare(p, img, rect, { d, ratio = 1, step = 5, exclude = () => false } = {}) {
  const pair = (await p.evaluate(() => window.PosEnc.getState())).pair;
  let ox0 = rect.x + (2 * pair - rect.dim0) / rect.dims * rect.w, ox1 = rect.x + (2 * pair + 2 - rect.dim0) / rect.dims * rect.w;
  if (ox1 - ox0 < 4) { const m = (ox0 + ox1) / 2; ox0 = m - 2; ox1 = m + 2; }
  const cells = [];
  const x0 = Math.ceil(rect.x * ratio) + 1, x1 = Math.floor((rect.x + rect.w) * ratio) - 2;
  const y0 = Math.ceil(rect.y * ratio) + 1, y1 = Math.floor((rect.y + rect.h) * ratio) - 2;
  for (let py = y0; py <= y1; py += step) {
    for (let px = x0; px <= x1; px += step) {
      const c = cellAt(rect, px, py, ratio);
      const cssX = (px + 0.5) / ratio;
      if (!c || c.dim >= d || exclude(c) || (cssX > ox0 - 6 && cssX < ox1 + 6)) continue;
      cells.push({ px, py, ...c });
    }
  }
  const positions = [...new Set(cells.map((c) => c.pos))];
  const truth = await p.evaluate(([ps, dd]) => Object.fromEntries(ps.map((q) => [q, Array.from(window.PosEnc.encoding(q, dd))])),
    [positions, d]);
  let worst = 0, worstAt = null, resid = 0;
  const errs = [];
  for (const c of cells) {
    const got = decode(pixel(img, c.px, c.py));
    const want = truth[c.pos][c.dim];
    const e = Math.abs(got.value - want);
    errs.push(e);
    resid = Math.max(resid, got.resid);
    if (e > worst) { worst = e; worstAt = { ...c, got: got.value, want, rgb: pixel(img, c.px, c.py) }; }
  }
  console.log(`${img.name}: ${cells.length} samples, worst |decoded - PE| = ${worst.toFixed(4)} (tolerance ${TOL})`);
  return { n: cells.length, worst, worstAt, resid, errs };
}

test('defaults: the Figure 1 window, positions 0..63 by all 512 dimensions', async () => {
  const r = await rectOf(page);
  assert.ok(r, 'the heatmap was drawn');
  assert.deepEqual([r.pos0, r.positions, r.dim0, r.dims], [0, 64, 0, 512]);
  assert.ok(r.w > 600 && r.h > 400, `a large map at 1280x800 (${r.w} x ${r.h})`);
});

test('Figure 1 pixels decode to PE(pos, dim) within 2/255', async () => {
  const r = await rectOf(page);
  const img = await named(page, 'heatmap-figure1');
  const c = await compare(page, img, r, { d: 512, step: 3 });
  assert.ok(c.n > 5000, `${c.n} samples`);
  assert.ok(c.resid < 6, `every pixel is on the colour ramp (off by ${c.resid.toFixed(2)} of 255)`);
  assert.ok(c.worst <= TOL, `worst ${c.worst.toFixed(4)} at ${JSON.stringify(c.worstAt)}`);
  // What Figure 1 shows: the right half (dims 256..511) is nearly constant down the 64 rows:
  // sin columns near 0 (white), cos columns near 1 (red). Check against the decoded pixels directly.
  const right = [];
  for (let py = Math.ceil(r.y) + 2; py < r.y + r.h - 2; py += 7) {
    const cell = cellAt(r, Math.floor(r.x + r.w * 0.9), py, 1, 0);
    if (cell) right.push({ ...cell, v: decode(pixel(img, Math.floor(r.x + r.w * 0.9), py)).value });
  }
  for (const x of right) {
    if (x.dim % 2 === 0) assert.ok(Math.abs(x.v) < 0.05, `sin dim ${x.dim} at pos ${x.pos}: ${x.v}`);
    else assert.ok(x.v > 0.98, `cos dim ${x.dim} at pos ${x.pos}: ${x.v}`);
  }
});

test('the selected pair is outlined, and a click on a column selects its pair', async () => {
  let r = await rectOf(page);
  await page.evaluate(() => window.PosEnc.setState({ pair: 100 }));
  await settle(page, 6);
  let img = await named(page, 'heatmap-pair100');
  const colX = (dim) => r.x + (dim + 1 - r.dim0) / r.dims * r.w;  // between the pair's two columns
  const greenNear = (x) => {
    let n = 0;
    for (let py = Math.floor(r.y) + 5; py < r.y + r.h - 5; py += 4)
      for (let dx = -6; dx <= 6; dx++) {
        const [R, G, B] = pixel(img, Math.round(x) + dx, py);
        if (Math.abs(R - SELECTED[0]) < 30 && Math.abs(G - SELECTED[1]) < 30 && Math.abs(B - SELECTED[2]) < 30) n++;
      }
    return n;
  };
  assert.ok(greenNear(colX(200)) > 100, 'outline around dims 200-201');
  assert.ok(greenNear(colX(300)) < 5, 'no outline elsewhere');
  // Click the middle of dimension 37's column: pair 18.
  r = await rectOf(page);
  await page.mouse.click(r.x + (37.5 - r.dim0) / r.dims * r.w, r.y + r.h * 0.5);
  await settle(page, 6);
  assert.equal((await page.evaluate(() => window.PosEnc.getState())).pair, 18);
  img = await named(page, 'heatmap-pair18');
  r = await rectOf(page);
  assert.ok(greenNear(colX(36)) > 100, 'outline moved to dims 36-37');
});

test('wheel zooms positions, shift + wheel zooms dimensions, dragging pans', async () => {
  await setWindow(page, { pos0: 0, positions: 64, dim0: 0, dims: 512 });
  let r = await rectOf(page);
  await page.mouse.move(r.x + r.w / 2, r.y + r.h / 2);
  await page.mouse.wheel(0, 100);  // away from the user: zoom out
  await settle(page, 6);
  const out = await rectOf(page);
  assert.ok(out.positions > 64 && out.dims === 512, `zoomed out to ${out.positions} positions`);
  // Over the dimension numbers above the map, the wheel zooms dimensions.
  await page.mouse.move(r.x + r.w / 2, r.y - 12);
  await page.mouse.wheel(0, -100);
  await settle(page, 6);
  const zin = await rectOf(page);
  assert.ok(zin.dims < 512, `wheel over the dimension axis zoomed in to ${zin.dims} dimensions`);
  assert.equal(zin.positions, out.positions);
  // Shift + wheel over the map, once the canvas has keyboard focus (the page does not focus it on click).
  await page.focus('#canvas');
  await page.mouse.move(r.x + r.w / 2, r.y + r.h / 2);
  await page.keyboard.down('Shift');
  await settle(page, 2);
  await page.mouse.wheel(0, -100);
  await settle(page, 6);
  await page.keyboard.up('Shift');
  await settle(page, 2);
  const zin2 = await rectOf(page);
  assert.ok(zin2.dims < zin.dims * 0.9, `shift + wheel zoomed in to ${zin2.dims} dimensions`);
  assert.equal(zin2.positions, out.positions);
  // Drag up by a quarter of the height: later positions come into view.
  r = zin2;
  // One step per frame, as a hand would: ImGui sees each move.
  await page.mouse.move(r.x + r.w * 0.5, r.y + r.h * 0.7);
  await settle(page, 2);
  await page.mouse.down();
  await settle(page, 2);
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(r.x + r.w * 0.5, r.y + r.h * (0.7 - 0.025 * i));
    await settle(page, 1);
  }
  await page.mouse.up();
  await settle(page, 6);
  const panned = await rectOf(page);
  assert.ok(panned.pos0 > r.positions * 0.15, `panned to first position ${panned.pos0}`);
  const s = await page.evaluate(() => window.PosEnc.getState());
  assert.equal(s.pair, 18, 'a drag does not select a pair');
});

test('positions around 100,000 stay correct (shader angle reduced in integers)', async () => {
  await setWindow(page, { pos0: 100000, positions: 40, dim0: 0, dims: 48 });
  const r = await rectOf(page);
  assert.deepEqual([r.pos0, r.positions, r.dim0, r.dims], [100000, 40, 0, 48]);
  const img = await named(page, 'heatmap-pos1e5');
  const c = await compare(page, img, r, { d: 512, step: 4 });
  assert.ok(c.n > 2000, `${c.n} samples`);
  assert.ok(c.worst <= TOL, `worst ${c.worst.toFixed(4)} at ${JSON.stringify(c.worstAt)}`);
  // Independent of the core: pair 0 is sin(pos), cos(pos) in plain JS doubles.
  const cell = cellAt(r, Math.round(r.x + r.w * (0.5 / 48)), Math.round(r.y + r.h * (7.5 / 40)), 1);
  assert.deepEqual(cell, { pos: 100007, dim: 0 });
  const v = decode(pixel(img, Math.round(r.x + r.w * (0.5 / 48)), Math.round(r.y + r.h * (7.5 / 40)))).value;
  assert.ok(Math.abs(v - Math.sin(100007)) <= TOL, `${v} vs sin(100007) = ${Math.sin(100007)}`);
});

test('at position 1e7 the shader stays right; the naive float32 angle visibly fails', async () => {
  await setWindow(page, { pos0: 1e7, positions: 32, dim0: 0, dims: 40, naive: false });
  let r = await rectOf(page);
  let img = await named(page, 'heatmap-pos1e7');
  const good = await compare(page, img, r, { d: 512, step: 4 });
  assert.ok(good.worst <= TOL, `integer phase: worst ${good.worst.toFixed(4)} at ${JSON.stringify(good.worstAt)}`);
  await setWindow(page, { pos0: 1e7, positions: 32, dim0: 0, dims: 40, naive: true });
  r = await rectOf(page);
  img = await named(page, 'heatmap-pos1e7-naive');
  // Dimensions 2..39 (pairs 1..19): angles of 5e6..9.6e6 rad, rounded to whole radians in float32.
  const bad = await compare(page, img, r, { d: 512, step: 4, exclude: (x) => x.dim < 2 });
  const wrong = bad.errs.filter((e) => e > 0.05).length / bad.n;
  assert.ok(wrong > 0.3, `${(100 * wrong).toFixed(0)}% of samples off by > 0.05`);
  await setWindow(page, { pos0: 0, positions: 64, dim0: 0, dims: 512, naive: false });
});

test('zoomed out to 100,000 positions by 4096 dimensions: still the right cells, and fast', async () => {
  await page.evaluate(() => window.PosEnc.setState({ d: 4096, n: 64 }));
  await setWindow(page, { pos0: 0, positions: 100000, dim0: 0, dims: 4096 });
  const r = await rectOf(page);
  assert.deepEqual([r.positions, r.dims], [100000, 4096]);
  const img = await named(page, 'heatmap-100000x4096');
  const c = await compare(page, img, r, { d: 4096, step: 6 });
  assert.ok(c.n > 3000, `${c.n} samples`);
  assert.ok(c.worst <= TOL, `worst ${c.worst.toFixed(4)} at ${JSON.stringify(c.worstAt)}`);
  // Panning frame by frame. Headless Chromium draws WebGL in software (SwiftShader) on a shared
  // machine, so absolute times mean little: compare with frames of the simple clock view (d = 32).
  const frames = (view) => page.evaluate(async (v) => {
    const t0 = performance.now();
    for (let i = 0; i < 30; i++) {
      if (v === 'heatmap') window.PosEnc._heatmapWindow({ pos0: 1000 * i, positions: 100000, dim0: 0, dims: 4096 });
      else window.PosEnc.setState({ k: 4 + i });
      await new Promise((res) => requestAnimationFrame(res));
    }
    return (performance.now() - t0) / 30;
  }, view);
  const heat = await frames('heatmap');
  await page.evaluate(() => window.PosEnc.setState({ view: 'clock', d: 32 }));
  await settle(page, 4);
  const clock = await frames('clock');
  console.log(`ms per frame: heatmap 100000 x 4096 panning ${heat.toFixed(1)}, clock d = 32 ${clock.toFixed(1)}`);
  assert.ok(heat < 3 * clock + 20, `heatmap ${heat.toFixed(1)} ms vs clock ${clock.toFixed(1)} ms per frame`);
  await page.evaluate(() => window.PosEnc.setState({ view: 'heatmap', k: 4 }));
  await page.evaluate(() => window.PosEnc.setState({ d: 512 }));
});

test('device pixel ratio 2: the map still lands on the right pixels', async () => {
  const hi = await openPage(browser, server.url + '?view=heatmap&playing=0&d=64&n=24', { deviceScaleFactor: 2 });
  try {
    await settle(hi.page, 6);
    await hi.page.evaluate(() => window.PosEnc._heatmapWindow({ pos0: 5, positions: 24, dim0: 0, dims: 32 }));
    await settle(hi.page, 6);
    const r = await rectOf(hi.page);
    const img = await named(hi.page, 'heatmap-dpr2');
    assert.equal(img.width, 2560);
    const c = await compare(hi.page, img, r, { d: 64, ratio: 2, step: 7 });
    assert.ok(c.n > 2000, `${c.n} samples`);
    assert.ok(c.worst <= TOL, `worst ${c.worst.toFixed(4)} at ${JSON.stringify(c.worstAt)}`);
    assert.deepEqual(hi.errors, []);
  } finally {
    await hi.context.close();
  }
});

test('the float32 tab draws both error curves (naive float32 rising, the shader flat)', async () => {
  await page.mouse.move(5, 5);
  await page.evaluate(() => window.PosEnc.setState({ view: 'precision', d: 512, pair: 1 }));
  await settle(page, 6);
  const img = await named(page, 'precision-pair1');
  // Left chart (left 52% of the main area): naive curve in the warning colour, shader curve in blue.
  const chart = { x: 340, y: 150, w: 460, h: 240 };
  const naive = colorStats(img, [178, 89, 0], chart, 30), shader = colorStats(img, [40, 110, 220], chart, 30);
  assert.ok(naive.count > 300 && shader.count > 300, `naive ${naive.count}, shader ${shader.count} pixels`);
  // The naive curve climbs to the right (larger errors are higher up); the shader's stays low.
  assert.ok(naive.cy < shader.cy - 20, `naive centroid y ${naive.cy} above shader ${shader.cy}`);
  await page.evaluate(() => window.PosEnc.setState({ view: 'heatmap', pair: 18 }));
});

test('no console errors', () => assert.deepEqual(errors, []));
