// Exports: the CSV carries the module's numbers, the NumPy snippet run by Python reproduces them,
// the PNG/CSV downloads arrive with sensible names and content, and the figure for slides (SVG with
// its text as text, PNG of the figure alone) shows what the canvas shows: checked against the
// canvas's own pixels, the page's describe() numbers and the heatmap's colour scale of PosEnc.encoding.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, settle, openPage, ARTIFACTS, PARK } from './harness.mjs';
import { decodePng, colorStats, drawnFraction } from './png.mjs';

let server, browser, page, context;
before(async () => {
  server = await serve();
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  page = await context.newPage();
  await page.goto(server.url + '?view=clock&d=8&n=5&base=100&pos=3.25&playing=0');
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
});
after(async () => { await browser?.close(); server?.close(); });

test('exportText("csv"): n rows of d values equal to PosEnc.encoding, to the last bit', async () => {
  const { csv, rows } = await page.evaluate(() => ({
    csv: window.PosEnc.exportText('csv'),
    rows: [0, 1, 2, 3, 4].map((p) => Array.from(window.PosEnc.encoding(p, 8, 100))),
  }));
  const lines = csv.trim().split('\n');
  assert.match(lines[0], /^# PosEnc Lab: .*d=8, base=100\.0, positions 0\.\.4/);
  assert.equal(lines[1], 'pos,dim0,dim1,dim2,dim3,dim4,dim5,dim6,dim7');
  assert.equal(lines.length, 2 + 5);
  lines.slice(2).forEach((line, p) => {
    const cells = line.split(',').map(Number);
    assert.equal(cells[0], p);
    assert.deepEqual(cells.slice(1), rows[p]);
  });
});

test('the NumPy snippet, run by Python, prints PE at the current position (within 2 ulps)', async () => {
  const { code, row } = await page.evaluate(() => ({
    code: window.PosEnc.exportText('numpy'),
    row: Array.from(window.PosEnc.encoding(3.25, 8, 100)),
  }));
  const printed = execFileSync('/usr/bin/python3', ['-c', code]).toString().trim();
  const values = JSON.parse(printed);
  assert.equal(values.length, 8);
  values.forEach((v, j) => assert.ok(Math.abs(v - row[j]) <= 4.5e-16, `dim ${j}: ${v} vs ${row[j]}`));
});

test('the PyTorch snippet names the same settings and layout', async () => {
  const code = await page.evaluate(() => window.PosEnc.exportText('pytorch'));
  assert.match(code, /import torch/);
  assert.match(code, /d, base, n = 8, 100\.0, 5/);
  assert.match(code, /pe\[:, 0::2\] = torch\.sin/);
  assert.match(code, /pe\[:, 1::2\] = torch\.cos/);
});

test('exportFile downloads a CSV and a PNG of the view', async () => {
  let wait = page.waitForEvent('download');
  await page.evaluate(() => window.PosEnc.exportFile('csv'));
  let dl = await wait;
  assert.equal(dl.suggestedFilename(), 'posenc_clock_d8_n5.csv');
  assert.match(readFileSync(await dl.path(), 'utf8'), /^# PosEnc Lab/);

  wait = page.waitForEvent('download');
  await page.evaluate(() => window.PosEnc.exportFile('png'));
  dl = await wait;
  assert.equal(dl.suggestedFilename(), 'posenc_clock_d8_n5.png');
  const img = decodePng(readFileSync(await dl.path()));
  assert.ok(img.width >= 1280 && img.height >= 800, `${img.width}x${img.height}`);
  assert.ok(colorStats(img, [40, 110, 220]).count > 300, 'the PNG shows the hands');
});

test('bad export kinds throw a reason', async () => {
  const msg = await page.evaluate(() => { try { window.PosEnc.exportFile('gif'); return ''; } catch (e) { return e.message; } });
  assert.match(msg, /exportFile takes 'png', 'figure', 'svg', 'csv', 'numpy', 'pytorch', 'results-json', 'results-csv'/);
  const text = await page.evaluate(() => { try { window.PosEnc.exportText('png'); return ''; } catch (e) { return e.name + ': ' + e.message; } });
  assert.equal(text, "RangeError: exportText takes 'svg', 'csv', 'numpy', 'pytorch', 'results-json', 'results-csv'");
  const image = await page.evaluate(() => window.PosEnc.exportImage('svg').then(() => 'resolved', (e) => e.name + ': ' + e.message));
  assert.equal(image, "RangeError: exportImage takes 'png', 'figure'");
});

// ---- the figure for slides and handouts: SVG and figure-only PNG ---------------------------------

// Parses an SVG in the page (DOMParser): its size, viewBox and the text of each <text> element.
function parseSvg(p, svg) {
  return p.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    return {
      error: doc.querySelector('parsererror') ? doc.querySelector('parsererror').textContent : null,
      tag: root.localName,
      width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')),
      viewBox: root.getAttribute('viewBox'),
      texts: Array.from(doc.getElementsByTagName('text'), (t) => t.textContent),
      images: doc.getElementsByTagName('image').length,
    };
  }, svg);
}

