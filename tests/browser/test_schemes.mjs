// The schemes lesson in the browser, checked against formulas worked here (not the view's code):
//   - ALiBi: the slopes PosEnc.describe() lists are 2^(-8(h+1)/H) for 8 heads (and PosEnc.alibiSlopes,
//     where the page has it); a click on the map's cell (query i, key j), found from the map's own tick
//     labels, sets pos = i and k = j - i, and the bias described is slope * (j - i); the pixels of a
//     cell are the e^bias blend of the scale's two ends, and a cell after the query is the masked grey;
//   - T5: after choosing it (a click on its radio button, found in the figure's SVG text), the bucket
//     described for a clicked cell is T5's bucket of j - i, computed here from the reference formula
//     (and PosEnc.t5Bucket where the page has it); cells of keys after the query are orange, before blue;
//   - NoPE: a clicked query i sees i + 1 keys, each weighted 1/(i + 1);
//   - Learned: its button opens the `learned` lesson.
// Screenshots: artifacts/browser/schemes-<scheme>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, launch, serve, settle, waitUntil, clickSpread, trackErrors } from './harness.mjs';
import { decodePng } from './png.mjs';

const W = 1280, H = 800;
let server, browser, page, errors;

before(async () => {
  server = await serve();
  browser = await launch();
  const context = await browser.newContext({ viewport: { width: W, height: H } });
  page = await context.newPage();
  errors = trackErrors(page);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.goto(server.url + '?view=schemes&playing=0&n=16&pos=30&k=-30&text=off');
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
  await page.mouse.move(W - 2, H - 2);
  await settle(page, 6);
});
after(async () => {
  await browser?.close();
  server?.close();
});

// The figure's <text> runs as drawn, in page pixels: {text, x (first glyph), y (baseline)}. The figure
// ends at the main area's bottom right, inside the window padding (8 UI px), as test_extremes.mjs reads it.
async function texts() {
  return page.evaluate(([w, h]) => {
    const doc = new DOMParser().parseFromString(window.PosEnc.exportText('svg'), 'image/svg+xml');
    const root = doc.documentElement;
    const scale = window.PosEnc.getState().scale;
    const ox = w - 8 * scale - parseFloat(root.getAttribute('width')), oy = h - 8 * scale - parseFloat(root.getAttribute('height'));
    return [...doc.querySelectorAll('text')].map((t) => ({
      text: t.textContent, x: ox + parseFloat(t.getAttribute('x').split(' ')[0]), y: oy + parseFloat(t.getAttribute('y')),
      fill: t.getAttribute('fill'),
    }));
  }, [W, H]);
}

async function clickText(label) {
  const t = (await texts()).find((r) => r.text === label);
  assert.ok(t, `no "${label}" in the figure`);
  await clickSpread(page, t.x + 4, t.y - 5);
}

// The map's geometry from its tick labels (n = 16: cells of about 12 px). The top label "0" is centred
// on the first column's middle (position 0.5) and "L = 16" (the training length, URL key n) on the
// dashed line at position n; the left
// label "16" has its middle on the line at position n. A run's width is its last glyph's x plus one
// digit's advance (DejaVu Sans digits share one advance) minus its first glyph's x; a label's middle is
// about 0.35 em above its baseline. Returns the page point of the middle of cell (query i, key j).
async function mapGeometry(n) {
  const rows = await page.evaluate(([w, h]) => {
    const doc = new DOMParser().parseFromString(window.PosEnc.exportText('svg'), 'image/svg+xml');
    const root = doc.documentElement;
    const scale = window.PosEnc.getState().scale;
    const ox = w - 8 * scale - parseFloat(root.getAttribute('width')), oy = h - 8 * scale - parseFloat(root.getAttribute('height'));
    return [...doc.querySelectorAll('text')].map((t) => ({
      text: t.textContent, xs: t.getAttribute('x').split(' ').map((v) => ox + parseFloat(v)), y: oy + parseFloat(t.getAttribute('y')),
      size: parseFloat(t.getAttribute('font-size')),
    }));
  }, [W, H]);
  const label = `L = ${n}`;
  const top = rows.find((r) => r.text === label);
  assert.ok(top, `no "${label}" over the map`);
  const digit = top.xs[top.xs.length - 1] - top.xs[top.xs.length - 2];
  const middle = (r) => (r.xs[0] + r.xs[r.xs.length - 1] + digit) / 2;
  // The labels on the row of "L = 16" (the top axis), and those left of the map (the left axis).
  const top0 = rows.find((r) => r.text === '0' && Math.abs(r.y - top.y) < 2);
  const left = rows.filter((r) => r.xs[0] < top0.xs[0] - digit && r.y > top.y + 4);
  const leftN = left.find((r) => r.text === String(n));
  assert.ok(top0 && leftN, 'the map has its tick labels');
  const xn = middle(top), perPos = (xn - middle(top0)) / (n - 0.5);
  const yn = leftN.y - 0.35 * leftN.size;
  return { perPos, cell: (i, j) => ({ x: xn + (j + 0.5 - n) * perPos, y: yn + (i + 0.5 - n) * perPos }) };
}

