// The example notebook (web/examples/notebook.ipynb), executed by Debian's Jupyter into HTML by
// tests/python/run.sh (run here first when its output is missing or older than its inputs), opened from
// disk in headless Chromium with every network request refused, as a reader without a server or a network
// would see it: each posenc_lab.show() figure draws (read from its pixels), runs in the state its call asked
// for (read through PosEnc inside its frame), and changing one leaves the others as they were. Last, the
// src= route: embed_html(src=...) from the installed package, against a local server of the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, serve, settle, waitUntil, colourCounts, ROOT, DIST, ARTIFACTS, HAND, GHOST } from './harness.mjs';
import { colorStats, decodePng } from './png.mjs';

const WEB = dirname(DIST);  // the web build folder: build/web, or POSENC_DIST's parent
const HTML = join(WEB, 'python', 'notebook.html');
// The notebook's three show() calls, as written in its cells: what each figure must be in.
const FIGURES = [
  { name: 'clock', asked: { view: 'clock', d: 64, k: 37, pos: 5, pair: 3, playing: false }, height: 480 },
  { name: 'similarity', asked: { view: 'similarity', d: 512, k: 37, playing: false }, height: 420 },
  { name: 'heatmap', asked: { view: 'heatmap', d: 128, n: 50, theme: 'dark', playing: false }, height: 480 },
];

let browser, page, frames = [], handles = [];
const frameErrors = [], frameRequests = [];

function newest(paths) {
  return Math.max(...paths.filter((p) => existsSync(p)).map((p) => statSync(p).mtimeMs));
}

before(async () => {
  const pkg = join(ROOT, 'src', 'python', 'posenc_lab');
  const inputs = [join(WEB, 'single', 'posenc-lab.html'), join(WEB, 'python', 'schema.json'),
    join(ROOT, 'web', 'examples', 'notebook.ipynb'), join(ROOT, 'src', 'python', 'backend', 'posenc_build.py'),
    join(ROOT, 'tests', 'python', 'run.sh'), ...readdirSync(pkg).map((f) => join(pkg, f))];
  if (!existsSync(HTML) || statSync(HTML).mtimeMs < newest(inputs)) {
    const run = spawnSync('bash', [join(ROOT, 'tests', 'python', 'run.sh'), WEB], { encoding: 'utf8' });
    assert.equal(run.status, 0, 'tests/python/run.sh failed:\n' + run.stdout.slice(-3000) + run.stderr.slice(-3000));
  }
  browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  // No network: anything but the file itself and what it carries inline is refused.
  await page.route(/^(https?|wss?):/, (route) => route.abort());
  page.on('console', (m) => {
    if (m.type() === 'error' && m.location().url === 'about:srcdoc') frameErrors.push(m.text());
  });
  page.on('request', (r) => { if (r.frame().url() === 'about:srcdoc') frameRequests.push(r.url()); });
  await page.goto(pathToFileURL(HTML).href);
  handles = await page.$$('iframe.posenc-lab');
  frames = await Promise.all(handles.map((h) => h.contentFrame()));
});
after(async () => { await browser?.close(); });

test('the executed notebook holds one figure per show() call, each the whole module in srcdoc', async () => {
  assert.equal(handles.length, FIGURES.length);
  for (const [i, h] of handles.entries()) {
    const { srcdoc, src, height } = await h.evaluate((el) => ({ srcdoc: el.getAttribute('srcdoc') || '', src: el.getAttribute('src'), height: el.getBoundingClientRect().height }));
    assert.equal(src, null, 'offline figures load nothing');
    assert.ok(srcdoc.length > 500000 && srcdoc.includes('POSENC_WASM_BINARY'), 'the single-file build is inline');
    assert.ok(Math.abs(height - FIGURES[i].height) <= 1, `figure ${i} is ${height} px tall`);
  }
  // The error cell printed the package's message (the key and what it allows).
  const text = await page.textContent('body');
  assert.match(text, /d must be an even integer 2\.\.8192 \(got 63\)/);
});

test('each figure runs in the state its call asked for (PosEnc.getState inside its frame)', async () => {
  for (const [i, fig] of FIGURES.entries()) {
    await handles[i].scrollIntoViewIfNeeded();
    const frame = frames[i];
    assert.ok(await waitUntil(frame, () => !!window.PosEnc, null, { timeout: 60000 }), `figure ${i}: no PosEnc`);
    await frame.evaluate(() => { window.PosEnc.ready.then(() => { window.posencTestReady = true; }); });
    assert.ok(await waitUntil(frame, () => window.posencTestReady === true, null, { timeout: 60000 }), `figure ${i} never drew`);
    const { state, schema, embedded } = await frame.evaluate(() => ({
      state: window.PosEnc.getState(), schema: window.PosEnc.schema(),
      embedded: document.documentElement.classList.contains('embed'),
    }));
    // Every key: the asked value, or the table's default for the keys the call left out.
    const expected = Object.fromEntries(schema.map((row) => [row.key, row.key in fig.asked ? fig.asked[row.key] : row.default]));
    assert.deepEqual(state, expected, `figure ${i} (${fig.name})`);
    assert.ok(embedded, 'embed mode: the canvas fills the frame, no page chrome');
  }
});