// The SVG drawn by Chromium as an <img> (a blob URL), rasterised at `ratio`: a decoded PNG.
async function rasterSvg(p, svg, ratio = 1) {
  const bytes = await p.evaluate(async ([text, r]) => {
    const img = new Image();
    img.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    await img.decode();  // rejects if the browser cannot render it
    const c = document.createElement('canvas');
    c.width = Math.round(img.naturalWidth * r);
    c.height = Math.round(img.naturalHeight * r);
    c.getContext('2d').drawImage(img, 0, 0, c.width, c.height);
    const blob = await new Promise((res) => c.toBlob(res, 'image/png'));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  }, [svg, ratio]);
  return decodePng(Buffer.from(bytes));
}

// PosEnc.exportImage(kind), decoded, with the Blob's type.
async function exportImage(p, kind) {
  const { type, bytes } = await p.evaluate(async (k) => {
    const blob = await window.PosEnc.exportImage(k);
    return { type: blob.type, bytes: Array.from(new Uint8Array(await blob.arrayBuffer())) };
  }, kind);
  return { type, img: decodePng(Buffer.from(bytes)) };
}

function keep(name, svg, img) {
  mkdirSync(ARTIFACTS, { recursive: true });
  if (svg) writeFileSync(join(ARTIFACTS, name + '.svg'), svg);
  if (img) writeFileSync(join(ARTIFACTS, name + '.png'), img);
}

// Mean colour of each 8x8 block, compared between two images of one size: the worst channel's
// difference per block, sorted. Anti-aliasing and the two text rasterisers differ by a few levels at
// edges; a shifted, missing or miscoloured element moves whole blocks by tens of levels.
function blockDiffs(a, b, B = 8) {
  const out = [];
  for (let by = 0; by + B <= a.height; by += B)
    for (let bx = 0; bx + B <= a.width; bx += B) {
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        let sa = 0, sb = 0;
        for (let y = by; y < by + B; y++)
          for (let x = bx; x < bx + B; x++) { const o = (y * a.width + x) * 4 + c; sa += a.data[o]; sb += b.data[o]; }
        worst = Math.max(worst, Math.abs(sa - sb) / (B * B));
      }
      out.push(worst);
    }
  return out.sort((x, y) => x - y);
}

// Where `part` sits inside `whole`, found by comparing 64 fixed sample pixels at every offset
// (independent of the app's idea of where its figure is).
function findCrop(whole, part) {
  const samples = [];
  for (let i = 0; i < 64; i++) samples.push([Math.floor(((i * 37) % 64) / 64 * part.width), Math.floor((i / 64) * part.height)]);
  const px = (img, x, y) => { const o = (y * img.width + x) * 4; return img.data[o] | (img.data[o + 1] << 8) | (img.data[o + 2] << 16); };
  const found = [];
  for (let oy = 0; oy + part.height <= whole.height; oy++)
    for (let ox = 0; ox + part.width <= whole.width; ox++)
      if (samples.every(([x, y]) => px(whole, ox + x, oy + y) === px(part, x, y))) found.push({ x: ox, y: oy });
  return found;
}