async function pixel(x, y) {
  const img = decodePng(await page.screenshot());
  const o = (Math.round(y) * img.width + Math.round(x)) * 4;
  return [img.data[o], img.data[o + 1], img.data[o + 2]];
}

async function keep(name) {
  await page.mouse.move(W - 2, H - 2);
  await settle(page, 4);
  writeFileSync(join(ARTIFACTS, `schemes-${name}.png`), await page.screenshot());
}

// T5's bucket as the reference code computes it (relative_position = key - query).
function t5Bucket(rel, { bidirectional = true, numBuckets = 32, maxDistance = 128 } = {}) {
  let b = numBuckets, out = 0, n;
  if (bidirectional) {
    b = Math.floor(b / 2);
    if (rel > 0) out += b;
    n = Math.abs(rel);
  } else {
    n = Math.max(-rel, 0);
  }
  const exact = Math.floor(b / 2);
  if (n < exact) return out + n;
  const large = exact + Math.trunc(Math.log(n / exact) / Math.log(maxDistance / exact) * (b - exact));
  return out + Math.min(large, b - 1);
}

// e^bias as the view writes it: three decimals, or three digits and an exponent below 0.001.
const factorText = (b) => {
  const f = Math.exp(b);
  return f >= 1e-3 ? f.toFixed(3) : f.toExponential(2).replace(/e-(\d)$/, 'e-0$1');
};

const slopeText = (m) => {
  const x = -Math.log2(m);
  return Math.abs(x - Math.round(x)) < 1e-9 ? '1/' + (2 ** Math.round(x)).toLocaleString('en-US') : String(m);
};

test('ALiBi: the slopes are 2^(-8(h+1)/8), a clicked cell gives slope * (j - i), and its pixels show e^bias', async () => {
  const described = await page.evaluate(() => window.PosEnc.describe());
  assert.match(described, /Scheme: ALiBi\./);
  const slopes = Array.from({ length: 8 }, (_, h) => 2 ** (-8 * (h + 1) / 8));
  assert.ok(described.includes('The slopes, head 0 first: ' + slopes.map(slopeText).join(', ') + '.'), described);
  const api = await page.evaluate(() => (typeof window.PosEnc.alibiSlopes === 'function' ? Array.from(window.PosEnc.alibiSlopes(8)) : null));
  if (api) api.forEach((m, h) => assert.ok(Math.abs(m - slopes[h]) < 1e-15, `alibiSlopes(8)[${h}] = ${m}`));

  // Click the cell of query 20 and key 10: pos = 20, k = -10, head 0 adds -10/2 = -5 (a factor e^-5).
  const g = await mapGeometry(16);
  assert.ok(g.perPos > 8, `${g.perPos} px per position`);
  const c = g.cell(20, 10);
  await clickSpread(page, c.x, c.y);
  assert.ok(await waitUntil(page, () => window.PosEnc.getState().pos === 20 && window.PosEnc.getState().k === -10),
    `the click set ${JSON.stringify(await page.evaluate(() => window.PosEnc.getState()))}`);
  const after = await page.evaluate(() => window.PosEnc.describe());
  assert.ok(after.includes(`key at pos + k = 10: head 0 adds ${-10 * slopes[0]} (a factor of ${factorText(-10 * slopes[0])})`), after);

  // Move the ring away, then read cells. Query 20: one key back (e^-0.5 of the way from the weak to the
  // strong end of the scale), 18 back (e^-9: the weak end), and a later key (the masked grey).
  await page.evaluate(() => window.PosEnc.setState({ pos: 30, k: -30 }));
  await page.mouse.move(W - 2, H - 2);
  await settle(page, 6);
  const weak = [250, 251, 253], strong = [30, 90, 200];
  const blend = (t) => weak.map((w, ch) => w + (strong[ch] - w) * t);
  const near = await pixel(g.cell(20, 19).x, g.cell(20, 19).y);
  const far = await pixel(g.cell(20, 2).x, g.cell(20, 2).y);
  const masked = await pixel(g.cell(5, 25).x, g.cell(5, 25).y);
  const expect = blend(Math.exp(-0.5));
  near.forEach((v, ch) => assert.ok(Math.abs(v - expect[ch]) <= 4, `one back: ${near} against ${expect.map(Math.round)}`));
  far.forEach((v, ch) => assert.ok(Math.abs(v - blend(Math.exp(-9))[ch]) <= 4, `18 back: ${far} against ${weak}`));
  assert.ok(Math.abs(masked[0] - masked[1]) <= 3 && masked[0] > 180 && masked[0] < 230 && masked[2] - masked[0] < 10,
    `masked cell ${masked} is grey`);
  await keep('alibi');
});

