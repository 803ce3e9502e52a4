// The single-file build opens from disk (file://) with nothing else beside it: the state from its
// query applies, the API answers, and the clock draws.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, openPage, settle, shot, ROOT, HAND, GHOST } from './harness.mjs';
import { colorStats } from './png.mjs';

const SINGLE = join(ROOT, 'build', 'web', 'single', 'posenc-lab.html');
let browser, page, errors, requests = [];

before(async () => {
  // A folder of its own, so nothing else could be loaded from beside it.
  const dir = mkdtempSync(join(tmpdir(), 'posenc-single-'));
  copyFileSync(SINGLE, join(dir, 'posenc-lab.html'));
  browser = await launch();
  const url = pathToFileURL(join(dir, 'posenc-lab.html')).href + '?view=clock&d=16&k=3&pos=2&playing=0';
  ({ page, errors } = await openPage(browser, url, { ready: false }));
  page.on('request', (r) => requests.push(r.url()));
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
});
after(async () => { await browser?.close(); });

test('one self-contained file: no script, style or wasm reference to another file', () => {
  const html = readFileSync(SINGLE, 'utf8');
  assert.doesNotMatch(html, /<script[^>]+src=/);
  assert.doesNotMatch(html, /<link[^>]+href="(?!data:)/);
  assert.match(html, /POSENC_WASM_BINARY/);
});

test('opened from file://, it applies the query and the API computes', async () => {
  const s = await page.evaluate(() => window.PosEnc.getState());
  assert.equal(s.d, 16);
  assert.equal(s.k, 3);
  assert.equal(s.pos, 2);
  const v = await page.evaluate(() => Array.from(window.PosEnc.encoding(1, 4)));
  assert.ok(Math.abs(v[0] - Math.sin(1)) < 1e-15);
});

test('it draws the dials', async () => {
  await settle(page);
  const img = await shot(page, 'single-file');
  const main = { x: 320, y: 120, w: 950, h: 670 };
  assert.ok(colorStats(img, HAND, main).count > 300, 'hands');
  assert.ok(colorStats(img, GHOST, main).count > 300, 'ghost hands');
  assert.deepEqual(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:') && !u.startsWith('blob:')), []);
});

test('the experiment cannot train here (no worker module beside the file): it says so, and the page keeps answering', async () => {
  const r = await page.evaluate(() => window.PosEnc.train({ steps: 5 }).then(() => 'trained', (e) => e.message));
  assert.match(r, /single-file build/);
  await page.evaluate(() => window.PosEnc.setState({ view: 'experiment' }));
  assert.match(await page.evaluate(() => window.PosEnc.describe()), /Runs: 0 done, 0 pending/);
  assert.deepEqual(requests.filter((u) => /posenc_train|posenc-train-worker/.test(u)), []);
});

test('no console errors', () => assert.deepEqual(errors, []));