test('exportText("svg"): well-formed SVG of the figure, the size of the figure PNG, its numbers as <text>', async () => {
  await page.mouse.move(PARK.x, PARK.y);
  const svg = await page.evaluate(() => window.PosEnc.exportText('svg'));
  const describe = await page.evaluate(() => window.PosEnc.describe());
  const { img: figure, type } = await exportImage(page, 'figure');
  keep('export_clock_figure', svg, null);
  const doc = await parseSvg(page, svg);
  assert.equal(doc.error, null);
  assert.equal(doc.tag, 'svg');
  assert.equal(type, 'image/png');
  // The figure alone: narrower than the canvas by at least the sidebar (290 px), and both exports agree.
  assert.equal(doc.width, figure.width);
  assert.equal(doc.height, figure.height);
  assert.equal(doc.viewBox, `0 0 ${doc.width} ${doc.height}`);
  assert.ok(doc.width < 1280 - 290 && doc.height < 800 && doc.width > 600 && doc.height > 400, `${doc.width} x ${doc.height}`);
  // describe() states the selected pair's period; the figure writes it next to the big dial.
  const period = /period ([0-9.]+) positions/.exec(describe);
  assert.ok(period, describe);
  assert.ok(doc.texts.some((t) => t === 'period = ' + period[1]), `no <text> "period = ${period[1]}" in ${JSON.stringify(doc.texts.slice(0, 20))}`);
  assert.ok(doc.texts.some((t) => t.includes('\u03B8 = w\u00B7k')), 'the theta line, with its Unicode characters');
  assert.ok(!doc.texts.some((t) => /Hide these controls|model width/.test(t)), 'nothing of the sidebar');
});

test('the SVG renders in Chromium as an image, like the figure PNG cut from the canvas', async () => {
  for (const view of ['clock', 'similarity', 'formula', 'precision']) {
    await page.evaluate((v) => window.PosEnc.setState({ view: v, d: 32, n: 64, base: 10000, pos: 3.25 }), view);
    await page.mouse.move(PARK.x, PARK.y);
    await settle(page, 4);
    const svg = await page.evaluate(() => window.PosEnc.exportText('svg'));
    const { img: figure } = await exportImage(page, 'figure');
    const raster = await rasterSvg(page, svg);
    keep('export_' + view + '_svg', svg, null);
    assert.equal(raster.width, figure.width, view);
    assert.equal(raster.height, figure.height, view);
    const all = { x: 0, y: 0, w: raster.width, h: raster.height };
    assert.ok(drawnFraction(raster, all) > 0.03, `${view}: the SVG draws something (${drawnFraction(raster, all)})`);
    const diffs = blockDiffs(raster, figure);
    const q = (f) => diffs[Math.floor(f * (diffs.length - 1))];
    assert.ok(q(0.9) <= 6 && q(0.99) <= 16 && q(1) <= 48, `${view}: 8x8 block differences p90 ${q(0.9)}, p99 ${q(0.99)}, max ${q(1)}`);
  }
});

test('heatmap: the SVG embeds the cells as the shader colours them; the figure PNG is the canvas cut at the figure', async () => {
  const { page: hp, context: hc, errors } = await openPage(browser, server.url + '?view=heatmap&d=32&n=16&pair=5&playing=0');
  try {
    await hp.mouse.move(PARK.x, PARK.y);
    await settle(hp, 4);
    const svg = await hp.evaluate(() => window.PosEnc.exportText('svg'));
    const { img: figure } = await exportImage(hp, 'figure');
    const { img: canvas } = await exportImage(hp, 'png');
    const raster = await rasterSvg(hp, svg);
    keep('export_heatmap_svg', svg, null);
    assert.equal((await parseSvg(hp, svg)).images, 1, 'the map is one embedded image');
    const at = findCrop(canvas, figure);
    assert.equal(at.length, 1, `the figure PNG is found once in the canvas PNG: ${JSON.stringify(at.slice(0, 3))}`);
    const r = await hp.evaluate(() => window.PosEnc._heatmapRect());  // page pixels; the canvas is at 0, 0
    const rows = await hp.evaluate(() => Array.from({ length: 16 }, (_, p) => Array.from(window.PosEnc.encoding(p, 32))));
    // src/gfx/heatmap_renderer.hpp: +1 red, 0 white, -1 blue, linear in between.
    const RED = [0.80, 0.09, 0.13], BLUE = [0.13, 0.37, 0.72];
    const color = (v) => (v >= 0 ? RED : BLUE).map((c) => 255 * (1 + (c - 1) * Math.abs(v)));
    let worstSvg = 0, worstPng = 0, cells = 0;
    for (let p = 0; p < 16; p += 3)
      for (let j = 0; j < 32; j += 3) {
        if (j === 10 || j === 11) continue;  // the selected pair's outline runs down these columns
        const x = Math.round(r.x + (j + 0.5) * r.w / 32) - at[0].x, y = Math.round(r.y + (p + 0.5) * r.h / 16) - at[0].y;
        const want = color(rows[p][j]);
        for (const [img, k] of [[raster, 'svg'], [figure, 'png']]) {
          const o = (y * img.width + x) * 4;
          const d = Math.max(...want.map((c, i) => Math.abs(img.data[o + i] - c)));
          if (k === 'svg') worstSvg = Math.max(worstSvg, d); else worstPng = Math.max(worstPng, d);
        }
        cells++;
      }
    assert.ok(cells > 50);
    // 8-bit rounding and float32 sin/cos: 2 levels; Chromium's scaling of the image: 1 more.
    assert.ok(worstSvg <= 3, `SVG cells within ${worstSvg} levels of the colour scale`);
    assert.ok(worstPng <= 3, `figure PNG cells within ${worstPng} levels of the colour scale`);
    const diffs = blockDiffs(raster, figure);
    assert.ok(diffs[Math.floor(0.99 * (diffs.length - 1))] <= 16, 'the rest of the heatmap figure matches too');
    assert.deepEqual(errors, []);
  } finally {
    await hc.close();
  }
});