test('T5: the bucket of a clicked cell is the reference formula\'s, keys after the query orange and before blue', async () => {
  await clickText('T5 buckets');
  assert.ok(await waitUntil(page, () => window.PosEnc.describe().includes('Scheme: T5 buckets.')), 'T5 chosen');
  const g = await mapGeometry(16);
  for (const [i, j] of [[30, 5], [20, 15], [28, 20], [3, 29], [12, 12], [25, 0]]) {
    const c = g.cell(i, j);
    await clickSpread(page, c.x, c.y);
    assert.ok(await waitUntil(page, ([a, b]) => window.PosEnc.getState().pos === a && window.PosEnc.getState().k === b - a, [i, j]), `cell ${i}, ${j}`);
    const want = t5Bucket(j - i);
    const d = await page.evaluate(() => window.PosEnc.describe());
    assert.ok(d.includes(`offset ${j - i}, bucket ${want}.`), `${i}, ${j}: bucket ${want} in ${d}`);
    const api = await page.evaluate((r) => (typeof window.PosEnc.t5Bucket === 'function' ? window.PosEnc.t5Bucket(r) : null), j - i);
    if (api !== null) assert.equal(api, want);
  }
  // The formula here, hand-worked: 7 and 8 on either side of the exact/log boundary E = 8, 12 and 70
  // back (8 + floor(ln(12/8) / ln 16 * 8) = 9, 8 + floor(6.26) = 14), 1000 back, and 5 after (16 + 5).
  assert.deepEqual([t5Bucket(-7), t5Bucket(-8), t5Bucket(-12), t5Bucket(-70), t5Bucket(-1000), t5Bucket(5)], [7, 8, 9, 14, 15, 21]);
  await page.evaluate(() => window.PosEnc.setState({ pos: 30, k: -30 }));
  await page.mouse.move(W - 2, H - 2);
  await settle(page, 6);
  const later = await pixel(g.cell(5, 12).x, g.cell(5, 12).y), earlier = await pixel(g.cell(12, 5).x, g.cell(12, 5).y);
  assert.ok(later[0] > later[2] + 40, `a key after the query is orange: ${later}`);
  assert.ok(earlier[2] > earlier[0] + 40, `a key before the query is blue: ${earlier}`);
  await keep('t5');
});

test('NoPE: a clicked query i sees i + 1 keys, each weighted 1/(i + 1)', async () => {
  await clickText('NoPE');
  assert.ok(await waitUntil(page, () => window.PosEnc.describe().includes('Scheme: NoPE.')), 'NoPE chosen');
  const g = await mapGeometry(16);
  const c = g.cell(25, 3);
  await clickSpread(page, c.x, c.y);
  assert.ok(await waitUntil(page, () => window.PosEnc.getState().pos === 25), 'query 25');
  const d = await page.evaluate(() => window.PosEnc.describe());
  assert.ok(d.includes(`Query at pos = 25 sees 26 keys; equal scores give each the weight ${Number((1 / 26).toPrecision(4))}.`), d);
  await keep('nope');
});

test('Learned: the button opens the learned lesson', async () => {
  await clickText('Learned absolute');
  assert.ok(await waitUntil(page, () => window.PosEnc.describe().includes('Scheme: Learned absolute.')), 'learned chosen');
  await keep('learned');
  await clickText('Open the Learned lesson');
  assert.ok(await waitUntil(page, () => window.PosEnc.getState().view === 'learned'), 'the learned lesson opened');
});

test('no console errors', () => assert.deepEqual(errors, []));
