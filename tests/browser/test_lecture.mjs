// Lecture tools, as a lecturer uses them from the keyboard: the pen draws over the figure (its ink is
// found in the pixels), x clears it and a view change clears it; the pointer shows a dot where the
// mouse is; i hides and shows the lesson text; PosEnc.animate moves k smoothly at the display rate and
// resolves exactly on the target.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, shot, waitUntil, settle } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// Pixels of the pen's ink (colors::threshold, 200 40 50) or the pointer's dot (230 30 40) in a box of
// the screenshot: strong red, little green and blue.
async function ink(page, x0, y0, x1, y1) {
  const img = await shot(page, 'lecture-pen');
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const i = (y * img.width + x) * 4;
      if (img.data[i] > 170 && img.data[i + 1] < 75 && img.data[i + 2] < 85) n++;
    }
  return n;
}

test('pen: d draws over the figure, x clears, a view change clears; the pointer follows the mouse', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?playing=0&view=waves');
  await page.focus('#canvas');
  const before = await ink(page, 600, 380, 900, 420);
  await page.keyboard.press('d');
  await page.mouse.move(600, 400);
  await page.mouse.down();
  for (let x = 600; x <= 900; x += 15) await page.mouse.move(x, 400);
  await page.mouse.up();
  await settle(page);
  const drawn = await ink(page, 600, 380, 900, 420);
  assert.ok(drawn > before + 300, 'the stroke is on screen (' + before + ' -> ' + drawn + ' ink pixels)');
  await page.keyboard.press('x');
  await settle(page);
  assert.ok(await ink(page, 600, 380, 900, 420) <= before + 10, 'x cleared it');
  // Draw again, then change the view: the marks belonged to the old picture.
  await page.mouse.move(600, 400);
  await page.mouse.down();
  for (let x = 600; x <= 900; x += 15) await page.mouse.move(x, 400);
  await page.mouse.up();
  await page.evaluate(() => window.PosEnc.setState({ view: 'clock' }));
  await settle(page);
  const afterView = await ink(page, 600, 380, 900, 420);
  await page.keyboard.press('Escape');  // leaves the pen
  await page.evaluate(() => window.PosEnc.setState({ view: 'waves' }));
  await settle(page);
  assert.ok(await ink(page, 600, 380, 900, 420) <= before + 10, 'no marks left on the waves view (' + afterView + ' on clock)');
  // The pointer: a red dot where the mouse is.
  await page.keyboard.press('l');
  await page.mouse.move(700, 500);
  await settle(page);
  assert.ok(await ink(page, 690, 490, 711, 511) > 60, 'the pointer dot is at the mouse');
  await page.keyboard.press('Escape');
  await settle(page);
  assert.ok(await ink(page, 690, 490, 711, 511) < 20, 'Esc ends the pointer');
  assert.deepEqual(errors, []);
  await context.close();
});

test('i hides and shows the lesson text (the text setting), and the state says so', async () => {
  const { page, context } = await openPage(browser, server.url + '?playing=0');
  await page.focus('#canvas');
  await page.keyboard.press('i');
  await waitUntil(page, () => window.PosEnc.getState().text === 'off');
  await page.keyboard.press('i');
  await waitUntil(page, () => window.PosEnc.getState().text === 'auto');
  await context.close();
});

test('PosEnc.animate moves k smoothly and resolves exactly on the target; bad calls reject with reasons', async () => {
  const { page, context } = await openPage(browser, server.url + '?playing=0&k=2');
  const result = await page.evaluate(async () => {
    // The frame rate here (SwiftShader on a loaded machine can draw a few frames a second): a first
    // animation counts the frames it gets, and the one checked lasts long enough for about 10 of them.
    let frames = 0;
    const count = window.PosEnc.on('change', () => frames++);
    const t0 = performance.now();
    await window.PosEnc.animate('k', { to: 4, seconds: 0.5 });
    count();
    const perFrame = (performance.now() - t0) / 1000 / Math.max(1, frames);
    const seconds = Math.min(20, Math.max(0.6, 10 * perFrame));
    const seen = [];
    const off = window.PosEnc.on('change', (s) => seen.push(s.k));
    const end = await window.PosEnc.animate('k', { to: 37, seconds });
    off();
    return { end: end.k, seen };
  });
  assert.equal(result.end, 37);
  const inner = result.seen.filter((k) => k > 4 && k < 37);
  assert.ok(inner.length >= 3, 'several frames in between (' + result.seen.length + ' changes)');
  for (let i = 1; i < result.seen.length; i++) assert.ok(result.seen[i] >= result.seen[i - 1], 'k never goes back');
  const errs = await page.evaluate(async () => {
    const out = [];
    for (const args of [['d', { to: 64 }], ['k', { to: 1e10 }], ['k', { to: 1, seconds: -1 }], [3, { to: 1 }], ['k', { to: 'x' }]])
      try { await window.PosEnc.animate(...args); out.push('resolved'); } catch (e) { out.push(e.message); }
    return out;
  });
  assert.match(errs[0], /number settings only/);
  assert.match(errs[1], /k must be/);
  assert.match(errs[2], /seconds/);
  assert.match(errs[3], /key name/);
  assert.match(errs[4], /numbers/);
  await context.close();
});