test('exportImage at a pixel ratio of 2: the figure in device pixels, png the whole canvas', async () => {
  const { page: hp, context: hc } = await openPage(browser, server.url + '?view=clock&playing=0', { deviceScaleFactor: 2 });
  try {
    const svg = await hp.evaluate(() => window.PosEnc.exportText('svg'));
    const doc = await parseSvg(hp, svg);
    const canvasSize = await hp.evaluate(() => [document.getElementById('canvas').width, document.getElementById('canvas').height]);
    const [{ img: figure }, { img: canvas }] = await Promise.all([exportImage(hp, 'figure'), exportImage(hp, 'png')]);
    assert.deepEqual([canvas.width, canvas.height], canvasSize);
    assert.deepEqual([canvas.width, canvas.height], [2560, 1600]);
    assert.deepEqual([figure.width, figure.height], [2 * doc.width, 2 * doc.height]);
    const raster = await rasterSvg(hp, svg, 2);
    const diffs = blockDiffs(raster, figure);
    assert.ok(diffs[Math.floor(0.99 * (diffs.length - 1))] <= 16, 'the SVG at 2x matches the 2x figure');
  } finally {
    await hc.close();
  }
});

test('setState then exportText("svg") gives the new state at once, with no frame drawn in between', async () => {
  const { svg, frames } = await page.evaluate(() => {
    const before = window.PosEnc._framesDrawn();
    window.PosEnc.setState({ view: 'similarity', k: 21, d: 64 });
    return { svg: window.PosEnc.exportText('svg'), frames: window.PosEnc._framesDrawn() - before };
  });
  assert.equal(frames, 0, 'no frame was drawn in between');
  const doc = await parseSvg(page, svg);
  assert.ok(doc.texts.includes('at k = 21'), JSON.stringify(doc.texts.slice(0, 30)));
  assert.ok(!doc.texts.some((t) => t.startsWith('T ')), 'nothing of the clock view it showed before');
});

test('exportFile downloads the figure as PNG and as SVG', async () => {
  await page.evaluate(() => window.PosEnc.setState({ view: 'clock', d: 8, n: 5, base: 100 }));
  const svg = await page.evaluate(() => window.PosEnc.exportText('svg'));
  const doc = await parseSvg(page, svg);
  let wait = page.waitForEvent('download');
  await page.evaluate(() => window.PosEnc.exportFile('figure'));
  let dl = await wait;
  assert.equal(dl.suggestedFilename(), 'posenc_clock_d8_n5_figure.png');
  const img = decodePng(readFileSync(await dl.path()));
  assert.deepEqual([img.width, img.height], [doc.width, doc.height]);
  wait = page.waitForEvent('download');
  await page.evaluate(() => window.PosEnc.exportFile('svg'));
  dl = await wait;
  assert.equal(dl.suggestedFilename(), 'posenc_clock_d8_n5_figure.svg');
  const file = readFileSync(await dl.path(), 'utf8');
  const got = await parseSvg(page, file);
  assert.equal(got.error, null);
  assert.deepEqual([got.width, got.height], [doc.width, doc.height]);
  assert.ok(got.texts.some((t) => t.startsWith('T ')), 'the dials\' period labels');
});