test('each figure drew (its pixels)', async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.mouse.move(1, 1);  // no tooltip over a figure
  for (const [i, fig] of FIGURES.entries()) {
    await handles[i].scrollIntoViewIfNeeded();
    await settle(frames[i], 6);
    const buf = await handles[i].screenshot();
    writeFileSync(join(ARTIFACTS, `notebook-${i + 1}-${fig.name}.png`), buf);
    const img = decodePng(buf);
    const all = { x: 0, y: 0, w: img.width, h: img.height };
    const { counts, mode } = colourCounts(img, all);
    const pixels = img.width * img.height;
    const background = counts.get(mode) / pixels;
    const areas = [...counts.values()].filter((c) => c >= pixels * 0.005).length;  // colours of 0.5% or more
    // A page that did not draw (its loading or no-WebGL2 message: one flat colour and a box of text, 267
    // colours, 85% background, 2 colours of 0.5% or more at this size) fails all three; the drawn figures
    // measured 2,856-3,311 colours, 47-67% background and 8-12 such colours (sidebar, panels, plots).
    assert.ok(counts.size > 1000, `figure ${i} (${fig.name}): only ${counts.size} colours`);
    assert.ok(background < 0.75, `figure ${i} (${fig.name}): ${(background * 100).toFixed(1)}% background`);
    assert.ok(areas >= 5, `figure ${i} (${fig.name}): ${areas} colours cover 0.5% or more`);
    const lum = ((mode >> 16) * 299 + ((mode >> 8) & 255) * 587 + (mode & 255) * 114) / 1000;
    if (fig.asked.theme === 'dark') assert.ok(lum < 80, `dark figure's background luminance ${lum}`);
    else assert.ok(lum > 200, `light figure's background luminance ${lum}`);
    if (fig.name === 'clock') {
      assert.ok(colorStats(img, HAND, all).count > 300, 'clock: hands');
      assert.ok(colorStats(img, GHOST, all).count > 300, 'clock: the orange hands of pos + k');
    }
  }
});

test('the figures are independent: a change in one leaves the others as they were', async () => {
  const before = await Promise.all(frames.map((f) => f.evaluate(() => window.PosEnc.getState())));
  const r = await frames[0].evaluate(() => window.PosEnc.setState({ k: 5, d: 16 }));
  assert.deepEqual(r.rejected, []);
  const afterStates = await Promise.all(frames.map((f) => f.evaluate(() => window.PosEnc.getState())));
  assert.equal(afterStates[0].k, 5);
  assert.equal(afterStates[0].d, 16);
  assert.deepEqual(afterStates.slice(1), before.slice(1));
});

test('offline: the figures requested nothing from a network, and logged no errors', () => {
  assert.deepEqual(frameRequests.filter((u) => !/^(data|blob|about):/.test(u)), []);
  assert.deepEqual(frameErrors, []);
});

test('src= loads a hosted copy of the page instead, in the state asked for', async () => {
  const server = await serve();
  try {
    // The package as tests/python/run.sh installed it (its venv), pointed at the served page's folder.
    const asked = { view: 'rope', d: 64, k: 3, playing: false };
    const py = join(WEB, 'python', 'venv', 'bin', 'python');
    const code = 'import sys, posenc_lab; print(posenc_lab.embed_html("rope", d=64, k=3, playing=False, height=360, src=sys.argv[1]))';
    const run = spawnSync(py, ['-c', code, server.url], { encoding: 'utf8', cwd: '/tmp' });
    assert.equal(run.status, 0, run.stderr);
    const markup = run.stdout.trim();
    assert.ok(markup.length < 400 && !markup.includes('srcdoc'), 'a plain iframe, a few hundred bytes: ' + markup);
    const context = await browser.newContext({ viewport: { width: 1000, height: 500 } });
    const host = await context.newPage();
    const errors = [];
    host.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await host.setContent('<!doctype html><html lang="en"><title>course page</title><body>' + markup + '</body></html>');
    const handle = await host.$('iframe.posenc-lab');
    const frame = await handle.contentFrame();
    assert.ok(await waitUntil(frame, () => !!window.PosEnc, null, { timeout: 60000 }), 'no PosEnc in the hosted frame');
    await frame.evaluate(() => window.PosEnc.ready);
    const { state, schema, embedded } = await frame.evaluate(() => ({
      state: window.PosEnc.getState(), schema: window.PosEnc.schema(),
      embedded: document.documentElement.classList.contains('embed'),
    }));
    assert.ok(frame.url().startsWith(server.url), frame.url());
    const expected = Object.fromEntries(schema.map((row) => [row.key, row.key in asked ? asked[row.key] : row.default]));
    assert.deepEqual(state, expected);
    assert.ok(embedded, 'embed mode');
    assert.ok(Math.abs((await handle.boundingBox()).height - 360) <= 1, 'height=360');
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    server.close();
  }
});
