// Exports: the CSV carries the module's numbers, the NumPy snippet run by Python reproduces them,
// and the PNG/CSV downloads arrive with sensible names and content.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { serve, launch, settle } from './harness.mjs';
import { decodePng, colorStats } from './png.mjs';

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
  assert.match(msg, /exportFile takes/);
});
