// Tablets: a tap on a dial selects its pair, and a finger dragged along a slider moves the value.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, settle, shot } from './harness.mjs';

let server, browser, page, cdp;
before(async () => {
  server = await serve();
  browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: true });
  page = await context.newPage();
  await page.goto(server.url + '?view=clock&d=16&k=3&pos=2&playing=0&pair=0');
  await page.evaluate(() => window.PosEnc.ready.then(() => true));
  cdp = await context.newCDPSession(page);
});
after(async () => { await browser?.close(); server?.close(); });

const state = () => page.evaluate(() => window.PosEnc.getState());
const touch = (type, x, y) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });

test('tapping a dial selects its pair', async () => {
  await settle(page);
  // d = 16 at 1280x800: the grid's first row holds pairs 0..3; pair 3's dial is centred near (770, 260).
  await page.touchscreen.tap(770, 262);
  await settle(page, 4);
  assert.equal((await state()).pair, 3);
  await page.touchscreen.tap(514, 434);  // pair 5, second row
  await settle(page, 4);
  assert.equal((await state()).pair, 5);
  await shot(page, 'touch-tap-pair5');
});

test('dragging the position slider with a finger moves pos', async () => {
  const before = (await state()).pos;
  // The position slider spans x = 24..186 at y = 147 (sidebar, 1280x800).
  await touch('touchStart', 40, 147);
  for (let x = 40; x <= 170; x += 10) {
    await touch('touchMove', x, 147);
    await settle(page, 1);
  }
  await touch('touchEnd', 170, 147);
  await settle(page, 4);
  const after = (await state()).pos;
  assert.ok(after > before + 100, `pos went from ${before} to ${after}`);
});
